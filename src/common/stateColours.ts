// The colour of each activity state, the same on every map, timeline and legend.
import type { MapState } from '../domain/api/maps.ts';

export const STATE_COLOURS: Record<MapState, string> = {
  active: '#1565c0',
  idle: '#ef6c00',
  off: '#9e9e9e',
  missing: '#bdbdbd',
  unknown: '#bdbdbd',
  brokendown: '#c62828',
};
