// The machines with the highest utilisation over the range (the organisation's productivity
// metric, spec point 6); a row opens the machine with the same range.
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MachineUtilisationRow } from '../../domain/api/dashboard.ts';
import { MetricCell } from './MetricCell.tsx';

type MetricKey = Exclude<
  keyof MachineUtilisationRow,
  'id' | 'machineName' | 'assetId' | 'machineType' | 'customer' | 'site' | 'contractNumber'
>;
const TEXT_COLUMNS = [
  'machineName',
  'assetId',
  'machineType',
  'customer',
  'site',
  'contractNumber',
] as const;
const SWAPPED: Partial<Record<(typeof TEXT_COLUMNS)[number], string>> = {
  machineName: 'assetId',
  assetId: 'machineName',
};
const METRIC_COLUMNS: MetricKey[] = [
  'activeHours',
  'idleHours',
  'offHours',
  'totalHours',
  'outOfHoursActivity',
  'rentalUtilisation',
  'workingUtilisation',
  'fuel',
];

export interface TopMachinesProps {
  machines: MachineUtilisationRow[];
  /** The productivity card's label, which the ranking follows. */
  rankedBy: string;
  /** The organisation shows asset ids first: the server swapped the two, so do the headings. */
  swapped: boolean;
  hidden: MetricKey[];
  onOpen(id: string): void;
}

export function TopMachines({ machines, rankedBy, swapped, hidden, onOpen }: TopMachinesProps) {
  const translate = useTranslate();
  const columns = METRIC_COLUMNS.filter((key) => !hidden.includes(key));
  return (
    <Card variant="outlined" data-testid="dashboard-top-machines">
      <CardContent>
        <Typography variant="h6">
          {translate('app.dashboard.top_machines.title', { metric: rankedBy })}
        </Typography>
        {machines.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.dashboard.top_machines.none', { metric: rankedBy })}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  {TEXT_COLUMNS.map((key) => (
                    <TableCell key={key}>
                      {translate(
                        `app.dashboard.top_machines.${swapped ? (SWAPPED[key] ?? key) : key}`,
                      )}
                    </TableCell>
                  ))}
                  {columns.map((key) => (
                    <TableCell key={key} align="right">
                      {translate(`app.dashboard.top_machines.${key}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {machines.map((machine) => (
                  <TableRow
                    key={machine.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => onOpen(machine.id)}
                  >
                    {TEXT_COLUMNS.map((key) => (
                      <TableCell key={key}>{machine[key] ?? '–'}</TableCell>
                    ))}
                    {columns.map((key) => (
                      <MetricCell key={key} metric={machine[key]} name={key} />
                    ))}
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
