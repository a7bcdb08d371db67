// What happened on the sites: each site with the machine list's summary of its machines (a
// machine's site is its hire's site, or for the owner's own machines off hire, its home site), and
// one site's machines' activity segments over a few days, for its timeline.
import type { ReadModel } from '../../readModel/readModel.ts';
import {
  MAX_TIMELINE_DAYS,
  type SiteTimelineQuery,
  type SiteTimelineReply,
  type SitesOverviewQuery,
  type SitesOverviewReply,
} from '../../../src/domain/api/sites.ts';
import { encodeFilter } from '../../../src/domain/filterQuery.ts';
import { addDays, nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import {
  fleetSummary,
  measureFleet,
  totalsOf,
  type MeasuredMachine,
} from '../../readModel/fleet.ts';
import { MACHINE_ROWS, selectMachines, type MachineSelection } from '../../readModel/selection.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { getSite, listSites } from './service.ts';

export async function sitesOverview(
  model: ReadModel,
  organisation: Organisation,
  query: SitesOverviewQuery,
): Promise<SitesOverviewReply> {
  const { db } = model;
  const selection: MachineSelection = {
    start: query.start ?? 'max',
    end: query.end ?? 'max',
    show: query.show,
    filter: query.filter,
  };
  const { params, where } = selectMachines(organisation, selection);
  const [fleet, sites, placed] = await Promise.all([
    measureFleet(model, organisation, selection, null),
    listSites(db, organisation.id),
    db.query<{ id: string; site_id: string | null }>(
      `${MACHINE_ROWS} SELECT id, site_id FROM rows ${where}`,
      params,
    ),
  ]);
  const siteOf = new Map(placed.map((row) => [row.id, row.site_id]));
  const bySite = new Map<string, MeasuredMachine[]>();
  for (const machine of fleet.machines) {
    const siteId = siteOf.get(machine.id) ?? '';
    bySite.set(siteId, [...(bySite.get(siteId) ?? []), machine]);
  }
  const ours = new Set(sites.map((site) => site.id));
  return {
    sites: sites.map((site) => ({
      site,
      summary: fleetSummary(totalsOf(bySite.get(site.id) ?? [])),
    })),
    elsewhere: fleetSummary(
      totalsOf([...bySite].flatMap(([siteId, machines]) => (ours.has(siteId) ? [] : machines))),
    ),
  };
}

interface TimelineMachine {
  id: string;
  name: string;
  assetID: string | null;
  owned: boolean;
  hire_starts_at: Date | null;
  hire_ends_at: Date | null;
}

export async function siteTimeline(
  db: Queryable,
  organisation: Organisation,
  siteId: string,
  query: SiteTimelineQuery,
): Promise<SiteTimelineReply> {
  const site = await getSite(db, organisation.id, siteId);
  const today = zonedDate(new Date(), organisation.timezone);
  const startDay = query.start ?? today;
  const endDay = query.end ?? startDay;
  if (endDay < startDay) throw badRequest('end', 'end must not be before start');
  if (addDays(startDay, MAX_TIMELINE_DAYS - 1) < endDay) {
    throw badRequest('end', `at most ${MAX_TIMELINE_DAYS} days at a time`);
  }
  const fromMs = startOfZonedDay(startDay, organisation.timezone).getTime();
  const toMs = startOfZonedDay(nextDate(endDay), organisation.timezone).getTime();
  const { params, where } = selectMachines(organisation, {
    start: startDay,
    end: endDay,
    filter: encodeFilter({ site: [siteId] }),
  });
  const machines = await db.query<TimelineMachine>(
    `${MACHINE_ROWS} SELECT id, name, "assetID", owned, hire_starts_at, hire_ends_at FROM rows ${where}
      ORDER BY lower(name), id`,
    params,
  );
  const segments = await db.query<{
    machine_id: string;
    state: SiteTimelineReply['machines'][number]['segments'][number]['state'];
    from_at: Date;
    to_at: Date;
  }>(
    `SELECT machine_id, state, from_at, to_at FROM activity_segment
      WHERE machine_id = ANY($1::uuid[]) AND to_at > $2 AND from_at < $3
      ORDER BY machine_id, from_at`,
    [machines.map((m) => m.id), new Date(fromMs), new Date(toMs)],
  );
  return {
    site,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    machines: machines.map((machine) => {
      // A customer sees a hired machine only within its hire.
      const lower = Math.max(
        fromMs,
        machine.owned ? -Infinity : (machine.hire_starts_at?.getTime() ?? -Infinity),
      );
      const upper = Math.min(
        toMs,
        machine.owned ? Infinity : (machine.hire_ends_at?.getTime() ?? Infinity),
      );
      const pieces: { state: (typeof segments)[number]['state']; fromMs: number; toMs: number }[] =
        [];
      for (const segment of segments) {
        if (segment.machine_id !== machine.id) continue;
        const from = Math.max(lower, segment.from_at.getTime());
        const to = Math.min(upper, segment.to_at.getTime());
        if (to <= from) continue;
        // Stored split at midnights: pieces of one state that touch are one segment.
        const last = pieces.at(-1);
        if (last && last.state === segment.state && last.toMs === from) last.toMs = to;
        else pieces.push({ state: segment.state, fromMs: from, toMs: to });
      }
      return {
        id: machine.id,
        name: machine.name,
        assetId: machine.assetID,
        segments: pieces.map((p) => ({
          state: p.state,
          from: new Date(p.fromMs).toISOString(),
          to: new Date(p.toMs).toISOString(),
        })),
      };
    }),
  };
}
