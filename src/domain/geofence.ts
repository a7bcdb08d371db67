// Geofences of sites (issue 6): a circle or a simple polygon of latitude and longitude corners.
// The checks here are the server's validation and the geofence editor's, so the two agree.

export interface LatLng {
  latitude: number;
  longitude: number;
}

export type Geofence =
  { type: 'circle'; centre: LatLng; radiusM: number } | { type: 'polygon'; points: LatLng[] };

export const MIN_RADIUS_M = 5;
export const MAX_RADIUS_M = 50_000;
export const MAX_POLYGON_POINTS = 500;

const validPoint = ({ latitude, longitude }: LatLng) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

/** The orientation of c against the line a→b: positive, negative, or 0 when in line. */
const turn = (a: LatLng, b: LatLng, c: LatLng) =>
  (b.longitude - a.longitude) * (c.latitude - a.latitude) -
  (b.latitude - a.latitude) * (c.longitude - a.longitude);

/** Whether segments p1–p2 and q1–q2 cross or touch. */
function segmentsMeet(p1: LatLng, p2: LatLng, q1: LatLng, q2: LatLng): boolean {
  const d1 = turn(q1, q2, p1);
  const d2 = turn(q1, q2, p2);
  const d3 = turn(p1, p2, q1);
  const d4 = turn(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    return true;
  }
  const within = (a: LatLng, b: LatLng, c: LatLng) =>
    Math.min(a.latitude, b.latitude) <= c.latitude &&
    c.latitude <= Math.max(a.latitude, b.latitude) &&
    Math.min(a.longitude, b.longitude) <= c.longitude &&
    c.longitude <= Math.max(a.longitude, b.longitude);
  return (
    (d1 === 0 && within(q1, q2, p1)) ||
    (d2 === 0 && within(q1, q2, p2)) ||
    (d3 === 0 && within(p1, p2, q1)) ||
    (d4 === 0 && within(p1, p2, q2))
  );
}

/** What is wrong with a geofence, as a message naming the part; null when it is usable. */
export function geofenceProblem(geofence: Geofence): { field: string; message: string } | null {
  if (geofence.type === 'circle') {
    if (!validPoint(geofence.centre)) {
      return { field: 'geofence.centre', message: 'the centre is not a latitude and longitude' };
    }
    if (!(geofence.radiusM >= MIN_RADIUS_M && geofence.radiusM <= MAX_RADIUS_M)) {
      return {
        field: 'geofence.radiusM',
        message: `the radius must be ${MIN_RADIUS_M} to ${MAX_RADIUS_M} m`,
      };
    }
    return null;
  }
  const { points } = geofence;
  if (points.length < 3 || points.length > MAX_POLYGON_POINTS) {
    return {
      field: 'geofence.points',
      message: `a polygon has 3 to ${MAX_POLYGON_POINTS} corners`,
    };
  }
  const bad = points.findIndex((point) => !validPoint(point));
  if (bad >= 0) {
    return {
      field: 'geofence.points',
      message: `corner ${bad + 1} is not a latitude and longitude`,
    };
  }
  // A simple polygon: no edge meets another except its neighbours at their shared corner.
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) continue;
      const a1 = points[i] as LatLng;
      const a2 = points[(i + 1) % n] as LatLng;
      const b1 = points[j] as LatLng;
      const b2 = points[(j + 1) % n] as LatLng;
      if (segmentsMeet(a1, a2, b1, b2)) {
        return {
          field: 'geofence.points',
          message: `edges ${i + 1} and ${j + 1} cross: a site's outline must not cross itself`,
        };
      }
    }
  }
  // About a square metre: corners in a line, give or take rounding.
  if (Math.abs(polygonArea(points)) < 1e-10) {
    return { field: 'geofence.points', message: 'the polygon has no area' };
  }
  return null;
}

/** Twice the signed area, in squared degrees: enough for a centroid and a zero test. */
function polygonArea(points: LatLng[]): number {
  let area = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as LatLng;
    area += p.longitude * q.latitude - q.longitude * p.latitude;
  });
  return area;
}

/** The point a site is marked at: a circle's centre, a polygon's centroid. */
export function geofenceCentre(geofence: Geofence): LatLng {
  if (geofence.type === 'circle') return geofence.centre;
  const { points } = geofence;
  const area = polygonArea(points);
  let latitude = 0;
  let longitude = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as LatLng;
    const cross = p.longitude * q.latitude - q.longitude * p.latitude;
    longitude += (p.longitude + q.longitude) * cross;
    latitude += (p.latitude + q.latitude) * cross;
  });
  return { latitude: latitude / (3 * area), longitude: longitude / (3 * area) };
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceBetweenM(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point lies in the geofence (ray casting for a polygon; sites are far from the poles). */
export function contains(geofence: Geofence, point: LatLng): boolean {
  if (geofence.type === 'circle')
    return distanceBetweenM(geofence.centre, point) <= geofence.radiusM;
  let inside = false;
  const { points } = geofence;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i] as LatLng;
    const b = points[j] as LatLng;
    if (
      a.latitude > point.latitude !== b.latitude > point.latitude &&
      point.longitude <
        ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) +
          a.longitude
    ) {
      inside = !inside;
    }
  }
  return inside;
}
