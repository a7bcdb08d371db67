// Queues the days new records touched, per machine, and recomputes them in the background, coalesced.
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import type { TouchedSpan } from '../ingest.ts';
import type { CommitListener } from './events.ts';
import { recomputeMachines, type RecomputeJob } from './recompute.ts';

/** Machines recomputed together: a few statements per batch rather than several per machine. */
const BATCH_MACHINES = 100;

/**
 * A record changes the span of the record before it and its own span up to the next one: for each
 * touched source, the machine's nearest records around the span, whichever source sent them. One
 * query for the whole batch, each source read through its primary key (source_id, device_time).
 */
const NEIGHBOURS = `
  SELECT t.source_id, m.id AS machine_id, o.timezone,
         coalesce(max(b.device_time), to_timestamp(t.from_ms / 1000.0)) AS before,
         coalesce(min(a.device_time), to_timestamp(t.to_ms / 1000.0)) AS after
    FROM unnest($1::uuid[], $2::float8[], $3::float8[]) AS t(source_id, from_ms, to_ms)
    JOIN source ts ON ts.id = t.source_id
    JOIN machine m ON m.id = ts.machine_id
    JOIN organisation o ON o.id = m.organisation_id
    JOIN source s ON s.machine_id = m.id
    LEFT JOIN LATERAL (SELECT r.device_time FROM telemetry_record r
                        WHERE r.source_id = s.id AND r.invalid_reason IS NULL
                          AND r.device_time < to_timestamp(t.from_ms / 1000.0)
                        ORDER BY r.device_time DESC LIMIT 1) b ON true
    LEFT JOIN LATERAL (SELECT r.device_time FROM telemetry_record r
                        WHERE r.source_id = s.id AND r.invalid_reason IS NULL
                          AND r.device_time > to_timestamp(t.to_ms / 1000.0)
                        ORDER BY r.device_time LIMIT 1) a ON true
   GROUP BY t.source_id, t.from_ms, t.to_ms, m.id, o.timezone`;

interface Pending {
  fromDay: string;
  toDay: string;
}

export interface SchedulerOptions {
  onError?: (error: unknown, machineId: string) => void;
  /**
   * How long nothing new must arrive before recomputing. A backlog arrives as hundreds of packets,
   * and recomputing on the same thread as the ingest slows it: waiting for a quiet moment lets the
   * packets share one recompute.
   */
  delayMs?: number;
  /** The longest touched days wait when records never stop coming. */
  maxWaitMs?: number;
  /**
   * Batches recomputed at once, each in its own transaction: 1 for PGlite, whose one connection
   * runs one transaction at a time. On PostgreSQL one batch's computing overlaps another's queries.
   */
  concurrentBatches?: number;
}

export class RollupScheduler {
  private readonly incoming: TouchedSpan[] = [];
  private readonly pending = new Map<string, Pending>();
  /** The machines of the batch being recomputed now. */
  private readonly inFlight = new Set<string>();
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onError: (error: unknown, machineId: string) => void;
  private readonly delayMs: number;
  private readonly maxWaitMs: number;
  private readonly concurrentBatches: number;
  /** When the oldest change not yet recomputed arrived; null when there is none. */
  private waitingSinceMs: number | null = null;
  private readonly listeners: CommitListener[] = [];
  /** How many holdWhile calls are under way: nothing is recomputed while one is. */
  private holds = 0;

  constructor(
    private readonly db: Database,
    options: SchedulerOptions = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
    this.delayMs = options.delayMs ?? 1000;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    this.concurrentBatches = options.concurrentBatches ?? 1;
  }

  /** The machines waiting for a recompute or in one, and since when the oldest change waits. */
  queued(): { machines: number; waitingSinceMs: number | null } {
    return {
      machines: this.pending.size + this.inFlight.size,
      waitingSinceMs: this.waitingSinceMs,
    };
  }

