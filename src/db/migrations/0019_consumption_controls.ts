import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * The buyer's controls in the consumption pipeline (DESIGN.md §7, §12):
 *
 * - `used_tickets`: one row per admission ticket a `/r/v1/…` run has used (src/db/tickets.ts),
 *   keyed like the replay guard (migration 0010) by its expiry first, so single use holds in every
 *   process and pruning deletes one range of the one index.
 * - `deployment_secrets`: secrets every process of a deployment must share when no variable sets
 *   them; the ticket key on PostgreSQL without MKT_TICKET_SECRET (the first process writes it, the
 *   others read the same row).
 * - `consumption_lots.tokens_reserved`: tokens of the lot that admitted requests still in progress
 *   have reserved. A request reserves its tokens from named lots and settles only from those lots,
 *   so a price cap or a key's budget can be priced exactly; expiry writes off only what no request
 *   reserved. The ledger's invariant is unchanged: the lots' `tokens_remaining` sum to the
 *   account's available + locked, and their `tokens_reserved` to at most its locked.
 * - `inference_requests.reserved_lots`: those lots, a JSON array of `[lot id, tokens, micro-dollars
 *   per Unit or null]`; null for a request admitted before this migration (it settles oldest
 *   lot first, from tokens no request reserved). `budget_reserved_micros` and
 *   `budget_period_start_us`: what the request reserved of its key's budget and in which period
 *   (migration 0016's `api_key_spend`); null for a key without a budget.
 */
export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.schema.createTable('used_tickets', (t) => {
      t.bigInteger('expires_at_us').notNullable();
      t.string('ticket_id', 32).notNullable();
      t.primary(['expires_at_us', 'ticket_id']);
    });
  } else {
    await knex.raw(
      'CREATE TABLE used_tickets (expires_at_us BIGINT NOT NULL, ticket_id VARCHAR(32) NOT NULL, PRIMARY KEY (expires_at_us, ticket_id)) WITHOUT ROWID',
    );
  }
  await knex.schema.createTable('deployment_secrets', (t) => {
    t.string('name', 32).primary();
    t.string('secret', 128).notNullable();
    t.bigInteger('created_at_us').notNullable();
  });
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.bigInteger('tokens_reserved').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('inference_requests', (t) => {
    t.text('reserved_lots').nullable();
    t.bigInteger('budget_reserved_micros').nullable();
    t.bigInteger('budget_period_start_us').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropColumn('budget_period_start_us');
    t.dropColumn('budget_reserved_micros');
    t.dropColumn('reserved_lots');
  });
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.dropColumn('tokens_reserved');
  });
  await knex.schema.dropTableIfExists('deployment_secrets');
  await knex.schema.dropTableIfExists('used_tickets');
}
