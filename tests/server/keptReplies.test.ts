// The fleet map's reply is kept between requests (ReadModel.replies) and compressed once; it must
// still change at once with what it shows: a write straight in the database, records stored, and,
// with nothing written, the moment a machine's state goes quiet.
// @clock-relative: reads the clock for token and reply lifetimes and waits, never a date or hour.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import type { MapsReply } from '../../src/domain/api/maps.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('kept fleet map replies', {}, (fixture) => {
  let token = '';
  let machineId = '';
  let sourceId = '';
  beforeAll(async () => {
    ({ token } = await signIn(fixture.server));
    ({ machineId, sourceId } = await demoMachines(fixture.server));
  });

  const fetchMap = () =>
    fetch(`${fixture.server.url}/v1/portal/maps`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
  const map = async () => (await (await fetchMap()).json()) as MapsReply;
  const ours = async () => (await map()).machines.find((m) => m.id === machineId);

  /**
   * As a browser asks. fetch would undo the compression itself, and adds `cache-control: no-cache`
   * to any request that carries If-None-Match, as the fetch standard says.
   */
  const rawMap = (headers: Record<string, string>) =>
    new Promise<{ status?: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
      (resolve, reject) =>
        http
          .get(
            `${fixture.server.url}/v1/portal/maps`,
            { headers: { authorization: `Bearer ${token}`, ...headers } },
            (reply) => {
              const chunks: Buffer[] = [];
              reply.on('data', (chunk: Buffer) => chunks.push(chunk));
              reply.on('end', () =>
                resolve({
                  status: reply.statusCode,
                  headers: reply.headers,
                  bytes: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on('error', reject),
    );

  it('sends the same reply to every request, gzipped for those that accept it', async () => {
    const plain = await fetchMap();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const zipped = await rawMap({ 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const { bytes } = zipped;
    expect(bytes.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
  });

  it('answers 304 and no body to a browser that holds the same reply, and the new one after a change', async () => {
    const first = await rawMap({ 'accept-encoding': 'gzip' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The plain and the gzipped body carry the same JSON, and the same tag.
    expect((await fetchMap()).headers.get('etag')).toBe(tag);

    const unchanged = await rawMap({
      'accept-encoding': 'gzip',
      'if-none-match': `"other", ${tag}`,
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.etag).toBe(tag);
    expect(unchanged.bytes.length).toBe(0);
    // A reload the user forces asks past the browser's copy.
    const forced = await rawMap({ 'if-none-match': tag, 'cache-control': 'no-cache' });
    expect(forced.status).toBe(200);

    await fixture.server.db.query(`UPDATE machine SET note = 'tag moves on' WHERE id = $1`, [
      machineId,
    ]);
    const changed = await rawMap({ 'accept-encoding': 'identity', 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.bytes.length).toBeGreaterThan(0);
  });

  it('shows a write made straight in the database on the next request', async () => {
    const before = await ours();
    await fixture.server.db.query(`UPDATE machine SET name = name || ' (renamed)' WHERE id = $1`, [
      machineId,
    ]);
    expect((await ours())?.name).toBe(`${before?.name} (renamed)`);
  });

  it('shows the place of records stored since', async () => {
    const deviceTime = new Date(Date.now() - 30_000).toISOString();
    await ours();
    await sendRecords(fixture.server, sourceId, [
      { deviceTime, latitude: 53.4808, longitude: -2.2426, satellites: 9, ignition: true },
    ]);
    expect((await ours())?.location).toMatchObject({ latitude: 53.4808, longitude: -2.2426 });
  });

  it('shows a state as missing once it has gone quiet, with nothing written then', async () => {
    const now = Date.now();
    // A machine reporting every 2 s is quiet 6 s after its last state: long enough for the first
    // map to be built before then on a busy machine.
    await fixture.server.db.query(
      `UPDATE source SET expected_interval_s = 2 WHERE machine_id = $1`,
      [machineId],
    );
    await fixture.server.db.query(
      `INSERT INTO activity_segment (machine_id, from_at, to_at, state) VALUES ($1, $2, $3, 'active')`,
      [machineId, new Date(now - 1_000), new Date(now)],
    );
    // The segment and intervals are not what the kept reply watches: a change of the fleet is.
    await fixture.server.db.query(`UPDATE machine SET note = 'quiet soon' WHERE id = $1`, [
      machineId,
    ]);
    expect((await ours())?.state).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, now + 6_300 - Date.now()));
    expect((await ours())?.state).toBe('missing');
  });
});
