// The project's import graph, read with the TypeScript compiler's own pre-processor (every
// import, export-from, dynamic import and import type), for the house rules' test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Paths relative to the project root, with forward slashes. */
  from: string;
  to: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;

/** The TypeScript source files under `dir`, declaration files and node_modules left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** Every relative import among the source files under `folders` (relative to `root`). */
export function importEdges(root: string, folders: string[]): ImportEdge[] {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return folders.flatMap((folder) =>
    sourceFiles(path.join(root, folder)).flatMap((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      return importedFiles.flatMap(({ fileName }) => {
        const target = resolveImport(file, fileName);
        return target ? [{ from: relative(file), to: relative(target) }] : [];
      });
    }),
  );
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components), of two or more. */
export function cycles(edges: Iterable<[string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of edges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}
