// What every report builder is given, and the helpers they share: the machine list's selection for
// the request, time rounding (spec point 9: 5 minutes unless the organisation sets its own), and
// the organisation's wall clock.
import type { ReadModel } from '../../readModel/readModel.ts';
import type { ReportRequest } from '../../../src/domain/api/reports.ts';
import { TIME_ROUNDING_MINUTES } from '../../../src/domain/constants.ts';
import type { Queryable } from '../../db/database.ts';
import { filterWithPairs } from '../filters/index.ts';
import type { MachineSelection } from '../../readModel/selection.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import type { ReportDocument } from '../../documents/document.ts';

export interface ReportInput {
  db: Queryable;
  /** The rollups in memory that the list and the dashboard read: a report sums the same. */
  readModel: ReadModel;
  organisation: Organisation;
  request: ReportRequest;
  /** Minutes that times and durations are rounded to. */
  roundingMinutes: number;
  /** Heard as the work goes: machines done of the machines the report covers. */
  progress(done: number, total: number): Promise<void>;
}

export type ReportBuilder = (input: ReportInput) => Promise<ReportDocument>;

/** The machine list's selection for the request: its filter, with the site added when given. */
export function selectionOf(request: ReportRequest): MachineSelection & {
  start: string;
  end: string;
} {
  const filter = filterWithPairs(
    { filter: request.filter, site: request.site ? [request.site] : undefined },
    ['site'],
  );
  return {
    start: request.start,
    end: request.end,
    ...(request.show ? { show: request.show } : {}),
    ...(filter ? { filter } : {}),
  };
}

/** The organisation's rounding, from its settings' properties; spec point 9's 5 minutes by default. */
export async function roundingMinutesOf(db: Queryable, organisationId: string): Promise<number> {
  const [row] = await db.query<{ minutes: number | null }>(
    `SELECT (settings->'properties'->>'timeRoundingMinutes')::int AS minutes
       FROM organisation WHERE id = $1`,
    [organisationId],
  );
  return row?.minutes && row.minutes > 0 ? row.minutes : TIME_ROUNDING_MINUTES;
}

/** Hours rounded to the nearest `minutes`: what a bill shows. */
export const roundedHours = (hours: number | null, minutes: number): number | null =>
  hours === null ? null : (Math.round((hours * 60) / minutes) * minutes) / 60;

/** An instant rounded to the nearest `minutes`. */
export const roundedInstant = (ms: number, minutes: number): number =>
  Math.round(ms / (minutes * 60_000)) * minutes * 60_000;

export const rangeLine = ({ start, end }: ReportRequest) =>
  start === end ? start : `${start} to ${end}`;
