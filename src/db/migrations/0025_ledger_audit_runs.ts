import type { Knex } from 'knex';

/**
 * The periodic ledger audits (MKT_AUDIT_INTERVAL_S), one row per run by any process: when it ran, whether every balance
 * matched its journal, how many checks failed, and the first failures' text. `mkt admin status` shows the last one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_audit_runs', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('ran_at_us').notNullable();
    t.boolean('ok').notNullable();
    t.integer('failures').notNullable();
    t.text('detail').nullable();
    t.index(['ran_at_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_audit_runs');
}
