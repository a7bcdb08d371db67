// The one rule for text in requests: no NUL (no PostgreSQL text can hold it) and nothing that is
// not valid Unicode (a lone UTF-16 surrogate, which PostgreSQL's jsonb refuses and no person types).
// Query strings, path parameters and JSON bodies are checked by the validation hook; multipart file
// names and fields by the upload readers, through the same function.
import { badRequest } from '../httpError.ts';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with the text, said of the field, or undefined when it may be stored. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'holds a NUL character';
  if (LONE_SURROGATE.test(value)) return 'is not valid Unicode (it holds a lone surrogate)';
  return undefined;
}

/** The first string (or key) in a parsed request part that breaks the rule, with its dotted path. */
export function badTextIn(
  value: unknown,
  at = '',
  depth = 0,
): { path: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: at, problem } : undefined;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  // Uploaded files and streams are not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function')
    return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    const problem = textProblem(key);
    if (problem) return { path, problem };
    const found = badTextIn(item, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws a 400 naming the field when the text breaks the rule. */
export function assertText(field: string, value: string, noun = field): void {
  const problem = textProblem(value);
  if (problem) throw badRequest(field, `The ${noun} ${problem}`);
}
