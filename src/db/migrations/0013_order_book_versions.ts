import type { Knex } from 'knex';

/**
 * The book version at which each order last changed (market_books.version after the batch that
 * wrote it), so a process whose in-memory book is at version V catches up by reading the orders
 * changed since V instead of rebuilding the whole book (src/trading/orders/books.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.bigInteger('book_version').notNullable().defaultTo(0);
  });
  await knex.raw('CREATE INDEX orders_by_book_version ON orders (market_id, book_version)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX orders_by_book_version');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('book_version');
  });
}
