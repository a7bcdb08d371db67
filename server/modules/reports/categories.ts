// Report categories per member (spec point 7): which report types a member may run. A member
// whose categories were never set may run every type.
import {
  REPORT_CATEGORIES,
  categoriesOrEvery,
  categoryOfReport,
  type ReportCategory,
  type ReportType,
} from '../../../src/domain/api/reports.ts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../httpError.ts';

export async function memberCategories(
  db: Queryable,
  organisationId: string,
  userId: string,
): Promise<ReportCategory[] | undefined> {
  const [row] = await db.query<{ report_categories: string[] | null }>(
    'SELECT report_categories FROM membership WHERE organisation_id = $1 AND user_id = $2',
    [organisationId, userId],
  );
  if (!row) return undefined;
  return categoriesOrEvery(row.report_categories);
}

/** The categories of a member of the organisation; 404 for anyone else. */
export async function categoriesOfMember(
  db: Queryable,
  organisationId: string,
  userId: string,
): Promise<ReportCategory[]> {
  const categories = await memberCategories(db, organisationId, userId);
  if (!categories) throw notFound('No such user in this organisation');
  return categories;
}

export async function setMemberCategories(
  db: Queryable,
  organisationId: string,
  userId: string,
  categoryIds: ReportCategory[],
): Promise<ReportCategory[]> {
  const rows = await db.query(
    `UPDATE membership SET report_categories = $3::text[]
      WHERE organisation_id = $1 AND user_id = $2 RETURNING 1`,
    [organisationId, userId, categoryIds],
  );
  if (rows.length === 0) throw notFound('No such user in this organisation');
  return categoryIds;
}

export const typesOfCategories = (categories: readonly ReportCategory[]): ReportType[] =>
  categories.flatMap((id) => [...REPORT_CATEGORIES[id]]);

/** 403 unless the member's categories hold the report type. */
export async function mayRunReport(
  db: Queryable,
  organisationId: string,
  userId: string,
  type: ReportType,
): Promise<void> {
  const categories = (await memberCategories(db, organisationId, userId)) ?? [];
  if (!categories.includes(categoryOfReport(type))) {
    throw forbidden(`Your report categories do not include ${categoryOfReport(type)} reports`);
  }
}
