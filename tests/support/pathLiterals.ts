// The /v1 paths written out in source files: string and template literals that begin with one,
// for the house rule that names each path once, in src/domain/api/endpoints.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './importGraph.ts';

/** A path below the API's root: the root alone ('/v1', '/v1/') is a prefix check, not a call. */
const API_PATH = /^\*?\/v1\/[a-z]/i;

/** `file: text` for each literal under `folders` (relative to `root`) that writes a /v1 path. */
export function apiPathLiterals(root: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    sourceFiles(path.join(root, folder)).flatMap((file) => {
      const name = path.relative(root, file).split(path.sep).join('/');
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        const text =
          ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
            ? node.text
            : ts.isTemplateExpression(node)
              ? node.head.text
              : undefined;
        if (text !== undefined && API_PATH.test(text)) found.push(`${name}: ${text}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    }),
  );
}
