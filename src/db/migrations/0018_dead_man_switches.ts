import type { Knex } from 'knex';

/**
 * The dead-man's switch (`POST /v1/orders/cancel-all-after`, issue 20 item 7), kept here so that
 * any process fires it, including one started after the process that armed it died:
 *
 * - `dead_man_switches`: one row per user and scope (`all`, or a market id) while armed, with the
 *   time it fires. The index on `trigger_at_us` is what every process's due check reads: the
 *   earliest triggers first, one range of it.
 * - `dead_man_switch_firings`: a switch that came due is replaced, in one transaction, by one row
 *   per market on which it has orders to cancel (`cutoff_us` is its trigger time: orders submitted
 *   after it are not touched). Each row is deleted in the transaction of the market's group commit
 *   that cancels those orders, so each market's cancellation happens exactly once, and a row left
 *   by a process that died in between is taken up by the next due check.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dead_man_switches', (t) => {
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('scope', 64).notNullable(); // 'all', or the market id
    t.bigInteger('trigger_at_us').notNullable().index();
    t.bigInteger('armed_at_us').notNullable();
    t.primary(['user_id', 'scope']);
  });
  await knex.schema.createTable('dead_man_switch_firings', (t) => {
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('market_id', 64).notNullable().references('markets.id');
    t.bigInteger('cutoff_us').notNullable();
    t.primary(['user_id', 'market_id', 'cutoff_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dead_man_switch_firings');
  await knex.schema.dropTableIfExists('dead_man_switches');
}
