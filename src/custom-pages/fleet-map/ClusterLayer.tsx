// The machines on the map as clustered circles coloured by state, each with a popup that opens the
// machine. Markers are kept per machine and only changed ones are replaced, so a live update of a
// few machines does not redraw ten thousand.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapMachine } from '../../domain/api/maps.ts';
import { links } from '../../domain/paths.ts';
import { STATE_COLOURS } from '../../common/stateColours.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface ClusterLayerProps {
  machines: MapMachine[];
  /** The popup's text, already translated: the state's name, the labels and the link. */
  popup(machine: MapMachine): { title: string; lines: string[]; link: string; share: string };
  onOpen(id: string): void;
  onShare(id: string): void;
}

export function ClusterLayer({ machines, popup, onOpen, onShare }: ClusterLayerProps) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<string, { machine: MapMachine; marker: L.CircleMarker }>());
  const fitted = useRef(false);

  useEffect(() => {
    const clusters = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      // Says on the map's element when every marker is in: tests and the benchmark wait for it.
      chunkProgress: (processed, total) => {
        if (processed === total) map.getContainer().dataset.markers = String(markers.current.size);
      },
    });
    group.current = clusters;
    map.addLayer(clusters);
    // Popups live outside React: their link navigates inside the portal rather than reloading it,
    // and the share link opens the portal's dialog.
    const onPopup = (event: L.PopupEvent) => {
      const element = event.popup.getElement();
      const link = element?.querySelector<HTMLAnchorElement>('a[data-machine]');
      if (link) {
        link.onclick = (click) => {
          click.preventDefault();
          onOpen(link.dataset.machine as string);
        };
      }
      const share = element?.querySelector<HTMLAnchorElement>('a[data-share]');
      if (share) {
        share.onclick = (click) => {
          click.preventDefault();
          map.closePopup();
          onShare(share.dataset.share as string);
        };
      }
    };
    map.on('popupopen', onPopup);
    // The zoom the map settled at, on its element, for the same readers as the markers' count.
    const onZoom = () => {
      map.getContainer().dataset.zoom = String(map.getZoom());
    };
    map.on('zoomend', onZoom);
    onZoom();
    const kept = markers.current;
    return () => {
      map.off('popupopen', onPopup);
      map.off('zoomend', onZoom);
      map.removeLayer(clusters);
      kept.clear();
    };
    // One cluster group for the map's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    const clusters = group.current;
    if (!clusters) return;
    const current = markers.current;
    const added: L.CircleMarker[] = [];
    const removed: L.CircleMarker[] = [];
    const seen = new Set<string>();
    for (const machine of machines) {
      if (!machine.location) continue;
      seen.add(machine.id);
      const kept = current.get(machine.id);
      if (kept?.machine === machine) continue;
      if (kept) removed.push(kept.marker);
      const { title, lines, link, share } = popup(machine);
      const marker = L.circleMarker([machine.location.latitude, machine.location.longitude], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: STATE_COLOURS[machine.state],
        fillOpacity: 0.95,
      }).bindPopup(
        `<strong>${escape(title)}</strong><br>${lines.map(escape).join('<br>')}<br>` +
          `<a href="${escape(links.machine(machine.id))}" data-machine="${escape(machine.id)}">${escape(link)}</a>` +
          ` · <a href="#" data-share="${escape(machine.id)}">${escape(share)}</a>`,
      );
      current.set(machine.id, { machine, marker });
      added.push(marker);
    }
    for (const [id, { marker }] of current) {
      if (!seen.has(id)) {
        removed.push(marker);
        current.delete(id);
      }
    }
    if (removed.length) clusters.removeLayers(removed);
    if (added.length) clusters.addLayers(added);
    else map.getContainer().dataset.markers = String(current.size);
    if (!fitted.current && current.size > 0) {
      fitted.current = true;
      map.fitBounds(L.latLngBounds([...current.values()].map(({ marker }) => marker.getLatLng())), {
        padding: [40, 40],
        maxZoom: 15,
      });
    }
  }, [machines, map, popup]);

  return null;
}
