// What really happened to each simulated machine, per local day: the figures the engine must find.
import { nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import { burnRateLh } from './device.ts';
import type { MachinePlan, SimMachine } from './plan.ts';

export interface DayTruth {
  imei: string;
  day: string;
  activeS: number;
  idleS: number;
  offS: number;
  missingS: number;
  brokendownS: number;
  fuelL: number;
  trips: number;
  refills: number;
  thefts: number;
}

export function truthFor(machine: SimMachine, plan: MachinePlan, timeZone: string): DayTruth[] {
  const days = new Map<string, DayTruth>();
  const dayOf = (ms: number) => {
    const day = zonedDate(new Date(ms), timeZone);
    let truth = days.get(day);
    if (!truth) {
      truth = {
        imei: machine.imei,
        day,
        activeS: 0,
        idleS: 0,
        offS: 0,
        missingS: 0,
        brokendownS: 0,
        fuelL: 0,
        trips: 0,
        refills: 0,
        thefts: 0,
      };
      days.set(day, truth);
    }
    return truth;
  };
  const broken = (ms: number) => plan.breakdowns.some((b) => b.fromMs <= ms && ms < b.toMs);
  // Pieces end at local midnights and at breakdown edges, so each lies wholly on one side of both.
  const edges = plan.breakdowns.flatMap((b) => [b.fromMs, b.toMs]);
  const nextEdge = (ms: number) => Math.min(...edges.filter((edge) => edge > ms), Infinity);
  for (const interval of plan.timeline) {
    let start = interval.fromMs;
    while (start < interval.toMs) {
      const truth = dayOf(start);
      const end = Math.min(
        interval.toMs,
        startOfZonedDay(nextDate(truth.day), timeZone).getTime(),
        nextEdge(start),
      );
      const seconds = (end - start) / 1000;
      if (interval.state === 'active') truth.activeS += seconds;
      else if (interval.state === 'idle') truth.idleS += seconds;
      else if (interval.state === 'off' && broken(start)) truth.brokendownS += seconds;
      else if (interval.state === 'off') truth.offS += seconds;
      else truth.missingS += seconds;
      truth.fuelL += (burnRateLh(machine.kind, interval.state) * seconds) / 3600;
      start = end;
    }
  }
  for (const drive of plan.drives) dayOf(drive.fromMs).trips++;
  for (const refill of plan.refills) dayOf(refill.atMs).refills++;
  for (const theft of plan.thefts) dayOf(theft.atMs).thefts++;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
