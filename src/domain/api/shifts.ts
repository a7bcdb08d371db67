// Named shifts of an organisation (issue 16): GET/POST /v1/portal/shifts, GET/PUT/DELETE
// /v1/portal/shifts/{id}. Hours are wall-clock 'HH:mm' (24:00 ends at midnight); the default
// shift applies wherever a site has none of its own; siteIds are the sites that follow this one.
import Type, { type Static } from 'typebox';

const Clock = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' });

const Break = Type.Object({ start: Clock, end: Clock }, { additionalProperties: false });

/** 0 is Sunday, 1 Monday … 6 Saturday, as JavaScript's getDay. */
const Day = Type.Object(
  {
    weekday: Type.Integer({ minimum: 0, maximum: 6 }),
    start: Clock,
    end: Clock,
    breaks: Type.Array(Break, { maxItems: 6 }),
  },
  { additionalProperties: false },
);
export type ShiftDayBody = Static<typeof Day>;

export const ShiftBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    isDefault: Type.Boolean(),
    siteIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000, uniqueItems: true }),
    days: Type.Array(Day, { maxItems: 7 }),
  },
  { additionalProperties: false },
);
export type ShiftBody = Static<typeof ShiftBody>;

export const ShiftRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDefault: Type.Boolean(),
  siteIds: Type.Array(Type.String()),
  sites: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  days: Type.Array(Day),
  updatedAt: Type.String({ format: 'date-time' }),
  /** True while the days of the machines it applies to are being recomputed after a change. */
  recomputing: Type.Boolean(),
});
export type ShiftRecord = Static<typeof ShiftRecord>;

export const ShiftsReply = Type.Object({ shifts: Type.Array(ShiftRecord) });
export type ShiftsReply = Static<typeof ShiftsReply>;
