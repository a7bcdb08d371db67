// The house's floors as a rule (docs/architecture.md): a module is reached only through its face,
// the modules import each other without a cycle, no folder of the server is in a cycle, and only
// the composition (app, main, the module list and the demo) stands on the modules; the ground
// floors (db, plugins, telemetry, readModel, documents, security, ...) import none. On the web, no
// folder of src/ is in a cycle, src/domain imports nothing else of ours, and the web never imports
// the server.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importEdges, type ImportEdge } from '../support/importGraph.ts';
import { apiPathLiterals } from '../support/pathLiterals.ts';

const root = path.resolve(import.meta.dirname, '../..');
const edges = importEdges(root, ['server']);
const webEdges = importEdges(root, ['src']);

const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
const isFace = (file: string) => /^server\/modules\/[^/]+\/index\.ts$/.test(file);
/** The server's folders, each module on its own; a file at the top is its own unit. */
const unitOf = (file: string) => {
  const name = moduleOf(file);
  if (name) return `modules/${name}`;
  const [, top] = file.split('/');
  return (top ?? file).replace(/\.tsx?$/, '');
};
const COMPOSITION = new Set(['app', 'main', 'moduleList', 'demo']);
const shown = ({ from, to }: ImportEdge) => `${from} -> ${to}`;
const across = edges.filter(({ from, to }) => moduleOf(to) && moduleOf(from) !== moduleOf(to));

describe('the house rules', () => {
  it('reaches another module only through its face (index.ts)', () => {
    expect(across.filter(({ to }) => !isFace(to)).map(shown)).toEqual([]);
  });

  it('has no cycle among the modules', () => {
    const moduleEdges = across.flatMap(({ from, to }): [string, string][] => {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      return a && b ? [[a, b]] : [];
    });
    expect(cycles(moduleEdges)).toEqual([]);
  });

  it('has no cycle among the server folders', () => {
    expect(cycles(edges.map(({ from, to }) => [unitOf(from), unitOf(to)]))).toEqual([]);
  });

  it('keeps the ground floors free of modules: only the composition stands on them', () => {
    const groundOnModule = across.filter(
      ({ from }) => !moduleOf(from) && !COMPOSITION.has(unitOf(from)),
    );
    expect(groundOnModule.map(shown)).toEqual([]);
  });

  it('has no cycle among the web folders (src/common is the floor under resources, pages and layout)', () => {
    const folderOf = (file: string) => file.split('/')[1]?.replace(/\.tsx?$/, '') ?? file;
    expect(cycles(webEdges.map(({ from, to }) => [folderOf(from), folderOf(to)]))).toEqual([]);
  });

  it('keeps src/domain on its own and the web off the server', () => {
    const breaches = webEdges.filter(
      ({ from, to }) =>
        to.startsWith('server/') ||
        (from.startsWith('src/domain/') && !to.startsWith('src/domain/')),
    );
    expect(breaches.map(shown)).toEqual([]);
  });

  it('writes each /v1 path once, in src/domain/api/endpoints.ts, for the server, the web and its mocks', () => {
    // The server's and the browser's HTTP tests write paths out, as a client would.
    const written = apiPathLiterals(root, ['server', 'src', 'tests/web']).filter(
      (literal) => !literal.startsWith('src/domain/api/endpoints.ts: '),
    );
    expect(written).toEqual([]);
    expect(apiPathLiterals(root, ['src/domain/api']).length).toBeGreaterThan(150);
  });

  it('finds a breach when there is one (the rules are not vacuous)', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(webEdges.length).toBeGreaterThan(1000);
    expect(across.length).toBeGreaterThan(50);
    expect(
      cycles([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
      ]),
    ).toEqual([['a', 'b', 'c']]);
  });
});
