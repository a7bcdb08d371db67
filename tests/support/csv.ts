// A CSV's rows as arrays of cells (quoted cells unquoted), without the byte-order mark.
export function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .filter((m) => m.index < line.length || m[1] !== '')
        .map((m) => (m[1]?.startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : (m[1] ?? ''))),
    );
}
