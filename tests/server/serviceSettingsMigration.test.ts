// Migration 055 (issue 42): the machine settings' service interval and next service date become a
// service plan covering the machines with that interval and a booked service on that day, and
// leave the settings; on both databases, from a schema one migration short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { createPostgresDatabase } from '../support/databases.ts';

const VERSION = 55;

const kinds = [
  { kind: 'pglite', open: async () => ({ db: await openPglite(undefined), drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          kind: 'postgres',
          open: async () => {
            const { url, drop } = await createPostgresDatabase();
            return { db: await openPostgres(url), drop };
          },
        },
      ]
    : []),
];

describe.each(kinds)('migration 055 on $kind', ({ open }) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(
      db,
      readMigrations().filter((m) => m.version < VERSION),
    );
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('turns the settings into a plan and a booked service', async () => {
    const [org] = await db.query<{ id: string }>(
      `INSERT INTO organisation (name, type, timezone) VALUES ('Yard', 'rental', 'Europe/Berlin')
       RETURNING id`,
    );
    const settings = [
      { serviceIntervalHours: 500, nextServiceDate: '2027-01-15', fuelType: 'diesel' },
      { serviceIntervalHours: 500 },
      { nextServiceDate: '2027-02-01' },
      { registrationNumber: 'AB12 CDE' },
    ];
    const machines: string[] = [];
    for (const [n, info] of settings.entries()) {
      const [machine] = await db.query<{ id: string }>(
        `INSERT INTO machine (organisation_id, name, additional_information) VALUES ($1, $2, $3)
         RETURNING id`,
        [org?.id ?? '', `Machine ${n}`, JSON.stringify(info)],
      );
      machines.push(machine?.id ?? '');
    }
    await migrate(db);

    const plans = await db.query<{ name: string; interval_h: number; machine_ids: string[] }>(
      'SELECT name, interval_h, machine_ids::text[] AS machine_ids FROM service_plan',
    );
    expect(plans).toEqual([
      {
        name: 'Service every 500 h',
        interval_h: 500,
        machine_ids: [machines[0], machines[1]].sort(),
      },
    ]);
    const booked = await db.query<{ machine_id: string; planned: boolean; day: string }>(
      `SELECT r.machine_id, r.plan_id IS NOT NULL AS planned, r.status,
              to_char(r.done_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') AS day
         FROM service_record r ORDER BY r.done_at`,
    );
    expect(booked).toEqual([
      { machine_id: machines[0], planned: true, status: 'open', day: '2027-01-15 12:00' },
      { machine_id: machines[2], planned: false, status: 'open', day: '2027-02-01 12:00' },
    ]);
    const left = await db.query<{ info: Record<string, unknown> }>(
      'SELECT additional_information AS info FROM machine ORDER BY name',
    );
    expect(left.map((row) => row.info)).toEqual([
      { fuelType: 'diesel' },
      {},
      {},
      { registrationNumber: 'AB12 CDE' },
    ]);
  });
});
