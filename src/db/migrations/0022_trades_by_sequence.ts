import type { Knex } from 'knex';

/**
 * A market's trades in execution order: the last trade (ticker, stats, the price collar's reference
 * price on every order) and the open and close of a window are looked up by `sequence`, which the
 * index on (market_id, executed_at_us) cannot order. Without this index each of them reads every
 * trade of the market.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX trades_by_market_sequence ON trades (market_id, sequence)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX trades_by_market_sequence');
}
