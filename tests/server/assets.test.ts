// Equipment assets through HTTP on both databases: a demo trailer's tracker reports a tow from the
// depot to a customer's site on fixture days, and the list, details and overview show its visits,
// days on site and distance; assets made, edited and given a spare tracker; tenancy, the viewer's
// 403 and bad input named.
import { beforeAll, expect, it } from 'vitest';
import type {
  AssetDetailsReply,
  EquipmentAsset,
  EquipmentOverviewReply,
} from '../../src/domain/api/assets.ts';
import type { QrTargetReply, SensorRecord } from '../../src/domain/api/sensors.ts';
import { distanceBetweenM } from '../../src/domain/geofence.ts';
import { DEMO_UNASSIGNED_DEVICES } from '../../server/demo/seed.ts';
import { DEMO_ASSETS } from '../../server/telemetry/simulator/demoAssets.ts';
import { sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

// Fixture days in GMT: the tracker is at the Park Royal depot, towed at 07:00 on the 2nd to the
// A40 Hanger Lane Junction site (a customer's, where Northbank's hires go) and left there.
const DEPOT = { latitude: 51.5294, longitude: -0.2757 };
const JOB = { latitude: 51.5303, longitude: -0.2926 };
const RANGE = 'startDate=2026-11-02&endDate=2026-11-04';
const towAt = (f: number) => ({
  latitude: DEPOT.latitude + (JOB.latitude - DEPOT.latitude) * f,
  longitude: DEPOT.longitude + (JOB.longitude - DEPOT.longitude) * f,
});
const fix = (deviceTime: string, place: { latitude: number; longitude: number }) => ({
  deviceTime,
  ...place,
  satellites: 9,
});

describeServer('equipment assets', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  let trailerId: string;

  beforeAll(async () => {
    const [tracker] = await fixture.server.db.query<{ id: string; equipment_asset_id: string }>(
      'SELECT id, equipment_asset_id FROM source WHERE code = $1',
      [DEMO_ASSETS[0]?.code ?? ''],
    );
    trailerId = tracker?.equipment_asset_id ?? '';
    await sendRecords(fixture.server, tracker?.id ?? '', [
      fix('2026-11-01T22:00:00.000Z', DEPOT),
      fix('2026-11-02T05:00:00.000Z', { ...DEPOT, latitude: DEPOT.latitude + 0.0001 }),
      fix('2026-11-02T06:00:00.000Z', DEPOT),
      ...[0.25, 0.5, 0.75].map((f, i) => fix(`2026-11-02T07:${i + 1}0:00.000Z`, towAt(f))),
      fix('2026-11-02T07:40:00.000Z', JOB),
      fix('2026-11-03T12:00:00.000Z', JOB),
      fix('2026-11-04T12:00:00.000Z', JOB),
    ]);
  });

  const list = (query: string, token = fixture.admin) =>
    call<EquipmentAsset[]>(fixture.server, 'GET', `/v1/portal/assets?${query}`, { token });
  const details = (id: string, query = RANGE, token = fixture.admin) =>
    call<AssetDetailsReply & { field?: string }>(
      fixture.server,
      'GET',
      `/v1/portal/assets/${id}?${query}`,
      {
        token,
      },
    );

  it('shows where a towed trailer went: its visits, days on site and distance', async () => {
    const reply = await details(trailerId);
    expect(reply.status).toBe(200);
    expect(reply.body.asset).toMatchObject({
      name: DEMO_ASSETS[0]?.name,
      siteName: 'A40 Hanger Lane Junction',
      daysOnSite: 3,
      visits: 2,
    });
    expect(reply.body.asset.distanceM).toBeCloseTo(distanceBetweenM(DEPOT, JOB), -1);
    expect(reply.body.visits).toEqual([
      expect.objectContaining({
        siteName: 'Northbank Depot Park Royal',
        arrivedAt: null,
        leftAt: '2026-11-02T07:10:00.000Z',
        days: 1,
      }),
      expect.objectContaining({
        siteName: 'A40 Hanger Lane Junction',
        arrivedAt: '2026-11-02T07:40:00.000Z',
        leftAt: null,
        days: 3,
      }),
    ]);
    expect(reply.body.positions).toHaveLength(8);
    // The next days: parked since before the range, nothing moved.
    const later = await details(trailerId, 'startDate=2026-11-05&endDate=2026-11-06');
    expect(later.body.asset).toMatchObject({ distanceM: 0, daysOnSite: 2, visits: 1 });
    expect(later.body.visits[0]).toMatchObject({ arrivedAt: null, leftAt: null });
  });

  it('lists, sorts, filters and pages the assets over the range', async () => {
    const all = await list(`${RANGE}&sort=["distanceM","DESC"]&range=[0,1]`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('assets 0-1/3');
    expect(all.body[0]?.id).toBe(trailerId);
    const onSite = await list(
      `${RANGE}&filter=${encodeURIComponent(JSON.stringify({ siteId: all.body[0]?.siteId }))}`,
    );
    expect(onSite.body.map((a) => a.id)).toEqual([trailerId]);
    const off = await list(`${RANGE}&filter=${encodeURIComponent('{"siteId":"none"}')}`);
    expect(off.body.map((a) => a.id)).not.toContain(trailerId);
    const found = await list(`filter=${encodeURIComponent(`{"q":"${DEMO_ASSETS[0]?.code}"}`)}`);
    expect(found.body.map((a) => a.id)).toEqual([trailerId]);
    const cabins = await list(`filter=${encodeURIComponent('{"kind":"cabin"}')}`);
    expect(cabins.body.map((a) => a.name)).toEqual(['Site cabin on trailer']);
  });

  it('counts the assets where they are now', async () => {
    const overview = await call<EquipmentOverviewReply>(
      fixture.server,
      'GET',
      '/v1/portal/equipment',
      {
        token: fixture.viewer,
      },
    );
    expect(overview.status).toBe(200);
    expect(overview.body.counts).toMatchObject({ assets: 3, onSite: 1, noPosition: 2 });
    expect(overview.body.assets.find((a) => a.id === trailerId)?.siteName).toBe(
      'A40 Hanger Lane Junction',
    );
  });

  it('makes and edits an asset, refusing a second of the same number', async () => {
    const made = await call<EquipmentAsset & { field?: string }>(
      fixture.server,
      'POST',
      '/v1/portal/assets',
      {
        token: fixture.admin,
        body: { name: ' 20 ft container ', assetNumber: 'NPH-K01', kind: 'container' },
      },
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: '20 ft container', kind: 'container', trackers: [] });
    const again = await call<{ field?: string }>(fixture.server, 'POST', '/v1/portal/assets', {
      token: fixture.admin,
      body: { name: 'Another', assetNumber: 'nph-k01', kind: 'container' },
    });
    expect([again.status, again.body.field]).toEqual([409, 'assetNumber']);
    const edited = await call<EquipmentAsset>(
      fixture.server,
      'PUT',
      `/v1/portal/assets/${made.body.id}`,
      {
        token: fixture.admin,
        body: { name: 'Container K01', assetNumber: 'NPH-K01', kind: 'container', note: 'Blue' },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Container K01', note: 'Blue' });
  });

  it('fits a spare tracker to a new asset, which then is nobody’s spare', async () => {
    const [, code, claimCode] = DEMO_UNASSIGNED_DEVICES[0];
    const before = await call<{ counts: { unassigned: number; total: number } }>(
      fixture.server,
      'GET',
      '/v1/portal/sensors/dashboard',
      { token: fixture.admin },
    );
    const wrongClaim = await call(fixture.server, 'POST', '/v1/portal/assets/onboard', {
      token: fixture.admin,
      body: { sensor: code, claimCode: 'WRONG-CODE', asset: { name: 'Skip', kind: 'other' } },
    });
    expect(wrongClaim.status).toBe(404);
    const fitted = await call<{ equipmentAssetId: string; sourceId: string }>(
      fixture.server,
      'POST',
      '/v1/portal/assets/onboard',
      {
        token: fixture.admin,
        body: { sensor: code, claimCode, asset: { name: 'Tipping skip trailer', kind: 'trailer' } },
      },
    );
    expect(fitted.status).toBe(201);
    const sensor = await call<SensorRecord>(
      fixture.server,
      'GET',
      `/v1/portal/sensors/${fitted.body.sourceId}`,
      { token: fixture.admin },
    );
    expect(sensor.body).toMatchObject({
      machineId: null,
      equipmentAssetId: fitted.body.equipmentAssetId,
      equipmentAssetName: 'Tipping skip trailer',
    });
    const after = await call<{ counts: { unassigned: number; total: number } }>(
      fixture.server,
      'GET',
      '/v1/portal/sensors/dashboard',
      { token: fixture.admin },
    );
    // The organisation's now, and not a spare one.
    expect(after.body.counts.total).toBe(before.body.counts.total + 1);
    expect(after.body.counts.unassigned).toBe(before.body.counts.unassigned);
    // On an asset now: neither onboarding takes it again, and its label opens the asset.
    const twice = await call<{ message: string }>(
      fixture.server,
      'POST',
      '/v1/portal/machines/onboard',
      {
        token: fixture.admin,
        body: { sensor: code, claimCode, machine: { name: 'X' } },
      },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('Tipping skip trailer');
    const qr = await call<QrTargetReply>(
      fixture.server,
      'GET',
      `/v1/portal/qr/${code}?claim=${claimCode}`,
      { token: fixture.admin },
    );
    expect(qr.body).toMatchObject({
      target: 'asset',
      equipmentAssetId: fitted.body.equipmentAssetId,
    });
  });

  it('prints labels of the organisation’s assets, each a QR code of its short link', async () => {
    const labels = (ids: string[], token = fixture.viewer) =>
      fetch(`${fixture.server.url}/v1/portal/assets/labels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ids }),
      });
    const sheet = await labels([trailerId]);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await sheet.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const foreign = await labels([trailerId], fixture.customer);
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { field: string }).field).toBe('ids.0');
  });

  it('keeps each organisation to its own assets, and viewers to reading', async () => {
    expect((await details(trailerId, RANGE, fixture.customer)).status).toBe(404);
    expect((await list('', fixture.customer)).body).toEqual([]);
    expect((await details(trailerId, RANGE, fixture.viewer)).status).toBe(200);
    const write = await call(fixture.server, 'POST', '/v1/portal/assets', {
      token: fixture.viewer,
      body: { name: 'Nope', kind: 'other' },
    });
    expect(write.status).toBe(403);
    const edit = await call(fixture.server, 'PUT', `/v1/portal/assets/${trailerId}`, {
      token: fixture.customer,
      body: { name: 'Mine now', kind: 'trailer' },
    });
    expect(edit.status).toBe(404);
  });

  it('names the field of bad input', async () => {
    const field = async (reply: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await reply;
      return [status, (body as { field?: string }).field];
    };
    expect(await field(details(trailerId, 'startDate=2026-11-04&endDate=2026-11-02'))).toEqual([
      400,
      'endDate',
    ]);
    expect(await field(details(trailerId, 'startDate=2026-01-01&endDate=2026-11-02'))).toEqual([
      400,
      'endDate',
    ]);
    expect(await field(list('filter={"kind":"boat"}'))).toEqual([400, 'filter.kind']);
    expect(await field(list('sort=["speed","ASC"]'))).toEqual([400, 'sort']);
    expect((await details('not-an-id')).status).toBe(400);
    expect((await details('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const [northbankSite] = await fixture.server.db.query<{ id: string }>(
      `SELECT s.id FROM site s JOIN organisation o ON o.id = s.organisation_id
        WHERE o.name = 'Meridian Build Group' LIMIT 1`,
    );
    expect(
      await field(
        call(fixture.server, 'POST', '/v1/portal/assets', {
          token: fixture.admin,
          body: { name: 'Trailer', kind: 'trailer', homeSiteId: northbankSite?.id },
        }),
      ),
    ).toEqual([400, 'homeSiteId']);
    expect(
      await field(
        call(fixture.server, 'POST', '/v1/portal/assets/onboard', {
          token: fixture.admin,
          body: { sensor: 'X', equipmentAssetId: trailerId, asset: { name: 'Y', kind: 'other' } },
        }),
      ),
    ).toEqual([400, 'equipmentAssetId']);
  });
});
