// The tank level over the screen's range, with refills and thefts marked, and the fuel burned each
// day (from the same rollups as the list). A level sensor that reports percent needs a calibration.
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import { formatDateTime, formatNumber } from '../../../domain/format.ts';
import { ACTIVITY_COLOURS } from './activityColours.ts';
import { machineSettingKeys } from '../../../dataProvider/machineSettings.ts';
import { useTimeZone } from '../../../settings/useTimeZone.ts';

const MAX_FUEL_DAYS = 92;
const REFILL_COLOUR = '#2e7d32';

export function FuelChart({
  machineId,
  startDate,
  endDate,
}: {
  machineId: string;
  startDate: string;
  endDate: string;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
  const fuel = useQuery({
    queryKey: machineSettingKeys.fuel(machineId, startDate, endDate),
    queryFn: () => dataProvider.getFuel(machineId, { startDate, endDate }),
    enabled: days <= MAX_FUEL_DAYS,
    retry: false,
  });

  const levels = (fuel.data?.levels ?? []).map((p) => ({ t: Date.parse(p.time), level: p.litres }));
  const events = (kind: 'refills' | 'thefts') =>
    (fuel.data?.[kind] ?? []).map((e) => {
      // Marked on the level line at the event's time.
      const at = Date.parse(e.time);
      const near = levels.reduce<(typeof levels)[number] | undefined>(
        (best, p) => (!best || Math.abs(p.t - at) < Math.abs(best.t - at) ? p : best),
        undefined,
      );
      return { t: at, level: near?.level ?? 0, litres: e.litres };
    });
  const burned = (fuel.data?.days ?? []).reduce((sum, d) => sum + d.fuelL, 0);

  return (
    <Card variant="outlined" data-testid="fuel-chart">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6">{translate('app.machine.fuel_chart.title')}</Typography>
        {days > MAX_FUEL_DAYS ? (
          <Alert severity="info">
            {translate('app.machine.fuel_chart.too_long', { days: MAX_FUEL_DAYS })}
          </Alert>
        ) : fuel.error ? (
          <Alert severity="error">{translate('app.machine.load_error')}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('app.machine.fuel_chart.totals', {
                litres: formatNumber(burned, language),
                refills: fuel.data?.refills.length ?? 0,
                thefts: fuel.data?.thefts.length ?? 0,
              })}
            </Typography>
            {levels.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('app.machine.fuel_chart.no_levels')}
              </Typography>
            ) : (
              <Box sx={{ height: 260 }}>
                <ResponsiveContainer width="100%" height="100%">
                  <ComposedChart margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis
                      dataKey="t"
                      type="number"
                      scale="time"
                      domain={['dataMin', 'dataMax']}
                      tickFormatter={(t: number) => formatDateTime(t, language, timeZone)}
                      minTickGap={60}
                    />
                    <YAxis unit=" l" width={70} />
                    <Tooltip
                      labelFormatter={(t) => formatDateTime(Number(t), language, timeZone)}
                      formatter={(value) => [`${formatNumber(Number(value), language)} l`]}
                    />
                    <Line
                      data={levels}
                      dataKey="level"
                      name={translate('app.machine.fuel_chart.level')}
                      dot={false}
                      stroke={ACTIVITY_COLOURS.active}
                      isAnimationActive={false}
                    />
                    <Scatter
                      data={events('refills')}
                      dataKey="level"
                      name={translate('app.machine.refills')}
                      fill={REFILL_COLOUR}
                      isAnimationActive={false}
                    />
                    <Scatter
                      data={events('thefts')}
                      dataKey="level"
                      name={translate('app.machine.thefts')}
                      fill={ACTIVITY_COLOURS.brokendown}
                      shape="diamond"
                      isAnimationActive={false}
                    />
                  </ComposedChart>
                </ResponsiveContainer>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
