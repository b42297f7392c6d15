import type { Knex } from 'knex';

/**
 * Money out (issue 32, DESIGN.md §16):
 *
 * - `payout_destinations`: where a user's withdrawals may go: a `sandbox` destination (sandbox payments) or a
 *   `bank_transfer` the operator pays to (`bank_reference`). `usable_from_us` ends its cooling-off. A removed one keeps
 *   its row (`removed_at_us`), so the withdrawals made to it still name it.
 * - `withdrawals`: a two-phase transfer out, as TigerBeetle's pending transfers: created `pending` with its hold (the
 *   journal's `withdrawal_hold`), then posted once (`paid`, `withdrawal_paid`) or voided once (`rejected` or
 *   `cancelled`, `withdrawal_void`). Each decision is an update conditional on `pending`, so deciding twice changes
 *   nothing. `idempotency_key` is unique per user.
 * - `sessions.authenticated_at_us`: when the session's user last proved the password (its sign-in, or a confirmation
 *   since): withdrawing from the dashboard needs a recent one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_destinations', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('kind', 16).notNullable();
    t.string('label', 64).notNullable();
    t.string('bank_reference', 140).nullable();
    t.bigInteger('usable_from_us').notNullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('removed_at_us').nullable();
    t.index(['user_id', 'created_at_us']);
  });
  await knex.schema.createTable('withdrawals', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('destination_id', 64).notNullable().references('payout_destinations.id');
    t.bigInteger('amount_micros').notNullable();
    t.string('status', 16).notNullable();
    t.string('method', 16).notNullable();
    t.string('idempotency_key', 128).nullable();
    t.string('payout_reference', 140).nullable();
    t.text('reason').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('decided_at_us').nullable();
    t.unique(['user_id', 'idempotency_key']);
    t.index(['user_id', 'created_at_us']);
    t.index(['status', 'created_at_us']);
    t.check('amount_micros > 0', [], 'withdrawals_amount_positive');
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.bigInteger('authenticated_at_us').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('authenticated_at_us');
  });
  await knex.schema.dropTableIfExists('withdrawals');
  await knex.schema.dropTableIfExists('payout_destinations');
}
