import type { Knex } from 'knex';

/**
 * Deposits (DESIGN.md §11, platform.yaml tag "Funds"): money asked to come in, through the payment
 * path the service runs. A row is `credited` in the same transaction as its journal entry, or waits
 * `pending` for an operator (manual payments), who credits or rejects it. `idempotency_key` is
 * unique per user; `decided_at_us` is when it was credited or rejected. The daily sandbox cap sums
 * what was credited per user and UTC day; auto-reload sums its own deposits per month.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deposits', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('id').inTable('users');
    t.bigInteger('amount_micros').notNullable();
    t.string('status', 16).notNullable();
    t.string('method', 16).notNullable();
    t.string('origin', 16).notNullable();
    t.string('idempotency_key', 128).nullable();
    t.text('reason').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('decided_at_us').nullable();
    t.unique(['user_id', 'idempotency_key']);
    t.index(['user_id', 'created_at_us', 'id']);
    t.index(['user_id', 'decided_at_us']);
    t.index(['status', 'created_at_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('deposits');
}
