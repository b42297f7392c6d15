import type { Knex } from 'knex';

/**
 * Auto top-up (platform.yaml updateAutoTopUp), on the account settings row: whether it runs, how
 * many Units one top-up buys and the threshold in Units below which a consumption account is
 * topped up (null: not set), and how the last attempt ended (`auto_top_up_last_outcome`, a code of
 * src/trading/accounts/auto-top-up.ts; null: never tried) and when.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_settings', (t) => {
    t.boolean('auto_top_up_enabled').notNullable().defaultTo(false);
    t.bigInteger('auto_top_up_quantity_units').nullable();
    t.bigInteger('auto_top_up_threshold_units').nullable();
    t.string('auto_top_up_last_outcome', 24).nullable();
    t.bigInteger('auto_top_up_last_at_us').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_settings', (t) => {
    t.dropColumn('auto_top_up_last_at_us');
    t.dropColumn('auto_top_up_last_outcome');
    t.dropColumn('auto_top_up_threshold_units');
    t.dropColumn('auto_top_up_quantity_units');
    t.dropColumn('auto_top_up_enabled');
  });
}
