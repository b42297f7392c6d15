import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations/index.js';
import { isPostgres } from './knex-client.js';

export type Db = Knex;
export type DbKind = 'sqlite' | 'postgres';

/** BIGINT and COUNT come back from pg as strings; every integer we store is a safe integer. */
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`BIGINT ${text} is outside the safe integer range`);
  return value;
});

function databaseKind(url: string): DbKind {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`);
}

/**
 * The SQLite connection of each knex instance (its pool holds exactly one), so the data core can
 * run a statement on it at once when no transaction is open (src/db/sql.ts).
 */
const sqliteConnections = new WeakMap<Knex, { current?: BetterSqlite3.Database }>();

export function sqliteConnectionOf(db: Knex): BetterSqlite3.Database | undefined {
  return sqliteConnections.get(db)?.current;
}

export function knexConfig(url: string, holder: { current?: BetterSqlite3.Database } = {}): Knex.Config {
  if (databaseKind(url) === 'postgres') {
    return {
      client: 'pg',
      connection: url,
      pool: { min: 0, max: 10 },
      migrations: { migrationSource, tableName: 'knex_migrations' },
    };
  }
  const filename = url.slice('sqlite:'.length);
  return {
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: BetterSqlite3.Database, done: (err: Error | null, c: unknown) => void) {
        reusePreparedStatements(connection);
        // WAL lets readers run beside the writer; NORMAL is durable across process crashes in WAL mode.
        connection.pragma('journal_mode = WAL');
        connection.pragma('synchronous = NORMAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        holder.current = connection;
        done(null, connection);
      },
    },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
}

/**
 * knex prepares every query afresh on better-sqlite3, which cost about a fifth of the CPU of a
 * signed request. Statements are reusable (each call binds its own values and runs to completion
 * synchronously), so keep them by SQL text; the cache is bounded because `whereIn` lists of
 * different lengths give different texts.
 */
const statementCacheMax = 2_000;

function reusePreparedStatements(connection: { prepare(sql: string): unknown }): void {
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      if (cache.size >= statementCacheMax) cache.clear();
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}

export function openDatabase(url: string): Db {
  if (databaseKind(url) === 'sqlite') {
    const filename = url.slice('sqlite:'.length);
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  }
  const holder: { current?: BetterSqlite3.Database } = {};
  const db = knexFactory(knexConfig(url, holder));
  sqliteConnections.set(db, holder);
  return db;
}

/** How long a read may wait to reach the replica, and a query on it to answer, before it counts as down. */
const replicaConnectMsMax = 2_000;
const replicaQueryMsMax = 10_000;

/**
 * DATABASE_READ_URL's replica: PostgreSQL only, with short connect and query timeouts, so that a replica that stopped
 * answering sends reads back to the primary (src/db/read-replica.ts) instead of holding them. Never migrated: it
 * replays the primary's schema.
 */
const ignore = (): void => {};

export function openReadDatabase(url: string): Db {
  if (databaseKind(url) !== 'postgres') throw new Error(`DATABASE_READ_URL must be a postgres:// URL, got ${url}`);
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: url,
      connectionTimeoutMillis: replicaConnectMsMax,
      query_timeout: replicaQueryMsMax,
    },
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: replicaConnectMsMax,
    // A replica that does not answer is an expected state (reads go to the primary, and read-replica.ts logs it once
    // through mkt's logger), not a line on stderr per pooled connection.
    log: { warn: ignore, error: ignore, deprecate: ignore, debug: ignore },
  });
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

export function kindOf(db: Db): DbKind {
  return isPostgres(db) ? 'postgres' : 'sqlite';
}

/** Whether a failed insert broke a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * How many trading transactions of one process may run side by side, over disjoint markets (each
 * locked): one on SQLite (one writer, one connection); on PostgreSQL `MKT_TRADING_LANES`, one by
 * default. Measured on the 2-core machine (nine markets, c16): one lane 328 orders/s at 1.9 ms of
 * CPU per order, two 214/s, four 225/s at 2.8 ms: smaller batches cost more round trips than the
 * side-by-side transactions win while PostgreSQL shares the cores. More cores may want more.
 */
export function tradingLanesMax(db: Db): number {
  if (kindOf(db) === 'sqlite') return 1;
  const configured = Number(process.env.MKT_TRADING_LANES ?? '');
  return Number.isSafeInteger(configured) && configured > 0 ? configured : 1;
}
