// The organisation's check templates (migration 062): a checklist per machine category, or one
// for every category without its own.
import type {
  CheckItem,
  CheckTemplate,
  CheckTemplateBody,
  CheckTemplatePatch,
} from '../../../src/domain/api/checks.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { ListParams } from '../../simpleRest.ts';

export const TEMPLATE_SORTS = ['name', 'category', 'updatedAt'] as const;
type TemplateSort = (typeof TEMPLATE_SORTS)[number];
const ORDER: Record<TemplateSort, string> = {
  name: 'lower(name)',
  category: 'category NULLS FIRST',
  updatedAt: 'updated_at',
};

interface TemplateRow {
  id: string;
  name: string;
  category: string | null;
  items: CheckItem[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, category, items, created_at, updated_at';

const toTemplate = (row: TemplateRow): CheckTemplate => ({
  id: row.id,
  name: row.name,
  category: row.category,
  items: row.items,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Each item's key once: answers are named by it. */
function checkItems(items: CheckItem[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key))
      throw badRequest(`items.${index}.key`, `Two items are named ${item.key}`);
    seen.add(item.key);
  });
}

export async function listTemplates(
  db: Queryable,
  organisationId: string,
  params: ListParams<TemplateSort>,
): Promise<{ templates: CheckTemplate[]; total: number }> {
  const category = typeof params.filter.category === 'string' ? params.filter.category : null;
  const where = `organisation_id = $1 AND ($2::text IS NULL OR category = $2)`;
  const [rows, [counted]] = await Promise.all([
    db.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM check_template WHERE ${where}
        ORDER BY ${ORDER[params.sort ?? 'name']} ${params.order}, id LIMIT $3 OFFSET $4`,
      [organisationId, category, params.limit, params.offset],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM check_template WHERE ${where}`,
      [organisationId, category],
    ),
  ]);
  return { templates: rows.map(toTemplate), total: counted?.total ?? 0 };
}

async function templateRow(db: Queryable, organisationId: string, id: string) {
  const [row] = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM check_template WHERE organisation_id = $1 AND id = $2`,
    [organisationId, id],
  );
  return row;
}

export async function getTemplate(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<CheckTemplate> {
  const row = await templateRow(db, organisationId, id);
  if (!row) throw notFound('No such check template');
  return toTemplate(row);
}

/** The template a hire's machine is checked with: the one named, else its category's, else the general one. */
export async function templateFor(
  db: Queryable,
  organisationId: string,
  category: string | null,
  id: string | undefined,
): Promise<CheckTemplate> {
  if (id !== undefined) {
    const named = await templateRow(db, organisationId, id);
    if (!named) throw badRequest('templateId', 'No such check template');
    return toTemplate(named);
  }
  const [row] = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM check_template
      WHERE organisation_id = $1 AND (category = $2 OR category IS NULL)
      ORDER BY category IS NULL, updated_at DESC LIMIT 1`,
    [organisationId, category],
  );
  if (!row) {
    throw conflict(
      `There is no check template for ${category ?? 'machines without a category'}: make one first`,
      'templateId',
    );
  }
  return toTemplate(row);
}

export async function createTemplate(
  db: Queryable,
  organisationId: string,
  body: CheckTemplateBody,
): Promise<CheckTemplate> {
  checkItems(body.items);
  const [row] = await db.query<TemplateRow>(
    `INSERT INTO check_template (organisation_id, name, category, items) VALUES ($1, $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [organisationId, body.name.trim(), body.category?.trim() || null, JSON.stringify(body.items)],
  );
  return toTemplate(row as TemplateRow);
}

export async function updateTemplate(
  db: Queryable,
  organisationId: string,
  id: string,
  patch: CheckTemplatePatch,
): Promise<CheckTemplate> {
  const current = await getTemplate(db, organisationId, id);
  const next = { ...current, ...patch };
  checkItems(next.items);
  const [row] = await db.query<TemplateRow>(
    `UPDATE check_template SET name = $3, category = $4, items = $5, updated_at = now()
      WHERE organisation_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [
      organisationId,
      id,
      next.name.trim(),
      next.category?.trim() || null,
      JSON.stringify(next.items),
    ],
  );
  return toTemplate(row as TemplateRow);
}

export async function deleteTemplate(db: Queryable, organisationId: string, id: string) {
  const deleted = await db.query(
    'DELETE FROM check_template WHERE organisation_id = $1 AND id = $2 RETURNING id',
    [organisationId, id],
  );
  if (deleted.length === 0) throw notFound('No such check template');
}

/** The checklist a hire's checks answer: the rental company's, for its machine's category. */
export async function hireTemplate(
  db: Queryable,
  hire: { machineId: string; rentalOrganisationId: string },
  id: string | undefined,
): Promise<CheckTemplate> {
  const [machine] = await db.query<{ category: string | null }>(
    'SELECT category FROM machine WHERE id = $1',
    [hire.machineId],
  );
  return templateFor(db, hire.rentalOrganisationId, machine?.category ?? null, id);
}
