// GET /v1/portal/machines/list: tenancy, hire visibility, archive, search, filters, sort, paging and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { expect, it } from 'vitest';
import Value from 'typebox/value';
import { MachineListReply } from '../../src/domain/api/machines.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { zonedDate, zonedInstant } from '../../src/domain/zonedTime.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('machine list', { users: ['admin', 'customer'] }, (fixture) => {
  const list = (token: string, query = '') =>
    call<MachineListReply>(fixture.server, 'GET', `/v1/portal/machines/list${query}`, { token });

  it("lists the rental company's own fleet, without telemetry figures it does not have", async () => {
    const reply = await list(fixture.admin);
    expect(reply.status).toBe(200);
    expect(Value.Check(MachineListReply, reply.body)).toBe(true);
    const { machines, summary, total } = reply.body;
    expect(total).toBe(41);
    expect(machines).toHaveLength(41);
    expect(summary.numberOfMachines.value).toBe(41);
    expect(summary.onHire.value).toBe(machines.filter((m) => m.hiredStatus === 'ON_HIRE').length);
    expect(summary.activeHours.value).toBeNull();
    for (const machine of machines) {
      expect(machine.assetID).toMatch(/^NPH-\d{4}$/);
      expect(machine.hasActivity).toBe(false);
      expect(machine.lastSeenAt).toBeNull();
      expect(machine.activitySummary.activeHours.value).toBeNull();
      if (machine.hiredStatus === 'ON_HIRE') expect(machine.customer).not.toBeNull();
    }
  });

  it('shows archived machines only when asked', async () => {
    expect((await list(fixture.admin, '?show=archived')).body.total).toBe(1);
    expect((await list(fixture.admin, '?show=all')).body.total).toBe(42);
  });

  it('lets a customer see only the machines hired to it within the range', async () => {
    const today = (await list(fixture.customer)).body;
    expect(today.total).toBeGreaterThan(0);
    for (const machine of today.machines) {
      expect(machine.customer).toBe('Harrow Civil Engineering');
    }
    const hires = await fixture.server.db.query<{ machine_id: string }>(
      `SELECT h.machine_id FROM hire h JOIN organisation o ON o.id = h.customer_organisation_id
        WHERE o.name = 'Harrow Civil Engineering' AND h.starts_at <= now() AND coalesce(h.ends_at, 'infinity') > now()`,
    );
    expect(today.machines.map((m) => m.id).sort()).toEqual(hires.map((h) => h.machine_id).sort());
    // Over all recorded time it also sees machines whose hire has ended, but not as on hire.
    const ever = (await list(fixture.customer, '?start=max&end=max')).body;
    expect(ever.total).toBeGreaterThanOrEqual(today.total);
    expect(ever.machines.some((m) => m.hiredStatus === 'OFF_HIRE')).toBe(true);
  });

  it('searches name, asset id, site and customer case-insensitively', async () => {
    const byAsset = (await list(fixture.admin, '?q=nph-1101')).body;
    expect(byAsset.machines.map((m) => m.assetID)).toEqual(['NPH-1101']);
    const bySite = (await list(fixture.admin, '?q=brent%20CROSS')).body;
    expect(bySite.total).toBeGreaterThan(0);
    expect(bySite.machines.every((m) => m.site === 'Brent Cross Viaduct')).toBe(true);
    expect((await list(fixture.admin, '?q=%25')).body.total).toBe(0);
  });

  it('filters by encoded groups', async () => {
    const filter = encodeFilter({ hiredStatus: ['OFF_HIRE'], category: ['Excavator', 'Dumper'] });
    const reply = (await list(fixture.admin, `?filter=${encodeURIComponent(filter)}`)).body;
    expect(reply.total).toBeGreaterThan(0);
    for (const machine of reply.machines) {
      expect(machine.hiredStatus).toBe('OFF_HIRE');
      expect(['Excavator', 'Dumper']).toContain(machine.category);
    }
  });

  it('sorts and pages on the server', async () => {
    const all = (await list(fixture.admin, '?sort=assetId&order=DESC')).body.machines.map(
      (m) => m.assetID,
    );
    expect(all).toEqual([...all].sort().reverse());
    const page2 = (await list(fixture.admin, '?sort=assetId&order=DESC&page=2&perPage=10')).body;
    expect(page2.total).toBe(41);
    expect(page2.machines.map((m) => m.assetID)).toEqual(all.slice(10, 20));
    const byName = (await list(fixture.admin, '?sort=name')).body.machines.map((m) =>
      m.name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
  });

  it('shows the activity that came in through the ingest and the engine', async () => {
    const [tracker] = await fixture.server.db.query<{ code: string; machine_id: string }>(
      `SELECT s.code, s.machine_id FROM source s JOIN machine m ON m.id = s.machine_id
        WHERE m.asset_id = 'NPH-1101'`,
    );
    expect(tracker).toBeDefined();
    const { ingest, rollups: scheduler } = fixture.server;
    // Two hours of work from 08:00 today (London), one record a minute, then the engine off.
    const today = zonedDate(new Date(), 'Europe/London');
    const start = zonedInstant(today, 8 * 60, 'Europe/London').getTime();
    const records = Array.from({ length: 121 }, (_, i) => {
      const record = emptyRecord('TELTONIKA', tracker?.code ?? '', start + i * 60_000, Date.now());
      const working = i < 120;
      return {
        ...record,
        ignition: working,
        engineRpm: working ? 1600 : 0,
        fuelUsedL: 1000 + Math.min(i, 120) * 0.2,
      };
    });
    await ingest(records);
    await scheduler.drain();

    const reply = (await list(fixture.admin, `?q=NPH-1101&start=${today}&end=${today}`)).body;
    const machine = reply.machines[0];
    expect(machine?.hasActivity).toBe(true);
    expect(machine?.lastSeenAt).toBe(new Date(start + 120 * 60_000).toISOString());
    expect(machine?.sources).toEqual([
      { type: 'TELTONIKA', code: tracker?.code, shortCode: null, hours: null },
    ]);
    expect(machine?.activitySummary.activeHours.value).toBeCloseTo(2, 5);
    expect(machine?.activitySummary.fuelBurnRate.value).toBeCloseTo(12, 5);
    expect(reply.summary.withActivity.value).toBe(1);
    expect(reply.summary.activeHours.value).toBeCloseTo(2, 5);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    const cases: [string, string][] = [
      ['?perPage=abc', 'perPage'],
      ['?show=everything', 'show'],
      ['?start=yesterday', 'start'],
      ['?start=2026-05-02&end=2026-05-01', 'end'],
      ['?filter=nocolon', 'filter'],
      ['?filter=planet:mars', 'filter'],
      ['?sort=secret', 'sort'],
      ['?unknown=1', 'unknown'],
    ];
    for (const [query, field] of cases) {
      const reply = await list(fixture.admin, query);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ code: 'VALIDATION', field });
    }
  });
});
