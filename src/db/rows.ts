import type { Knex } from 'knex';
import { assert } from '../lib/assert.js';

/**
 * The rows of a knex query as its SELECT shapes them. knex cannot type a select of joined, aliased,
 * raw or aggregate columns and answers `any`; this is the one place such a result meets its row
 * type, named beside the SELECT at each call. Columns a database may answer as strings (pg's SUM
 * and COUNT, NUMERIC) belong in the row type as `number | string`, and the caller converts them.
 */
export function rowsOf<Row>(query: Knex.QueryBuilder): Promise<Row[]> {
  return query.then((rows: Row[]) => rows);
}

/** The first row of a query built with `.first()`, or undefined when it has none. */
export function firstRowOf<Row>(query: Knex.QueryBuilder): Promise<Row | undefined> {
  return query.then((row: Row | undefined) => row);
}

/** The rows of a raw query: better-sqlite3 answers them, pg a result whose `rows` they are. */
export function rawRowsOf<Row>(raw: Knex.Raw): Promise<Row[]> {
  return raw.then((result: { rows: Row[] } | Row[]) => (Array.isArray(result) ? result : result.rows));
}

/** The row of a query that always answers one (a COUNT, a row just written): its absence is a bug. */
export function oneRow<Row>(row: Row | undefined, query: string): Row {
  assert(row !== undefined, `${query} answered no row`);
  return row;
}
