// A simulated fleet with its records and ground truth, ready to send to a running server.
import type { AvlRecordInput } from '../adapters/teltonika/encode.ts';
import { recordsFor } from './device.ts';
import {
  planMachine,
  type MachinePlan,
  type SimKind,
  type SimMachine,
  type SimMeter,
} from './plan.ts';
import { seededRandom } from './random.ts';
import { truthFor, type DayTruth } from './truth.ts';

const KINDS: { kind: SimKind; fuelSensor: SimMachine['fuelSensor'] }[] = [
  { kind: 'excavator', fuelSensor: 'counter' },
  { kind: 'dumper', fuelSensor: 'counter' },
  { kind: 'telehandler', fuelSensor: 'level' },
];

/** Each machine's engine-hours count: one rolls over, one reboots, one gets a new tracker. */
function meterOf(i: number): SimMeter {
  if (i % 6 === 0) return { startH: 9_995, rollsOverAtH: 10_000 };
  if (i % 6 === 1) return { startH: 2_410.5, reboot: { afterEngineH: 12, lostH: 0.05 } };
  if (i % 6 === 2) return { startH: 5_120, replacedAfterEngineH: 20 };
  return { startH: 1_000 + i * 777.7 };
}

/** `count` machines spread over sites around London, each kind and behaviour represented. */
export function simulatedFleet(count: number, seed = 1): SimMachine[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const { kind, fuelSensor } = KINDS[i % KINDS.length] as (typeof KINDS)[number];
    const site = { latitude: 51.45 + random() * 0.15, longitude: -0.35 + random() * 0.4 };
    return {
      imei: `35730904${String(1_000_000 + i).padStart(7, '0')}`,
      kind,
      fuelSensor,
      site,
      tip: { latitude: site.latitude + 0.0054, longitude: site.longitude }, // 600 m north
      worksSaturday: i % 4 === 1,
      lateFinish: i % 5 === 2,
      dropsOut: i % 6 === 3,
      robbed: i % 6 === 5,
      breaksDown: i % 6 === 4,
      meter: meterOf(i),
    };
  });
}

export interface Simulation {
  machines: SimMachine[];
  /** By IMEI: what each machine does, and the records its Teltonika tracker would send. */
  plans: Map<string, MachinePlan>;
  records: Map<string, AvlRecordInput[]>;
  truth: DayTruth[];
}

export function simulate(
  machines: SimMachine[],
  days: string[],
  timeZone: string,
  seed = 1,
): Simulation {
  const random = seededRandom(seed);
  const plans = new Map<string, MachinePlan>();
  const records = new Map<string, AvlRecordInput[]>();
  const truth: DayTruth[] = [];
  for (const machine of machines) {
    const plan = planMachine(machine, days, timeZone, seed);
    plans.set(machine.imei, plan);
    records.set(machine.imei, recordsFor(machine, plan, random));
    truth.push(...truthFor(machine, plan, timeZone));
  }
  return { machines, plans, records, truth };
}
