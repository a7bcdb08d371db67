// The dashboard's hires that need the rental company (issue 41, docs/rental.md): machines idle on
// hire and machines not returned after their off-hire, each count opening the hires list filtered
// to them. Shown to rental companies only.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { HIRE_FLAGS } from '../../domain/api/hires.ts';
import { useCaller } from '../../common/useCaller.ts';
import { CountsCard } from './CountsCard.tsx';

export function HireFlagsCard() {
  const translate = useTranslate();
  const rental = useCaller().identity?.organisation.rental === true;
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: counts } = useQuery({
    queryKey: ['hire-flags'],
    queryFn: () => dataProvider.getHireFlags(),
    enabled: rental,
  });
  if (!rental || !counts) return null;
  return (
    <CountsCard
      title={translate('app.hires.flags.title')}
      testId="hire-flags"
      counts={HIRE_FLAGS.map((flag) => ({
        key: flag,
        label: translate(`app.hires.flags.${flag}`),
        value: counts[flag],
        to: `/hires?filter=${encodeURIComponent(JSON.stringify({ flag }))}`,
      }))}
    />
  );
}
