import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import type pg from 'pg';
import { performance } from 'node:perf_hooks';
import type { Histogram } from 'prom-client';
import { clientOf } from './knex-client.js';
import { sqliteConnectionOf, type DbKind } from './knex.js';

/**
 * Hand-written statements of the data core, prepared once: through better-sqlite3 on SQLite, as
 * named prepared statements on PostgreSQL. This file is the one place that knows how each database
 * takes a statement; the modules beside it hold the SQL, with a `?` for each parameter (never inside
 * a string literal), with a PostgreSQL text of its own only where the dialects differ.
 */
export interface Statement {
  readonly name: string;
  readonly sqlite: string;
  readonly postgres: string;
}

export type Scalar = string | number | boolean | null;

/** A statement's parameter; arrays only on PostgreSQL (one per column of rows that unnest takes apart). */
export type Param = Scalar | Buffer | readonly Scalar[];

const names = new Set<string>();

/**
 * A statement named `name` (unique: PostgreSQL prepares it under that name on each connection).
 * An empty SQLite text marks one that only PostgreSQL runs (its callers branch on `sql.kind`).
 */
export function statement(name: string, text: string, postgresText: string = text): Statement {
  if (names.has(name)) throw new Error(`statement ${name} is defined twice`);
  names.add(name);
  let n = 0;
  return { name: `mkt_${name}`, sqlite: text, postgres: postgresText.replace(/\?/g, () => `$${++n}`) };
}

const shaped = new Map<string, Statement>();

/**
 * A statement whose text depends on a shape (rows in a multi-row insert, ids in an IN list): one
 * per shape, named `name` and written by `texts` the first time that shape is asked for.
 */
export function shapedStatement(name: string, texts: () => { sqlite: string; postgres?: string }): Statement {
  let found = shaped.get(name);
  if (!found) {
    const { sqlite, postgres } = texts();
    found = statement(name, sqlite, postgres);
    shaped.set(name, found);
  }
  return found;
}

/** A connection's statements. Reads resolve with rows as the database returns them (SQLite booleans are 0/1). */
export interface Sql {
  readonly kind: DbKind;
  all<T>(statement: Statement, params?: readonly Param[]): Promise<T[]>;
  get<T>(statement: Statement, params?: readonly Param[]): Promise<T | undefined>;
  /** Runs a write; resolves with the number of rows it changed. */
  run(statement: Statement, params?: readonly Param[]): Promise<number>;
  /**
   * Statements built at run time (multi-row inserts of a batch's size): prepared per text on SQLite, unnamed on
   * PostgreSQL.
   */
  allText<T>(text: string, params: readonly Param[]): Promise<T[]>;
  runText(text: string, params: readonly Param[]): Promise<number>;
}

/**
 * Where the prepared statements of one database (a knex instance and its transactions, which share its client's config)
 * report their durations: `mkt_db_statement_seconds{statement}` once the composition root names the histogram
 * (`timeStatements`). The histogram's child of each statement is made on its first run and kept, so a run costs two
 * clock reads, a map lookup and the observation (about 0.85 µs on the 2-core machine, most of it prom-client's
 * observe; some 12 statements per signed order).
 */
interface StatementTiming {
  histogram: Histogram<'statement'> | undefined;
  children: Map<Statement, Histogram.Internal<'statement'>>;
}

const timings = new WeakMap<object, StatementTiming>();

function timingOf(db: Knex | Knex.Transaction): StatementTiming {
  const key = clientOf(db).config;
  let found = timings.get(key);
  if (!found) {
    found = { histogram: undefined, children: new Map() };
    timings.set(key, found);
  }
  return found;
}

/** From now on, every prepared statement run on `db` (any of its connections and transactions) is timed. */
export function timeStatements(db: Knex, histogram: Histogram<'statement'>): void {
  const timing = timingOf(db);
  timing.histogram = histogram;
  timing.children.clear();
}

function childOf(timing: StatementTiming, s: Statement): Histogram.Internal<'statement'> | undefined {
  const { histogram } = timing;
  if (histogram === undefined) return undefined;
  let child = timing.children.get(s);
  if (child === undefined) {
    child = histogram.labels(s.name);
    timing.children.set(s, child);
  }
  return child;
}

