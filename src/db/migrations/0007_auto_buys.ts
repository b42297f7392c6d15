import type { Knex } from 'knex';

/**
 * An Auto Mode buy in flight, per user and instrument (DESIGN.md §5): while the row lives, other
 * requests of that user and instrument that lack capacity get 503 balance_replenishing, in every
 * process. A process that dies mid-buy leaves a row that expires.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auto_buys', (t) => {
    t.string('user_id', 64).notNullable();
    t.string('instrument_id', 64).notNullable();
    t.bigInteger('expires_at_us').notNullable();
    t.primary(['user_id', 'instrument_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('auto_buys');
}
