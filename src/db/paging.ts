import type { Knex } from 'knex';
import { Failure } from '../lib/failure.js';
import { validationFailure, type CommonFailure } from '../lib/common-failures.js';

/**
 * Keyset ("seek") paging over (sort column, unique id). Cursors are opaque to clients: base64url
 * JSON naming the sort they belong to and the key of the row at the page edge. A page never skips
 * or repeats rows that were there when the first page was read, however far the client pages.
 */
export type Direction = 'asc' | 'desc';

/** A cursor that is not one of this list's, or both directions at once. */
export type PagingFailure = 'invalid_cursor' | Extract<CommonFailure, 'validation_error'>;

export interface PageParams {
  limit: number;
  next?: string | undefined;
  prev?: string | undefined;
}

/** The documents' paging query (`limit`, default 50; `next`; `prev`), as every list operation takes it. */
export const pageParams = (query: { limit?: number; next?: string; prev?: string }): PageParams => ({
  limit: query.limit ?? 50,
  next: query.next,
  prev: query.prev,
});

export interface Sort {
  /** The `order_by` value the client sent (part of the cursor, so a cursor cannot be reused under another sort). */
  name: string;
  column: string;
  idColumn: string;
  direction: Direction;
}

export interface Paging {
  has_more: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

export interface Page<Row> {
  rows: Row[];
  paging: Paging;
}

type KeyValue = string | number;
interface Cursor {
  s: string;
  d: Direction;
  k: [KeyValue, string];
}

function encodeCursor(sort: Sort, key: [KeyValue, string]): string {
  const cursor: Cursor = { s: sort.name, d: sort.direction, k: key };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, param: 'next' | 'prev', sort: Sort): [KeyValue, string] {
  const invalid = (why: string) =>
    new Failure<PagingFailure>(
      'invalid_cursor',
      `query.${param} is not a cursor of this list (${why}); pass back a next_cursor or prev_cursor exactly as returned.`,
    );
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid('unreadable');
  }
  if (!isCursor(cursor)) throw invalid('unreadable');
  if (cursor.s !== sort.name || cursor.d !== sort.direction) {
    throw invalid(`it was issued for order_by=${cursor.s}&order_direction=${cursor.d}`);
  }
  return cursor.k;
}

function isCursor(value: unknown): value is Cursor {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.s === 'string' &&
    (c.d === 'asc' || c.d === 'desc') &&
    Array.isArray(c.k) &&
    c.k.length === 2 &&
    (typeof c.k[0] === 'string' || typeof c.k[0] === 'number') &&
    typeof c.k[1] === 'string'
  );
}

/**
 * Reads one page of `query` (already filtered) in `sort` order. `keyOf` gives a row's
 * (sort value, id) exactly as stored.
 */
export async function keysetPage<Row>(
  query: Knex.QueryBuilder,
  sort: Sort,
  params: PageParams,
  keyOf: (row: Row) => [KeyValue, string],
): Promise<Page<Row>> {
  assertOneDirection(params);
  const backward = params.prev !== undefined;
  const cursorText = params.next ?? params.prev;
  const key = cursorText === undefined ? undefined : decodeCursor(cursorText, backward ? 'prev' : 'next', sort);

  // Walking backward reads the preceding rows in reverse order, then flips them.
  const ascending = (sort.direction === 'asc') !== backward;
  const comparator = ascending ? '>' : '<';
  const order = ascending ? 'asc' : 'desc';
  if (key !== undefined) {
    const [value, id] = key;
    // The callbacks build the clause in place; what they return is the same builder, not a result.
    query.where((w) => {
      void w.where(sort.column, comparator, value).orWhere((tie) => {
        void tie.where(sort.column, '=', value).andWhere(sort.idColumn, comparator, id);
      });
    });
  }
  const fetched = (await query
    .orderBy([
      { column: sort.column, order },
      { column: sort.idColumn, order },
    ])
    .limit(params.limit + 1)) as Row[];

  const hasMore = fetched.length > params.limit;
  const rows = fetched.slice(0, params.limit);
  if (backward) rows.reverse();

  const first = rows[0];
  const last = rows[rows.length - 1];
  const edge = (row: Row | undefined) => (row === undefined ? null : encodeCursor(sort, keyOf(row)));
  const paging: Paging = backward
    ? { has_more: hasMore, next_cursor: edge(last), prev_cursor: hasMore ? edge(first) : null }
    : {
        has_more: hasMore,
        next_cursor: hasMore ? edge(last) : null,
        prev_cursor: key === undefined ? null : edge(first),
      };
  return { rows, paging };
}

/** A list held in memory, paged like the database lists: the cursor names the row at the page edge. */
export function pageOfList<Item>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
  params: PageParams,
): Page<Item> {
  const cursorOf = (item: Item) => Buffer.from(keyOf(item)).toString('base64url');
  const positionOf = (cursor: string, param: 'next' | 'prev') => {
    const index = items.findIndex((item) => cursorOf(item) === cursor);
    if (index < 0)
      throw new Failure<PagingFailure>(
        'invalid_cursor',
        `query.${param} is not a cursor of this list; pass back a next_cursor or prev_cursor exactly as returned.`,
      );
    return index;
  };
  assertOneDirection(params);
  const end = params.prev === undefined ? undefined : positionOf(params.prev, 'prev');
  const start =
    params.next !== undefined
      ? positionOf(params.next, 'next') + 1
      : end !== undefined
        ? Math.max(0, end - params.limit)
        : 0;
  const stop = end ?? Math.min(items.length, start + params.limit);
  const rows = items.slice(start, stop);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const backward = params.prev !== undefined;
  const hasMore = backward ? start > 0 : stop < items.length;
  return {
    rows,
    paging: {
      has_more: hasMore,
      next_cursor: last !== undefined && stop < items.length ? cursorOf(last) : null,
      prev_cursor: first !== undefined && start > 0 ? cursorOf(first) : null,
    },
  };
}

function assertOneDirection(params: PageParams): void {
  if (params.next !== undefined && params.prev !== undefined) {
    throw validationFailure('query.next and query.prev are mutually exclusive; send one of them.', {
      errors: [{ path: 'query', message: 'next and prev are mutually exclusive' }],
    });
  }
}
