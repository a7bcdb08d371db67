// Device health: each device with its status, battery and signal now, and over the range how many
// days it reported, its records and its lowest battery; the problems the sensors list names.
import type { SensorRecord } from '../../../../src/domain/api/sensors.ts';
import { MACHINE_ROWS, selectMachines } from '../../../readModel/selection.ts';
import { localTimeIn } from '../../maps/index.ts';
import { organisationSensors, problemsOf } from '../../sensors/index.ts';
import { rangeLine, selectionOf, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import { valueColumn } from './machineColumns.ts';

interface HealthInRange {
  source_id: string;
  days: number;
  records: number;
  battery_min_v: number | null;
}

/** Both days counted: calendar days, so UTC arithmetic on the dates is exact. */
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

const PROBLEM_WORDS: Record<string, string> = {
  silent: 'Silent',
  late: 'Late',
  never: 'Never reported',
  criticalBattery: 'Critical battery',
  lowBattery: 'Low battery',
  weakSignal: 'Weak signal',
};

export const deviceHealth: ReportBuilder = async ({ db, organisation, request, progress }) => {
  let sensors = await organisationSensors(db, organisation.id);
  if (request.filter || request.site) {
    // A selection of machines keeps their devices; the spare and asset trackers are not in it.
    const { params, where } = selectMachines(organisation, selectionOf(request));
    const ids = new Set(
      (await db.query<{ id: string }>(`${MACHINE_ROWS} SELECT id FROM rows ${where}`, params)).map(
        (row) => row.id,
      ),
    );
    sensors = sensors.filter((s) => s.machineId !== null && ids.has(s.machineId));
  }
  const health = await db.query<HealthInRange>(
    `SELECT source_id, count(*)::int AS days, sum(records)::int AS records, min(battery_min_v) AS battery_min_v
       FROM source_health_day
      WHERE source_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date
      GROUP BY source_id`,
    [sensors.map((s) => s.id), request.start, request.end],
  );
  const byId = new Map(health.map((row) => [row.source_id, row]));
  await progress(sensors.length, sensors.length);
  const rangeDays = daysBetween(request.start, request.end);
  const localTime = localTimeIn(organisation);
  const of = (s: SensorRecord) => byId.get(s.id);
  return {
    title: 'Device health',
    subtitle: [organisation.name, rangeLine(request), `${sensors.length} devices`],
    sections: [
      section<SensorRecord>(
        'Devices',
        [
          { heading: 'Device', value: (s) => s.code },
          { heading: 'Type', value: (s) => s.type },
          { heading: 'On', value: (s) => s.machineName ?? s.equipmentAssetName ?? 'Spare' },
          { heading: 'Status', value: (s) => s.status },
          { heading: 'Last seen', value: (s) => (s.lastSeenAt ? localTime(s.lastSeenAt) : null) },
          valueColumn('Battery (V)', 2, (s) => s.batteryV),
          valueColumn('Signal (bars)', 0, (s) => s.signalBars),
          valueColumn('Days reporting', 0, (s) => of(s)?.days ?? 0),
          valueColumn('Days silent', 0, (s) => rangeDays - (of(s)?.days ?? 0)),
          valueColumn('Records', 0, (s) => of(s)?.records ?? 0),
          valueColumn('Lowest battery (V)', 2, (s) => of(s)?.battery_min_v ?? null),
          {
            heading: 'Problems',
            value: (s) =>
              problemsOf(s)
                .map((p) => PROBLEM_WORDS[p] ?? p)
                .join('; '),
          },
        ],
        sensors,
        { empty: 'No devices match this selection.' },
      ),
    ],
  };
};
