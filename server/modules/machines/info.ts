// One machine's read-only views besides the list row: health of its sources, its profile, the
// activity summary of a range and when in the week it works.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MachineActivitySummaryReply,
  MachineHealthReply,
  MachineProfileReply,
  WorkActivityQuery,
  WorkActivityReply,
} from '../../../src/domain/api/machineInfo.ts';
import { MachineDetailsQuery } from '../../../src/domain/api/machineActivity.ts';
import { encodeFilter } from '../../../src/domain/filterQuery.ts';
import {
  addDays,
  nextDate,
  startOfZonedDay,
  timeZoneOffsetMs,
  zonedDate,
} from '../../../src/domain/zonedTime.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { listMachines } from './list.ts';
import { machineVisibility, type Visibility } from './visibility.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MAX_WORK_ACTIVITY_DAYS = 92;

const coversNow = (visibility: Visibility) =>
  visibility.periods.some((p) => p.fromMs <= Date.now() && Date.now() < p.toMs);

export const machineInfoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, readModel },
) => {
  const visible = async (organisationId: string, machineId: string) => {
    const visibility = await machineVisibility(db, organisationId, machineId);
    if (!visibility) throw notFound('No such machine');
    return visibility;
  };

  app.get(
    '/v1/portal/machines/:id/health',
    {
      config: { access: 'read' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineHealthReply } },
    },
    async (request) => {
      // Health is the devices' state now: a customer sees it while its hire runs.
      if (!coversNow(await visible(request.auth.org, request.params.id))) {
        throw notFound('The machine is not on hire to you now');
      }
      const rows = await db.query<{
        type: string;
        code: string;
        short_code: string | null;
        last_seen_at: Date | null;
        expected_interval_s: number;
        external_voltage_v: number | null;
        battery_v: number | null;
        satellites: number | null;
        total: number;
        invalid: number;
      }>(
        `SELECT s.type, s.code, s.short_code, s.last_seen_at, s.expected_interval_s,
                latest.external_voltage_v, latest.battery_v, latest.satellites, recent.total, recent.invalid
           FROM source s
           LEFT JOIN LATERAL (
             SELECT external_voltage_v, battery_v, satellites FROM telemetry_record r
              WHERE r.source_id = s.id AND r.invalid_reason IS NULL ORDER BY device_time DESC LIMIT 1
           ) latest ON true
           CROSS JOIN LATERAL (
             SELECT count(*)::int AS total, count(*) FILTER (WHERE invalid_reason IS NOT NULL)::int AS invalid
               FROM telemetry_record r WHERE r.source_id = s.id AND r.device_time >= $2
           ) recent
          WHERE s.machine_id = $1 ORDER BY s.code`,
        [request.params.id, new Date(Date.now() - DAY_MS)],
      );
      return {
        machineId: request.params.id,
        sources: rows.map((row) => ({
          type: row.type,
          code: row.code,
          shortCode: row.short_code,
          status: !row.last_seen_at
            ? ('never' as const)
            : Date.now() - row.last_seen_at.getTime() <= DAY_MS
              ? ('reporting' as const)
              : ('silent' as const),
          lastSeenAt: row.last_seen_at?.toISOString() ?? null,
          expectedIntervalS: row.expected_interval_s,
          reportingPercentage: row.last_seen_at
            ? Math.min(100, ((row.total * row.expected_interval_s) / (DAY_MS / 1000)) * 100)
            : null,
          externalVoltageV: row.external_voltage_v,
          batteryV: row.battery_v,
          satellites: row.satellites,
          invalidPercentage: row.total > 0 ? (row.invalid / row.total) * 100 : null,
        })),
      };
    },
  );

  app.get(
    '/v1/machines/:id/profile',
    {
      config: { access: 'read' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineProfileReply } },
    },
    async (request) => {
      await visible(request.auth.org, request.params.id);
      const [row] = await db.query<Omit<MachineProfileReply, 'createdAt'> & { createdAt: Date }>(
        `SELECT m.id, m.name, m.asset_id AS "assetId", m.oem, m.model, m.serial_number AS "serialNumber", m.pin,
                m.manufacturing_year AS "manufacturingYear", m.category, m.type, m.fuel_type AS "fuelType",
                g.name AS "group", m.ownership_type AS "ownershipType", m.owner, m.image_url AS "imageUrl",
                o.timezone, m.load_capacity_t AS "loadCapacity", m.created_at AS "createdAt",
                (SELECT to_char(min(day), 'YYYY-MM-DD') FROM machine_day_rollup WHERE machine_id = m.id) AS "firstDataDay"
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
           LEFT JOIN machine_group g ON g.id = m.group_id
          WHERE m.id = $1`,
        [request.params.id],
      );
      if (!row) throw notFound('No such machine');
      return { ...row, createdAt: row.createdAt.toISOString() };
    },
  );

  app.get(
    '/v1/portal/machines/:id/activity/summary',
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: MachineDetailsQuery,
        response: { 200: MachineActivitySummaryReply },
      },
    },
    async (request) => {
      const { organisation } = request;
      const start = request.query.start ?? 'max';
      const end = request.query.end ?? 'max';
      // The list's own figures, so the two never disagree.
      const { machines } = await listMachines(readModel, organisation, {
        start,
        end,
        show: 'all',
        filter: encodeFilter({ machine: [request.params.id] }),
      });
      const machine = machines[0];
      if (!machine) throw notFound('No such machine in this range');
      return { machineId: machine.id, start, end, activitySummary: machine.activitySummary };
    },
  );

  app.get(
    '/v1/machines/:id/work_activity',
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: WorkActivityQuery,
        response: { 200: WorkActivityReply },
      },
    },
    async (request) => {
      const visibility = await visible(request.auth.org, request.params.id);
      const timeZone = visibility.timezone;
      const endDate = request.query.endDate ?? zonedDate(new Date(), timeZone);
      const startDate = request.query.startDate ?? addDays(endDate, -27);
      if (endDate < startDate) throw badRequest('endDate', 'endDate must not be before startDate');
      if (addDays(startDate, MAX_WORK_ACTIVITY_DAYS - 1) < endDate) {
        throw badRequest('endDate', `at most ${MAX_WORK_ACTIVITY_DAYS} days at a time`);
      }
      const fromMs = startOfZonedDay(startDate, timeZone).getTime();
      const toMs = startOfZonedDay(nextDate(endDate), timeZone).getTime();
      const segments = await db.query<{ state: 'active' | 'idle'; from_at: Date; to_at: Date }>(
        `SELECT state, from_at, to_at FROM activity_segment
          WHERE machine_id = $1 AND from_at >= $2 AND from_at < $3 AND state IN ('active', 'idle')`,
        [request.params.id, new Date(fromMs), new Date(toMs)],
      );
      const grid = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));
      const reply = {
        machineId: request.params.id,
        timezone: timeZone,
        startDate,
        endDate,
        activeHours: grid(),
        idleHours: grid(),
      };
      for (const segment of segments) {
        const target = segment.state === 'active' ? reply.activeHours : reply.idleHours;
        for (const period of visibility.periods) {
          let from = Math.max(segment.from_at.getTime(), period.fromMs);
          const to = Math.min(segment.to_at.getTime(), period.toMs);
          // Hour by hour in local time: a segment lies within one local day, so at most 25 steps.
          while (from < to) {
            const local = from + timeZoneOffsetMs(new Date(from), timeZone);
            const hourEnd = Math.min(to, from + (HOUR_MS - (local % HOUR_MS)));
            const weekday = (new Date(local).getUTCDay() + 6) % 7;
            const row = target[weekday] as number[];
            const hour = new Date(local).getUTCHours();
            row[hour] = (row[hour] ?? 0) + (hourEnd - from) / HOUR_MS;
            from = hourEnd;
          }
        }
      }
      return reply;
    },
  );
};
