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
  ...overrides,
});

const rules = (types: readonly AlertType[] = ALERT_TYPES) => ({
  types: new Set(types),
  idleMinutes: 30,
  siteAt: () => SITE,
  visible: () => true,
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
    const at = (minutesAgo: number, where: typeof INSIDE) => ({
      atMs: NOW - minutesAgo * MINUTE,
      ...where,
    });
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
