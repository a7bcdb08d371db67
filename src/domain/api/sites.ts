// Sites with their geofences (issue 6): GET, POST, PUT and DELETE under /v1/portal/sites, and
// what happened on them: their machines' summary and activity timeline.
import { MAX_RADIUS_M, MIN_RADIUS_M } from '../geofence.ts';
import Type, { type Static } from 'typebox';
import { Day, RangeBound, TimeZone } from './dates.ts';
import { MACHINE_SHOW, MachineListSummary } from './machines.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LatLng = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number() },
  { additionalProperties: false },
);

export const GeofenceBody = Type.Union([
  Type.Object(
    {
      type: Type.Literal('circle'),
      centre: LatLng,
      radiusM: Type.Number({ minimum: MIN_RADIUS_M, maximum: MAX_RADIUS_M }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('polygon'), points: Type.Array(LatLng, { maxItems: 500 }) },
    { additionalProperties: false },
  ),
]);

export const SiteBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    code: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    customer: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    /** An IANA time zone; null or absent: the organisation's. */
    timezone: Type.Optional(Nullable(TimeZone)),
    geofence: GeofenceBody,
  },
  { additionalProperties: false },
);
export type SiteBody = Static<typeof SiteBody>;

export const Site = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  /** The site's own time zone, else the organisation's. */
  timezone: Type.String(),
  /** Null for a site created without a place. */
  geofence: Nullable(GeofenceBody),
  /** Where the site is marked: a circle's centre, a polygon's centroid. */
  centre: Nullable(LatLng),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Site = Static<typeof Site>;

export const SitesReply = Type.Object({ sites: Type.Array(Site) });
export type SitesReply = Static<typeof SitesReply>;

/** GET /v1/portal/sites/overview: each site with the machine list's summary of its machines. */
export const SitesOverviewQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type SitesOverviewQuery = Static<typeof SitesOverviewQuery>;

export const SiteOverview = Type.Object({
  site: Site,
  /** The machine list's summary over the site's machines (those whose site it is). */
  summary: MachineListSummary,
});
export type SiteOverview = Static<typeof SiteOverview>;

export const SitesOverviewReply = Type.Object({
  sites: Type.Array(SiteOverview),
  /** The selected machines on no site of the caller's: a customer's site, or none. */
  elsewhere: MachineListSummary,
});
export type SitesOverviewReply = Static<typeof SitesOverviewReply>;

/** GET /v1/portal/sites/{id}/timeline: the site's machines' activity over local days. */
export const SiteTimelineQuery = Type.Object(
  {
    /** Local days of the organisation, both included; both default to today; at most 7 days. */
    start: Type.Optional(Day),
    end: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type SiteTimelineQuery = Static<typeof SiteTimelineQuery>;

export const MAX_TIMELINE_DAYS = 7;

export const SiteTimelineReply = Type.Object({
  site: Site,
  /** The range's bounds as instants. */
  from: Type.String(),
  to: Type.String(),
  machines: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      assetId: Nullable(Type.String()),
      segments: Type.Array(
        Type.Object({
          state: Type.Enum(['active', 'idle', 'off', 'missing', 'brokendown'] as const),
          from: Type.String(),
          to: Type.String(),
        }),
      ),
    }),
  ),
});
export type SiteTimelineReply = Static<typeof SiteTimelineReply>;
