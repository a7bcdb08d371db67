// The list query of ra-data-simple-rest (the portal's dataProvider for CRUD resources):
// `sort=["field","ASC"]`, `range=[0,24]` and `filter={...}`, each JSON text, read and checked here
// so that a bad one is a 400 naming it; and the Content-Range header that carries the total.
import type { FastifyReply } from 'fastify';
import { badRequest } from './httpError.ts';

/** The most rows one page may ask for. */
export const MAX_PAGE_ROWS = 500;

export interface ListParams<Field extends string> {
  sort?: Field;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function json(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(name, `${name} is not valid JSON`);
  }
}

export function readListParams<Field extends string>(
  query: { sort?: string; range?: string; filter?: string },
  sortFields: readonly Field[],
): ListParams<Field> {
  const sort = json('sort', query.sort);
  let field: Field | undefined;
  let order: 'ASC' | 'DESC' = 'ASC';
  if (sort !== undefined) {
    if (
      !Array.isArray(sort) ||
      sort.length !== 2 ||
      !sortFields.includes(sort[0] as Field) ||
      (sort[1] !== 'ASC' && sort[1] !== 'DESC')
    ) {
      throw badRequest(
        'sort',
        `sort must be ["field","ASC" or "DESC"] with field one of ${sortFields.join(', ')}`,
      );
    }
    field = sort[0] as Field;
    order = sort[1];
  }
  const range = json('range', query.range);
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    const [start, end] = Array.isArray(range) ? range : [];
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end < start ||
      end - start + 1 > MAX_PAGE_ROWS
    ) {
      throw badRequest(
        'range',
        `range must be [first, last], whole numbers from 0, at most ${MAX_PAGE_ROWS} rows`,
      );
    }
    offset = start;
    limit = end - start + 1;
  }
  const filter = json('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw badRequest('filter', 'filter must be a JSON object');
  return { sort: field, order, offset, limit, filter: filter as Record<string, unknown> };
}

/** `Content-Range: users 0-24/319`, as ra-data-simple-rest reads the total. */
export function sendRange(
  reply: FastifyReply,
  resource: string,
  offset: number,
  count: number,
  total: number,
): void {
  const last = count === 0 ? offset : offset + count - 1;
  reply.header('content-range', `${resource} ${offset}-${last}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
}

/**
 * One page of rows already in memory, sorted by the chosen key (then `tieBreak`), with the total:
 * for lists whose rows depend on the clock and so are worked out per request.
 */
export function pageInMemory<Row>(
  rows: Row[],
  keys: Record<string, (row: Row) => string | number>,
  params: Pick<ListParams<string>, 'sort' | 'order' | 'offset' | 'limit'>,
  fallbackSort: string,
  tieBreak: (a: Row, b: Row) => number,
): { rows: Row[]; total: number } {
  const key = keys[params.sort ?? fallbackSort] ?? keys[fallbackSort];
  const direction = params.order === 'DESC' ? -1 : 1;
  const sorted = key
    ? [...rows].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : tieBreak(a, b)) * direction;
      })
    : rows;
  return { rows: sorted.slice(params.offset, params.offset + params.limit), total: rows.length };
}
