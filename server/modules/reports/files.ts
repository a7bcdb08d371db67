// Report files: a request queued for the worker (jobs/reportWorker.ts), its progress while it is
// made, and the file once it is there. A member sees the files they asked for and those of the
// organisation's scheduled reports of the types their categories allow.
import type { ReportFile, ReportRequest } from '../../../src/domain/api/reports.ts';
import { categoriesOrEvery } from '../../../src/domain/api/reportTypes.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { notFound } from '../../httpError.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import type { ListParams } from '../../simpleRest.ts';
import { memberCategories, typesOfCategories } from './categories.ts';

export const REPORT_FILE_SORTS = ['createdAt', 'type', 'status', 'sizeBytes'] as const;
export type ReportFileSort = (typeof REPORT_FILE_SORTS)[number];

interface ReportFileRow {
  id: string;
  organisation_id: string;
  user_id: string | null;
  report_type: ReportFile['type'];
  format: ReportFile['format'];
  request: ReportRequest;
  status: ReportFile['status'];
  machines_done: number;
  machines_total: number | null;
  file_key: string | null;
  file_name: string | null;
  size_bytes: number | null;
  error: string | null;
  schedule_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const SELECT = `
  SELECT f.*, r.schedule_id FROM report_file f
    LEFT JOIN report_run r ON r.report_file_id = f.id`;

function toRecord(row: ReportFileRow): ReportFile {
  const total = row.machines_total;
  return {
    id: row.id,
    type: row.report_type,
    format: row.format,
    start: row.request.start,
    end: row.request.end,
    status: row.status,
    percent:
      row.status === 'done'
        ? 100
        : total
          ? Math.min(99, Math.floor((row.machines_done / total) * 100))
          : 0,
    machinesDone: row.machines_done,
    machinesTotal: total,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    error: row.error,
    scheduleId: row.schedule_id,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export interface Member {
  organisationId: string;
  userId: string;
  /** An API client with reports:read: every type's scheduled files, as a member with every category. */
  apiClient?: boolean;
}

/** Queues a report file; the worker makes it. */
export async function queueReportFile(
  db: Queryable,
  member: Member | { organisationId: string; userId: null },
  request: ReportRequest,
): Promise<ReportFile> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO report_file (organisation_id, user_id, report_type, format, request)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [member.organisationId, member.userId, request.type, request.format, JSON.stringify(request)],
  );
  return readReportFile(db, member.organisationId, (row as { id: string }).id);
}

async function readReportFile(db: Queryable, organisationId: string, id: string) {
  const [row] = await db.query<ReportFileRow>(
    `${SELECT} WHERE f.organisation_id = $1 AND f.id = $2`,
    [organisationId, id],
  );
  if (!row) throw notFound('No such report file');
  return toRecord(row);
}

/** The condition a member's files meet, on parameters $1 (organisation), $2 (user), $3 (types). */
const VISIBLE = `f.organisation_id = $1 AND (f.user_id = $2 OR (f.user_id IS NULL AND f.report_type = ANY($3::text[])))`;

async function visibleTypes(db: Queryable, member: Member) {
  const categories = member.apiClient
    ? categoriesOrEvery(null)
    : await memberCategories(db, member.organisationId, member.userId);
  return typesOfCategories(categories ?? []);
}

export async function memberReportFile(
  db: Queryable,
  member: Member,
  id: string,
): Promise<ReportFile> {
  const rows = await db.query<ReportFileRow>(`${SELECT} WHERE ${VISIBLE} AND f.id = $4`, [
    member.organisationId,
    member.userId,
    await visibleTypes(db, member),
    id,
  ]);
  if (!rows[0]) throw notFound('No such report file');
  return toRecord(rows[0]);
}

const ORDER: Record<ReportFileSort, string> = {
  createdAt: 'f.created_at',
  type: 'f.report_type',
  status: 'f.status',
  sizeBytes: 'f.size_bytes',
};

export async function listReportFiles(
  db: Queryable,
  member: Member,
  params: ListParams<ReportFileSort>,
): Promise<{ files: ReportFile[]; total: number }> {
  const values: SqlParam[] = [member.organisationId, member.userId, await visibleTypes(db, member)];
  const conditions = [VISIBLE];
  const { filter } = params;
  if (typeof filter.type === 'string') {
    values.push(filter.type);
    conditions.push(`f.report_type = $${values.length}`);
  }
  if (typeof filter.status === 'string') {
    values.push(filter.status);
    conditions.push(`f.status = $${values.length}`);
  }
  if (typeof filter.from === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(filter.from)) {
    values.push(filter.from);
    conditions.push(`f.created_at >= $${values.length}::date`);
  }
  if (typeof filter.to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(filter.to)) {
    values.push(filter.to);
    conditions.push(`f.created_at < $${values.length}::date + 1`);
  }
  const where = conditions.join(' AND ');
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM report_file f WHERE ${where}`,
    values,
  );
  const rows = await db.query<ReportFileRow>(
    `${SELECT} WHERE ${where}
      ORDER BY ${ORDER[params.sort ?? 'createdAt']} ${params.order === 'ASC' && params.sort ? 'ASC' : 'DESC'} NULLS LAST, f.id
      LIMIT ${params.limit} OFFSET ${params.offset}`,
    values,
  );
  return { files: rows.map(toRecord), total: count?.n ?? 0 };
}

/** The made file's bytes and name; 404 while it is not made. */
export async function reportFileBytes(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
  id: string,
): Promise<{ bytes: Buffer; fileName: string; format: ReportFile['format'] }> {
  const [row] = await db.query<ReportFileRow>(
    `${SELECT} WHERE f.organisation_id = $1 AND f.id = $2`,
    [organisationId, id],
  );
  const bytes = row?.file_key ? await files.get(row.file_key) : undefined;
  if (!row || !bytes || row.status !== 'done') throw notFound('This report file is not ready');
  return {
    bytes,
    fileName: row.file_name ?? `${row.report_type}.${row.format}`,
    format: row.format,
  };
}

/** Deletes the record and its file; a file still being made is deleted when it is done. */
export async function deleteReportFile(
  db: Queryable,
  files: FileStorage,
  member: Member,
  id: string,
  admin: boolean,
): Promise<void> {
  const rows = await db.query<{ file_key: string | null }>(
    `DELETE FROM report_file f
      WHERE f.organisation_id = $1 AND f.id = $3 AND (f.user_id = $2 OR $4)
      RETURNING f.file_key`,
    [member.organisationId, member.userId, id, admin],
  );
  if (!rows[0]) throw notFound('No such report file');
  if (rows[0].file_key) await files.remove(rows[0].file_key);
}
