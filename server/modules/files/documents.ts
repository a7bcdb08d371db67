// Documents of an organisation: on one of the machines it may see, one of its sites, or itself.
// The bytes live in the file storage; the row says what and where they are. A customer's
// documents on a hired machine are the customer's, never the owner's, and the other way round.
import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_TYPES,
  type DocumentListFilter,
  type DocumentRecord,
  type DocumentType,
} from '../../../src/domain/api/documents.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { badRequest, notFound, unsupportedMediaType } from '../../httpError.ts';
import type { ListParams } from '../../simpleRest.ts';
import { machineVisibility } from '../machines/index.ts';
import { sitesOfOrganisationAndHires } from '../sites/index.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';

export const DOCUMENT_SORTS = ['createdAt', 'name', 'type', 'sizeBytes'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The content type of an accepted file, by its extension and first bytes; undefined otherwise. */
export function documentContentType(name: string, bytes: Buffer): string | undefined {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  const starts = (text: string) => bytes.subarray(0, text.length).toString('latin1') === text;
  const zip = starts('PK\x03\x04');
  // Text: UTF-8 without NUL bytes, so a binary file renamed .csv is refused.
  const text = !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
  const types: Record<string, [boolean, string]> = {
    pdf: [starts('%PDF-'), 'application/pdf'],
    png: [starts('\x89PNG\r\n\x1a\n'), 'image/png'],
    jpg: [starts('\xff\xd8\xff'), 'image/jpeg'],
    jpeg: [starts('\xff\xd8\xff'), 'image/jpeg'],
    docx: [zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    xlsx: [zip, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    csv: [text, 'text/csv; charset=utf-8'],
    txt: [text, 'text/plain; charset=utf-8'],
  };
  const [matches, type] = types[extension] ?? [false, ''];
  return matches ? type : undefined;
}

export function readDocumentFilter(filter: Record<string, unknown>): DocumentListFilter {
  const out: DocumentListFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    const text = typeof value === 'string' ? value : undefined;
    const bad = (why: string) => badRequest(`filter.${key}`, why);
    if (key === 'q') {
      if (text === undefined || text.length > 200) throw bad('q must be text of at most 200');
      out.q = text;
    } else if (key === 'machineId' || key === 'siteId') {
      if (!text || !UUID.test(text)) throw bad(`${key} must be an id`);
      out[key] = text;
    } else if (key === 'scope') {
      if (text !== 'machine' && text !== 'site' && text !== 'organisation')
        throw bad('scope must be machine, site or organisation');
      out.scope = text;
    } else if (key === 'type') {
      if (!DOCUMENT_TYPES.includes(text as DocumentType))
        throw bad(`type must be one of ${DOCUMENT_TYPES.join(', ')}`);
      out.type = text as DocumentType;
    } else if (key === 'from' || key === 'to') {
      if (!text || !DAY.test(text) || Number.isNaN(Date.parse(text)))
        throw bad(`${key} must be a day (yyyy-MM-dd)`);
      out[key] = text;
    } else throw bad(`unknown filter ${key}`);
  }
  return out;
}

interface DocumentRow {
  id: string;
  name: string;
  document_type: DocumentType;
  content_type: string;
  size_bytes: number;
  machine_id: string | null;
  machine_name: string | null;
  site_id: string | null;
  site_name: string | null;
  uploaded_by: string | null;
  created_at: Date;
  file_key: string;
}

const SELECT = `
  SELECT d.*, m.name AS machine_name, s.name AS site_name,
         nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS uploaded_by
    FROM document d
    LEFT JOIN machine m ON m.id = d.machine_id
    LEFT JOIN site s ON s.id = d.site_id
    LEFT JOIN app_user u ON u.id = d.uploaded_by`;

const toRecord = (row: DocumentRow): DocumentRecord => ({
  id: row.id,
  name: row.name,
  type: row.document_type,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  machineId: row.machine_id,
  machineName: row.machine_name,
  siteId: row.site_id,
  siteName: row.site_name,
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at.toISOString(),
});

const ORDER: Record<DocumentSort, string> = {
  createdAt: 'd.created_at',
  name: 'lower(d.name)',
  type: 'd.document_type',
  sizeBytes: 'd.size_bytes',
};

export async function listDocuments(
  db: Queryable,
  organisationId: string,
  filter: DocumentListFilter,
  params: Pick<ListParams<DocumentSort>, 'sort' | 'order' | 'offset' | 'limit'>,
): Promise<{ documents: DocumentRecord[]; total: number }> {
  const values: SqlParam[] = [organisationId];
  const where = ['d.organisation_id = $1'];
  const add = (condition: (n: string) => string, value: SqlParam) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (filter.q)
    add((n) => `(d.name ILIKE ${n} OR m.name ILIKE ${n} OR s.name ILIKE ${n})`, `%${filter.q}%`);
  if (filter.machineId) add((n) => `d.machine_id = ${n}`, filter.machineId);
  if (filter.siteId) add((n) => `d.site_id = ${n}`, filter.siteId);
  if (filter.type) add((n) => `d.document_type = ${n}`, filter.type);
  if (filter.from) add((n) => `d.created_at >= ${n}::date`, filter.from);
  if (filter.to) add((n) => `d.created_at < ${n}::date + 1`, filter.to);
  if (filter.scope === 'machine') where.push('d.machine_id IS NOT NULL');
  if (filter.scope === 'site') where.push('d.site_id IS NOT NULL');
  if (filter.scope === 'organisation') where.push('d.machine_id IS NULL AND d.site_id IS NULL');
  const condition = where.join(' AND ');
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM document d
       LEFT JOIN machine m ON m.id = d.machine_id LEFT JOIN site s ON s.id = d.site_id
      WHERE ${condition}`,
    values,
  );
  const direction = params.order === 'ASC' && params.sort ? 'ASC' : 'DESC';
  const rows = await db.query<DocumentRow>(
    `${SELECT} WHERE ${condition}
      ORDER BY ${ORDER[params.sort ?? 'createdAt']} ${direction}, d.id
      LIMIT ${params.limit} OFFSET ${params.offset}`,
    values,
  );
  return { documents: rows.map(toRecord), total: count?.n ?? 0 };
}

async function documentRow(db: Queryable, organisationId: string, id: string) {
  const [row] = await db.query<DocumentRow>(
    `${SELECT} WHERE d.organisation_id = $1 AND d.id = $2`,
    [organisationId, id],
  );
  if (!row) throw notFound('No such document');
  return row;
}

/** Whether the organisation holds the document: a reading's photo must be one of its own. */
export async function isOrganisationDocument(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM document WHERE organisation_id = $1 AND id = $2', [
    organisationId,
    id,
  ]);
  return rows.length > 0;
}

/** Where the document goes, checked: a machine the organisation may see, or one of its sites. */
async function checkPlace(
  db: Queryable,
  organisationId: string,
  place: { machineId?: string; siteId?: string },
) {
  if (place.machineId && place.siteId) {
    throw badRequest('siteId', 'a document is on a machine or on a site, not both');
  }
  if (place.machineId && !(await machineVisibility(db, organisationId, place.machineId))) {
    throw notFound('No such machine');
  }
  if (place.siteId) {
    const sites = await sitesOfOrganisationAndHires(db, organisationId);
    if (!sites.some((site) => site.id === place.siteId)) throw notFound('No such site');
  }
}

export interface Upload {
  name: string;
  bytes: Buffer;
  type: DocumentType;
  machineId?: string;
  siteId?: string;
}

/** Stores the file, then its row; a file refused or failing to store leaves nothing behind. */
export async function addDocument(
  db: Queryable,
  files: FileStorage,
  member: { organisationId: string; userId: string },
  upload: Upload,
): Promise<DocumentRecord> {
  await checkPlace(db, member.organisationId, upload);
  const name = upload.name.replace(/[\\/]/g, '_').slice(0, 200).trim() || 'document';
  const contentType = documentContentType(name, upload.bytes);
  if (!contentType) {
    throw unsupportedMediaType(
      'file',
      'Unsupported file format. Please use only allowed format files: PDF, PNG, JPEG, DOCX, XLSX, CSV or TXT.',
    );
  }
  const id = randomUUID();
  const key = `documents/${member.organisationId}/${id}`;
  await files.put(key, upload.bytes);
  try {
    await db.query(
      `INSERT INTO document (id, organisation_id, machine_id, site_id, document_type, name,
                             content_type, size_bytes, file_key, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        member.organisationId,
        upload.machineId ?? null,
        upload.siteId ?? null,
        upload.type,
        name,
        contentType,
        upload.bytes.length,
        key,
        member.userId,
      ],
    );
  } catch (error) {
    await files.remove(key);
    throw error;
  }
  return toRecord(await documentRow(db, member.organisationId, id));
}

export async function documentBytes(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
  id: string,
): Promise<{ record: DocumentRecord; bytes: Buffer }> {
  const row = await documentRow(db, organisationId, id);
  const bytes = await files.get(row.file_key);
  if (!bytes) throw notFound('The document’s file is missing');
  return { record: toRecord(row), bytes };
}

export async function deleteDocument(
  db: Queryable,
  files: FileStorage,
  organisationId: string,
  id: string,
): Promise<void> {
  const [row] = await db.query<{ file_key: string }>(
    'DELETE FROM document WHERE organisation_id = $1 AND id = $2 RETURNING file_key',
    [organisationId, id],
  );
  if (!row) throw notFound('No such document');
  await files.remove(row.file_key);
}
