// Site activity: each site with the machine list's summary of the machines working on it (a
// machine's site is its hire's site, or its home site off hire), and the machines elsewhere.
import type { MachineListSummary } from '../../../../src/domain/api/machines.ts';
import { sitesOverview } from '../../sites/index.ts';
import { rangeLine, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import { hoursIn, valueColumn } from './machineColumns.ts';

interface SiteLine {
  name: string;
  code: string | null;
  customer: string | null;
  summary: MachineListSummary;
}

export const siteActivity: ReportBuilder = async ({
  readModel,
  organisation,
  request,
  roundingMinutes,
  progress,
}) => {
  const overview = await sitesOverview(readModel, organisation, {
    start: request.start,
    end: request.end,
    ...(request.show ? { show: request.show } : {}),
    ...(request.filter ? { filter: request.filter } : {}),
  });
  const lines: SiteLine[] = overview.sites
    .filter(({ site }) => !request.site || site.id === request.site)
    .map(({ site, summary }) => ({
      name: site.name,
      code: site.code,
      customer: site.customer,
      summary,
    }));
  if (!request.site && (overview.elsewhere.numberOfMachines.value ?? 0) > 0) {
    lines.push({ name: 'Elsewhere', code: null, customer: null, summary: overview.elsewhere });
  }
  await progress(lines.length, lines.length);
  const h = (heading: string, read: (s: MachineListSummary) => number | null) =>
    hoursIn(roundingMinutes)<SiteLine>(heading, (line) => read(line.summary));
  return {
    title: 'Site activity',
    subtitle: [organisation.name, rangeLine(request), `${lines.length} sites`],
    sections: [
      section<SiteLine>(
        'Sites',
        [
          { heading: 'Site', value: (l) => l.name },
          { heading: 'Code', value: (l) => l.code },
          { heading: 'Customer', value: (l) => l.customer },
          valueColumn('Machines', 0, (l) => l.summary.numberOfMachines.value),
          valueColumn('With activity', 0, (l) => l.summary.withActivity.value),
          h('Active (h)', (s) => s.activeHours.value),
          h('Idle (h)', (s) => s.idleHours.value),
          h('Off (h)', (s) => s.offHours.value),
          h('Out of hours (h)', (s) => s.outOfHours.value),
          valueColumn('Fuel (l)', 1, (l) => l.summary.fuelUtilisation.value),
          valueColumn('CO2 (kg)', 1, (l) => l.summary.emissionsUtilisation.value),
        ],
        lines,
        {
          empty: 'No sites yet.',
          chart: {
            title: 'Hours per site',
            unit: 'h',
            series: ['Active', 'Idle'],
            bars: lines.map((l) => ({
              label: l.name,
              values: [l.summary.activeHours.value ?? 0, l.summary.idleHours.value ?? 0],
            })),
          },
        },
      ),
    ],
  };
};
