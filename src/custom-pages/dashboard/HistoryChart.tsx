// One of the dashboard's histories (fuel in litres or CO2 in kilograms) as bars per day, week or
// month; periods without data are gaps, and estimated periods are said to be.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocaleState, useTranslate } from 'react-admin';
import type { HistoryInterval, HistoryPoint, HistoryType } from '../../domain/api/dashboard.ts';
import { formatDate, formatNumber } from '../../domain/format.ts';

const COLOURS: Record<HistoryType, string> = { fuel: '#1565c0', co2: '#6d4c41' };
const UNITS: Record<HistoryType, string> = { fuel: 'l', co2: 'kg' };

export interface HistoryChartProps {
  type: HistoryType;
  interval: HistoryInterval;
  points: HistoryPoint[];
}

export function HistoryChart({ type, interval, points }: HistoryChartProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const unit = UNITS[type];
  const periodLabel = (date: string) => {
    const day = formatDate(`${date}T12:00:00`, language);
    return interval === 'day' ? day : translate(`app.dashboard.history.from_${interval}`, { day });
  };
  const hasData = points.some((p) => p.value !== null);
  const estimated = points.some((p) => p.estimated);
  return (
    <Card
      variant="outlined"
      sx={{ flex: '1 1 420px', minWidth: 0 }}
      data-testid={`history-${type}`}
    >
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6">
          {translate(`app.dashboard.history.${type}_${interval}`)}
        </Typography>
        {hasData ? (
          <Box sx={{ height: 240 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="date"
                  tickFormatter={(date: string) => formatDate(`${date}T12:00:00`, language)}
                  minTickGap={24}
                />
                <YAxis width={70} unit={` ${unit}`} />
                <Tooltip
                  labelFormatter={(date) => periodLabel(String(date))}
                  formatter={(value) => [`${formatNumber(Number(value), language)} ${unit}`]}
                />
                <Bar dataKey="value" fill={COLOURS[type]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.dashboard.history.no_data')}
          </Typography>
        )}
        {estimated ? (
          <Typography variant="caption" color="text.secondary">
            {translate('app.dashboard.history.estimated')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
