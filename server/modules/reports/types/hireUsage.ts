// Hire-contract usage, for billing: each hire in the range with the engine hours its machine ran
// during it against the hours its contract pays for (its working hours a day on each weekday of the hire, as rental
// utilisation counts them), and
// the hours over. A rental company sees the hires of its machines; a customer the hires it took.
import { MACHINE_ROWS, selectMachines } from '../../../readModel/selection.ts';
import { weekdaysBetween } from '../../../readModel/workingDays.ts';
import { localTimeIn } from '../../maps/index.ts';
import { rangeLine, roundedHours, selectionOf, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import { hoursIn, valueColumn } from './machineColumns.ts';

interface HireLine {
  id: string;
  contract_number: string | null;
  customer: string | null;
  machine: string;
  asset_id: string | null;
  site: string | null;
  starts_at: Date;
  ends_at: Date | null;
  first_day: string;
  last_day: string;
  working_hours_per_day: number;
  used_s: number;
  out_of_hours_s: number;
}

export const hireUsage: ReportBuilder = async ({
  db,
  organisation,
  request,
  roundingMinutes,
  progress,
}) => {
  const { params, where } = selectMachines(organisation, selectionOf(request));
  const n = params.length;
  // The hire's days in the range on its machine owner's clock; a day the hire starts or ends
  // during counts the hire's part of it only.
  const hires = await db.query<HireLine>(
    `WITH selected AS (${MACHINE_ROWS} SELECT id FROM rows ${where}),
     hires AS (
       SELECT h.*, m.name AS machine, m.asset_id, mo.timezone,
              coalesce(co.name, h.customer_name) AS customer, st.name AS site,
              greatest($${n + 1}::date, (h.starts_at AT TIME ZONE mo.timezone)::date) AS first_day,
              least($${n + 2}::date, coalesce(((h.ends_at - interval '1 microsecond') AT TIME ZONE mo.timezone)::date,
                                              $${n + 2}::date)) AS last_day
         FROM hire h
         JOIN machine m ON m.id = h.machine_id
         JOIN organisation mo ON mo.id = m.organisation_id
         LEFT JOIN organisation co ON co.id = h.customer_organisation_id
         LEFT JOIN site st ON st.id = h.site_id
        WHERE (h.rental_organisation_id = $1 OR h.customer_organisation_id = $1)
          AND h.machine_id IN (SELECT id FROM selected)
     )
     SELECT h.id, h.contract_number, h.customer, h.machine, h.asset_id, h.site, h.starts_at, h.ends_at,
            to_char(h.first_day, 'YYYY-MM-DD') AS first_day, to_char(h.last_day, 'YYYY-MM-DD') AS last_day,
            h.working_hours_per_day, coalesce(u.used_s, 0) AS used_s,
            coalesce(u.out_of_hours_s, 0) AS out_of_hours_s
       FROM hires h
       LEFT JOIN LATERAL (
         SELECT sum(CASE WHEN cut THEN coalesce(p.active_s + p.idle_s, 0) ELSE d.active_s + d.idle_s END) AS used_s,
                sum(CASE WHEN cut THEN coalesce(p.out_of_hours_s, 0) ELSE d.out_of_hours_s END) AS out_of_hours_s
           FROM machine_day_rollup d
           CROSS JOIN LATERAL (
             SELECT (h.starts_at > d.day::timestamp AT TIME ZONE h.timezone
                     AND h.starts_at < (d.day + 1)::timestamp AT TIME ZONE h.timezone)
                 OR (h.ends_at > d.day::timestamp AT TIME ZONE h.timezone
                     AND h.ends_at < (d.day + 1)::timestamp AT TIME ZONE h.timezone) AS cut
           ) c
           LEFT JOIN machine_hire_day_rollup p ON p.hire_id = h.id AND p.day = d.day
          WHERE d.machine_id = h.machine_id AND d.day BETWEEN h.first_day AND h.last_day
       ) u ON true
      WHERE h.first_day <= h.last_day
      ORDER BY h.starts_at, lower(h.machine), h.id`,
    [...params, request.start, request.end],
  );
  await progress(hires.length, hires.length);
  const localTime = localTimeIn(organisation);
  const contractH = (h: HireLine) =>
    h.working_hours_per_day * weekdaysBetween(h.first_day, h.last_day);
  const usedH = (h: HireLine) => roundedHours(h.used_s / 3600, roundingMinutes) ?? 0;
  return {
    title: 'Hire-contract usage',
    subtitle: [organisation.name, rangeLine(request), `${hires.length} hires`],
    sections: [
      section<HireLine>(
        'Hires',
        [
          { heading: 'Contract', value: (h) => h.contract_number },
          { heading: 'Customer', value: (h) => h.customer },
          { heading: 'Machine', value: (h) => h.machine },
          { heading: 'Asset ID', value: (h) => h.asset_id },
          { heading: 'Site', value: (h) => h.site },
          { heading: 'Hire start', value: (h) => localTime(h.starts_at.toISOString()) },
          {
            heading: 'Hire end',
            value: (h) => (h.ends_at ? localTime(h.ends_at.toISOString()) : null),
          },
          { heading: 'From', value: (h) => h.first_day },
          { heading: 'To', value: (h) => h.last_day },
          valueColumn('Contract (h/day)', 1, (h) => h.working_hours_per_day),
          valueColumn('Contract (h)', 2, contractH),
          valueColumn('Used (h)', 2, usedH),
          valueColumn('Over contract (h)', 2, (h) => Math.max(0, usedH(h) - contractH(h))),
          hoursIn(roundingMinutes)<HireLine>('Out of hours (h)', (h) => h.out_of_hours_s / 3600),
          valueColumn('Used of contract (%)', 1, (h) =>
            contractH(h) > 0 ? (usedH(h) / contractH(h)) * 100 : null,
          ),
        ],
        hires,
        {
          empty: 'No hires in this range for this selection.',
          chart: {
            title: 'Hours used against the contract',
            unit: 'h',
            series: ['Used', 'Over contract'],
            bars: hires.slice(0, 24).map((h) => ({
              label: `${h.contract_number ?? ''} ${h.machine}`.trim(),
              values: [Math.min(usedH(h), contractH(h)), Math.max(0, usedH(h) - contractH(h))],
            })),
          },
        },
      ),
    ],
  };
};
