// The link to a machine's details and the way back from it (spec point 2: /machines/{id} takes
// ref and url). `url` is the screen as it was, `ref` names that screen, so the way back can say
// where it goes and still go there when a link carries only the ref.
import { links, PATHS } from './paths.ts';

/** The screens a machine is opened from, and where each is. */
export const MACHINE_REFS = {
  list: PATHS.machines,
  dashboard: PATHS.dashboard,
  map: PATHS.map,
  heatmap: PATHS.heatmap,
  routes: PATHS.routes,
  sites: PATHS.sitesOverview,
} as const;

export type MachineRef = keyof typeof MACHINE_REFS;

export const isMachineRef = (value: string): value is MachineRef =>
  Object.prototype.hasOwnProperty.call(MACHINE_REFS, value);

/** Only a path of this portal: a link must not send the user elsewhere. */
export const isPortalPath = (value: string): boolean => /^\/(?![/\\])/.test(value);

/** The screen a path belongs to, longest match first (/overview/sites/7 is the sites). */
function refOf(path: string): MachineRef | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const found = (Object.entries(MACHINE_REFS) as [MachineRef, string][])
    .sort(([, a], [, b]) => b.length - a.length)
    .find(([, base]) => pathname === base || pathname.startsWith(`${base}/`));
  return found ? found[0] : null;
}

export function machineLink(
  id: string,
  backUrl: string,
  range: { startDate?: string | null; endDate?: string | null },
): string {
  const query = new URLSearchParams({ url: backUrl });
  const ref = refOf(backUrl);
  if (ref) query.set('ref', ref);
  const { startDate, endDate } = range;
  if (startDate && endDate && startDate !== 'max' && endDate !== 'max') {
    query.set('startDate', startDate);
    query.set('endDate', endDate);
  }
  return links.machine(id, query);
}

/** Where the details' way back goes: the url if it is a portal path, else the ref's screen. */
export function wayBack(ref: string | null, url: string | null): { path: string; ref: MachineRef } {
  const named = ref !== null && isMachineRef(ref) ? ref : null;
  if (url !== null && isPortalPath(url)) return { path: url, ref: named ?? refOf(url) ?? 'list' };
  const screen = named ?? 'list';
  return { path: MACHINE_REFS[screen], ref: screen };
}
