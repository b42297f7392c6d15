import type { Knex } from 'knex';

/**
 * Throttles against guessing (DESIGN.md §9): per scope (e.g. log-ins per account, per client
 * address) and key, the failures counted in the current window and the time until which the key
 * is blocked. State lives here, not in a process, so every `mkt serve` on the database enforces
 * the same delays. A row means nothing after `expires_at_us` and is pruned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttles', (t) => {
    t.string('scope', 32).notNullable();
    t.string('key', 128).notNullable();
    t.integer('failures').notNullable();
    t.bigInteger('window_ends_at_us').notNullable();
    t.bigInteger('blocked_until_us').notNullable();
    t.bigInteger('expires_at_us').notNullable().index();
    t.primary(['scope', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('throttles');
}
