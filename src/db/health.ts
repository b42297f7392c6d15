import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/** What `/readyz` asks of the database (app/readiness.ts): whether it answers, and whether its schema is this code's. */

const ping = statement('health_ping', 'SELECT 1 AS one');

/** Resolves once the database has answered a trivial query (a connection of the pool, a round trip). */
export async function pingDatabase(db: Db): Promise<void> {
  await poolSql(db).get<{ one: number }>(ping);
}

/**
 * The migrations of this code the database has not applied; throws when the database has applied one this code does
 * not know (a newer release migrated it), as knex's list does.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list()) as [unknown, string[]];
  return pending;
}
