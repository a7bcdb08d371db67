// One machine's route on the map: each trip a line of its own colour, each stop a circle of the
// stop radius, and the sites' geofences under them. The map fits the route when it changes.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { Circle, MapContainer, Polyline, useMap } from 'react-leaflet';
import type { RouteReply } from '../../domain/api/mapRoutes.ts';
import type { Site } from '../../domain/api/sites.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { SiteGeofences } from '../../common/SiteGeofences.tsx';
import { PositionsLayer } from './PositionsLayer.tsx';

const TRIP_COLOURS = ['#1565c0', '#6a1b9a', '#00838f', '#2e7d32', '#ad1457', '#4e342e'];
const STOP_COLOUR = '#ef6c00';
const START: [number, number] = [54, -2.5];

/**
 * Fits the map to the route. Rendered after the lines, so its effect runs once they are on the
 * map: the map's element then says how many positions and trips it shows (data-route-points,
 * data-route-trips), for the end-to-end test and the benchmark.
 */
function FitRoute({ route }: { route: RouteReply | null }) {
  const map = useMap();
  useEffect(() => {
    const points = route?.locations ?? [];
    const container = map.getContainer();
    if (route) {
      container.dataset.routePoints = String(points.length);
      container.dataset.routeTrips = String(route.trips.length);
    } else {
      delete container.dataset.routePoints;
      delete container.dataset.routeTrips;
    }
    if (points.length === 0) return;
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
      padding: [30, 30],
      maxZoom: 17,
    });
  }, [map, route]);
  return null;
}

export interface RouteMapProps {
  route: RouteReply | null;
  sites: Site[];
  showStops: boolean;
  /** Every position fix as a dot. */
  showPositions: boolean;
  /** The trip picked in the list, drawn thicker. */
  selectedTrip: number | null;
}

export function RouteMap({ route, sites, showStops, showPositions, selectedTrip }: RouteMapProps) {
  return (
    <MapContainer
      center={START}
      zoom={6}
      style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
    >
      <BaseLayers />
      <SiteGeofences sites={sites} />
      {route?.trips.map((trip, i) => (
        <Polyline
          key={trip.startTime}
          positions={trip.locations.map((p) => [p.latitude, p.longitude])}
          pathOptions={{
            color: TRIP_COLOURS[i % TRIP_COLOURS.length],
            weight: selectedTrip === i ? 7 : 4,
            opacity: selectedTrip === null || selectedTrip === i ? 0.9 : 0.4,
          }}
        />
      ))}
      {showStops
        ? route?.stops.map((stop) => (
            <Circle
              key={stop.startTime}
              center={[stop.centre.latitude, stop.centre.longitude]}
              radius={stop.radius}
              pathOptions={{ color: STOP_COLOUR, weight: 2, fillOpacity: 0.4 }}
            />
          ))
        : null}
      {showPositions && route ? <PositionsLayer locations={route.locations} /> : null}
      <FitRoute route={route} />
    </MapContainer>
  );
}
