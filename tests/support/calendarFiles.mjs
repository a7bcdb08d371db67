// The test files marked calendar-bound (a `@module-tag calendar` line): what CI runs again on its
// moved clocks (.ci/run). Run as a script, it prints those under the folders it is given.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const TEST_FILE = /\.test\.tsx?$/;
// Spelled in two parts so that this file does not carry the mark itself.
const MARK = new RegExp(`(//|\\*)\\s*@module-${'tag'}\\s+calendar\\b`);

/** Every test file under `folders`, relative to the working directory, in a stable order. */
export function testFiles(folders) {
  return folders
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name)),
    )
    .sort();
}

/** Whether a test file's text marks it calendar-bound. */
export const markedCalendar = (text) => MARK.test(text);

export function calendarFiles(folders) {
  return testFiles(folders).filter((file) => markedCalendar(readFileSync(file, 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(
    calendarFiles(process.argv.slice(2))
      .map((file) => `${file}\n`)
      .join(''),
  );
}
