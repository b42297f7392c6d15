import type { Knex } from 'knex';

/**
 * The resting orders of a market in time priority, for loading its book page by page (src/db/
 * orders.ts restingOrdersPage): a partial index over what rests, so a page is a range read, not a
 * sort of the whole book. Both databases take partial indexes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX orders_resting_by_sequence ON orders (market_id, sequence) WHERE remaining_quantity > 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_resting_by_sequence');
}
