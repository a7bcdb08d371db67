// The built-in base map: the world's country outlines (Natural Earth 1:110m, through world-atlas),
// shipped with the portal so that the map still shows where things are without internet. Loaded
// on the first map, once.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let outline: Promise<FeatureCollection> | null = null;

export function loadWorldOutline(): Promise<FeatureCollection> {
  outline ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = module.default as unknown as Topology;
    return feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection;
  });
  return outline;
}
