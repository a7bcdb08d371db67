// A machine's hires on its page: the latest first, each opening its hire; for the rental company's
// admins "Put on hire", and the running hire's own actions (off-hire, extend, swap).
import {
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Hire } from '../../domain/api/hires.ts';
import { When } from '../../common/fields.tsx';
import { HireActions } from './HireActions.tsx';
import { HireStatusChip, useLetsMachines } from './HireFields.tsx';

const SHOWN = 10;

export function MachineHires({ machineId, owner }: { machineId: string; owner: boolean }) {
  const translate = useTranslate();
  const letsMachines = useLetsMachines() && owner;
  const { data: hires = [], total = 0 } = useGetList<Hire>('hires', {
    filter: { machineId },
    sort: { field: 'onHireAt', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  const running = hires.find((hire) => hire.status === 'onHire');
  const field = (name: string) => translate(`resources.hires.fields.${name}`);
  return (
    <Card variant="outlined" data-testid="machine-hires">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {translate('app.hires.machine_title')}
          </Typography>
          {letsMachines && !running ? (
            <Button
              component={RouterLink}
              to={`/hires/create?machineId=${encodeURIComponent(machineId)}`}
            >
              {translate('app.hires.put_on_hire')}
            </Button>
          ) : null}
          {total > SHOWN ? (
            <Link
              component={RouterLink}
              to={`/hires?filter=${encodeURIComponent(JSON.stringify({ machineId }))}`}
            >
              {translate('ra.action.show')} ({total})
            </Link>
          ) : null}
        </Stack>
        {letsMachines && running ? <HireActions hire={running} /> : null}
        {hires.length === 0 ? (
          <Typography color="text.secondary">{translate('app.hires.machine_none')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{field('status')}</TableCell>
                  <TableCell>{field('contractNumber')}</TableCell>
                  <TableCell>{field('customer')}</TableCell>
                  <TableCell>{field('onHireAt')}</TableCell>
                  <TableCell>{field('offHireAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {hires.map((hire) => (
                  <TableRow key={hire.id}>
                    <TableCell>
                      <HireStatusChip status={hire.status} />
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/hires/${hire.id}/show`}>
                        {hire.contractNumber}
                      </Link>
                    </TableCell>
                    <TableCell>{hire.customer}</TableCell>
                    <TableCell>
                      <When value={hire.onHireAt} />
                    </TableCell>
                    <TableCell>
                      <When value={hire.offHireAt} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
