// Parts of a machine some tests need beyond Node (SimpleSAMLphp with PHP, say). Where one is
// missing only the tests that need it skip, and the part is named once with what to install; with
// CI=true nothing skips, so a missing part fails the tests that need it instead.
const told = new Set<string>();

/** Whether the tests that need `part` should run: yes when it is present, and always in CI. */
export function partAvailable(part: string, present: boolean, install: string): boolean {
  if (present || process.env.CI === 'true') return true;
  if (!told.has(part)) {
    told.add(part);
    console.warn(`${part} is missing: the tests that need it skip (${install})`);
  }
  return false;
}
