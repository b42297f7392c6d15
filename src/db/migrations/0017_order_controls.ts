import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * Traders' order controls (DESIGN.md §12) on `orders`:
 *
 * - `stop_price_ticks`: the trigger of a `stop` / `stop_limit` order (null for the other types).
 *   Until triggered the order is `pending` with `remaining_quantity` 0 (it is not on the book, so
 *   nothing that reads the book from the rows sees it) and holds its funds or Units in `reserved`.
 *   The partial index below is what a book is rebuilt from besides the resting orders.
 * - `post_only`: kept so that an amendment cannot make the order take.
 * - `self_trade_prevention`: the order's mode (the account default filled in at placement), used
 *   when the order is the incoming one: new, re-queued by an amendment, or a triggered stop.
 * - `type` widens to 16 characters for `stop_limit` (PostgreSQL enforces the length; SQLite does not).
 *
 * `time_in_force` `gtd` keeps its expiry in `expires_at_us`, as `day` does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.bigInteger('stop_price_ticks').nullable();
    t.boolean('post_only').notNullable().defaultTo(false);
    t.string('self_trade_prevention', 16).notNullable().defaultTo('expire_taker');
  });
  if (isPostgres(knex)) await knex.raw('ALTER TABLE orders ALTER COLUMN type TYPE varchar(16)');
  await knex.raw("CREATE INDEX orders_pending_by_sequence ON orders (market_id, sequence) WHERE status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_pending_by_sequence');
  if (isPostgres(knex)) await knex.raw('ALTER TABLE orders ALTER COLUMN type TYPE varchar(8)');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('self_trade_prevention');
    t.dropColumn('post_only');
    t.dropColumn('stop_price_ticks');
  });
}
