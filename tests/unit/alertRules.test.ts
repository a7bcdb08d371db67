// The alert rules on fixtures: which events of a machine's committed days are alerts, and when.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import type { AlertType } from '../../src/domain/api/alerts.ts';
import { ALERT_TYPES } from '../../src/domain/api/alerts.ts';
import {
  machineAlerts,
  newBouts,
  type OrganisationAlert,
  type ExpectedSite,
} from '../../server/modules/alerts/detect.ts';
import type { CommittedMachine } from '../../server/telemetry/engine/events.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 24, 12, 0);
const SITE: ExpectedSite = {
  name: 'Park Royal',
  geofence: { type: 'circle', centre: { latitude: 51.529, longitude: -0.276 }, radiusM: 250 },
};
const INSIDE = { latitude: 51.529, longitude: -0.276 };
const OUTSIDE = { latitude: 51.535, longitude: -0.276 };

const committed = (overrides: Partial<CommittedMachine>): CommittedMachine => ({
  machineId: 'm1',
  timeZone: 'Europe/London',
  fromDay: '2026-11-24',
  toDay: '2026-11-24',
  fromMs: Date.UTC(2026, 10, 24),
  toMs: Date.UTC(2026, 10, 25),
  segments: [],
  outOfHours: [],
  thefts: [],
  breakdownStarts: [],
  positions: [],
  power: [],
  ...overrides,
});

const rules = (types: readonly AlertType[] = ALERT_TYPES) => ({
  types: new Set(types),
  idleMinutes: 30,
  lowBatteryLevel: 'low' as const,
  powerCutV: 6,
  siteAt: () => SITE,
  sites: [],
  visible: () => true,
});

const at = (minutesAgo: number, where: typeof INSIDE) => ({
  atMs: NOW - minutesAgo * MINUTE,
  ...where,
});

