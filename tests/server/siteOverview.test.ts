// GET /v1/portal/sites/overview and /v1/portal/sites/{id}/timeline: each site's machines summed as
// the machine list sums them, and a site's machines' activity segments; tenancy and 400s.
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { SitesOverviewReply, SiteTimelineReply } from '../../src/domain/api/sites.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10';

describeServer('site overview and timeline', { users: ['admin', 'customer'] }, (fixture) => {
  let machineId: string;
  let siteId: string;

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    const [site] = await fixture.server.db.query<{ id: string }>(
      `SELECT s.id FROM site s JOIN organisation o ON o.id = s.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND s.code = 'NPH-DA'`,
    );
    siteId = site?.id ?? '';
    // Off hire at the Dartford depot, working 08:00–09:00 then off.
    await fixture.server.db.query('DELETE FROM hire WHERE machine_id = $1', [machineId]);
    await fixture.server.db.query('UPDATE machine SET site_id = $2 WHERE id = $1', [
      machineId,
      siteId,
    ]);
    const at = (minute: number, running: boolean) => ({
      deviceTime: new Date(Date.parse(`${DAY}T08:00:00Z`) + minute * 60_000).toISOString(),
      ignition: running,
      engineRpm: running ? 1500 : 0,
    });
    await sendRecords(fixture.server, fleet.sourceId, [
      ...Array.from({ length: 60 }, (_, i) => at(i, true)),
      at(60, false),
      at(120, false),
    ]);
  });

  it("sums each site's machines as the machine list does", async () => {
    const reply = await call<SitesOverviewReply>(
      fixture.server,
      'GET',
      `/v1/portal/sites/overview?start=${DAY}&end=${DAY}`,
      { token: fixture.admin },
    );
    expect(reply.status).toBe(200);
    expect(Value.Check(SitesOverviewReply, reply.body)).toBe(true);
    let total = reply.body.elsewhere.numberOfMachines.value ?? 0;
    for (const { site, summary } of reply.body.sites) {
      const filter = encodeURIComponent(encodeFilter({ site: [site.id] }));
      const list = await call<MachineListReply>(
        fixture.server,
        'GET',
        `/v1/portal/machines/list?start=${DAY}&end=${DAY}&filter=${filter}`,
        { token: fixture.admin },
      );
      expect(summary, site.name).toEqual(list.body.summary);
      total += summary.numberOfMachines.value ?? 0;
    }
    const all = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${DAY}&end=${DAY}`,
      { token: fixture.admin },
    );
    expect(total).toBe(all.body.summary.numberOfMachines.value);
    const dartford = reply.body.sites.find((s) => s.site.id === siteId);
    expect(dartford?.summary.activeHours.value).toBeGreaterThanOrEqual(0.9);
  });

  it("draws the site's machines' activity over a day", async () => {
    const reply = await call<SiteTimelineReply>(
      fixture.server,
      'GET',
      `/v1/portal/sites/${siteId}/timeline?start=${DAY}`,
      { token: fixture.admin },
    );
    expect(reply.status).toBe(200);
    expect(Value.Check(SiteTimelineReply, reply.body)).toBe(true);
    expect(reply.body).toMatchObject({
      from: `${DAY}T00:00:00.000Z`,
      to: '2026-11-11T00:00:00.000Z',
    });
    const ours = reply.body.machines.find((m) => m.id === machineId);
    const active = ours?.segments.filter((s) => s.state === 'active') ?? [];
    expect(active).toHaveLength(1);
    expect(active[0]?.from).toBe(`${DAY}T08:00:00.000Z`);
    // Pieces in a row are one segment, and none leaves the day.
    for (const machine of reply.body.machines) {
      machine.segments.forEach((segment, i) => {
        expect(segment.from >= reply.body.from && segment.to <= reply.body.to).toBe(true);
        expect(
          segment.state === machine.segments[i + 1]?.state &&
            segment.to === machine.segments[i + 1]?.from,
        ).toBe(false);
      });
    }
  });

  it("hides another organisation's site and refuses malformed ranges", async () => {
    expect(
      (
        await call(fixture.server, 'GET', `/v1/portal/sites/${siteId}/timeline?start=${DAY}`, {
          token: fixture.customer,
        })
      ).status,
    ).toBe(404);
    for (const [query, field] of [
      [`start=${DAY}&end=2026-11-01`, 'end'],
      [`start=${DAY}&end=2026-11-30`, 'end'],
      ['start=yesterday', 'start'],
    ] as const) {
      const reply = await call(
        fixture.server,
        'GET',
        `/v1/portal/sites/${siteId}/timeline?${query}`,
        {
          token: fixture.admin,
        },
      );
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(field);
    }
    const overview = await call(fixture.server, 'GET', '/v1/portal/sites/overview?filter=%25%25', {
      token: fixture.admin,
    });
    expect(overview.status).toBe(400);
  });
});
