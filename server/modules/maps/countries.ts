// Which country a place is in, from the country shapes the portal ships (Natural Earth 1:50m
// through world-atlas): for the fleet map's `countries` filter. Shapes are read once, on first use;
// each is tested only when its bounding box holds the point, and answers are kept per 0.001° cell,
// since a fleet's machines stand at few places.
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

interface Country {
  id: string;
  name: string;
  /** Polygons, each its outer ring then its holes, as [longitude, latitude]. */
  polygons: Position[][][];
  bbox: [number, number, number, number];
}

let countries: Country[] | null = null;
const answers = new Map<string, Country | null>();

function load(): Country[] {
  if (countries) return countries;
  const topology = createRequire(import.meta.url)('world-atlas/countries-50m.json') as Topology;
  const collection = feature(
    topology,
    topology.objects.countries as GeometryCollection,
  ) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  countries = collection.features.flatMap(
    (f: Feature<Polygon | MultiPolygon, { name: string }>) => {
      if (!f.geometry) return [];
      const polygons =
        f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const polygon of polygons) {
        for (const [lng = 0, lat = 0] of polygon[0] ?? []) {
          bbox[0] = Math.min(bbox[0], lng);
          bbox[1] = Math.min(bbox[1], lat);
          bbox[2] = Math.max(bbox[2], lng);
          bbox[3] = Math.max(bbox[3], lat);
        }
      }
      return [{ id: String(f.id), name: f.properties.name, polygons, bbox }];
    },
  );
  return countries;
}

/** Ray casting: whether the point is inside the ring. */
function inRing(ring: Position[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] as Position;
    const [xj = 0, yj = 0] = ring[j] as Position;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function contains(country: Country, lng: number, lat: number): boolean {
  const [west, south, east, north] = country.bbox;
  if (lng < west || lng > east || lat < south || lat > north) return false;
  return country.polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined &&
      inRing(outer, lng, lat) &&
      !holes.some((hole) => inRing(hole, lng, lat)),
  );
}

/** The country a place is in, or null (at sea, or beyond the shapes' detail at a coast). */
export function countryAt(
  latitude: number,
  longitude: number,
): { id: string; name: string } | null {
  const key = `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = load().find((country) => contains(country, longitude, latitude)) ?? null;
    answers.set(key, answer);
  }
  return answer ? { id: answer.id, name: answer.name } : null;
}

/**
 * The countries a `countries` parameter names: comma-separated names or ISO 3166-1 numeric codes,
 * in any case. The names it does not know, for the 400.
 */
export function parseCountries(text: string): { ids: Set<string>; unknown: string[] } {
  const all = load();
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const found = all.find(
      (country) =>
        country.id === part.padStart(3, '0') || country.name.toLowerCase() === part.toLowerCase(),
    );
    if (found) ids.add(found.id);
    else unknown.push(part);
  }
  return { ids, unknown };
}
