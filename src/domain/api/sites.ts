// Sites with their geofences (issue 6): GET, POST, PUT and DELETE under /v1/portal/sites.
import Type, { type Static } from 'typebox';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LatLng = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number() },
  { additionalProperties: false },
);

export const GeofenceBody = Type.Union([
  Type.Object(
    { type: Type.Literal('circle'), centre: LatLng, radiusM: Type.Number() },
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
    timezone: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
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