  /**
   * Calls `listener` with what each recompute committed, after the commit: the engine announces,
   * modules listen. A listener's failure is reported through onError and holds nothing back.
   */
  onCommitted(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  /** Recomputes these jobs now, then announces what was committed. */
  async recompute(jobs: RecomputeJob[]): Promise<void> {
    const committed = await recomputeMachines(this.db, jobs);
    for (const listener of this.listeners) {
      try {
        await listener(committed);
      } catch (error) {
        this.onError(error, '');
      }
    }
  }

  /** Takes what a committed batch changed; returns at once, so the device's acknowledgement waits for nothing. */
  touched(spans: TouchedSpan[]): void {
    for (const span of spans) this.incoming.push(span);
    this.later();
  }

  private async resolve(spans: TouchedSpan[]): Promise<void> {
    // A source touched by several commits is looked up once, over the span they cover together.
    const bySource = new Map<string, TouchedSpan>();
    for (const span of spans) {
      const known = bySource.get(span.sourceId);
      if (!known) bySource.set(span.sourceId, { ...span });
      else {
        known.fromMs = Math.min(known.fromMs, span.fromMs);
        known.toMs = Math.max(known.toMs, span.toMs);
      }
    }
    const merged = [...bySource.values()];
    // Unassigned sources find no machine: nothing to roll up until they are onboarded.
    const rows = await this.db.query<{
      machine_id: string;
      timezone: string;
      before: Date;
      after: Date;
    }>(NEIGHBOURS, [
      merged.map((span) => span.sourceId),
      merged.map((span) => span.fromMs),
      merged.map((span) => span.toMs),
    ]);
    for (const row of rows) {
      this.add(row.machine_id, {
        fromDay: zonedDate(row.before, row.timezone),
        toDay: zonedDate(row.after, row.timezone),
      });
    }
  }

  /** Queues whole days of one machine, e.g. after a source is assigned to it. */
  schedule(machineId: string, fromDay: string, toDay: string): void {
    this.add(machineId, { fromDay, toDay });
    this.later();
  }

  /** Whether any of these machines has days queued or being recomputed in this process. */
  isRecomputing(machineIds: Iterable<string>): boolean {
    for (const id of machineIds) if (this.pending.has(id) || this.inFlight.has(id)) return true;
    return false;
  }

  /** Machines with days queued or being recomputed in this process, and since when the oldest waits. */
  waiting(): { machines: number; sinceMs: number | null } {
    const machines = new Set([...this.pending.keys(), ...this.inFlight]);
    return { machines: machines.size, sinceMs: this.waitingSinceMs };
  }

  /**
   * Recomputes nothing while `work` runs, then all it touched at once. The demo's history replayed
   * at start-up recomputed each machine's growing days every few seconds: about a third of the
   * replay's time on PGlite, where the recomputes and the ingest share one thread.
   */
  async holdWhile<T>(work: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      if (this.holds === 0 && (this.incoming.length > 0 || this.pending.size > 0)) this.later();
    }
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

  /** (Re)arms the timer: delayMs after the last change, but no later than maxWaitMs after the first. */
  private later(): void {
    if (this.running || this.holds > 0) return;
    const nowMs = Date.now();
    this.waitingSinceMs ??= nowMs;
    if (this.timer) clearTimeout(this.timer);
    const waitMs = Math.max(
      0,
      Math.min(this.delayMs, this.waitingSinceMs + this.maxWaitMs - nowMs),
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, waitMs);
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
    this.waitingSinceMs = null;
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
      if (this.pending.size === 0) return;
      // Each worker takes the next batch until none is left; a machine is in one batch at a time.
      await Promise.all(
        Array.from({ length: this.concurrentBatches }, async () => {
          for (let batch = this.nextBatch(); batch.length > 0; batch = this.nextBatch())
            await this.recomputeBatch(batch);
        }),
      );
    }
  }

  /** Up to BATCH_MACHINES queued machines not being recomputed now, marked as being recomputed. */
  private nextBatch(): RecomputeJob[] {
    const batch: RecomputeJob[] = [];
    for (const [machineId, days] of this.pending) {
      if (batch.length >= BATCH_MACHINES) break;
      if (this.inFlight.has(machineId)) continue;
      batch.push({ machineId, ...days });
    }
    for (const job of batch) {
      this.pending.delete(job.machineId);
      this.inFlight.add(job.machineId);
    }
    return batch;
  }

  private async recomputeBatch(batch: RecomputeJob[]): Promise<void> {
    try {
      await this.recompute(batch);
    } catch {
      // One machine's bad data must not hold back the others: each again on its own.
      for (const job of batch) {
        try {
          await this.recompute([job]);
        } catch (error) {
          this.onError(error, job.machineId);
        }
      }
    } finally {
      for (const job of batch) this.inFlight.delete(job.machineId);
    }
  }
}
