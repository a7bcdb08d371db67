// The demo's hire stories (issue 41, docs/rental.md "The demo"), written through the hires module
// as a rental company's screens and ERP write them: a machine idle on hire, a swapped machine, one
// not returned (the demo's devices act them out, simulator/demoHires.ts), and the depot's next
// hires arriving as an ERP's CSV (the format of docs/hires-import-example.csv).
import { recordImport, recordSwap } from '../modules/hires/index.ts';
import { DEMO_HIRE_STORIES } from '../telemetry/simulator/demoHires.ts';
import { getOrganisation } from '../tenancy/organisation.ts';
import type { DemoWriter } from './writer.ts';

/** Where the stories' machines go: a customer organisation on the portal and one of its sites. */
export interface StorySites {
  harrow: { org: string; site: string };
  greenline: { org: string; site: string };
}

const CSV_HEADER =
  'contractNumber,assetId,customerOrganisationId,customerName,site,onHireAt,offHireAt,contractedHoursPer,contractedHours,overusePeriod,overuseAllowanceH,overuseRate,note';

/** The stories' machines by asset id, as the seed wrote them. */
export async function seedHireStories(
  w: DemoWriter,
  northbank: string,
  machineOf: (assetId: string) => string,
  sites: StorySites,
): Promise<void> {
  const organisation = await getOrganisation(w.tx, northbank);
  if (!organisation) throw new Error('The demo rental company is missing');
  const stories = DEMO_HIRE_STORIES;
  await w.hire(machineOf(stories.idleOnHire), northbank, harrowAt(sites), w.daysAgo(40), null);
  const swapped = await w.hire(
    machineOf(stories.swappedOut),
    northbank,
    { org: sites.greenline.org, name: null, site: sites.greenline.site },
    w.daysAgo(30),
    w.daysAhead(30),
  );
  await recordSwap(w.tx, organisation, swapped, {
    machineId: machineOf(stories.swappedIn),
    at: w.daysAgo(6).toISOString(),
  });
  await w.hire(
    machineOf(stories.notReturned),
    northbank,
    harrowAt(sites),
    w.daysAgo(45),
    w.daysAgo(2),
  );
  await recordImport(w.tx, organisation, await nextHiresCsv(w, northbank));
}

const harrowAt = (sites: StorySites) => ({
  org: sites.harrow.org,
  name: null,
  site: sites.harrow.site,
});

/** Three machines standing in the depots go out next week to customers off the portal. */
async function nextHiresCsv(w: DemoWriter, northbank: string): Promise<string> {
  const free = await w.tx.query<{ asset_id: string }>(
    `SELECT m.asset_id FROM machine m
      WHERE m.organisation_id = $1 AND m.archived_at IS NULL AND NOT m.breakdown AND m.asset_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM hire h WHERE h.machine_id = m.id
                          AND coalesce(h.ends_at, 'infinity') > $2)
      ORDER BY m.asset_id LIMIT 3`,
    [northbank, w.now],
  );
  const at = (days: number, hour: number) => {
    const date = w.daysAhead(days);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  // Customer, on-hire, off-hire (empty while open), then the contract's terms and a note.
  const next = [
    ['Riverside Homes Ltd', at(6, 7), '', 'week,45,week,40,62.50', 'Delivered by low-loader'],
    ['Riverside Homes Ltd', at(7, 7), at(25, 17), 'day,8,day,8,55', ''],
    ['Ashdown Utilities Ltd', at(13, 6), '', 'day,10,month,176,48', 'Night works: gate code 4417'],
  ];
  const rows = next.map(([customer, onHireAt, offHireAt, terms, note], i) =>
    [
      `C-${w.now.getUTCFullYear()}-N${i + 1}`,
      free[i]?.asset_id ?? '',
      '',
      customer,
      '',
      onHireAt,
      offHireAt,
      terms,
      note,
    ].join(','),
  );
  return [CSV_HEADER, ...rows].join('\n');
}
