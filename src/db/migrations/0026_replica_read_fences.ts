import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * Each user's read fence (DATABASE_READ_URL): the primary's WAL position after their last write, written by the
 * request that wrote and only when a replica is configured. A read of that user goes to the replica once it has
 * replayed past it, from whichever process serves the read (src/db/read-replica.ts). A `pg_lsn` on PostgreSQL; SQLite
 * never has a replica, and keeps the table only so that both databases have one schema.
 */
export async function up(knex: Knex): Promise<void> {
  const postgres = isPostgres(knex);
  await knex.schema.createTable('replica_read_fences', (t) => {
    t.text('user_id').primary();
    if (postgres) t.specificType('lsn', 'pg_lsn').notNullable();
    else t.text('lsn').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('replica_read_fences');
}
