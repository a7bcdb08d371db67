// Every position fix of the route as a dot on one canvas, each telling its time and satellites
// on hover: for checking a tracker's fixes (`experimental` on the routes screen). Drawn
// imperatively: tens of thousands of React markers would stall the page.
import L from 'leaflet';
import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useMap } from 'react-leaflet';
import type { RouteLocation } from '../../domain/api/mapRoutes.ts';
import { formatDateTime } from '../../domain/format.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

/** Beyond this many fixes the dots stay without their hover text, which costs per dot. */
const MAX_TOOLTIPS = 5_000;

export function PositionsLayer({ locations }: { locations: RouteLocation[] }) {
  const map = useMap();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const group = L.layerGroup();
    for (const location of locations) {
      const dot = L.circleMarker([location.latitude, location.longitude], {
        renderer,
        radius: 3,
        weight: 1,
        color: '#37474f',
        fillColor: '#ffffff',
        fillOpacity: 1,
      });
      if (locations.length <= MAX_TOOLTIPS) {
        dot.bindTooltip(
          translate('app.routes.position_tooltip', {
            time: formatDateTime(location.time, language, timeZone),
            satellites: location.satellites ?? '–',
          }),
        );
      }
      group.addLayer(dot);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, locations, translate, language, timeZone]);
  return null;
}
