// Documents (issue 18, spec point 2's /files): manuals, certificates, inspections and contracts on
// a machine, a site or the organisation itself. Our design in the spec's style.
import Type, { type Static } from 'typebox';
import { SimpleListQuery } from './simpleList.ts';
import { DateTime } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DOCUMENT_TYPES = [
  'manual',
  'certificate',
  'inspection',
  'contract',
  'invoice',
  'photo',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The files a document may be, by extension; each is also checked by its first bytes. */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'docx',
  'xlsx',
  'csv',
  'txt',
] as const;
/** The largest document accepted, unless the server is set otherwise. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 20_000_000;

export const DocumentRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(DOCUMENT_TYPES),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  machineId: Nullable(Type.String()),
  machineName: Nullable(Type.String()),
  siteId: Nullable(Type.String()),
  siteName: Nullable(Type.String()),
  uploadedBy: Nullable(Type.String()),
  createdAt: DateTime,
});
export type DocumentRecord = Static<typeof DocumentRecord>;

export const DocumentUploadQuery = Type.Object(
  {
    type: Type.Enum(DOCUMENT_TYPES),
    machineId: Type.Optional(Type.String({ format: 'uuid' })),
    siteId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type DocumentUploadQuery = Static<typeof DocumentUploadQuery>;

export const DocumentListQuery = SimpleListQuery;

/** What the list's `filter` takes (JSON): text, where it is, its type and the days it came. */
export interface DocumentListFilter {
  q?: string;
  machineId?: string;
  siteId?: string;
  /** Only documents on a machine, on a site, or on the organisation itself. */
  scope?: 'machine' | 'site' | 'organisation';
  type?: DocumentType;
  from?: string;
  to?: string;
}
