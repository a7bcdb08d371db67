// Sites' geofences on a map, green, each named on hover; a click may open the site.
import { Circle, Polygon, Tooltip } from 'react-leaflet';
import type { Site } from '../domain/api/sites.ts';

export const SITE_COLOUR = '#43a047';

export interface SiteGeofencesProps {
  sites: Site[];
  /** Tooltips stay open: for a map of few sites. */
  permanentNames?: boolean;
  onOpen?(site: Site): void;
}

export function SiteGeofences({ sites, permanentNames = false, onOpen }: SiteGeofencesProps) {
  const pathOptions = { color: SITE_COLOUR, weight: 1, fillOpacity: 0.08 };
  return (
    <>
      {sites.map((site) => {
        const name = <Tooltip permanent={permanentNames}>{site.name}</Tooltip>;
        const eventHandlers = onOpen ? { click: () => onOpen(site) } : {};
        if (site.geofence?.type === 'polygon') {
          return (
            <Polygon
              key={site.id}
              positions={site.geofence.points.map((p) => [p.latitude, p.longitude])}
              pathOptions={pathOptions}
              eventHandlers={eventHandlers}
            >
              {name}
            </Polygon>
          );
        }
        if (site.geofence?.type === 'circle') {
          return (
            <Circle
              key={site.id}
              center={[site.geofence.centre.latitude, site.geofence.centre.longitude]}
              radius={site.geofence.radiusM}
              pathOptions={pathOptions}
              eventHandlers={eventHandlers}
            >
              {name}
            </Circle>
          );
        }
        return null;
      })}
    </>
  );
}
