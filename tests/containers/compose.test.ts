// The whole portal from compose.yaml with podman (issue 45): the base images made here as
// ops/containers/build-bases.sh makes them, the portal's image built from Containerfile, and
// PostgreSQL, NATS, an ingest, an engine and two api processes started behind one published port.
// Signs in through that port, sends Teltonika records to the ingest's published port and sees them
// in the machine list from an api process, then stops one api process and the portal answers on.
// @clock-relative: the records are dated a minute ago, the machine list read as of now.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IO } from '../../server/telemetry/adapters/teltonika/ioElements.ts';
import {
  encodeImeiHandshake,
  encodeTcpPacket,
} from '../../server/telemetry/adapters/teltonika/encode.ts';
import { freePort } from '../support/portalProcess.ts';
import { TrackerSocket } from '../support/trackerSocket.ts';
import { waitFor } from '../support/waitFor.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROJECT = 'fleet-portal-test';
/** A Northbank tracker of the demo, on one of its machines. */
const DEVICE = '357309051000001';
const env = {
  ...process.env,
  CONTAINERS_CONF: path.join(ROOT, 'ops/containers/containers.conf'),
};
const podmanAvailable = spawnSync('podman', ['--version']).status === 0;
if (process.env.CI === 'true' && !podmanAvailable)
  throw new Error('CI=true: podman is required for the container test');

const run = (
  command: string,
  args: string[],
  extra: Record<string, string> = {},
  output: 'inherit' | 'ignore' = 'inherit',
) =>
  execFileSync(command, args, {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', output, output],
  });

interface ListedMachine {
  id: string;
  lastPositionAt: string | null;
}

describe.skipIf(!podmanAvailable)('compose.yaml under podman', () => {
  let portal = '';
  let trackerPort = 0;
  let settings: Record<string, string> = {};
  const compose = (args: string[], output: 'inherit' | 'ignore' = 'inherit') =>
    run('podman-compose', ['-p', PROJECT, ...args], settings, output);

  beforeAll(async () => {
    settings = {
      DEMO_DATA: 'true',
      DEMO_HISTORY_DAYS: '0',
      PORTAL_PORT: String(await freePort()),
      TELTONIKA_PUBLISHED_PORT: String(await freePort()),
    };
    portal = `http://127.0.0.1:${settings.PORTAL_PORT}`;
    trackerPort = Number(settings.TELTONIKA_PUBLISHED_PORT);
    run('ops/containers/build-bases.sh', []);
    run('podman', [
      'build',
      '--quiet',
      '--network',
      'host',
      '--format',
      'docker',
      '-t',
      'localhost/fleet-portal:latest',
      '.',
    ]);
    // A run before this one that did not finish leaves nothing behind.
    compose(['down', '-v'], 'ignore');
    compose(['up', '-d']);
    await waitFor(
      'the portal through the proxy',
      async () => {
        const reply = await fetch(`${portal}/v1/health/ready`);
        return reply.status === 200 ? true : undefined;
      },
      300_000,
    );
  });

  afterAll(() => {
    if (!portal) return;
    try {
      compose(['down', '-v'], 'ignore');
    } catch (error) {
      console.error('podman-compose down failed', error);
    }
  });

  const signIn = async () => {
    const reply = await fetch(`${portal}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { token: string }).token;
  };
  const machines = async (token: string) => {
    const reply = await fetch(`${portal}/v1/machines/list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { machines: ListedMachine[] }).machines;
  };

  it('takes a tracker’s records at the ingest and shows them in the machine list', async () => {
    const token = await signIn();
    const before = await machines(token);
    expect(before.length).toBeGreaterThan(10);
    const placed = new Set(before.filter((m) => m.lastPositionAt).map((m) => m.id));

    const sentAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const device = new TrackerSocket(trackerPort);
    device.send(encodeImeiHandshake(DEVICE));
    expect((await device.read(1))[0]).toBe(1);
    device.send(
      encodeTcpPacket(
        [0, 1, 2].map((i) => ({
          timestampMs: sentAt + i * 10_000,
          latitude: 51.5321 + i * 1e-4,
          longitude: -0.2712,
          satellites: 11,
          speedKmh: 4,
          io: { [IO.ignition]: 1, [IO.engineRpm]: 1300 },
        })),
      ),
    );
    // The acknowledgement (the count of records) leaves only after the commit.
    expect((await device.read(4)).readUInt32BE(0)).toBe(3);
    device.socket.end();

    const moved = await waitFor('the records in the machine list', async () => {
      const now = await machines(token);
      return now.find((m) => m.lastPositionAt && !placed.has(m.id));
    });
    expect(Date.parse(moved.lastPositionAt ?? '')).toBe(sentAt + 20_000);
  });

  it('answers on when one api process stops', async () => {
    run('podman', ['stop', '--time', '5', `${PROJECT}_api-1_1`]);
    const token = await signIn();
    for (let i = 0; i < 10; i += 1) expect((await machines(token)).length).toBeGreaterThan(10);
    const ready = await fetch(`${portal}/v1/health/ready`);
    expect(ready.status).toBe(200);
  });
});
