// The selected machine's trips and stops as lists; picking a trip marks it on the map.
import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { RouteReply } from '../../domain/api/mapRoutes.ts';
import { formatDateTime, formatNumber } from '../../domain/format.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

export interface RouteDetailsProps {
  route: RouteReply;
  showStops: boolean;
  selectedTrip: number | null;
  onSelectTrip(index: number | null): void;
}

export function RouteDetails({ route, showStops, selectedTrip, onSelectTrip }: RouteDetailsProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const time = (iso: string) => formatDateTime(iso, language, timeZone);
  const scope = (outOfScope: boolean) =>
    outOfScope ? (
      <Chip size="small" color="warning" label={translate('app.routes.out_of_scope')} />
    ) : null;
  return (
    <>
      <Typography variant="h6">
        {translate('app.routes.trips', { count: route.trips.length })}
      </Typography>
      <Table size="small" data-testid="route-trips">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.routes.start')}</TableCell>
            <TableCell>{translate('app.routes.end')}</TableCell>
            <TableCell>{translate('app.routes.from')}</TableCell>
            <TableCell>{translate('app.routes.to')}</TableCell>
            <TableCell align="right">{translate('app.routes.distance_km')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {route.trips.map((trip, i) => (
            <TableRow
              key={trip.startTime}
              hover
              selected={selectedTrip === i}
              sx={{ cursor: 'pointer' }}
              onClick={() => onSelectTrip(selectedTrip === i ? null : i)}
            >
              <TableCell>{time(trip.startTime)}</TableCell>
              <TableCell>{time(trip.endTime)}</TableCell>
              <TableCell>{trip.geofenceStartName ?? '–'}</TableCell>
              <TableCell>{trip.geofenceEndName ?? '–'}</TableCell>
              <TableCell align="right">
                {formatNumber(trip.distanceM / 1000, language, 2)}
              </TableCell>
              <TableCell>{scope(trip.outOfScope)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {showStops ? (
        <>
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate('app.routes.stops', { count: route.stops.length })}
          </Typography>
          <Table size="small" data-testid="route-stops">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.routes.start')}</TableCell>
                <TableCell>{translate('app.routes.end')}</TableCell>
                <TableCell>{translate('app.routes.site')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {route.stops.map((stop) => (
                <TableRow key={stop.startTime}>
                  <TableCell>{time(stop.startTime)}</TableCell>
                  <TableCell>{time(stop.endTime)}</TableCell>
                  <TableCell>{stop.geofenceName ?? '–'}</TableCell>
                  <TableCell>{scope(stop.outOfScope)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </>
  );
}
