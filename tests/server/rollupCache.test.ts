// The list's rollups in memory agree with the database for any span: whole months, days inside
// the window it holds, days before it (read from the database), and after an invalidation.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import { addDays } from '../../src/domain/zonedTime.ts';
import {
  RollupCache,
  type RollupSums,
  SUM_COLUMNS,
  sumSpansFromDays,
} from '../../server/readModel/rollupCache.ts';
import { describeServer } from '../support/describeServer.ts';

const today = new Date().toISOString().slice(0, 10);
const first = addDays(today, -200);

describeServer('rollup cache', {}, (fixture) => {
  let machineId: string;

  beforeAll(async () => {
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name) SELECT id, 'Cache test' FROM organisation
        WHERE name = 'Northbank Plant Hire' RETURNING id`,
    );
    machineId = machine?.id ?? '';
    // 200 days of varied figures, and their months as the engine writes them.
    await fixture.server.db.query(
      `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
         fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
         refill_l, thefts, theft_l, brokendown_s)
       SELECT $1, d::date, 3600 + extract(doy FROM d) * 7, 600, 1000, 50, 60, 4.5, extract(dow FROM d) = 0, 11.5,
              2.57, 2025, 'diesel', 1234, 1, 1, 20, 0, 0, 0
         FROM generate_series($2::date, $3::date, interval '1 day') d`,
      [machineId, first, today],
    );
    await fixture.server.db.query(
      `INSERT INTO machine_month_rollup
       SELECT machine_id, date_trunc('month', day)::date, count(*), sum(active_s), sum(idle_s), sum(off_s),
              sum(missing_s), sum(brokendown_s), sum(out_of_hours_s), sum(fuel_l), bool_or(fuel_estimated),
              sum(co2_kg), sum(distance_m), sum(trips), sum(refills), sum(refill_l), sum(thefts), sum(theft_l),
              min(day)
         FROM machine_day_rollup WHERE machine_id = $1 GROUP BY 1, 2`,
      [machineId],
    );
  });

  const spans = () => [
    { key: 'all', fromDay: null, toDay: null },
    { key: 'old', fromDay: addDays(today, -190), toDay: addDays(today, -100) },
    { key: 'across', fromDay: addDays(today, -120), toDay: addDays(today, -3) },
    { key: 'recent', fromDay: addDays(today, -20), toDay: today },
    { key: 'one', fromDay: addDays(today, -1), toDay: addDays(today, -1) },
    { key: 'open', fromDay: addDays(today, -40), toDay: null },
  ];

  async function expectAgreement(cache: RollupCache) {
    const cached = await cache.sumSpans(spans().map((s) => ({ ...s, machineId })));
    const direct = await sumSpansFromDays(
      fixture.server.db,
      spans().map((s) => ({
        key: s.key,
        machineId,
        fromDay: s.fromDay ?? first,
        toDay: s.toDay ?? today,
      })),
    );
    for (const [i, { key }] of spans().entries()) {
      const a = cached[i];
      const b = direct.get(key);
      expect(a?.days, key).toBe(b?.days);
      expect(a?.firstDay, key).toBe(b?.firstDay);
      expect(a?.estimated, key).toBe(b?.estimated);
      SUM_COLUMNS.forEach((column, i) =>
        expect(a?.sums[i], `${key} ${column}`).toBeCloseTo(b?.sums[i] ?? NaN, 6),
      );
    }
  }

  it('sums every kind of span as the database does', async () => {
    await expectAgreement(new RollupCache(fixture.server.db));
  });

  it('cuts spans into buckets that add up as the database does', async () => {
    const cache = new RollupCache(fixture.server.db);
    // Months cut at both ends, one bucket older than the window, the last one open.
    const buckets = [
      { fromDay: addDays(today, -150), toDay: addDays(today, -101) },
      { fromDay: addDays(today, -100), toDay: addDays(today, -31) },
      { fromDay: addDays(today, -30), toDay: addDays(today, -1) },
      { fromDay: today, toDay: null },
    ];
    // Two spans of the machine that overlap the buckets differently, as two hires would.
    const spans = [
      { machineId, fromDay: addDays(today, -120), toDay: addDays(today, -10) },
      { machineId, fromDay: addDays(today, -5), toDay: null },
    ];
    const totals = await cache.sumBuckets(spans, buckets);
    const direct = await sumSpansFromDays(
      fixture.server.db,
      buckets.flatMap((bucket, b) =>
        spans.map((span, s) => {
          const fromDay = [bucket.fromDay, span.fromDay].sort().at(-1) as string;
          const toDay = [bucket.toDay ?? today, span.toDay ?? today].sort()[0] as string;
          return { key: `${b}/${s}`, machineId, fromDay, toDay };
        }),
      ),
    );
    buckets.forEach((_bucket, b) => {
      const parts = spans.map((_span, s) => direct.get(`${b}/${s}`));
      const days = parts.reduce((sum, part) => sum + (part?.days ?? 0), 0);
      expect(totals[b]?.days, `bucket ${b}`).toBe(days);
      SUM_COLUMNS.forEach((column, i) =>
        expect(totals[b]?.sums[i], `bucket ${b} ${column}`).toBeCloseTo(
          parts.reduce((sum, part) => sum + (part?.sums[i] ?? 0), 0),
          6,
        ),
      );
    });
    expect(totals[0]?.days).toBe(20);
  });

  it('reads a machine again once invalidated', async () => {
    const cache = new RollupCache(fixture.server.db);
    await expectAgreement(cache);
    // As a recompute would: the day and its month.
    await fixture.server.db.query(
      'UPDATE machine_day_rollup SET active_s = active_s + 100 WHERE machine_id = $1 AND day = $2',
      [machineId, addDays(today, -1)],
    );
    await fixture.server.db.query(
      `UPDATE machine_month_rollup SET active_s = active_s + 100
        WHERE machine_id = $1 AND month = date_trunc('month', $2::date)::date`,
      [machineId, addDays(today, -1)],
    );
    const [stale] = await cache.sumSpans([
      { machineId, fromDay: addDays(today, -1), toDay: addDays(today, -1) },
    ]);
    const [fresh] = await fixture.server.db.query<{ active_s: number }>(
      'SELECT active_s FROM machine_day_rollup WHERE machine_id = $1 AND day = $2',
      [machineId, addDays(today, -1)],
    );
    expect(stale?.sums[0]).toBe((fresh?.active_s ?? 0) - 100);
    cache.invalidate([machineId]);
    await expectAgreement(cache);
  });

  it('answers the same list of spans again from what it summed, until a machine changes', async () => {
    const cache = new RollupCache(fixture.server.db);
    const asked = [{ machineId, fromDay: addDays(today, -2), toDay: addDays(today, -2) }];
    const [before] = await cache.sumSpans(asked);
    await fixture.server.db.query(
      'UPDATE machine_day_rollup SET idle_s = idle_s + 100 WHERE machine_id = $1 AND day = $2',
      [machineId, addDays(today, -2)],
    );
    // Nothing announced: the same list is the same answer, shared.
    expect((await cache.sumSpans(asked))[0]).toBe(before);
    // Another list of the same spans is summed again, and so is this one after the commit.
    expect((await cache.sumSpans([...asked]))[0]?.sums[SUM_COLUMNS.indexOf('idle_s')]).toBe(
      before?.sums[SUM_COLUMNS.indexOf('idle_s')],
    );
    cache.invalidate([machineId]);
    const [after] = await cache.sumSpans(asked);
    expect(after?.sums[SUM_COLUMNS.indexOf('idle_s')]).toBe(
      (before?.sums[SUM_COLUMNS.indexOf('idle_s')] ?? 0) + 100,
    );
  });
  it('sums again only the spans of machines committed since, keeping the others', async () => {
    const day = addDays(today, -2);
    const [other] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name) SELECT organisation_id, 'Cache test 2' FROM machine
        WHERE id = $1 RETURNING id`,
      [machineId],
    );
    const otherId = other?.id ?? '';
    await fixture.server.db.query(
      `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
         fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
         refill_l, thefts, theft_l, brokendown_s)
       VALUES ($1, $2, 7200, 300, 0, 0, 0, 9, false, 23, 2.57, 2025, 'diesel', 0, 0, 0, 0, 0, 0, 0)`,
      [otherId, day],
    );
    const idle = (sums: RollupSums | undefined) => sums?.sums[SUM_COLUMNS.indexOf('idle_s')];
    const cache = new RollupCache(fixture.server.db);
    const asked = [
      { machineId, fromDay: day, toDay: day },
      { machineId: otherId, fromDay: day, toDay: day },
    ];
    const [oursBefore, otherBefore] = await cache.sumSpans(asked);
    expect(idle(otherBefore)).toBe(300);
    await fixture.server.db.query(
      'UPDATE machine_day_rollup SET idle_s = idle_s + 100 WHERE machine_id = ANY($1::uuid[]) AND day = $2',
      [[machineId, otherId], day],
    );
    // Only the other machine's commit is announced: only its span is summed again.
    cache.invalidate([otherId]);
    const [oursAfter, otherAfter] = await cache.sumSpans(asked);
    expect(oursAfter).toBe(oursBefore);
    expect(idle(otherAfter)).toBe(400);
    cache.invalidateAll();
    expect(idle((await cache.sumSpans(asked))[0])).toBe((idle(oursBefore) ?? 0) + 100);
  });
});
