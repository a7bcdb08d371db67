// A machine's hire status, with broken-down, not to be used (an overdue safety-critical task) and
// archived marked beside it.
import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Machine } from '../../dataProvider/dataProvider.ts';

export function HireStatusChip({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        label={translate(`app.machines.hire_status.${machine.hiredStatus}`)}
        color={machine.hiredStatus === 'ON_HIRE' ? 'primary' : 'default'}
        variant={machine.hiredStatus === 'ON_HIRE' ? 'filled' : 'outlined'}
      />
      {machine.breakdown && (
        <Chip size="small" color="error" label={translate('app.machines.breakdown')} />
      )}
      {machine.notToBeUsed && (
        <Tooltip title={translate('app.maintenance.not_to_be_used', { task: machine.notToBeUsed })}>
          <Chip
            size="small"
            color="error"
            label={translate('app.maintenance.not_to_be_used_short')}
            data-testid="not-to-be-used-chip"
          />
        </Tooltip>
      )}
      {machine.archived && <Chip size="small" label={translate('app.machines.archived')} />}
    </Stack>
  );
}
