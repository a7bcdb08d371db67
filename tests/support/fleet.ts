// The demo fleet's machines the machine tests use, and records sent for a source through the
// JSON ingest as its device would, with the rollups they make.
import { expect } from 'vitest';
import type { GenericRecord } from '../../src/domain/api/ingest.ts';
import { call, signIn, type TestServer } from './testServer.ts';

/** A Northbank machine in the fleet with a Teltonika tracker, and one of Meridian's machines. */
export async function demoMachines(server: TestServer) {
  const [owned] = await server.db.query<{ machine_id: string; source_id: string }>(
    `SELECT s.machine_id, s.id AS source_id FROM source s JOIN machine m ON m.id = s.machine_id
       JOIN organisation o ON o.id = m.organisation_id
      WHERE o.name = 'Northbank Plant Hire' AND s.type = 'TELTONIKA' AND m.archived_at IS NULL
      ORDER BY s.code LIMIT 1`,
  );
  const [foreign] = await server.db.query<{ id: string }>(
    `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
      WHERE o.name = 'Meridian Build Group' LIMIT 1`,
  );
  return {
    machineId: owned?.machine_id ?? '',
    sourceId: owned?.source_id ?? '',
    foreignId: foreign?.id ?? '',
  };
}

/** Sends the records with the source's own API key (made by staff), then waits for the rollups. */
export async function sendRecords(
  server: TestServer,
  sourceId: string,
  records: Partial<GenericRecord>[],
): Promise<void> {
  const staff = (await signIn(server, 'staff@demo.example')).token;
  const key = await call<{ apiKey: string }>(
    server,
    'POST',
    `/v1/admin/sources/${sourceId}/api-key`,
    { token: staff },
  );
  const response = await fetch(`${server.url}/v1/ingest/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key.body.apiKey },
    body: JSON.stringify({ records }),
  });
  expect(response.status).toBe(200);
  await server.rollups.drain();
}

/** The engine on from `from` (an instant) for `minutes`, a record a minute in one place, then off. */
export function engineRun(from: string, minutes: number): Partial<GenericRecord>[] {
  const startMs = Date.parse(from);
  return [
    ...Array.from({ length: minutes + 1 }, (_, i) => ({
      deviceTime: new Date(startMs + i * 60_000).toISOString(),
      ignition: true,
      movement: true,
      engineRpm: 1500,
      latitude: 51.5301,
      longitude: -0.1201,
      satellites: 9,
    })),
    {
      deviceTime: new Date(startMs + (minutes + 1) * 60_000).toISOString(),
      ignition: false,
      engineRpm: 0,
    },
  ];
}
