// Equipment assets (issue 17, our design in the spec's style): trailers, containers, cabins and
// attachments tracked by place with a location-only tracker. The list and details work over a
// range of the organisation's days, as the machine list does.
import Type, { type Static } from 'typebox';
import { BATTERY_STATUSES } from '../devices.ts';
import { ClaimCode } from './onboarding.ts';
import { DateTime, Day } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ASSET_KINDS = ['trailer', 'container', 'cabin', 'attachment', 'other'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** sortKey of /equipment/assets/list: name, last seen, site, days on site, distance moved. */
export const ASSET_SORTS = ['name', 'lastSeenAt', 'siteName', 'daysOnSite', 'distanceM'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

/** The longest range the list and details read positions over. */
export const MAX_ASSET_DAYS = 92;
/** The range when none is given: the last seven days, today included. */
export const DEFAULT_ASSET_DAYS = 7;

export const AssetTracker = Type.Object({
  id: Type.String(),
  type: Type.String(),
  code: Type.String(),
  lastSeenAt: Nullable(DateTime),
  batteryV: Nullable(Type.Number()),
  batteryStatus: Nullable(Type.Enum(BATTERY_STATUSES)),
});

export const AssetPosition = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  at: DateTime,
});
export type AssetPosition = Static<typeof AssetPosition>;

export const EquipmentAsset = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The owner's own number, painted on the asset. */
  assetNumber: Nullable(Type.String()),
  kind: Type.Enum(ASSET_KINDS),
  homeSiteId: Nullable(Type.String()),
  homeSiteName: Nullable(Type.String()),
  note: Nullable(Type.String()),
  trackers: Type.Array(AssetTracker),
  lastSeenAt: Nullable(DateTime),
  /** Where it was at the end of the range: its last position up to then. */
  position: Nullable(AssetPosition),
  /** The site whose geofence holds that position, null when off every site. */
  siteId: Nullable(Type.String()),
  siteName: Nullable(Type.String()),
  /** Days of the range (the organisation's days) it spent, wholly or partly, on a site. */
  daysOnSite: Type.Integer(),
  /** Metres moved in the range, a fix's wander while parked left out. */
  distanceM: Type.Number(),
  /** Site visits in the range. */
  visits: Type.Integer(),
});
export type EquipmentAsset = Static<typeof EquipmentAsset>;

export const AssetListQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 1000 })),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type AssetListQuery = Static<typeof AssetListQuery>;
export const AssetListReply = Type.Array(EquipmentAsset);

/** What the filter of GET /v1/portal/assets takes (JSON in `filter`). */
export interface AssetListFilter {
  q?: string;
  kind?: AssetKind;
  /** On this site at the end of the range; 'none' for off every site. */
  siteId?: string;
}

export const AssetDetailsQuery = Type.Object(
  { startDate: Type.Optional(Day), endDate: Type.Optional(Day) },
  { additionalProperties: false },
);
export type AssetDetailsQuery = Static<typeof AssetDetailsQuery>;

export const SiteVisit = Type.Object({
  siteId: Type.String(),
  siteName: Type.String(),
  /** Null: it was there already when the range began. */
  arrivedAt: Nullable(DateTime),
  /** Null: still there at the end of the range (its last position). */
  leftAt: Nullable(DateTime),
  /** The organisation's days the visit touched within the range. */
  days: Type.Integer(),
});
export type SiteVisit = Static<typeof SiteVisit>;

export const AssetDetailsReply = Type.Object({
  asset: EquipmentAsset,
  startDate: Day,
  endDate: Day,
  timezone: Type.String(),
  positions: Type.Array(AssetPosition),
  visits: Type.Array(SiteVisit),
});
export type AssetDetailsReply = Static<typeof AssetDetailsReply>;

export const AssetBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    assetNumber: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    kind: Type.Enum(ASSET_KINDS),
    homeSiteId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type AssetBody = Static<typeof AssetBody>;

/** POST /v1/portal/assets/onboard: a spare tracker onto an existing asset or a new one. */
export const AssetOnboardBody = Type.Object(
  {
    sensor: Type.String({ minLength: 1, maxLength: 100 }),
    claimCode: Type.Optional(ClaimCode),
    equipmentAssetId: Type.Optional(Type.String({ format: 'uuid' })),
    asset: Type.Optional(AssetBody),
  },
  { additionalProperties: false },
);
export type AssetOnboardBody = Static<typeof AssetOnboardBody>;
export const AssetOnboardReply = Type.Object({
  equipmentAssetId: Type.String(),
  sourceId: Type.String(),
});
export type AssetOnboardReply = Static<typeof AssetOnboardReply>;

/** POST /v1/portal/assets/labels: a PDF of labels for these assets, each a QR code of /asset/{id}. */
export const AssetLabelsBody = Type.Object(
  {
    ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type AssetLabelsBody = Static<typeof AssetLabelsBody>;

export const ASSET_OVERVIEW_COUNTS = [
  'assets',
  'onSite',
  'offSite',
  'notSeen',
  'noPosition',
] as const;
/** An asset silent for longer than this counts as not seen. */
export const ASSET_NOT_SEEN_H = 24;

export const EquipmentOverviewReply = Type.Object({
  counts: Type.Object(
    Object.fromEntries(ASSET_OVERVIEW_COUNTS.map((key) => [key, Type.Integer()])) as Record<
      (typeof ASSET_OVERVIEW_COUNTS)[number],
      Type.TInteger
    >,
  ),
  /** Each asset where it is now, by its tracker's latest position. */
  assets: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      assetNumber: Nullable(Type.String()),
      kind: Type.Enum(ASSET_KINDS),
      lastSeenAt: Nullable(DateTime),
      position: Nullable(AssetPosition),
      siteName: Nullable(Type.String()),
    }),
  ),
});
export type EquipmentOverviewReply = Static<typeof EquipmentOverviewReply>;
