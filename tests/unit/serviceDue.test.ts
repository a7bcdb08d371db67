// The due points of a service task (issue 42): by engine hours, by the calendar, by distance,
// whichever comes first, across a meter replacement, and a forecast only with enough data.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  duePoint,
  type DueInput,
  type TaskInterval,
} from '../../server/modules/maintenance/due.ts';

const TASK: TaskInterval = {
  intervalH: null,
  intervalDays: null,
  intervalMonths: null,
  intervalKm: null,
  dueSoonH: 25,
  dueSoonDays: 14,
};

const input = (overrides: Partial<DueInput>): DueInput => ({
  task: TASK,
  last: null,
  appliedDay: '2026-01-01',
  meterH: null,
  distanceKm: null,
  dailyHours: null,
  today: '2026-11-27',
  ...overrides,
});

describe('service due points', () => {
  it('counts engine hours on from the last service, or to the next multiple before any', () => {
    const task = { ...TASK, intervalH: 250 };
    expect(duePoint(input({ task, meterH: 5129 }))).toMatchObject({
      nextDueMeterH: 5250,
      remainingH: 121,
      status: 'ok',
    });
    const done = { day: '2026-11-01', meterH: 5100, distanceKm: null };
    expect(duePoint(input({ task, meterH: 5329, last: done }))).toMatchObject({
      nextDueMeterH: 5350,
      remainingH: 21,
      status: 'dueSoon',
    });
    expect(duePoint(input({ task, meterH: 5350, last: done }))).toMatchObject({
      remainingH: 0,
      status: 'overdue',
    });
  });

  it('counts the calendar in days or months from the last service or the day it applied', () => {
    const months = { ...TASK, intervalMonths: 6 };
    expect(duePoint(input({ task: months }))).toMatchObject({
      nextDueDay: '2026-07-01',
      remainingDays: -149,
      status: 'overdue',
    });
    const last = { day: '2026-08-31', meterH: null, distanceKm: null };
    expect(duePoint(input({ task: months, last }))).toMatchObject({
      nextDueDay: '2027-02-28',
      status: 'ok',
    });
    const days = { ...TASK, intervalDays: 30 };
    const recent = { day: '2026-11-10', meterH: null, distanceKm: null };
    expect(duePoint(input({ task: days, last: recent }))).toMatchObject({
      nextDueDay: '2026-12-10',
      remainingDays: 13,
      status: 'dueSoon',
    });
    // Due today is due, not yet overdue.
    expect(duePoint(input({ task: days, last: recent, today: '2026-12-10' })).status).toBe(
      'dueSoon',
    );
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });

  it('counts distance like hours', () => {
    const task = { ...TASK, intervalKm: 5000 };
    const last = { day: '2026-06-01', meterH: null, distanceKm: 12_400 };
    expect(duePoint(input({ task, last, distanceKm: 17_450 }))).toMatchObject({
      nextDueKm: 17_400,
      remainingKm: -50,
      status: 'overdue',
    });
  });

  it('falls due at whichever interval comes first', () => {
    const task = { ...TASK, intervalH: 500, intervalMonths: 12 };
    const last = { day: '2026-01-15', meterH: 1000, distanceKm: null };
    // 400 hours in: the hours are not due, but the year nearly is.
    const point = duePoint(input({ task, last, meterH: 1400, today: '2027-01-05' }));
    expect(point).toMatchObject({ remainingH: 100, remainingDays: 10, status: 'dueSoon' });
    expect(point.forecastDay).toBe('2027-01-15');
  });

  it('is not moved by a meter replaced between two services: it counts on the lifetime meter', () => {
    // The old meter read 1,900 h at the last service; a new one from 0 was fitted at 2,000 h
    // lifetime and now shows 180 h, so the lifetime meter is 2,180 h.
    const task = { ...TASK, intervalH: 250 };
    const last = { day: '2026-09-01', meterH: 1900, distanceKm: null };
    expect(duePoint(input({ task, last, meterH: 2180 }))).toMatchObject({
      nextDueMeterH: 2150,
      remainingH: -30,
      status: 'overdue',
    });
  });

  it('forecasts the hours’ due day from the machine’s own pace, and none without data', () => {
    const task = { ...TASK, intervalH: 250 };
    const last = { day: '2026-11-01', meterH: 1000, distanceKm: null };
    const paced = duePoint(input({ task, last, meterH: 1100, dailyHours: 6 }));
    // 150 h at 6 h a day: 25 days.
    expect(paced).toMatchObject({ forecastDay: '2026-12-22', status: 'ok' });
    const quick = duePoint(input({ task, last, meterH: 1100, dailyHours: 15 }));
    expect(quick).toMatchObject({ forecastDay: '2026-12-07', status: 'dueSoon' });
    expect(duePoint(input({ task, last, meterH: 1100, dailyHours: null })).forecastDay).toBeNull();
    expect(duePoint(input({ task, last, meterH: 1100, dailyHours: 0 })).forecastDay).toBeNull();
  });
});
