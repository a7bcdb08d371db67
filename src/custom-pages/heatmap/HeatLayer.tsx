// The heat map's cells on the map through leaflet.heat, scaled to the largest cell, with the map
// fitted to them when they change. The map's element says how many cells are drawn
// (data-heat-cells), for the end-to-end test and the benchmark.
import L from 'leaflet';
import 'leaflet.heat';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { HeatCell, HeatmapKind } from '../../domain/api/heatmap.ts';

/** Working time from cool to hot; speed from slow (green) to fast (red). */
export const HEAT_GRADIENTS: Record<HeatmapKind, Record<number, string>> = {
  activity: { 0.2: '#2196f3', 0.45: '#00bcd4', 0.65: '#8bc34a', 0.85: '#ffc107', 1: '#e53935' },
  speed: { 0.2: '#43a047', 0.5: '#cddc39', 0.75: '#ff9800', 1: '#b71c1c' },
};

/** A browser without a 2D canvas (the test DOM) draws no heat, rather than throwing. */
const canCanvas = () => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};

export interface HeatLayerProps {
  kind: HeatmapKind;
  cells: HeatCell[];
  maxWeight: number;
}

export function HeatLayer({ kind, cells, maxWeight }: HeatLayerProps) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.dataset.heatCells = String(cells.length);
    if (cells.length === 0) return;
    map.fitBounds(L.latLngBounds(cells.map((c) => [c.latitude, c.longitude])), {
      padding: [30, 30],
      maxZoom: 16,
    });
    if (!canCanvas()) return;
    const layer = L.heatLayer(
      cells.map((c) => [c.latitude, c.longitude, c.weight]),
      { max: maxWeight, radius: 18, blur: 15, minOpacity: 0.3, gradient: HEAT_GRADIENTS[kind] },
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, kind, cells, maxWeight]);
  return null;
}
