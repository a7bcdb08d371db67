// The demo's hand-over checks (issue 44, docs/rental.md "On-hire and off-hire checks"), written
// through the checks module: Northbank's check lists (one for excavators, one for every other
// category), the on-hire check of its latest running hire, and both checks of its latest ended
// hire, whose differences show fuel to refill, hours run and a dent to charge for.
import { PNG } from 'pngjs';
import { demoRentalAdmin } from './rentalAdmin.ts';
import type { CheckItem } from '../../src/domain/api/checks.ts';
import type { Database, Queryable } from '../db/database.ts';
import { createTemplate, hireTemplate, recordCheck } from '../modules/checks/index.ts';

const HOUR_MS = 3_600_000;

const EXCAVATOR_ITEMS: CheckItem[] = [
  { key: 'fuel', label: 'Fuel level', kind: 'fuelLevel' },
  { key: 'hourMeter', label: 'Hour meter', kind: 'hourMeter' },
  { key: 'bucket', label: 'Ditching bucket', kind: 'present' },
  { key: 'quickHitch', label: 'Quick hitch pin', kind: 'present' },
  { key: 'damage', label: 'Damage', kind: 'damage' },
  { key: 'clean', label: 'Clean', kind: 'clean' },
];
const GENERAL_ITEMS: CheckItem[] = [
  { key: 'fuel', label: 'Fuel level', kind: 'fuelLevel' },
  { key: 'hourMeter', label: 'Hour meter', kind: 'hourMeter' },
  { key: 'damage', label: 'Damage', kind: 'damage' },
  { key: 'clean', label: 'Clean', kind: 'clean' },
  { key: 'note', label: 'Note', kind: 'text' },
];

/** A signature's stroke: a wave drawn across a white PNG. */
function signature(): string {
  const png = new PNG({ width: 240, height: 80 });
  png.data.fill(255);
  for (let x = 20; x < 220; x += 1) {
    const y = Math.round(40 + 18 * Math.sin(x / 14) * Math.cos(x / 41));
    for (let dy = -1; dy <= 1; dy += 1) {
      const i = ((y + dy) * png.width + x) * 4;
      png.data[i] = 20;
      png.data[i + 1] = 30;
      png.data[i + 2] = 90;
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

interface HireRow {
  id: string;
  machine_id: string;
  rental_organisation_id: string;
  starts_at: Date;
  ends_at: Date | null;
  meter_h: number | null;
}

const answersOf = (items: CheckItem[], values: Record<string, string | number | boolean>) =>
  Object.fromEntries(
    items
      .filter((item) => item.key in values)
      .map((item) => [item.key, values[item.key] as string | number | boolean]),
  );

export async function seedDemoChecks(db: Database, nowMs: number): Promise<void> {
  const org = await demoRentalAdmin(db);
  if (!org) return;
  // Seeded already: a restart keeps the first start's check lists and checks.
  const [seeded] = await db.query('SELECT 1 FROM check_template WHERE organisation_id = $1', [
    org.id,
  ]);
  if (seeded) return;
  const hires = (tx: Queryable, status: 'running' | 'ended') =>
    tx.query<HireRow>(
      `SELECT h.id, h.machine_id, h.rental_organisation_id, h.starts_at, h.ends_at,
              (SELECT max(r.value_h) FROM meter_reading r WHERE r.machine_id = h.machine_id) AS meter_h
         FROM hire h WHERE h.rental_organisation_id = $1
          AND ${status === 'running' ? 'h.starts_at <= $2 AND (h.ends_at IS NULL OR h.ends_at > $2)' : 'h.ends_at <= $2'}
        ORDER BY h.starts_at DESC LIMIT 1`,
      [org.id, new Date(nowMs)],
    );
  await db.transaction(async (tx) => {
    await createTemplate(tx, org.id, {
      name: 'Excavator hand-over',
      category: 'Excavator',
      items: EXCAVATOR_ITEMS,
    });
    await createTemplate(tx, org.id, { name: 'Hand-over', category: null, items: GENERAL_ITEMS });
    const drawn = signature();
    const check = async (
      hire: HireRow,
      kind: 'onHire' | 'offHire',
      doneAt: Date,
      values: Record<string, string | number | boolean>,
      signedBy: string,
    ) => {
      const template = await hireTemplate(
        tx,
        { machineId: hire.machine_id, rentalOrganisationId: hire.rental_organisation_id },
        undefined,
      );
      await recordCheck(
        tx,
        { id: hire.id, recordedBy: org.id },
        template,
        {
          kind,
          answers: answersOf(template.items, values),
          photoIds: [],
          signature: drawn,
          signedBy,
          doneAt: doneAt.toISOString(),
        },
        org.admin,
      );
    };
    const meterAt = (hire: HireRow) => Math.round(hire.meter_h ?? 1200);
    for (const hire of await hires(tx, 'running')) {
      await check(
        hire,
        'onHire',
        new Date(hire.starts_at.getTime() - HOUR_MS),
        {
          fuel: 100,
          hourMeter: meterAt(hire),
          bucket: true,
          quickHitch: true,
          damage: '',
          clean: true,
        },
        'Sam Porter (yard)',
      );
    }
    for (const hire of await hires(tx, 'ended')) {
      const endMs = hire.ends_at?.getTime() ?? nowMs;
      const on = Math.max(0, meterAt(hire) - 64);
      await check(
        hire,
        'onHire',
        new Date(hire.starts_at.getTime() - HOUR_MS),
        {
          fuel: 95,
          hourMeter: on,
          bucket: true,
          quickHitch: true,
          damage: '',
          clean: true,
        },
        'Sam Porter (yard)',
      );
      await check(
        hire,
        'offHire',
        new Date(Math.min(endMs + HOUR_MS, nowMs)),
        {
          fuel: 30,
          hourMeter: on + 64,
          bucket: true,
          quickHitch: false,
          damage: 'Dent in the left door',
          clean: false,
          note: 'Returned muddy',
        },
        'Dana Fisher (site foreman)',
      );
    }
  });
}
