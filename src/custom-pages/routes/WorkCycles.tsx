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
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { CyclePlace } from '../../domain/api/workCycles.ts';
import { formatNumber } from '../../domain/format.ts';
import { mapKeys } from '../../dataProvider/maps.ts';

export interface WorkCyclesProps {
  machineId: string;
  range: { startDate: string; endDate: string };
}

export function WorkCycles({ machineId, range }: WorkCyclesProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const cycles = useQuery({
    queryKey: mapKeys.workCycles(machineId, range),
    queryFn: ({ signal }) => dataProvider.getWorkCycles(machineId, range, signal),
    retry: false,
  });
  const place = (p: CyclePlace) =>
    p.name ??
    translate('app.routes.unnamed_place', {
      latitude: p.latitude.toFixed(5),
      longitude: p.longitude.toFixed(5),
    });
  const minutes = (seconds: number) => formatNumber(seconds / 60, language, 1);

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
                <TableCell align="right">
                  {formatNumber(route.meanDistanceM / 1000, language, 2)}
                </TableCell>
                <TableCell align="right">
                  {route.payloadT === null ? '–' : formatNumber(route.payloadT, language, 1)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
