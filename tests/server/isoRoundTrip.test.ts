// The ISO 15143-3 round trip (issue 43, docs/integrations.md): the portal's own OEM-feed poller,
// pointed at another organisation's feed on this server through OAuth 2.0 client credentials,
// imports the demo fleet with the same operating hours (to 0.00 h) and positions as the feed said.
// @clock-relative: the demo's meters and positions are placed hours before now.
import { beforeAll, expect, it } from 'vitest';
import type { ApiClientCreated } from '../../src/domain/api/apiClients.ts';
import type { OemFeed } from '../../src/domain/api/oemFeeds.ts';
import { importedReadings } from '../support/aempImport.ts';
import { clientToken } from '../support/apiClients.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

interface Exported {
  EquipmentHeader: { EquipmentID: string; PIN?: string; SerialNumber?: string };
  Location?: { Latitude: number; Longitude: number };
  CumulativeOperatingHours?: { Hour: number };
}

describeServer(
  'iso round trip',
  // The feed is this server itself: an on-premises address, as the setting allows.
  { users: ['admin', 'staff'], env: { OEM_FEED_ALLOW_PRIVATE: 'true' } },
  (fixture) => {
    let importer: string;

    beforeAll(async () => {
      const db = fixture.server.db;
      // Every machine has its maker's serial number; the demo recorded only the OEM-fed ones'.
      await db.query(
        `UPDATE machine SET serial_number = 'SN-' || asset_id
          WHERE serial_number IS NULL AND asset_id IS NOT NULL
            AND organisation_id = (SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')`,
      );
      // The demo fleet with what a feed reports: each machine's meter, read two hours ago and run
      // on since, and its last position.
      await db.query(
        `UPDATE machine m SET hour_meter_h = 800 + n.k * 37.125, hour_meter_at = now() - interval '2 hours',
                              hour_meter_source = 'computed'
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM machine
                  WHERE organisation_id = (SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')
                    AND archived_at IS NULL) n
          WHERE m.id = n.id`,
      );
      await db.query(
        `INSERT INTO source (type, code, machine_id, last_latitude, last_longitude, last_position_at,
                             last_seen_at)
         SELECT 'ROUNDTRIP', 'RT-' || m.id, m.id, 51.4 + random() / 10, -0.3 + random() / 10,
                now() - interval '20 minutes', now() - interval '20 minutes'
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL`,
      );
      await db.query(
        `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
         SELECT m.id, now() - interval '90 minutes', now() - interval '30 minutes', 'active'
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL`,
      );
      // The importer knows the same machines by their PINs and serial numbers, as a dealer would.
      const [organisation] = await db.query<{ id: string }>(
        `INSERT INTO organisation (name, type) VALUES ('Round trip dealer', 'rental') RETURNING id`,
      );
      importer = organisation?.id ?? '';
      await db.query(
        `INSERT INTO machine (organisation_id, name, oem, model, serial_number, pin)
         SELECT $1, m.name, m.oem, m.model, m.serial_number, m.pin
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL`,
        [importer],
      );
    });

    it('imports the fleet it serves with the same hours and positions', async () => {
      const client = await call<ApiClientCreated>(
        fixture.server,
        'POST',
        '/v1/organisation/api-clients',
        { body: { name: 'Dealer poller', scopes: ['iso:read'] }, token: fixture.admin },
      );
      expect(client.status).toBe(201);
      const url = fixture.server.url;
      const feed = await call<OemFeed>(fixture.server, 'POST', '/v1/admin/oem-feeds', {
        token: fixture.staff,
        body: {
          organisationId: importer,
          name: 'Northbank AEMP',
          sourceType: 'NORTHBANK_AEMP',
          baseUrl: `${url}/v1/iso/Fleet/1`,
          format: 'xml',
          auth: 'oauth2',
          username: client.body.clientId,
          secret: client.body.clientSecret,
          tokenUrl: `${url}/v1/iso/token`,
          intervalS: 3600,
        },
      });
      expect(feed.status, JSON.stringify(feed.body)).toBe(201);
      const poll = await call<{ equipment: number; matched: number; error: string | null }>(
        fixture.server,
        'POST',
        `/v1/admin/oem-feeds/${feed.body.id}/poll`,
        { token: fixture.staff },
      );
      expect(poll.body.error).toBeNull();

      // What the feed said, read as JSON by the same client (another document of the minute).
      const token = await clientToken(fixture.server, client.body);
      const served = await fetch(`${url}/v1/iso/Fleet/1`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      const exported = ((await served.json()) as { Fleet: { Equipment: Exported[] } }).Fleet
        .Equipment;
      // The whole demo fleet, every machine matched.
      expect(exported.length).toBeGreaterThanOrEqual(40);
      expect(poll.body.matched).toBe(exported.length);

      // What the poller stored: each machine's record, as the engine and the meters read it.
      const imported = await importedReadings(fixture.server.db, importer, 'NORTHBANK_AEMP');
      const byCode = new Map(imported.map((row) => [row.code, row]));
      const compared = exported.filter((e) => e.CumulativeOperatingHours && e.Location);
      expect(compared.length).toBe(exported.length);
      for (const equipment of compared) {
        const code = equipment.EquipmentHeader.PIN ?? equipment.EquipmentHeader.SerialNumber;
        const mine = byCode.get(code ?? '');
        const where = code;
        const difference = Math.abs(
          (mine?.operating_hours_h ?? 0) - (equipment.CumulativeOperatingHours?.Hour ?? -1),
        );
        expect(difference.toFixed(2), where).toBe('0.00');
        expect([mine?.latitude, mine?.longitude], where).toEqual([
          equipment.Location?.Latitude,
          equipment.Location?.Longitude,
        ]);
      }
    });
  },
);
