import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * The replay guard (DESIGN.md §9): one row per signature a state-changing signed request used,
 * until its timestamp leaves the 30-second window. The key starts with the expiry, so the rows a
 * prune removes are one range at the front of the one index (a signature fixes its timestamp, so a
 * signature always meets its earlier use under the same key). On SQLite the table is WITHOUT ROWID:
 * an insert writes one B-tree, not a table and an index.
 */
export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.schema.createTable('used_signatures', (t) => {
      t.bigInteger('expires_at_us').notNullable();
      t.binary('signature_hash').notNullable(); // SHA-256 of the 64 signature bytes
      t.primary(['expires_at_us', 'signature_hash']);
    });
    return;
  }
  await knex.raw(
    'CREATE TABLE used_signatures (expires_at_us BIGINT NOT NULL, signature_hash BLOB NOT NULL, PRIMARY KEY (expires_at_us, signature_hash)) WITHOUT ROWID',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('used_signatures');
}
