// The demo's maintenance (issue 42, docs/maintenance.md "The demo"), written through the
// maintenance module once the meters are in: Northbank's plans for its categories and a service
// history that leaves a few machines due soon, two overdue, and one scissor lift past its thorough
// examination (not to be used); the latest service of the first excavator carries its invoice.
import PDFDocument from 'pdfkit';
import type { MaintenanceRow, ServicePlanBody } from '../../src/domain/api/maintenance.ts';
import type { Database, Queryable } from '../db/database.ts';
import { addDocument } from '../modules/files/index.ts';
import { createPlan, createService, dueRows } from '../modules/maintenance/index.ts';
import { recordReading } from '../modules/meters/index.ts';
import { demoRentalAdmin } from './rentalAdmin.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { getOrganisation } from '../tenancy/organisation.ts';

const DAY_MS = 86_400_000;
/** The pace the history assumes, in engine hours a day: the demo fleet's own. */
const PACE_H = 2;

const PLANS = [
  {
    name: '250 h service',
    intervalH: 250,
    categories: ['Excavator', 'Loader', 'Dumper', 'Telehandler', 'Roller'],
  },
  {
    name: '1,000 h filters and oils',
    intervalH: 1000,
    intervalMonths: 12,
    categories: ['Excavator', 'Loader'],
  },
  {
    name: 'Thorough examination (LOLER)',
    intervalMonths: 6,
    safetyCritical: true,
    categories: ['Access', 'Telehandler'],
  },
  {
    name: 'Generator service',
    intervalH: 500,
    intervalMonths: 12,
    categories: ['Generator', 'Compressor', 'Lighting'],
  },
] satisfies ServicePlanBody[];

/** Hours left to each machine's next 250 h service, in turn: most ok, some due soon, two overdue. */
const REMAINING_250_H = [
  160, 12, 95, 210, 20, 130, 60, 180, 8, 110, 75, 140, 45, 190, 30, -14, 170, 85, 120, 65, 150, 100,
  200, 55, 115, 175, 90, 135, 70, -6,
];

interface Service {
  machineId: string;
  planId: string;
  daysAgo: number;
  /** The dial at the service; null for a machine without a meter (read off it, or none). */
  meterH: number | null;
}

async function invoicePdf(machine: string, lines: [string, string][]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.fontSize(18).text('Thames Plant Services Ltd').moveDown(0.5);
  doc.fontSize(11).text(`Invoice TPS-20417 · ${machine}`).moveDown();
  for (const [item, amount] of lines) doc.text(`${item}  ${amount}`);
  doc.end();
  return done;
}

/** The yard read the dial of every machine without a meter a week ago: 800 to 4,800 h. */
async function readMeters(db: Database, organisationId: string, nowMs: number) {
  const unread = await db.query<{ id: string; asset_id: string }>(
    `SELECT id, asset_id FROM machine
      WHERE organisation_id = $1 AND archived_at IS NULL AND hour_meter_h IS NULL
      ORDER BY asset_id`,
    [organisationId],
  );
  for (const [index, machine] of unread.entries()) {
    await recordReading(db, organisationId, {
      machineId: machine.id,
      source: 'manual',
      readAt: new Date(nowMs - 7 * DAY_MS),
      valueH: 800 + ((index * 1_237) % 4_000),
    });
  }
}

export async function seedDemoMaintenance(db: Database, files: FileStorage, nowMs: number) {
  const org = await demoRentalAdmin(db);
  if (!org) return;
  // Seeded already: a restart keeps the first start's plans and history.
  const [seeded] = await db.query('SELECT 1 FROM service_plan WHERE organisation_id = $1', [
    org.id,
  ]);
  if (seeded) return;
  const organisation = await getOrganisation(db, org.id);
  if (!organisation) return;
  await readMeters(db, org.id, nowMs);
  // In one transaction: the alert worker never sees the plans without their history.
  await db.transaction(async (tx) => {
    const plans = new Map<string, string>();
    for (const plan of PLANS) plans.set(plan.name, (await createPlan(tx, org.id, plan)).id);
    const rows = (await dueRows(tx, organisation))
      .map(({ row }) => row)
      .sort((a, b) => a.machineName.localeCompare(b.machineName));
    const services = historyOf(rows);
    const invoiced = services.find(
      (service) => service.planId === plans.get('250 h service') && service.meterH !== null,
    );
    for (const service of services) {
      const doneAt = new Date(nowMs - service.daysAgo * DAY_MS);
      const invoice =
        service === invoiced ? await invoiceOf(tx, files, org, service.machineId) : null;
      try {
        await createService(
          tx,
          org.id,
          service.machineId,
          {
            planId: service.planId,
            status: 'done',
            doneAt: doneAt.toISOString(),
            meterH: service.meterH,
            performedBy: 'Thames Plant Services',
            ...(invoice ? { ...INVOICED, fileIds: [invoice] } : {}),
          },
          org.admin,
        );
      } catch {
        // A reading the meter's history refuses (a machine with little data) is left out.
      }
    }
  });
}

const INVOICED = {
  cost: 488,
  parts: 'Engine oil 15W-40 (20 l), oil filter, 2 fuel filters',
  notes: 'Slight weep at the boom cylinder seal: watch at the next service.',
};

/** Each task's last service, oldest first so each reading follows the one before on the meter. */
function historyOf(rows: MaintenanceRow[]): Service[] {
  const services: Service[] = [];
  const meterAgo = (meterH: number | null, days: number) =>
    meterH === null ? null : Math.max(0, Math.round((meterH - PACE_H * days) * 10) / 10);
  let turn = 0;
  let lifts = 0;
  for (const row of rows) {
    if (row.task === '250 h service' && row.meterH !== null) {
      const remaining = REMAINING_250_H[turn++ % REMAINING_250_H.length] ?? 100;
      const days = Math.max(14, (250 - remaining) / PACE_H);
      services.push({ ...row, daysAgo: days, meterH: row.meterH - (250 - remaining) });
    } else if (row.task === '1,000 h filters and oils') {
      services.push({ ...row, daysAgo: 120, meterH: meterAgo(row.meterH, 120) });
    } else if (row.task === 'Thorough examination (LOLER)') {
      // The first scissor lift is nine days past its six months; the rest are within them.
      const days = row.category === 'Access' && lifts++ === 0 ? 193 : 40 + ((turn++ * 23) % 120);
      services.push({ ...row, daysAgo: days, meterH: meterAgo(row.meterH, days) });
    } else if (row.task === 'Generator service') {
      services.push({ ...row, daysAgo: 60, meterH: meterAgo(row.meterH, 60) });
    }
  }
  return services.sort((a, b) => b.daysAgo - a.daysAgo);
}

/** The contractor's invoice for a service, filed on the machine; its document id. */
async function invoiceOf(
  db: Queryable,
  files: FileStorage,
  org: { id: string; admin: string },
  machineId: string,
): Promise<string> {
  const [machine] = await db.query<{ name: string }>('SELECT name FROM machine WHERE id = $1', [
    machineId,
  ]);
  const lines: [string, string][] = [
    ['Engine oil and filter', '£186.40'],
    ['Fuel filters (2)', '£74.10'],
    ['Labour 3.5 h', '£227.50'],
  ];
  const bytes = await invoicePdf(machine?.name ?? '', lines);
  const document = await addDocument(
    db,
    files,
    { organisationId: org.id, userId: org.admin },
    { name: 'Invoice TPS-20417.pdf', bytes, type: 'invoice', machineId },
  );
  return document.id;
}
