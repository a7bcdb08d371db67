// Report types and the categories an admin gives each member (spec point 7): one list, read by
// the user form, the report screens and the server's checks alike.

export const REPORT_TYPES = [
  'fleet-utilisation',
  'out-of-hours',
  'fuel-co2',
  'idle',
  'site-activity',
  'routes',
  'work-cycles',
  'device-health',
  'hire-usage',
  'over-use',
  'service-due',
  'service-history',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Spec point 7: reports have categories per user; a member may run the types of theirs. */
export const REPORT_CATEGORIES = {
  utilisation: ['fleet-utilisation', 'idle', 'out-of-hours'],
  fuel: ['fuel-co2'],
  location: ['site-activity', 'routes', 'work-cycles'],
  devices: ['device-health'],
  billing: ['hire-usage', 'over-use'],
  maintenance: ['service-due', 'service-history'],
} as const satisfies Record<string, readonly ReportType[]>;
export type ReportCategory = keyof typeof REPORT_CATEGORIES;
export const REPORT_CATEGORY_IDS = Object.keys(REPORT_CATEGORIES) as ReportCategory[];

export const categoryOfReport = (type: ReportType): ReportCategory =>
  REPORT_CATEGORY_IDS.find((id) =>
    (REPORT_CATEGORIES[id] as readonly ReportType[]).includes(type),
  ) as ReportCategory;

/** The categories stored for a member, which are every one until an admin chooses (null). */
export const categoriesOrEvery = (stored: readonly string[] | null): ReportCategory[] =>
  (stored ?? REPORT_CATEGORY_IDS).filter((id): id is ReportCategory =>
    (REPORT_CATEGORY_IDS as readonly string[]).includes(id),
  );
