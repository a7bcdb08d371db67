// Reports (issue 18, spec points 2, 3, 7 and 9): report types and their categories, report files
// made in the background, scheduled reports and their runs, and a report opened as a page.
import Type, { type Static } from 'typebox';
import { SimpleListQuery } from './simpleList.ts';
import { DateTime, Day, TimeZone } from './dates.ts';
import { MACHINE_SHOW } from './machines.ts';
import { Email } from './users.ts';

import { REPORT_CATEGORY_IDS, REPORT_TYPES } from './reportTypes.ts';

export * from './reportTypes.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest range one report covers: a quarter and a bit, as the asset list. */
export const MAX_REPORT_DAYS = 92;

/** What a report covers: a range of the organisation's days and the machine list's selection. */
export const ReportRequest = Type.Object(
  {
    type: Type.Enum(REPORT_TYPES),
    format: Type.Enum(REPORT_FORMATS),
    start: Day,
    end: Day,
    /** The machine list's filter (group=key pairs, encoded as the list's URL has it). */
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    site: Type.Optional(Type.String({ format: 'uuid' })),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
  },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequest>;

export const REPORT_FILE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const ReportFile = Type.Object({
  id: Type.String(),
  type: Type.Enum(REPORT_TYPES),
  format: Type.Enum(REPORT_FORMATS),
  start: Day,
  end: Day,
  status: Type.Enum(REPORT_FILE_STATUSES),
  /** 0 to 100: the machines done of the machines the report covers. */
  percent: Type.Integer(),
  machinesDone: Type.Integer(),
  machinesTotal: Nullable(Type.Integer()),
  fileName: Nullable(Type.String()),
  sizeBytes: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  /** The scheduled report that made it; null for a file a person asked for. */
  scheduleId: Nullable(Type.String()),
  createdAt: DateTime,
  finishedAt: Nullable(DateTime),
});
export type ReportFile = Static<typeof ReportFile>;

export const ReportFileListQuery = SimpleListQuery;

// Scheduled reports (spec point 3's report options).
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'afterEachShift'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_DATE_RANGES = [
  'today',
  'yesterday',
  'start_of_week',
  'last_week',
  'start_of_month',
  'last_month',
] as const;
export type ReportDateRange = (typeof REPORT_DATE_RANGES)[number];
/** Spec point 9: report extra-minute options; 0 for none (ReportScheduleBody lists them too). */
export const REPORT_EXTRA_MINUTES = [0, 15, 30, 45, 60] as const;
/** A scheduled report goes to at most this many addresses. */
export const MAX_REPORT_RECIPIENTS = 50;

export const ReportScheduleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    type: Type.Enum(REPORT_TYPES),
    format: Type.Enum(REPORT_FORMATS),
    frequency: Type.Enum(REPORT_FREQUENCIES),
    dateRange: Type.Enum(REPORT_DATE_RANGES),
    /** 0 Sunday … 6 Saturday: the days a daily report runs, the day a weekly one does. */
    weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
    }),
    /** The hour of the day it runs; unused after each shift, which runs at the shift's end. */
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    extraMinutes: Type.Union([
      Type.Literal(0),
      Type.Literal(15),
      Type.Literal(30),
      Type.Literal(45),
      Type.Literal(60),
    ]),
    timezone: TimeZone,
    filter: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
    site: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    recipientUserIds: Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: MAX_REPORT_RECIPIENTS,
      uniqueItems: true,
    }),
    recipientEmails: Type.Array(Email, { maxItems: MAX_REPORT_RECIPIENTS, uniqueItems: true }),
    paused: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReportScheduleBody = Static<typeof ReportScheduleBody>;

export const REPORT_RUN_STATUSES = ['queued', 'running', 'sent', 'failed'] as const;

