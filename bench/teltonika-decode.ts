// Decoding speed of Teltonika codec 8 Extended: records per second on one core.
// Fixed data: packets of 25 records, each with the 12 FMB io elements a machine tracker sends;
// 1,000,000 records a run, 5 warm-up runs (a listener runs warm), then 15 runs whose median is reported. Run with `npx tsx bench/teltonika-decode.ts`.
import { decodeAvlData } from '../server/telemetry/adapters/teltonika/avl.ts';
import {
  encodeTcpPacket,
  type AvlRecordInput,
} from '../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../server/telemetry/adapters/teltonika/ioElements.ts';

const RECORDS_PER_PACKET = 25;
const RECORDS_PER_RUN = 1_000_000;
const RUNS = 15;
const WARM_UP_RUNS = 5;
const TARGET_PER_S = 1_000_000;

const records: AvlRecordInput[] = Array.from({ length: RECORDS_PER_PACKET }, (_, i) => ({
  timestampMs: 1_780_000_000_000 + i * 10_000,
  latitude: 51.52 + i * 1e-4,
  longitude: -0.27 - i * 1e-4,
  altitudeM: 40,
  headingDeg: 90,
  satellites: 12,
  speedKmh: 12,
  io: {
    [IO.ignition]: 1,
    [IO.movement]: 1,
    [IO.digitalInput1]: 0,
    [IO.externalVoltage]: 27_400,
    [IO.batteryVoltage]: 4_100,
    [IO.engineRpm]: 1_450,
    [IO.fuelLevelLitres]: 812,
    [IO.fuelRate]: 143,
    [IO.hdop]: 8,
    [IO.totalOdometer]: 1_234_567 + i * 30,
    [IO.fuelConsumedCounted]: 123_456 + i,
    [IO.engineWorktimeCounted]: 90_000 + i,
  },
}));
const packet = encodeTcpPacket(records, 0x8e);
const start = 8;
const end = 8 + packet.readUInt32BE(4);
const packetsPerRun = RECORDS_PER_RUN / RECORDS_PER_PACKET;

let sink = 0;
const rates: number[] = [];
for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
  const began = process.hrtime.bigint();
  for (let i = 0; i < packetsPerRun; i++)
    sink += decodeAvlData(packet, start, end, '356307042441013', 0).length;
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  if (run >= WARM_UP_RUNS) rates.push(RECORDS_PER_RUN / seconds); // earlier runs warm the JIT up
}
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)] ?? 0;
console.log(
  `codec 8 Extended, ${packet.length}-byte packets of ${RECORDS_PER_PACKET} records, 12 io elements each`,
);
const at = (q: number) =>
  Math.round(rates[Math.floor(q * (rates.length - 1))] ?? 0).toLocaleString('en');
console.log(
  `runs (records/s): slowest ${at(0)}, p25 ${at(0.25)}, p75 ${at(0.75)}, fastest ${at(1)}`,
);
console.log(
  `median ${Math.round(median).toLocaleString('en')} records/s; ratio to the 1,000,000/s target ${(median / TARGET_PER_S).toFixed(2)} (${sink} decoded)`,
);