/** The start of a statement's run when it is timed (0 when not: no clock read). */
const startOf = (child: Histogram.Internal<'statement'> | undefined): number =>
  child === undefined ? 0 : performance.now();

/** Observes a run that began at `startMs` (a failed one is not observed: it throws before). */
function observeSince(child: Histogram.Internal<'statement'> | undefined, startMs: number): void {
  if (child !== undefined) child.observe((performance.now() - startMs) / 1000);
}

function sqliteSql(connection: BetterSqlite3.Database, timing: StatementTiming): Sql {
  const prepared = new Map<Statement, BetterSqlite3.Statement>();
  const prepare = (s: Statement) => {
    let found = prepared.get(s);
    if (!found) {
      found = connection.prepare(s.sqlite);
      prepared.set(s, found);
    }
    return found;
  };
  // better-sqlite3 binds no booleans.
  const bind = (params: readonly Param[]) => params.map((p) => (typeof p === 'boolean' ? Number(p) : p));
  const allOf = <T>(prepared: BetterSqlite3.Statement, params: readonly Param[]) =>
    Promise.resolve(rowsAs<T>(prepared.all(...bind(params))));
  const runOf = (prepared: BetterSqlite3.Statement, params: readonly Param[]) =>
    Promise.resolve(prepared.reader ? prepared.all(...bind(params)).length : prepared.run(...bind(params)).changes);
  // Each runs synchronously: the time between the clock reads is the statement's, nothing else's.
  return {
    kind: 'sqlite',
    all: <T>(s: Statement, params: readonly Param[] = []) => {
      const child = childOf(timing, s);
      const startMs = startOf(child);
      const rows = allOf<T>(prepare(s), params);
      observeSince(child, startMs);
      return rows;
    },
    get: <T>(s: Statement, params: readonly Param[] = []) => {
      const child = childOf(timing, s);
      const startMs = startOf(child);
      const row = rowAs<T>(prepare(s).get(...bind(params)));
      observeSince(child, startMs);
      return Promise.resolve(row);
    },
    run: (s, params = []) => {
      const child = childOf(timing, s);
      const startMs = startOf(child);
      const changes = runOf(prepare(s), params);
      observeSince(child, startMs);
      return changes;
    },
    // knex.ts keeps this connection's statements by text, so a batch size seen before is not prepared again.
    allText: (text, params) => allOf(connection.prepare(text), params),
    runText: (text, params) => runOf(connection.prepare(text), params),
  };
}

function postgresSql(client: pg.PoolClient | pg.Client, timing: StatementTiming): Sql {
  const query = async (config: pg.QueryConfig, child?: Histogram.Internal<'statement'>) => {
    const startMs = startOf(child);
    const result = await client.query(config);
    observeSince(child, startMs);
    return result;
  };
  const named = (s: Statement, params: readonly Param[]) =>
    query({ name: s.name, text: s.postgres, values: [...params] }, childOf(timing, s));
  return {
    kind: 'postgres',
    all: async <T>(s: Statement, params: readonly Param[] = []) => rowsAs<T>((await named(s, params)).rows),
    get: async <T>(s: Statement, params: readonly Param[] = []) => rowAs<T>((await named(s, params)).rows[0]),
    run: async (s, params = []) => (await named(s, params)).rowCount ?? 0,
    allText: async <T>(text: string, params: readonly Param[]) =>
      rowsAs<T>((await query({ text: toPostgres(text), values: [...params] })).rows),
    runText: async (text, params) => (await query({ text: toPostgres(text), values: [...params] })).rowCount ?? 0,
  };
}

/**
 * The one place a driver's rows meet their row type. Neither driver can know what a statement's
 * SQL selects; its caller names the row (`sql.get<Row>(…)`) beside the statement, and the typed
 * rows of src/db/ are what the rest of mkt sees.
 */
function rowsAs<T>(rows: unknown[]): T[] {
  return rows as T[];
}

function rowAs<T>(row: unknown): T | undefined {
  return row as T | undefined;
}

const toPostgres = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const byConnection = new WeakMap<object, Sql>();

