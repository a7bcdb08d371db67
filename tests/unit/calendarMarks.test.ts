// CI runs only the calendar-bound tests again on its moved clocks (.ci/run), so a test that reads
// the real clock must say which it is: calendar-bound (`@module-tag calendar`: its figures follow
// the date, weekday or hour) or clock-relative (`@clock-relative:` and why the date never matters,
// say a token's lifetime or a wait). An unmarked read would escape the moved-clock runs unseen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markedCalendar, testFiles } from '../support/calendarFiles.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CLOCK_READ = /\bDate\.now\(\)|\bnew Date\(\)/;
/** A reason of a few words after the mark. */
const RELATIVE = /\/\/ @clock-relative: \S+( \S+){3,}/;

const files = testFiles(['unit', 'server', 'web', 'e2e'].map((f) => path.join(root, 'tests', f)))
  .filter((file) => file !== import.meta.filename)
  .map((file) => ({
    name: path.relative(root, file),
    text: readFileSync(file, 'utf8'),
  }));

describe('calendar marks', () => {
  it('marks every test file that reads the clock as calendar-bound or clock-relative', () => {
    const unmarked = files.filter(
      ({ text }) => CLOCK_READ.test(text) && !markedCalendar(text) && !RELATIVE.test(text),
    );
    expect(unmarked.map(({ name }) => name)).toEqual([]);
  });

  it('gives no file both marks', () => {
    const both = files.filter(({ text }) => markedCalendar(text) && RELATIVE.test(text));
    expect(both.map(({ name }) => name)).toEqual([]);
  });

  it('finds the marked files in every suite that has calendar-bound tests', () => {
    const suites = new Set(
      files.filter(({ text }) => markedCalendar(text)).map(({ name }) => name.split('/')[1]),
    );
    expect([...suites].sort()).toEqual(['e2e', 'server', 'unit', 'web']);
  });
});
