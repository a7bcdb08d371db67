// The user menu: who is signed in, a switch to each other organisation they belong to, their
// settings, their two-step sign-in, and sign-out.
import { Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Settings from '@mui/icons-material/Settings';
import Translate from '@mui/icons-material/Translate';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Logout,
  UserMenu,
  useAuthProvider,
  useGetIdentity,
  useLocaleState,
  useNotify,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import type { PortalAuthProvider, PortalIdentity } from '../authProvider/authProvider.ts';
import { PATHS } from '../domain/paths.ts';
import type { Language } from '../i18n/languages.ts';

function PageItem({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

function OrganisationSwitch({ identity }: { identity: PortalIdentity }) {
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const others = identity.organisation.availableOrgs.filter(
    (org) => org.id !== identity.organisation.id,
  );
  if (others.length === 0 || !authProvider) return null;
  const switchTo = async (organisationId: string) => {
    try {
      await authProvider.switchOrganisation(organisationId);
      // A full reload drops every cached answer of the previous organisation.
      window.location.assign('/');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'app.errors.no_response', { type: 'error' });
    }
  };
  return (
    <>
      {others.map((org) => (
        <MenuItem
          key={org.id}
          onClick={() => void switchTo(org.id)}
          data-testid={`switch-org-${org.id}`}
        >
          <ListItemIcon>
            <SwapHoriz fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            {translate('app.menu.switch_organisation', { name: org.name })}
          </ListItemText>
        </MenuItem>
      ))}
      <Divider />
    </>
  );
}

/** The languages, on a phone, where the app bar has no room for its own language button. */
function LanguageItems({ languages }: { languages: Language[] }) {
  const [locale, setLocale] = useLocaleState();
  const menu = useUserMenu();
  if (languages.length === 0) return null;
  return (
    <>
      {languages.map((language) => (
        <MenuItem
          key={language.locale}
          selected={language.locale === locale}
          lang={language.locale}
          onClick={() => {
            setLocale(language.locale);
            menu?.onClose();
          }}
        >
          <ListItemIcon>
            <Translate fontSize="small" />
          </ListItemIcon>
          <ListItemText>{language.name}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
    </>
  );
}

export function PortalUserMenu({ languages = [] }: { languages?: Language[] }) {
  const { identity } = useGetIdentity();
  const portalIdentity = identity as PortalIdentity | undefined;
  return (
    <UserMenu>
      {portalIdentity && (
        <MenuItem
          disabled
          sx={{ opacity: '1 !important', flexDirection: 'column', alignItems: 'flex-start' }}
        >
          <Typography variant="body2">{portalIdentity.email}</Typography>
          <Typography variant="caption" color="text.secondary">
            {portalIdentity.organisation.name}
          </Typography>
        </MenuItem>
      )}
      {portalIdentity && <Divider />}
      {portalIdentity && <OrganisationSwitch identity={portalIdentity} />}
      <LanguageItems languages={languages} />
      <PageItem
        to={PATHS.userSettings}
        icon={<Settings fontSize="small" />}
        label="app.user_settings.title"
      />
      <PageItem
        to={PATHS.secondFactor}
        icon={<PhonelinkLock fontSize="small" />}
        label="app.second_factor.title"
      />
      <Logout />
    </UserMenu>
  );
}
