import type { Knex } from 'knex';

/**
 * A trading batch takes the tokens of all its orders on one bucket in one statement (src/db/admissions.ts),
 * as many as the bucket holds: the row keeps what that last decision took, so the statement can return it
 * (PostgreSQL's RETURNING gives only the new row, and the new balance alone cannot tell how many were taken).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rate_buckets', (t) => {
    t.bigInteger('last_taken_milli').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rate_buckets', (t) => {
    t.dropColumn('last_taken_milli');
  });
}
