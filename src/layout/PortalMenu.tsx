// The side menu, as src/modules.tsx declares it, area by area: each entry shown when its switch is
// on for the organisation (hidden until the settings say so) and the caller is among its audience.
import { Menu, useTranslate } from 'react-admin';
import { useCaller, type Caller } from '../common/useCaller.ts';
import { featureOn } from '../domain/api/access.ts';
import { useUserSettings } from '../settings/useUserSettings.ts';
import { AREAS, type Audience } from '../modules.tsx';

const ENTRIES = AREAS.flatMap(({ menu = [] }) => menu);

function inAudience(audience: Audience, { identity, canWrite, isStaff }: Caller): boolean {
  if (audience === 'writers') return canWrite;
  if (audience === 'customerManagers') return canWrite && identity?.organisation.rental === true;
  if (audience === 'rentalCompanies') return identity?.organisation.rental === true;
  if (audience === 'staff') return isStaff;
  return true;
}

export function PortalMenu() {
  const translate = useTranslate();
  const caller = useCaller();
  const { data: settings } = useUserSettings();
  return (
    <Menu>
      {ENTRIES.filter(
        ({ feature, audience = 'everyone' }) =>
          (!feature || (settings !== undefined && featureOn(settings, feature))) &&
          inAudience(audience, caller),
      ).map((entry) =>
        'resource' in entry ? (
          <Menu.ResourceItem key={entry.resource} name={entry.resource} />
        ) : (
          <Menu.Item
            key={entry.label}
            to={entry.to()}
            primaryText={translate(entry.label)}
            leftIcon={<entry.icon />}
          />
        ),
      )}
    </Menu>
  );
}
