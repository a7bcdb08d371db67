// A machine's hour meter over time: one line per source (OEM feed, tracker, manual) on its lifetime
// count, which never goes down, and a marked line where a new meter was fitted; the readings are
// the meter card's own (the last 200).
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { METER_SOURCES, type MeterReading, type MeterReply } from '../../domain/api/meters.ts';
import { useFormat } from '../../common/useFormat.ts';
import { meterKey } from '../machines/details/meter/MeterCard.tsx';

const COLOURS: Record<MeterReading['source'], string> = {
  oem: '#6a1b9a',
  tracker: '#1565c0',
  manual: '#ef6c00',
};

/** One point per reading, its value under its source's key, oldest first; then the meter now on
 * its leading source's line (a computed meter continues the manual readings). */
function chartPoints(meter: MeterReply): Record<string, number>[] {
  const points: Record<string, number>[] = meter.readings
    .filter((reading) => !reading.outOfOrder)
    .map((reading) => ({
      at: new Date(reading.readAt).getTime(),
      [reading.source]: reading.lifetimeH,
    }))
    .sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  const now = meter.hourMeter;
  const line = now?.source === 'computed' ? 'manual' : now?.source;
  if (now && (line === 'oem' || line === 'tracker' || line === 'manual')) {
    points.push({ at: Date.now(), [line]: now.valueH });
  }
  return points;
}

export function MeterChart({ machineId }: { machineId: string }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: meter } = useQuery({
    queryKey: meterKey(machineId),
    queryFn: () => dataProvider.getMeter(machineId),
  });
  const readings = meter?.readings ?? [];
  if (!meter) return null;
  if (readings.length === 0) {
    return (
      <Typography color="text.secondary">{translate('app.maintenance.chart_none')}</Typography>
    );
  }
  const sources = METER_SOURCES.filter((source) => readings.some((r) => r.source === source));
  const replacements = readings.filter((reading) => reading.kind === 'replacement');
  return (
    <Box sx={{ height: 260 }} data-testid="meter-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={chartPoints(meter)} margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(at: number) => format.date(at)}
            minTickGap={24}
          />
          <YAxis width={80} unit=" h" />
          <Tooltip
            labelFormatter={(at) => format.dateTime(Number(at))}
            formatter={(value, name) => [
              format.measure(Number(value), 'h', 1),
              translate(`app.meters.sources.${String(name)}`),
            ]}
          />
          <Legend formatter={(name) => translate(`app.meters.sources.${String(name)}`)} />
          {sources.map((source) => (
            <Line
              key={source}
              dataKey={source}
              stroke={COLOURS[source]}
              connectNulls
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          ))}
          {replacements.map((reading) => (
            <ReferenceLine
              key={reading.id}
              x={new Date(reading.readAt).getTime()}
              stroke="#c62828"
              strokeDasharray="4 2"
              label={{ value: translate('app.maintenance.chart_replacement'), position: 'top' }}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
