// The SQL of exports and erasures (066_privacy_jobs.sql): asked for, claimed by one api process
// under a lease, followed by their progress, and finished with a file or a receipt.
import type {
  ErasureReceipt,
  PrivacyJob,
  PrivacyJobKind,
} from '../../../src/domain/api/privacy.ts';
import type { Queryable } from '../../db/database.ts';

export interface JobRow {
  id: string;
  organisation_id: string | null;
  kind: PrivacyJobKind;
  requested_by: string | null;
  request: Record<string, string>;
  state: PrivacyJob['state'];
  progress: number;
  step: string | null;
  file_key: string | null;
  size_bytes: string | number | null;
  receipt: ErasureReceipt | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** A job whose process died is taken over once its lease has passed. */
const LEASE_S = 600;

export async function askForJob(
  db: Queryable,
  job: {
    organisationId: string;
    kind: PrivacyJobKind;
    requestedBy: string;
    request: Record<string, string>;
  },
): Promise<JobRow> {
  const [row] = await db.query<JobRow>(
    `INSERT INTO privacy_job (organisation_id, kind, requested_by, request)
     VALUES ($1, $2, $3, $4) RETURNING *`,
    [job.organisationId, job.kind, job.requestedBy, JSON.stringify(job.request)],
  );
  if (!row) throw new Error('privacy job not written');
  return row;
}

/** The oldest job waiting (or abandoned), now this process's. */
export async function claimJob(db: Queryable, nowMs: number): Promise<JobRow | undefined> {
  const [row] = await db.query<JobRow>(
    `UPDATE privacy_job SET state = 'running', started_at = coalesce(started_at, $1),
            lease_until = $1::timestamptz + make_interval(secs => $2)
      WHERE id = (SELECT id FROM privacy_job
                   WHERE state = 'queued' OR (state = 'running' AND lease_until < $1)
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [new Date(nowMs), LEASE_S],
  );
  return row;
}

export async function recordProgress(
  db: Queryable,
  id: string,
  progress: number,
  step: string,
): Promise<void> {
  await db.query(
    `UPDATE privacy_job SET progress = $2, step = $3,
            lease_until = now() + make_interval(secs => $4) WHERE id = $1`,
    [id, progress, step, LEASE_S],
  );
}

export async function finishJob(
  db: Queryable,
  id: string,
  outcome: { fileKey?: string; sizeBytes?: number; receipt?: ErasureReceipt; error?: string },
): Promise<void> {
  await db.query(
    `UPDATE privacy_job SET state = $2, progress = CASE WHEN $2 = 'done' THEN 1 ELSE progress END,
            step = NULL, file_key = $3, size_bytes = $4, receipt = $5, error = $6,
            lease_until = NULL, finished_at = now()
      WHERE id = $1`,
    [
      id,
      outcome.error === undefined ? 'done' : 'failed',
      outcome.fileKey ?? null,
      outcome.sizeBytes ?? null,
      outcome.receipt ? JSON.stringify(outcome.receipt) : null,
      outcome.error ?? null,
    ],
  );
}

export function jobsOf(
  db: Queryable,
  organisationId: string | null,
  kinds: readonly PrivacyJobKind[],
): Promise<JobRow[]> {
  return db.query<JobRow>(
    `SELECT * FROM privacy_job
      WHERE ($1::uuid IS NULL OR organisation_id = $1) AND kind = ANY($2)
      ORDER BY created_at DESC LIMIT 50`,
    [organisationId, [...kinds]],
  );
}

export async function jobOf(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<JobRow | undefined> {
  const [row] = await db.query<JobRow>(
    'SELECT * FROM privacy_job WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return row;
}

/** Exports finished before `before` lose their file: their links have long expired. */
export function expiredExports(
  db: Queryable,
  before: Date,
): Promise<{ id: string; file_key: string }[]> {
  return db.query(
    `WITH old AS (SELECT id, file_key FROM privacy_job
                   WHERE kind = 'export' AND file_key IS NOT NULL AND finished_at < $1)
     UPDATE privacy_job p SET file_key = NULL FROM old WHERE p.id = old.id
     RETURNING old.id, old.file_key`,
    [before],
  );
}
