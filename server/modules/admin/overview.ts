// The staff home: organisations, devices reporting now, late or silent against their own reporting
// intervals, the ingest rate per protocol, the engine's backlog, feeds in error, mail that failed,
// records in quarantine, and the devices silent longest to start from.
import { INGEST_HOURS, type AdminOverviewReply } from '../../../src/domain/api/admin.ts';
import type { Queryable } from '../../db/database.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import type { TouchedBroker } from '../../telemetry/broker.ts';
import type { IngestMeter } from '../../telemetry/ingestMeter.ts';
import { UNSUBSCRIBED } from '../mail/index.ts';

/** Silent past this many of its longer reporting interval: the alerts' rule (docs/reports.md#alerts). */
const SILENT_INTERVALS = 3;
const SILENT_SHOWN = 10;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function adminOverview(
  db: Queryable,
  engine: Pick<RollupScheduler, 'waiting'>,
  meter: IngestMeter,
  broker: Pick<TouchedBroker, 'backlog'> | undefined,
): Promise<AdminOverviewReply> {
  // A device's longer interval: it reports less often while its machine is off.
  const longer = 'greatest(s.expected_interval_s, s.expected_interval_off_s)';
  const [[organisations], devices, [backlog], feeds, [mail], [quarantine], silent] =
    await Promise.all([
      db.query<{ total: number; rental: number; end_user: number; both: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE type = 'rental')::int AS rental,
                count(*) FILTER (WHERE type = 'end-user')::int AS end_user,
                count(*) FILTER (WHERE type = 'rental-end-user')::int AS both
           FROM organisation`,
      ),
      db.query<{ type: string; reporting: number; late: number; silent: number; never: number }>(
        `SELECT s.type,
                count(*) FILTER (WHERE s.last_seen_at >= now() - make_interval(secs => ${longer}))::int AS reporting,
                count(*) FILTER (WHERE s.last_seen_at < now() - make_interval(secs => ${longer})
                   AND s.last_seen_at >= now() - make_interval(secs => ${SILENT_INTERVALS} * ${longer}))::int AS late,
                count(*) FILTER (WHERE s.last_seen_at < now() - make_interval(secs => ${SILENT_INTERVALS} * ${longer}))::int AS silent,
                count(*) FILTER (WHERE s.last_seen_at IS NULL)::int AS never
           FROM source s WHERE s.out_of_service_at IS NULL GROUP BY s.type ORDER BY s.type`,
      ),
      db.query<{ machines: number; runs: number }>(
        `SELECT (SELECT count(*) FROM recompute_backlog)::int AS machines,
                (SELECT count(*) FROM recompute_run WHERE state IN ('queued', 'running'))::int AS runs`,
      ),
      db.query<{
        id: string;
        name: string;
        last_error: string | null;
        last_polled_at: Date | null;
      }>('SELECT id, name, last_error, last_polled_at FROM oem_feed ORDER BY name'),
      db.query<{ waiting: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE sent_at IS NULL AND error IS NULL)::int AS waiting,
                count(*) FILTER (WHERE sent_at IS NULL AND error IS NOT NULL AND error <> $1)::int AS failed
           FROM mail_outbox`,
        [UNSUBSCRIBED],
      ),
      db.query<{ total: number }>('SELECT count(*)::int AS total FROM ingest_quarantine'),
      db.query<{
        id: string;
        type: string;
        code: string;
        machine_id: string | null;
        machine_name: string | null;
        last_seen_at: Date | null;
      }>(
        `SELECT s.id, s.type, s.code, s.machine_id, m.name AS machine_name, s.last_seen_at
           FROM source s LEFT JOIN machine m ON m.id = s.machine_id
          WHERE s.out_of_service_at IS NULL
            AND s.last_seen_at < now() - make_interval(secs => ${SILENT_INTERVALS} * ${longer})
          ORDER BY s.last_seen_at LIMIT ${SILENT_SHOWN}`,
      ),
    ]);
  const waiting = engine.waiting();
  const [rate, brokerBatches] = await Promise.all([
    meter.last(INGEST_HOURS),
    // The home still answers when JetStream does not; the figure is then unknown.
    broker?.backlog().catch(() => null) ?? null,
  ]);
  return {
    organisations: {
      total: organisations?.total ?? 0,
      rental: organisations?.rental ?? 0,
      endUser: organisations?.end_user ?? 0,
      both: organisations?.both ?? 0,
    },
    devices: devices.map(({ type, ...counts }) => ({ sourceType: type, ...counts })),
    ingest: {
      hours: rate.hours.map((ms) => new Date(ms).toISOString()),
      bySourceType: [...rate.bySourceType]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([sourceType, records]) => ({ sourceType, records })),
    },
    engine: {
      backlogMachines: (backlog?.machines ?? 0) + waiting.machines,
      brokerBatches,
      oldestWaitingAt: waiting.sinceMs === null ? null : new Date(waiting.sinceMs).toISOString(),
      recomputesRunning: backlog?.runs ?? 0,
    },
    feeds: {
      total: feeds.length,
      inError: feeds
        .filter((feed) => feed.last_error)
        .map((feed) => ({
          id: feed.id,
          name: feed.name,
          error: feed.last_error as string,
          lastPollAt: iso(feed.last_polled_at),
        })),
    },
    mail: { waiting: mail?.waiting ?? 0, failed: mail?.failed ?? 0 },
    quarantined: quarantine?.total ?? 0,
    silentDevices: silent.map((row) => ({
      sourceId: row.id,
      sourceType: row.type,
      code: row.code,
      machineId: row.machine_id,
      machineName: row.machine_name,
      lastSeenAt: iso(row.last_seen_at),
    })),
  };
}
