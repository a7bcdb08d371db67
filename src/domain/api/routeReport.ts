// GET /v1/portal/maps/routes/report (spec point 7, "Maps"): the selected machines' routes or work
// cycles over a range as CSV, one of five tables (docs/api.md, "Route report").
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';
import { DASHBOARD_FILTER_GROUPS, type DashboardFilterGroup } from './dashboard.ts';
import { MACHINE_SHOW } from './machines.ts';

const Keys = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 });

/** The filter groups given as `group=key` pairs: all but `type` and `site`, which mean the report's. */
export const ROUTE_REPORT_FILTER_GROUPS = DASHBOARD_FILTER_GROUPS.filter(
  (group): group is Exclude<DashboardFilterGroup, 'type' | 'site'> =>
    group !== 'type' && group !== 'site',
);
type RouteReportFilterGroup = (typeof ROUTE_REPORT_FILTER_GROUPS)[number];

export const ROUTE_REPORT_TYPES = [
  'SUMMARY_ROUTE',
  'DETAIL_ROUTE',
  'WORK_CYCLES_KPI',
  'WORK_CYCLES_KPI_DETAIL',
  /** The default: the fleet's work-cycle routes, each loading and dumping place once. */
  'WORK_CYCLES_ROUTES',
] as const;
export type RouteReportType = (typeof ROUTE_REPORT_TYPES)[number];

/** Extra columns: each trip's end points (DETAIL_ROUTE) or each cycle's places (the cycle tables). */
export const ROUTE_REPORT_OPTIONS = ['coordinates'] as const;
export type RouteReportOption = (typeof ROUTE_REPORT_OPTIONS)[number];

export const SPREADSHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

export const RouteReportQuery = Type.Object(
  {
    /** Local days of the organisation, both included; both default to today; at most 31 days. */
    start: Type.Optional(Day),
    end: Type.Optional(Day),
    type: Type.Optional(Type.Enum(ROUTE_REPORT_TYPES)),
    /** A CSV unless asked for a workbook. */
    format: Type.Optional(Type.Enum(SPREADSHEET_FORMATS)),
    /** Comma-separated ROUTE_REPORT_OPTIONS. */
    options: Type.Optional(Type.String({ maxLength: 200 })),
    /** Only the machines on this site, as the machine list's site filter. */
    site: Type.Optional(Type.String({ format: 'uuid' })),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    ...(Object.fromEntries(
      ROUTE_REPORT_FILTER_GROUPS.map((g) => [g, Type.Optional(Keys)]),
    ) as Record<RouteReportFilterGroup, Type.TOptional<typeof Keys>>),
  },
  { additionalProperties: false },
);
export type RouteReportQuery = Static<typeof RouteReportQuery>;
