import type { Knex } from 'knex';

/**
 * The supplier whose Units a consumption lot holds (DESIGN.md §7: routing prefers the supplier
 * whose Units the caller is consuming): the seller of most of the buy an automatic transfer
 * follows. Null when unknown — a manual transfer moves fungible Units of no one seller.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.string('supplier_user_id', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.dropColumn('supplier_user_id');
  });
}