describe('machine alerts', () => {
  it('makes an idle run an alert when it passes the threshold, not before', () => {
    const found = machineAlerts(
      committed({
        segments: [
          { state: 'idle', fromMs: NOW - 60 * MINUTE, toMs: NOW - 35 * MINUTE },
          { state: 'idle', fromMs: NOW - 34 * MINUTE, toMs: NOW },
        ],
      }),
      rules(),
      NOW,
    );
    expect(found).toEqual([
      expect.objectContaining({
        type: 'idle',
        startedAtMs: NOW - 34 * MINUTE,
        atMs: NOW - 4 * MINUTE,
        minutes: 34,
      }),
    ]);
  });

  it('raises nothing older than a day, nor in the future, nor outside what the organisation sees', () => {
    const facts = committed({
      thefts: [
        { atMs: NOW - 25 * 60 * MINUTE, litres: 40 },
        { atMs: NOW - MINUTE, litres: 20 },
      ],
      breakdownStarts: [NOW + 10 * MINUTE],
    });
    expect(machineAlerts(facts, rules(), NOW).map((a) => a.litres)).toEqual([20]);
    expect(machineAlerts(facts, { ...rules(), visible: () => false }, NOW)).toEqual([]);
    expect(machineAlerts(facts, rules(['idle']), NOW)).toEqual([]);
  });

  it('leaves a site only for good: a fix outside and back within half an hour is work along the fence', () => {
    const found = machineAlerts(
      committed({
        positions: [
          at(60, INSIDE),
          at(58, OUTSIDE),
          at(55, INSIDE),
          at(30, INSIDE),
          at(29, OUTSIDE),
          at(10, OUTSIDE),
        ],
      }),
      rules(),
      NOW,
    );
    expect(found).toEqual([
      expect.objectContaining({
        type: 'leftSite',
        startedAtMs: NOW - 29 * MINUTE,
        siteName: 'Park Royal',
      }),
    ]);
  });

  it('arrives on any of the sites after a fix outside it, and only to stay', () => {
    const arrivals = (positions: CommittedMachine['positions']) =>
      machineAlerts(
        committed({ positions }),
        { ...rules(['enteredSite']), siteAt: () => null, sites: [SITE] },
        NOW,
      );
    expect(arrivals([at(60, OUTSIDE), at(40, INSIDE), at(20, INSIDE)])).toEqual([
      expect.objectContaining({
        type: 'enteredSite',
        startedAtMs: NOW - 40 * MINUTE,
        siteName: 'Park Royal',
      }),
    ]);
    // In from the first fix: where it was before is not known. In and out again: a haul road.
    expect(arrivals([at(60, INSIDE), at(40, INSIDE)])).toEqual([]);
    expect(arrivals([at(60, OUTSIDE), at(40, INSIDE), at(30, OUTSIDE)])).toEqual([]);
    // Far from every site, no fence is tested.
    const far = { latitude: 48.85, longitude: 2.35 };
    expect(arrivals([at(60, far), at(40, far)])).toEqual([]);
  });

  it('finds a machine carried away: 300 m or more between fixes with the engine off all the while', () => {
    const AWAY = { latitude: 51.529, longitude: -0.268 }; // 555 m east of INSIDE
    const off = { state: 'off' as const, fromMs: NOW - 120 * MINUTE, toMs: NOW };
    const moves = (
      segments: CommittedMachine['segments'],
      positions = [at(60, INSIDE), at(50, AWAY)],
    ) => machineAlerts(committed({ segments, positions }), rules(['movedEngineOff']), NOW);
    expect(moves([off])).toEqual([
      expect.objectContaining({
        type: 'movedEngineOff',
        startedAtMs: NOW - 60 * MINUTE,
        atMs: NOW - 50 * MINUTE,
        minutes: 10,
      }),
    ]);
    // Driven there: the engine ran between the fixes.
    expect(
      moves([
        { ...off, toMs: NOW - 58 * MINUTE },
        { state: 'active', fromMs: NOW - 58 * MINUTE, toMs: NOW - 52 * MINUTE },
        { ...off, fromMs: NOW - 52 * MINUTE },
      ]),
    ).toEqual([]);
    // A fix that jumped and came back is the receiver's error; a short shift is drift.
    expect(moves([off], [at(60, INSIDE), at(50, AWAY), at(45, INSIDE)])).toEqual([]);
    expect(
      moves([off], [at(60, INSIDE), at(50, { latitude: 51.5291, longitude: -0.2758 })]),
    ).toEqual([]);
  });

  it('raises a battery or power fall once, where a reading goes below after one above', () => {
    const reading = (
      minutesAgo: number,
      batteryV: number | null,
      externalVoltageV: number | null,
    ) => ({
      sourceId: 's1',
      sourceType: 'TELTONIKA',
      atMs: NOW - minutesAgo * MINUTE,
      batteryV,
      externalVoltageV,
    });
    const power = [
      reading(100, 4.0, 13.8),
      reading(90, 3.6, 13.6),
      reading(80, 3.4, 0.2),
      reading(70, 3.9, 0.1),
      reading(60, 3.9, 13.5),
    ];
    const found = machineAlerts(committed({ power }), rules(['lowBattery', 'powerCut']), NOW);
    expect(found).toEqual([
      expect.objectContaining({
        type: 'lowBattery',
        subjectId: 's1',
        sourceId: 's1',
        startedAtMs: NOW - 90 * MINUTE,
        minutes: 20,
      }),
      expect.objectContaining({
        type: 'powerCut',
        subjectId: 's1',
        startedAtMs: NOW - 80 * MINUTE,
        minutes: 20,
      }),
    ]);
    // At the critical level (3.5 V for this kind), 3.6 V is not yet a fall; a cut at 0.5 V is none.
    const strict = { ...rules(['lowBattery', 'powerCut']), lowBatteryLevel: 'critical' as const };
    expect(
      machineAlerts(committed({ power }), { ...strict, powerCutV: 0.05 }, NOW).map((a) => [
        a.type,
        a.startedAtMs,
      ]),
    ).toEqual([['lowBattery', NOW - 80 * MINUTE]]);
    // Low from the first reading: the fall came before these readings, and was raised then.
    expect(machineAlerts(committed({ power: power.slice(2) }), rules(['lowBattery']), NOW)).toEqual(
      [],
    );
  });

  it('alerts a bout of runs once: a start that moved, or a run soon after, is the same bout', () => {
    const run = (startMinutesAgo: number, minutes: number): OrganisationAlert => ({
      organisationId: 'o1',
      candidate: {
        type: 'outOfHours',
        machineId: 'm1',
        sourceId: null,
        subjectId: 'm1',
        startedAtMs: NOW - startMinutesAgo * MINUTE,
        atMs: NOW - startMinutesAgo * MINUTE,
        siteName: null,
        litres: null,
        minutes,
      },
    });
    const raised = [
      {
        organisationId: 'o1',
        type: 'outOfHours' as const,
        subjectId: 'm1',
        startedAtMs: NOW - 300 * MINUTE,
        minutes: 10,
      },
    ];
    const kept = newBouts([run(300, 10), run(285, 6), run(200, 5), run(30, 20)], raised);
    // The same run again is left to the database's unique name; 285 continues it; 200 is 90 minutes
    // after its end, a bout of its own, and 30 another.
    expect(kept.map((a) => a.candidate.startedAtMs)).toEqual(
      [300, 200, 30].map((m) => NOW - m * MINUTE),
    );
  });
});
