// The days a machine's chart covers: the query's start and end days in the owner's time zone (the
// last `defaultDays` to today when not given), refused past `maxDays`, with their instants.
import { addDays, nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import { badRequest } from '../../httpError.ts';

export function dayRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  timeZone: string,
  days: { defaultDays: number; maxDays: number },
) {
  const endDate = query.endDate ?? zonedDate(new Date(), timeZone);
  const startDate = query.startDate ?? addDays(endDate, 1 - days.defaultDays);
  if (endDate < startDate) throw badRequest('endDate', 'endDate must not be before startDate');
  if (addDays(startDate, days.maxDays - 1) < endDate) {
    throw badRequest('endDate', `at most ${days.maxDays} days at a time`);
  }
  return {
    startDate,
    endDate,
    fromMs: startOfZonedDay(startDate, timeZone).getTime(),
    toMs: startOfZonedDay(nextDate(endDate), timeZone).getTime(),
  };
}
