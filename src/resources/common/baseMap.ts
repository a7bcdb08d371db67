// The base map under every map screen: OpenStreetMap's standard tiles, whose use requires the
// attribution shown on the map.
export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';