export const ReportRun = Type.Object({
  id: Type.String(),
  scheduleId: Type.String(),
  /** When it was due: the schedule's slot, or the moment someone pressed run now. */
  slotAt: DateTime,
  trigger: Type.Enum(['slot', 'now'] as const),
  status: Type.Enum(REPORT_RUN_STATUSES),
  attempts: Type.Integer(),
  recipients: Type.Array(Type.String()),
  reportFileId: Nullable(Type.String()),
  sizeBytes: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  createdAt: DateTime,
  finishedAt: Nullable(DateTime),
});
export type ReportRun = Static<typeof ReportRun>;

export const ReportSchedule = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(REPORT_TYPES),
  format: Type.Enum(REPORT_FORMATS),
  frequency: Type.Enum(REPORT_FREQUENCIES),
  dateRange: Type.Enum(REPORT_DATE_RANGES),
  weekdays: Type.Array(Type.Integer()),
  hour: Type.Integer(),
  extraMinutes: Type.Integer(),
  timezone: Type.String(),
  filter: Nullable(Type.String()),
  site: Nullable(Type.String()),
  recipientUserIds: Type.Array(Type.String()),
  recipientEmails: Type.Array(Type.String()),
  paused: Type.Boolean(),
  nextRunAt: Nullable(DateTime),
  lastRun: Nullable(ReportRun),
});
export type ReportSchedule = Static<typeof ReportSchedule>;

/** The body that saves a schedule as it is: the record without what the server works out. */
export function bodyOfSchedule(schedule: ReportSchedule): ReportScheduleBody {
  const { id: _id, nextRunAt: _next, lastRun: _last, ...rest } = schedule;
  return { ...rest, extraMinutes: rest.extraMinutes as ReportScheduleBody['extraMinutes'] };
}

// Report categories per user (spec point 7).
export const ReportCategoryRecord = Type.Object({
  id: Type.Enum(REPORT_CATEGORY_IDS),
  reportTypes: Type.Array(Type.Enum(REPORT_TYPES)),
});
export const ReportCategoriesReply = Type.Array(ReportCategoryRecord);
export const UserReportCategories = Type.Object(
  {
    categoryIds: Type.Array(Type.Enum(REPORT_CATEGORY_IDS), {
      maxItems: REPORT_CATEGORY_IDS.length,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type UserReportCategories = Static<typeof UserReportCategories>;

export const OrganisationQuery = Type.Object(
  { organisation_id: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

/** GET user/reports: the reports the user may open, each a page of the portal. */
export const UserReportsReply = Type.Object({
  reportsList: Type.Array(
    Type.Object({
      id: Type.Enum(REPORT_TYPES),
      category: Type.Enum(REPORT_CATEGORY_IDS),
      url: Type.String(),
    }),
  ),
});
export type UserReportsReply = Static<typeof UserReportsReply>;

export const ReportTokenReply = Type.Object({ token: Type.String(), expiresAt: DateTime });

/** A report as data: what its PDF draws, for a page of the portal. */
export const ReportView = Type.Object({
  title: Type.String(),
  subtitle: Type.Array(Type.String()),
  sections: Type.Array(
    Type.Object({
      title: Type.String(),
      headings: Type.Array(Type.String()),
      /** Which columns hold numbers (right-aligned). */
      numeric: Type.Array(Type.Boolean()),
      rows: Type.Array(Type.Array(Nullable(Type.Union([Type.String(), Type.Number()])))),
      chart: Nullable(
        Type.Object({
          title: Type.String(),
          unit: Type.String(),
          series: Type.Array(Type.String()),
          bars: Type.Array(
            Type.Object({ label: Type.String(), values: Type.Array(Type.Number()) }),
          ),
        }),
      ),
      /** Said under the table (the PDF's too): what a reader needs to read its figures. */
      notes: Type.Array(Type.String()),
    }),
  ),
});
export type ReportView = Static<typeof ReportView>;

export const ReportViewQuery = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 2000 }),
    start: Day,
    end: Day,
    site: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
