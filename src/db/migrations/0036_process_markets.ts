import type { Knex } from 'knex';

/**
 * Markets partitioned across processes (issue 33, item 3): the process registry of migration 0009 says, for each
 * `mkt serve`, where other processes reach its trading host, which markets it trades, and when it last said it was
 * alive, so that an order for a market another process owns is forwarded to a live owner.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_processes', (t) => {
    t.string('trading_url', 255).nullable(); // null: it serves no trading host (or has not announced it yet)
    t.text('markets').nullable(); // a JSON array of market ids; null: every market
    t.bigInteger('heartbeat_at_us').nullable(); // null: never announced
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_processes', (t) => {
    t.dropColumn('heartbeat_at_us');
    t.dropColumn('markets');
    t.dropColumn('trading_url');
  });
}
