// The chosen machine's work cycles, loaded apart from its route with their own loading, success
// and failure (spec point 4, "Route map"): each route between a loading and a dumping place.
import {
  Alert,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { CyclePlace } from '../../domain/api/workCycles.ts';
import { mapKeys } from '../../dataProvider/maps.ts';
import { useFormat } from '../../common/useFormat.ts';

export interface WorkCyclesProps {
  machineId: string;
  range: { startDate: string; endDate: string };
}

export function WorkCycles({ machineId, range }: WorkCyclesProps) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const cycles = useQuery({
    queryKey: mapKeys.workCycles(machineId, range),
    queryFn: ({ signal }) => dataProvider.getWorkCycles(machineId, range, signal),
    retry: false,
  });
  const place = (p: CyclePlace) =>
    p.name ??
    translate('app.routes.unnamed_place', { position: format.position(p.latitude, p.longitude) });
  // Minutes to a tenth, without a trailing .0 on whole ones.
  const minutes = (seconds: number) => format.number(Math.round(seconds / 6) / 10);

  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate('app.routes.cycles_title', { count: cycles.data?.cycles.length ?? 0 })}
      </Typography>
      {cycles.isPending ? (
        <LinearProgress data-testid="work-cycles-loading" />
      ) : cycles.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void cycles.refetch()}>
              {translate('app.routes.retry')}
            </Button>
          }
        >
          {translate('app.routes.cycles_failed')}
        </Alert>
      ) : cycles.data.routes.length === 0 ? (
        <Typography color="text.secondary">{translate('app.routes.cycles_none')}</Typography>
      ) : (
        <Table size="small" data-testid="work-cycles">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.routes.loading_place')}</TableCell>
              <TableCell>{translate('app.routes.dumping_place')}</TableCell>
              <TableCell align="right">{translate('app.routes.cycles')}</TableCell>
              <TableCell align="right">{translate('app.routes.mean_cycle_min')}</TableCell>
              <TableCell align="right">{translate('app.routes.shortest_longest_min')}</TableCell>
              <TableCell align="right">{translate('app.routes.distance_km')}</TableCell>
              <TableCell align="right">{translate('app.routes.payload_t')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cycles.data.routes.map((route) => (
              <TableRow key={`${place(route.loadingPlace)}→${place(route.dumpingPlace)}`}>
                <TableCell>{place(route.loadingPlace)}</TableCell>
                <TableCell>{place(route.dumpingPlace)}</TableCell>
                <TableCell align="right">{route.cycles}</TableCell>
                <TableCell align="right">{minutes(route.meanDurationS)}</TableCell>
                <TableCell align="right">
                  {minutes(route.minDurationS)}–{minutes(route.maxDurationS)}
                </TableCell>
                <TableCell align="right">{format.number(route.meanDistanceM / 1000)}</TableCell>
                <TableCell align="right">{format.figure(route.payloadT)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
