// What the hire screens share: the status chip, the contract's terms in words, and whether the
// signed-in organisation lets the machine (it writes) or hires it (it reads).
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Hire, HireState } from '../../domain/api/hires.ts';
import { useCaller } from '../../common/useCaller.ts';
import { useFormat } from '../../common/useFormat.ts';

const COLOURS: Record<HireState, 'primary' | 'default' | 'info'> = {
  future: 'info',
  onHire: 'primary',
  offHired: 'default',
};

export function HireStatusChip({ status }: { status: HireState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === 'offHired' ? 'outlined' : 'filled'}
      label={translate(`app.hires.statuses.${status}`)}
    />
  );
}

/** The contract's hours and over-use terms as a sentence each. */
export function useHireTerms() {
  const translate = useTranslate();
  const format = useFormat();
  return {
    contracted: (hire: Pick<Hire, 'contractedHours' | 'contractedHoursPer'>) =>
      translate('app.hires.contracted', {
        hours: format.number(hire.contractedHours),
        per: translate(`app.hires.per.${hire.contractedHoursPer}`),
      }),
    overuse: (hire: Pick<Hire, 'overusePeriod' | 'overuseAllowanceH' | 'overuseRate'>) =>
      hire.overusePeriod === null || hire.overuseAllowanceH === null || hire.overuseRate === null
        ? translate('app.hires.no_overuse')
        : translate('app.hires.overuse', {
            allowance: format.number(hire.overuseAllowanceH),
            period: translate(`app.hires.periods.${hire.overusePeriod}`).toLowerCase(),
            rate: format.number(hire.overuseRate, 2),
          }),
  };
}

/** The caller may change hires: a writer of an organisation that lets machines. */
export function useLetsMachines(): boolean {
  const { canWrite, identity } = useCaller();
  return canWrite && identity?.organisation.rental === true;
}

/** The caller's organisation lets the machine of this hire (else it hires it, read-only). */
export function useOwnHire(hire: Pick<Hire, 'rentalOrganisationId'> | undefined): boolean {
  const { identity } = useCaller();
  return hire !== undefined && identity?.organisation.id === hire.rentalOrganisationId;
}
