// The fleet map's state on the client: live changes merged per machine, counts by state.
import { MAP_STATES, type MapMachine, type MapState } from './api/maps.ts';

/** The machines with each changed one replaced, and new ones added, in name order. */
export function mergeLive(current: MapMachine[], changes: MapMachine[]): MapMachine[] {
  if (changes.length === 0) return current;
  const byId = new Map(current.map((machine) => [machine.id, machine]));
  for (const change of changes) byId.set(change.id, change);
  return [...byId.values()].sort(
    (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.id < b.id ? -1 : 1),
  );
}

export function countStates(machines: MapMachine[]): Record<MapState, number> {
  const counts = Object.fromEntries(MAP_STATES.map((state) => [state, 0])) as Record<
    MapState,
    number
  >;
  for (const machine of machines) counts[machine.state]++;
  return counts;
}
