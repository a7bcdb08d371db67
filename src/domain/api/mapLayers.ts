// GET /v1/portal/maps/layers: the base maps the operator configured (docs/deployment.md), which
// every map screen offers in its layer switcher next to the built-in country outline.
import Type, { type Static } from 'typebox';

export const TileLayer = Type.Object({
  name: Type.String(),
  /** A Leaflet URL template: {z}, {x}, {y}, and {s} for subdomains. */
  url: Type.String(),
  /** HTML shown in the map's corner, as the tile server's terms require. */
  attribution: Type.String(),
  maxZoom: Type.Integer({ minimum: 1, maximum: 24 }),
});
export type TileLayer = Static<typeof TileLayer>;

export const MapLayersReply = Type.Object({ layers: Type.Array(TileLayer) });
export type MapLayersReply = Static<typeof MapLayersReply>;

/** Without configuration: OpenStreetMap's standard tiles, whose use requires this attribution. */
export const DEFAULT_TILE_LAYER: TileLayer = {
  name: 'OpenStreetMap',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; OpenStreetMap contributors',
  maxZoom: 19,
};
