// The checks recorded on a hire (migration 062): one as the machine goes out, one as it comes
// back, each answering its template's items, with photos (the organisation's files) and a
// signature.
import type {
  CheckAnswer,
  CheckItem,
  HireCheck,
  HireCheckBody,
} from '../../../src/domain/api/checks.ts';
import { MAX_METER_VALUE_H } from '../../../src/domain/api/meters.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict } from '../../httpError.ts';

/** A check done a little ahead of the server's clock (a phone's) is taken; further is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * What each kind of item takes, and whether a check must answer it: what is billed on must be;
 * damage and notes are left out when there are none.
 */
const ANSWER_RULES: Record<
  CheckItem['kind'],
  { required: boolean; wanted: string; fits(answer: CheckAnswer): boolean }
> = {
  fuelLevel: {
    required: true,
    wanted: 'a percentage from 0 to 100',
    fits: (a) => typeof a === 'number' && a >= 0 && a <= 100,
  },
  hourMeter: {
    required: true,
    wanted: 'hours on the meter',
    fits: (a) => typeof a === 'number' && a >= 0 && a <= MAX_METER_VALUE_H,
  },
  present: { required: true, wanted: 'yes or no', fits: (a) => typeof a === 'boolean' },
  clean: { required: true, wanted: 'yes or no', fits: (a) => typeof a === 'boolean' },
  damage: { required: false, wanted: 'text', fits: (a) => typeof a === 'string' },
  text: { required: false, wanted: 'text', fits: (a) => typeof a === 'string' },
};

interface CheckRow {
  id: string;
  hire_id: string;
  kind: HireCheck['kind'];
  template_name: string;
  items: CheckItem[];
  answers: Record<string, CheckAnswer>;
  photo_ids: string[];
  signature: string;
  signed_by: string;
  done_by_email: string | null;
  done_at: Date;
}

const toCheck = (row: CheckRow): HireCheck => ({
  id: row.id,
  hireId: row.hire_id,
  kind: row.kind,
  templateName: row.template_name,
  items: row.items,
  answers: row.answers,
  photoIds: row.photo_ids,
  signature: row.signature,
  signedBy: row.signed_by,
  doneBy: row.done_by_email,
  doneAt: row.done_at.toISOString(),
});

/** Each answer fits its item; every item billed on is answered. */
export function checkAnswers(items: CheckItem[], answers: Record<string, CheckAnswer>): void {
  for (const key of Object.keys(answers)) {
    if (!items.some((item) => item.key === key)) {
      throw badRequest(`answers.${key}`, `The checklist has no item ${key}`);
    }
  }
  for (const item of items) {
    const answer = answers[item.key];
    const rule = ANSWER_RULES[item.kind];
    const field = `answers.${item.key}`;
    if (answer === undefined) {
      if (rule.required) throw badRequest(field, `${item.label} must be answered`);
    } else if (!rule.fits(answer)) {
      throw badRequest(field, `${item.label} must be ${rule.wanted}`);
    }
  }
}

const COLUMNS = `id, hire_id, kind, template_name, items, answers, photo_ids, signature, signed_by,
                 done_by_email, done_at`;

export async function hireChecks(db: Queryable, hireId: string): Promise<HireCheck[]> {
  const rows = await db.query<CheckRow>(
    `SELECT ${COLUMNS} FROM hire_check WHERE hire_id = $1 ORDER BY done_at, kind`,
    [hireId],
  );
  return rows.map(toCheck);
}

export async function recordCheck(
  db: Queryable,
  /** The hire, and the organisation recording the check: its files are the photos. */
  hire: { id: string; recordedBy: string },
  template: { name: string; items: CheckItem[] },
  body: HireCheckBody,
  doneBy: string | null,
): Promise<HireCheck> {
  checkAnswers(template.items, body.answers);
  const doneAtMs = body.doneAt === undefined ? Date.now() : Date.parse(body.doneAt);
  if (doneAtMs > Date.now() + CLOCK_SKEW_MS)
    throw badRequest('doneAt', 'A check cannot be in the future');
  if (body.photoIds.length > 0) {
    const [found] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM document WHERE organisation_id = $1 AND id = ANY($2::uuid[])',
      [hire.recordedBy, body.photoIds],
    );
    if ((found?.n ?? 0) !== body.photoIds.length) {
      throw badRequest('photoIds', "A photo is not one of the organisation's files");
    }
  }
  try {
    const [row] = await db.query<CheckRow>(
      `INSERT INTO hire_check (hire_id, kind, template_name, items, answers, photo_ids, signature,
                               signed_by, done_by, done_by_email, done_at, recorded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT email FROM app_user WHERE id = $9), $10,
               $11)
       RETURNING ${COLUMNS}`,
      [
        hire.id,
        body.kind,
        template.name,
        JSON.stringify(template.items),
        JSON.stringify(body.answers),
        body.photoIds,
        body.signature,
        body.signedBy.trim(),
        doneBy,
        new Date(doneAtMs),
        hire.recordedBy,
      ],
    );
    return toCheck(row as CheckRow);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw conflict(`This hire's ${body.kind} check is already recorded`, 'kind');
    }
    throw error;
  }
}

/** Each photo of the hire's checks, with the organisation whose file it is (who recorded it). */
export async function photoOwners(db: Queryable, hireId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ file_id: string; recorded_by: string }>(
    `SELECT unnest(photo_ids)::text AS file_id, recorded_by FROM hire_check WHERE hire_id = $1`,
    [hireId],
  );
  return new Map(rows.map((row) => [row.file_id, row.recorded_by]));
}
