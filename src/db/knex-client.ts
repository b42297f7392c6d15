import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * What mkt reads of a knex instance's client, which knex types as `any`: its dialect, the SQLite
 * file, the PostgreSQL settings, and the connections of its pool. This is the one place that client
 * gets a type; the modules beside it ask these functions instead of reaching into it.
 */
interface KnexClient {
  readonly config: { readonly client: string; readonly connection?: string | { readonly filename?: string } };
  /** pg's settings as knex connects with them (the password is not enumerable: copy it by name). */
  readonly connectionSettings: pg.ClientConfig;
  acquireConnection(): Promise<object>;
  releaseConnection(connection: object): Promise<void>;
  /** tarn's pool; undefined once the instance is destroyed. */
  readonly pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number };
}

export function clientOf(db: Knex | Knex.Transaction): KnexClient {
  return db.client as KnexClient;
}

/** Whether knex drives PostgreSQL (else better-sqlite3); the migrations branch on it. */
export function isPostgres(db: Knex | Knex.Transaction): boolean {
  return clientOf(db).config.client === 'pg';
}

/** The SQLite database's file (`:memory:` for one in memory); undefined on PostgreSQL. */
export function sqliteFilenameOf(db: Knex): string | undefined {
  const connection = clientOf(db).config.connection;
  return typeof connection === 'object' ? connection.filename : undefined;
}

/**
 * The settings knex connects to PostgreSQL with, for a connection of our own (its password is not enumerable, so it is
 * copied by name).
 */
export function postgresSettingsOf(db: Knex): pg.ClientConfig {
  const settings = clientOf(db).connectionSettings;
  return { ...settings, password: settings.password };
}

/** The connections of `db`'s pool by state, as `mkt_db_pool_connections` reports them; all zero once destroyed. */
export function poolConnectionsOf(db: Knex): { used: number; free: number; pending: number } {
  const { pool } = clientOf(db);
  if (pool === undefined) return { used: 0, free: 0, pending: 0 };
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() };
}
