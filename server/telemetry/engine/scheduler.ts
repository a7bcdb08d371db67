// Queues the days new records touched, per machine, and recomputes them in the background, coalesced.
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import type { TouchedSpan } from '../ingest.ts';
import { recomputeMachineDays } from './recompute.ts';

/** A record changes the span of the record before it and its own span up to the next one. */
async function neighbourTimes(db: Database, machineId: string, fromMs: number, toMs: number) {
  // Per source through its primary key (source_id, device_time), whatever the planner knows.
  const [row] = await db.query<{ before: Date | null; after: Date | null }>(
    `SELECT max(b.device_time) AS before, min(a.device_time) AS after
       FROM source s
       LEFT JOIN LATERAL (SELECT r.device_time FROM telemetry_record r
                           WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time < $2
                           ORDER BY r.device_time DESC LIMIT 1) b ON true
       LEFT JOIN LATERAL (SELECT r.device_time FROM telemetry_record r
                           WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time > $3
                           ORDER BY r.device_time LIMIT 1) a ON true
      WHERE s.machine_id = $1`,
    [machineId, new Date(fromMs), new Date(toMs)],
  );
  return { beforeMs: row?.before?.getTime() ?? fromMs, afterMs: row?.after?.getTime() ?? toMs };
}

interface Pending {
  fromDay: string;
  toDay: string;
}

export interface SchedulerOptions {
  onError?: (error: unknown, machineId: string) => void;
  /**
   * How long to gather touched days before recomputing. A device sends a packet every few seconds
   * and a backlog arrives as hundreds of packets: waiting lets them share one recompute.
   */
  delayMs?: number;
}

export class RollupScheduler {
  private readonly incoming: TouchedSpan[] = [];
  private readonly pending = new Map<string, Pending>();
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onError: (error: unknown, machineId: string) => void;
  private readonly delayMs: number;

  constructor(
    private readonly db: Database,
    options: SchedulerOptions = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
    this.delayMs = options.delayMs ?? 1000;
  }

  /** Takes what a committed batch changed; returns at once, so the device's acknowledgement waits for nothing. */
  touched(spans: TouchedSpan[]): void {
    for (const span of spans) this.incoming.push(span);
    this.later();
  }

  private async resolve(spans: TouchedSpan[]): Promise<void> {
    const rows = await this.db.query<{ id: string; machine_id: string; timezone: string }>(
      `SELECT s.id, s.machine_id, o.timezone FROM source s
         JOIN machine m ON m.id = s.machine_id JOIN organisation o ON o.id = m.organisation_id
        WHERE s.id = ANY($1)`,
      [spans.map((span) => span.sourceId)],
    );
    const machines = new Map(rows.map((row) => [row.id, row]));
    for (const span of spans) {
      const machine = machines.get(span.sourceId);
      if (!machine) continue; // unassigned: nothing to roll up until it is onboarded
      const { beforeMs, afterMs } = await neighbourTimes(
        this.db,
        machine.machine_id,
        span.fromMs,
        span.toMs,
      );
      this.add(machine.machine_id, {
        fromDay: zonedDate(new Date(beforeMs), machine.timezone),
        toDay: zonedDate(new Date(afterMs), machine.timezone),
      });
    }
  }

  /** Queues whole days of one machine, e.g. after a source is assigned to it. */
  schedule(machineId: string, fromDay: string, toDay: string): void {
    this.add(machineId, { fromDay, toDay });
    this.later();
  }

  /** Recomputes everything queued now, without waiting for the delay, and resolves when done. */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.kick();
    }
    while (this.running) await this.running;
  }

  private later(): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, this.delayMs);
  }

  private add(machineId: string, days: Pending): void {
    const known = this.pending.get(machineId);
    this.pending.set(
      machineId,
      known
        ? {
            fromDay: days.fromDay < known.fromDay ? days.fromDay : known.fromDay,
            toDay: days.toDay > known.toDay ? days.toDay : known.toDay,
          }
        : days,
    );
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.work().finally(() => {
      this.running = null;
      if (this.pending.size > 0 || this.incoming.length > 0) this.later();
    });
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.incoming.length > 0) {
        const spans = this.incoming.splice(0);
        try {
          await this.resolve(spans);
        } catch (error) {
          this.onError(error, '');
        }
        continue;
      }
      const next = this.pending.entries().next();
      if (next.done) return;
      const [machineId, days] = next.value;
      this.pending.delete(machineId);
      try {
        await recomputeMachineDays(this.db, machineId, days.fromDay, days.toDay);
      } catch (error) {
        this.onError(error, machineId);
      }
    }
  }
}
