// What every map screen draws under its own layers: the country outline built into the portal,
// always (under the tiles, so it shows wherever tiles cannot be fetched), and the configured tile
// servers, with a layer switcher offering each of them and the outline alone.
import L from 'leaflet';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { LayerGroup, LayersControl, TileLayer, useMap } from 'react-leaflet';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import type { TileLayer as TileLayerConfig } from '../domain/api/mapLayers.ts';
import { loadWorldOutline } from './worldOutline.ts';
import { mapKeys } from '../dataProvider/maps.ts';

const OUTLINE_PANE = 'countryOutline';
/** Leaflet's tiles sit at z-index 200: the outline goes under them. */
const OUTLINE_Z_INDEX = '150';
/** The sea, where neither tiles nor the outline draw. */
export const MAP_BACKGROUND = '#cfe3ec';
/** The deepest zoom any base map offers here: OpenStreetMap's standard tiles go to 19. */
export const MAP_MAX_ZOOM = 19;

function CountryOutline() {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane(OUTLINE_PANE) ?? map.createPane(OUTLINE_PANE);
    pane.style.zIndex = OUTLINE_Z_INDEX;
    let layer: L.GeoJSON | null = null;
    let cancelled = false;
    void loadWorldOutline().then((outline) => {
      if (cancelled) return;
      layer = L.geoJSON(outline, {
        pane: OUTLINE_PANE,
        interactive: false,
        style: { color: '#8d9aa3', weight: 1, fillColor: '#f4f1ea', fillOpacity: 1 },
      }).addTo(map);
      map.getContainer().dataset.outline = 'drawn';
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map]);
  return null;
}

export interface BaseLayersViewProps {
  /** The configured tile servers; null while they are not known yet. */
  layers: TileLayerConfig[] | null;
  outlineName: string;
}

/** The outline and the layer switcher, for screens that know the tile servers. */
export function BaseLayersView({ layers, outlineName }: BaseLayersViewProps) {
  return (
    <>
      <CountryOutline />
      {layers === null ? null : (
        <LayersControl position="topright">
          {layers.map((layer, i) => (
            <LayersControl.BaseLayer key={layer.url} name={layer.name} checked={i === 0}>
              <TileLayer url={layer.url} attribution={layer.attribution} maxZoom={layer.maxZoom} />
            </LayersControl.BaseLayer>
          ))}
          <LayersControl.BaseLayer name={outlineName} checked={layers.length === 0}>
            <LayerGroup />
          </LayersControl.BaseLayer>
        </LayersControl>
      )}
    </>
  );
}

/** The base layers of a signed-in screen: the tile servers come from the API. */
export function BaseLayers() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: mapKeys.layers,
    queryFn: () => dataProvider.getMapLayers(),
    staleTime: Infinity,
    retry: 1,
  });
  // Until the configuration arrives the outline alone; if it cannot, the outline is the choice.
  return (
    <BaseLayersView
      layers={isPending ? null : (data?.layers ?? [])}
      outlineName={translate('app.map.outline_layer')}
    />
  );
}