/** The statements of a connection of `db`'s pool, made once per connection. */
function sqlFor(connection: object, db: Knex | Knex.Transaction): Sql {
  let found = byConnection.get(connection);
  if (!found) {
    if (isPostgresClient(connection)) found = postgresSql(connection, timingOf(db));
    else if (isSqliteConnection(connection)) found = sqliteSql(connection, timingOf(db));
    else throw new Error('knex answered a connection of neither pg nor better-sqlite3');
    byConnection.set(connection, found);
  }
  return found;
}

/** A connection of knex's pool is a pg client (it has `query`) or a better-sqlite3 database (it has `prepare`). */
function isPostgresClient(connection: object): connection is pg.PoolClient {
  return 'query' in connection && typeof connection.query === 'function';
}

function isSqliteConnection(connection: object): connection is BetterSqlite3.Database {
  return 'prepare' in connection && typeof connection.prepare === 'function';
}

const kindOfClient = (knex: Knex | Knex.Transaction): DbKind =>
  clientOf(knex).config.client === 'pg' ? 'postgres' : 'sqlite';

/** The statements of an open knex transaction's own connection: they run inside that transaction. */
export async function sqlOf(trx: Knex.Transaction): Promise<Sql> {
  return sqlFor(await clientOf(trx).acquireConnection(), trx);
}

/**
 * Statements outside any transaction, each on its own (autocommit). On PostgreSQL each takes a
 * connection of the pool. On SQLite the pool holds one connection, which a transaction keeps across
 * its awaits: a statement runs on it at once when no transaction is open (better-sqlite3 runs it
 * synchronously, so nothing can come between), and otherwise waits for the connection like any
 * query. Requests then reach the trading queue without queueing behind each open transaction one
 * statement at a time, so their commands commit together.
 */
export function poolSql(db: Knex): Sql {
  let found = pools.get(db);
  if (!found) {
    found = kindOfClient(db) === 'postgres' ? pooledSql(db) : sqliteAutocommitSql(db);
    pools.set(db, found);
  }
  return found;
}

const pools = new WeakMap<Knex, Sql>();

function pooledSql(db: Knex): Sql {
  return {
    kind: kindOfClient(db),
    all: (s, params) => withSql(db, (sql) => sql.all(s, params)),
    get: (s, params) => withSql(db, (sql) => sql.get(s, params)),
    run: (s, params) => withSql(db, (sql) => sql.run(s, params)),
    allText: (text, params) => withSql(db, (sql) => sql.allText(text, params)),
    runText: (text, params) => withSql(db, (sql) => sql.runText(text, params)),
  };
}

function sqliteAutocommitSql(db: Knex): Sql {
  const pooled = pooledSql(db);
  const idle = (): Sql | undefined => {
    const connection = sqliteConnectionOf(db);
    return connection && connection.open && !connection.inTransaction ? sqlFor(connection, db) : undefined;
  };
  return {
    kind: 'sqlite',
    all: (s, params) => (idle() ?? pooled).all(s, params),
    get: (s, params) => (idle() ?? pooled).get(s, params),
    run: (s, params) => (idle() ?? pooled).run(s, params),
    allText: (text, params) => (idle() ?? pooled).allText(text, params),
    runText: (text, params) => (idle() ?? pooled).runText(text, params),
  };
}

/** The statements of `db`: a transaction's own connection when it is one, else the pool's (`poolSql`). */
export async function sqlIn(db: Knex | Knex.Transaction): Promise<Sql> {
  return isTransaction(db) ? sqlOf(db) : poolSql(db);
}

/** Runs `work` on a connection of the pool (outside any transaction), or on the transaction's own. */
export async function withSql<T>(db: Knex | Knex.Transaction, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  const connection = await client.acquireConnection();
  try {
    return await work(sqlFor(connection, db));
  } finally {
    await client.releaseConnection(connection);
  }
}

function isTransaction(db: Knex | Knex.Transaction): db is Knex.Transaction {
  return db.isTransaction === true;
}

/** `?, ?, …`: `count` statement parameters, for an IN list or a row of values. */
export const parameterList = (count: number): string => new Array<string>(count).fill('?').join(', ');

/** `(?, ?, …), (?, ?, …)`: the values list of a multi-row insert of `rows` rows of `columns` columns. */
export function valuesList(rows: number, columns: number): string {
  const row = `(${parameterList(columns)})`;
  return new Array<string>(rows).fill(row).join(', ');
}
