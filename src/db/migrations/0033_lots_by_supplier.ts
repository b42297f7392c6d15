import type { Knex } from 'knex';

/**
 * The supplier's books (issue 32, src/db/supply-earnings.ts) read a supplier's consumption lots by
 * `supplier_user_id`: an index, so that a supplier's read does not scan every buyer's lots.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.index(['supplier_user_id', 'expires_at_us'], 'consumption_lots_by_supplier');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.dropIndex(['supplier_user_id', 'expires_at_us'], 'consumption_lots_by_supplier');
  });
}
