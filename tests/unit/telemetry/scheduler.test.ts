// The engine's scheduler recomputing several batches at once (concurrentBatches, 2 on PostgreSQL):
// every queued machine is recomputed, in batches of at most 100, never in two batches at a time,
// a machine queued again while its batch runs is recomputed once more afterwards, and nothing is
// recomputed while held (the demo's start-up replay).
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { RollupScheduler } from '../../../server/telemetry/engine/scheduler.ts';
import type { RecomputeJob } from '../../../server/telemetry/engine/recompute.ts';

const machine = (i: number) => `machine-${String(i).padStart(3, '0')}`;

/** Scheduling alone is under test: the recompute is replaced, so no statement is ever run. */
const noDatabase = {} as Database;

function watched(concurrentBatches: number) {
  const scheduler = new RollupScheduler(noDatabase, { concurrentBatches, delayMs: 0 });
  const batches: RecomputeJob[][] = [];
  const running = new Set<string>();
  let atOnce = 0;
  let mostAtOnce = 0;
  let overlapping = false;
  let onStart: (batch: RecomputeJob[]) => void = () => undefined;
  scheduler.recompute = async (jobs) => {
    batches.push(jobs);
    mostAtOnce = Math.max(mostAtOnce, ++atOnce);
    for (const job of jobs) {
      if (running.has(job.machineId)) overlapping = true;
      running.add(job.machineId);
    }
    onStart(jobs);
    // Long enough for the other workers to take their batches meanwhile; the first machine's
    // batch the longest, so that another worker comes for more while it runs.
    const slow = jobs.some((job) => job.machineId === machine(0));
    await new Promise((resolve) => setTimeout(resolve, slow ? 30 : 5));
    for (const job of jobs) running.delete(job.machineId);
    atOnce--;
  };
  return {
    scheduler,
    batches,
    mostAtOnce: () => mostAtOnce,
    overlapping: () => overlapping,
    whenStarted: (listener: (batch: RecomputeJob[]) => void) => (onStart = listener),
  };
}

describe('the rollup scheduler with batches at once', () => {
  it('recomputes every machine once, at most two batches of 100 at a time', async () => {
    const watch = watched(2);
    for (let i = 0; i < 450; i++) watch.scheduler.schedule(machine(i), '2026-11-01', '2026-11-02');
    await watch.scheduler.drain();

    expect(watch.batches.map((batch) => batch.length)).toEqual([100, 100, 100, 100, 50]);
    const ids = watch.batches.flat().map((job) => job.machineId);
    expect(new Set(ids).size).toBe(450);
    expect(ids).toHaveLength(450);
    expect(watch.mostAtOnce()).toBe(2);
    expect(watch.overlapping()).toBe(false);
    expect(watch.scheduler.waiting().machines).toBe(0);
  });

  it('recomputes a machine queued during its batch again afterwards, not alongside', async () => {
    const watch = watched(2);
    for (let i = 0; i < 250; i++) watch.scheduler.schedule(machine(i), '2026-11-01', '2026-11-01');
    let queuedAgain = false;
    watch.whenStarted((batch) => {
      if (queuedAgain || !batch.some((job) => job.machineId === machine(0))) return;
      queuedAgain = true;
      // New records for a machine whose recompute has already read its window.
      watch.scheduler.schedule(machine(0), '2026-11-03', '2026-11-03');
    });
    await watch.scheduler.drain();

    const jobsOfFirst = watch.batches.flat().filter((job) => job.machineId === machine(0));
    expect(jobsOfFirst.map((job) => [job.fromDay, job.toDay])).toEqual([
      ['2026-11-01', '2026-11-01'],
      ['2026-11-03', '2026-11-03'],
    ]);
    expect(watch.overlapping()).toBe(false);
    expect(watch.scheduler.waiting().machines).toBe(0);
  });

  it('keeps to one batch at a time by default (PGlite)', async () => {
    const watch = watched(1);
    for (let i = 0; i < 250; i++) watch.scheduler.schedule(machine(i), '2026-11-01', '2026-11-01');
    await watch.scheduler.drain();
    expect(watch.batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(watch.mostAtOnce()).toBe(1);
  });

  it('recomputes nothing while held, then all that was queued meanwhile in one go', async () => {
    const watch = watched(1);
    await watch.scheduler.holdWhile(async () => {
      for (let day = 1; day <= 3; day++) {
        watch.scheduler.schedule(machine(day), '2026-11-01', `2026-11-0${day}`);
        // Longer than the scheduler's delay: unheld, each would have been recomputed by now.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(watch.batches).toEqual([]);
      expect(watch.scheduler.isRecomputing([machine(2)])).toBe(true);
    });
    await watch.scheduler.drain();
    expect(watch.batches.map((batch) => batch.map((job) => job.machineId))).toEqual([
      [machine(1), machine(2), machine(3)],
    ]);
  });
});
