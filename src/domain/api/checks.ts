// On-hire and off-hire checks (issue 44): a rental company's checklists per machine category, and
// the checks its yard staff record on a hire as the machine goes out and comes back, with photos
// and a signature; the off-hire check against the on-hire one gives what to bill. Our design in
// the spec's style (simple-rest where CRUD).
import Type, { type Static } from 'typebox';
import { DateTime } from './dates.ts';
import { SimpleListQuery } from './simpleList.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });

/**
 * What an item asks: the tank's level in percent, the hour meter, damage found (described, or
 * empty for none), an attachment present, the machine clean, or a note.
 */
export const CHECK_ITEM_KINDS = [
  'fuelLevel',
  'hourMeter',
  'damage',
  'present',
  'clean',
  'text',
] as const;
export type CheckItemKind = (typeof CHECK_ITEM_KINDS)[number];

export const MAX_CHECK_ITEMS = 30;
export const MAX_CHECK_PHOTOS = 20;
/** A signature drawn on the phone, as a PNG data URL: a few kilobytes, bounded. */
export const MAX_SIGNATURE_CHARS = 300_000;

export const CheckItem = Type.Object(
  {
    /** The answer's name: a letter, then letters and digits. */
    key: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,39}$' }),
    label: Type.String({ minLength: 1, maxLength: 100 }),
    kind: Type.Enum(CHECK_ITEM_KINDS),
  },
  { additionalProperties: false },
);
export type CheckItem = Static<typeof CheckItem>;

export const CheckTemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** The machine category it is for; null for every category without a template of its own. */
    category: Nullable(Type.String({ minLength: 1, maxLength: 60 })),
    items: Type.Array(CheckItem, { minItems: 1, maxItems: MAX_CHECK_ITEMS }),
  },
  { additionalProperties: false },
);
export type CheckTemplateBody = Static<typeof CheckTemplateBody>;
export const CheckTemplatePatch = Type.Partial(CheckTemplateBody);
export type CheckTemplatePatch = Static<typeof CheckTemplatePatch>;

export const CheckTemplate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  items: Type.Array(CheckItem),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type CheckTemplate = Static<typeof CheckTemplate>;
export const CheckTemplateListQuery = SimpleListQuery;

export const CHECK_KINDS = ['onHire', 'offHire'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** An answer: a number (level, meter), text (damage, note) or yes/no (present, clean). */
export const CheckAnswer = Type.Union([
  Type.Number(),
  Type.String({ maxLength: 1000 }),
  Type.Boolean(),
]);
export type CheckAnswer = Static<typeof CheckAnswer>;

export const HireCheckBody = Type.Object(
  {
    kind: Type.Enum(CHECK_KINDS),
    /** The template to answer; by default the machine category's, else the general one. */
    templateId: Type.Optional(Uuid),
    answers: Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,39}$' }), CheckAnswer, {
      maxProperties: MAX_CHECK_ITEMS,
    }),
    /** Photos uploaded first as the organisation's files. */
    photoIds: Type.Array(Uuid, { maxItems: MAX_CHECK_PHOTOS, uniqueItems: true }),
    signature: Type.String({
      pattern: '^data:image/png;base64,',
      maxLength: MAX_SIGNATURE_CHARS,
      examples: ['data:image/png;base64,iVBORw0KGgo='],
    }),
    /** Who signed: the customer's driver, the yard's fitter. */
    signedBy: Type.String({ minLength: 1, maxLength: 100 }),
    /** When it was done; now when left out (a phone's queued check keeps its own time). */
    doneAt: Type.Optional(DateTime),
  },
  { additionalProperties: false },
);
export type HireCheckBody = Static<typeof HireCheckBody>;

export const HireCheck = Type.Object({
  id: Type.String(),
  hireId: Type.String(),
  kind: Type.Enum(CHECK_KINDS),
  templateName: Type.String(),
  /** The template's items as they were when the check was done. */
  items: Type.Array(CheckItem),
  answers: Type.Record(Type.String(), CheckAnswer),
  photoIds: Type.Array(Type.String()),
  signature: Type.String(),
  signedBy: Type.String(),
  doneBy: Nullable(Type.String()),
  doneAt: DateTime,
});
export type HireCheck = Static<typeof HireCheck>;

/** One item's answers at on-hire and off-hire, and whether they differ. */
export const CheckDifference = Type.Object({
  key: Type.String(),
  label: Type.String(),
  kind: Type.Enum(CHECK_ITEM_KINDS),
  onHire: Nullable(CheckAnswer),
  offHire: Nullable(CheckAnswer),
  changed: Type.Boolean(),
});

export const CheckDifferences = Type.Object({
  onHireCheckId: Nullable(Type.String()),
  offHireCheckId: Nullable(Type.String()),
  items: Type.Array(CheckDifference),
  /** Percentage points of the tank used between the checks (to refill and bill). */
  fuelUsedPct: Nullable(Type.Number()),
  /** Hours on the meter between the checks. */
  meterHours: Nullable(Type.Number()),
  /** Damage found at off-hire that the on-hire check did not record. */
  newDamage: Type.Array(Type.String()),
  /** Attachments present at on-hire and missing at off-hire, by label. */
  missing: Type.Array(Type.String()),
});
export type CheckDifferences = Static<typeof CheckDifferences>;
