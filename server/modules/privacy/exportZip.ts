// An organisation's export (docs/privacy.md): a zip of one CSV per kind of data — machines, hires,
// daily figures, positions over the asked range, members, audit entries — and export.json naming
// what is in it. Each CSV is read a page at a time in key order and streamed into the zip on disk,
// so only the compressed file is ever held whole.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { stringify } from 'csv-stringify/sync';
import type { Database, SqlParam } from '../../db/database.ts';

const PAGE = 10_000;

interface Dataset {
  file: string;
  /** The select list, every key field among it. */
  select: string;
  /** FROM and WHERE, the organisation $1 and the range $2, $3. */
  from: string;
  /** The order, as expressions and the fields of the rows they come back as. */
  key: [expression: string, field: string][];
}

const MACHINES = 'SELECT id FROM machine WHERE organisation_id = $1';

const DATASETS: Dataset[] = [
  {
    file: 'machines.csv',
    select: `m.id, m.name, m.asset_id, m.category, m.type, m.oem, m.model, m.manufacturing_year,
             m.serial_number, m.pin, m.ownership_type, m.owner, m.fuel_type, m.hour_meter_h,
             m.hour_meter_at, m.site_id, m.archived_at, m.note`,
    from: 'machine m WHERE m.organisation_id = $1',
    key: [['m.id', 'id']],
  },
  {
    file: 'hires.csv',
    select: `h.id, h.machine_id, h.rental_organisation_id, h.customer_organisation_id,
             h.customer_name, h.contract_number, h.starts_at, h.ends_at, h.site_id,
             h.contracted_hours, h.contracted_hours_per, h.overuse_rate, h.note`,
    from: 'hire h WHERE (h.rental_organisation_id = $1 OR h.customer_organisation_id = $1)',
    key: [['h.id', 'id']],
  },
  {
    file: 'daily-figures.csv',
    select: `r.machine_id, r.day::text AS day, r.active_s, r.idle_s, r.off_s, r.missing_s,
             r.out_of_hours_s, r.fuel_l, r.fuel_estimated, r.co2_kg, r.distance_m, r.trips`,
    from: `machine_day_rollup r WHERE r.machine_id IN (${MACHINES})`,
    key: [
      ['r.machine_id', 'machine_id'],
      ['r.day::text', 'day'],
    ],
  },
  {
    file: 'positions.csv',
    select: `s.machine_id, t.source_id, t.device_time, t.latitude, t.longitude, t.speed_kmh,
             t.heading_deg, t.altitude_m, t.satellites`,
    from: `telemetry_record t JOIN source s ON s.id = t.source_id
           WHERE s.machine_id IN (${MACHINES}) AND t.device_time >= $2 AND t.device_time < $3
             AND t.latitude IS NOT NULL`,
    key: [
      ['t.source_id', 'source_id'],
      ['t.device_time', 'device_time'],
    ],
  },
  {
    file: 'users.csv',
    select: `u.id, u.email, u.first_name, u.last_name, m.role, m.state, u.created_at,
             u.last_login_at`,
    from: 'membership m JOIN app_user u ON u.id = m.user_id WHERE m.organisation_id = $1',
    key: [['u.id', 'id']],
  },
  {
    file: 'audit.csv',
    select: 'a.id, a.at, a.action, a.actor_email, a.subject_user_id, a.details',
    from: 'audit_event a WHERE a.organisation_id = $1',
    key: [['a.id', 'id']],
  },
];

const cell = (value: unknown): unknown =>
  value instanceof Date
    ? value.toISOString()
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

async function writeDataset(
  db: Database,
  out: PassThrough,
  dataset: Dataset,
  params: SqlParam[],
): Promise<number> {
  const order = dataset.key.map(([expression]) => expression).join(', ');
  let after: SqlParam[] | null = null;
  let rows = 0;
  for (;;) {
    const from: number = params.length + 1;
    const seek: string = after
      ? `AND (${order}) > (${dataset.key.map((_, i) => `$${from + i}`).join(', ')})`
      : '';
    const page: Record<string, unknown>[] = await db.query<Record<string, unknown>>(
      `SELECT ${dataset.select} FROM ${dataset.from} ${seek} ORDER BY ${order} LIMIT ${PAGE}`,
      [...params, ...(after ?? [])],
    );
    if (rows === 0 && page.length === 0) {
      const fields = dataset.select.split(',').map((part) =>
        part
          .trim()
          .split(/\s+|\./)
          .at(-1),
      );
      out.write(stringify([fields]));
    }
    if (page.length > 0)
      out.write(
        stringify(
          page.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cell(v)]))),
          { header: rows === 0 },
        ),
      );
    rows += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return rows;
    after = dataset.key.map(([, field]) => last[field] as SqlParam);
  }
}

/** Builds the zip; returns its bytes and the rows of each file. */
export async function buildExport(
  db: Database,
  request: { organisationId: string; positionsFrom: Date; positionsTo: Date; nowMs: number },
  progress: (share: number, step: string) => Promise<void>,
): Promise<{ bytes: Buffer; rows: Record<string, number> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-export-'));
  try {
    const file = path.join(dir, 'export.zip');
    const zip = archiver('zip', { zlib: { level: 6 } });
    const written = new Promise<void>((resolve, reject) => {
      const sink = createWriteStream(file);
      sink.on('close', () => resolve());
      sink.on('error', reject);
      zip.on('error', reject);
      zip.pipe(sink);
    });
    const params = [request.organisationId, request.positionsFrom, request.positionsTo];
    const rows: Record<string, number> = {};
    for (const [i, dataset] of DATASETS.entries()) {
      await progress(i / (DATASETS.length + 1), dataset.file);
      const out = new PassThrough();
      zip.append(out, { name: dataset.file });
      // Only the positions read the range: the other statements name $1 alone.
      const used = dataset.from.includes('$2') ? params : params.slice(0, 1);
      rows[dataset.file] = await writeDataset(db, out, dataset, used);
      out.end();
    }
    const [organisation] = await db.query<Record<string, unknown>>(
      'SELECT id, name, type, timezone, settings, created_at FROM organisation WHERE id = $1',
      [request.organisationId],
    );
    const manifest = {
      organisation,
      exportedAt: new Date(request.nowMs).toISOString(),
      positions: {
        from: request.positionsFrom.toISOString(),
        to: request.positionsTo.toISOString(),
      },
      files: rows,
    };
    zip.append(JSON.stringify(manifest, null, 2), { name: 'export.json' });
    await zip.finalize();
    await written;
    return { bytes: await readFile(file), rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
