import type { Knex } from 'knex';
import { rowsOf } from '../rows.js';

/**
 * The ledger, orders, trades, transfers and supply (DESIGN.md §3–§5).
 *
 * Ledger: every balance lives in `ledger_accounts` as two buckets, `available` and `locked`, and
 * every change to a bucket is a posting of a journal entry; the postings of an entry sum to zero
 * per asset. Assets: `usd` (micro-dollars), `units:<instrument_id>` (whole Units, trading side) and
 * `tokens:<instrument_id>` (tokens, consumption side). System accounts (the outside world, fees,
 * issuance, conversion, consumption, expiry) are the other side of deposits and may go negative;
 * a user's buckets never may.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_accounts', (t) => {
    t.string('id', 96).primary();
    t.string('user_id', 64).nullable().references('users.id');
    t.string('kind', 16).notNullable(); // currency | trading | consumption | system
    t.string('asset', 96).notNullable();
    t.string('instrument_id', 64).nullable().references('instruments.id');
    t.string('status', 16).notNullable().defaultTo('active');
    t.bigInteger('available').notNullable().defaultTo(0);
    t.bigInteger('locked').notNullable().defaultTo(0);
    // Currency accounts: USD that arrived as a real deposit (counts toward concurrency tiers).
    t.bigInteger('deposited').notNullable().defaultTo(0);
    t.bigInteger('last_deposit_at_us').nullable();
    t.bigInteger('last_withdrawal_at_us').nullable();
    t.bigInteger('last_trading_activity_at_us').nullable();
    t.bigInteger('last_transfer_at_us').nullable();
    t.bigInteger('last_commitment_at_us').nullable();
    t.bigInteger('total_deposits').notNullable().defaultTo(0);
    t.bigInteger('total_transfers_in').notNullable().defaultTo(0);
    t.bigInteger('total_withdrawals').notNullable().defaultTo(0);
    t.bigInteger('total_commitments').notNullable().defaultTo(0);
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
    t.unique(['user_id', 'kind', 'asset']);
    t.index(['kind', 'asset']);
    t.check("kind = 'system' OR (available >= 0 AND locked >= 0)", [], 'ledger_accounts_user_balances_not_negative');
  });

  await knex.schema.createTable('journal_entries', (t) => {
    t.bigIncrements('id').primary();
    t.string('kind', 32).notNullable();
    t.string('reference', 96).nullable();
    t.bigInteger('created_at_us').notNullable();
    t.index(['reference']);
  });

  await knex.schema.createTable('journal_postings', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('entry_id').notNullable().references('journal_entries.id');
    t.string('account_id', 96).notNullable().references('ledger_accounts.id');
    t.string('bucket', 16).notNullable(); // available | locked
    t.string('asset', 96).notNullable();
    t.bigInteger('amount').notNullable();
    t.index(['entry_id']);
    t.index(['account_id']);
  });

  // Consumption Units arrive in lots that expire 4 hours later and are drawn oldest first.
  await knex.schema.createTable('consumption_lots', (t) => {
    t.bigIncrements('id').primary();
    t.string('account_id', 96).notNullable().references('ledger_accounts.id');
    t.bigInteger('tokens_total').notNullable();
    t.bigInteger('tokens_remaining').notNullable();
    t.string('source', 96).nullable();
    t.bigInteger('arrived_at_us').notNullable();
    t.bigInteger('expires_at_us').notNullable();
    t.index(['account_id', 'expires_at_us']);
    t.check('tokens_remaining >= 0 AND tokens_remaining <= tokens_total', [], 'consumption_lots_remaining_in_range');
  });

  // One row per market: the book's version (bumped by every change, so a process knows when its
  // in-memory book is stale) and the next time-priority sequence number.
  await knex.schema.createTable('market_books', (t) => {
    t.string('market_id', 64).primary().references('markets.id');
    t.bigInteger('version').notNullable().defaultTo(0);
    t.bigInteger('next_sequence').notNullable().defaultTo(1);
  });

  await knex.schema.createTable('orders', (t) => {
    t.string('id', 32).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('market_id', 64).notNullable().references('markets.id');
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.string('side', 4).notNullable();
    t.string('type', 8).notNullable();
    t.string('time_in_force', 4).notNullable();
    t.bigInteger('price_ticks').nullable();
    t.integer('quantity').notNullable();
    t.integer('filled_quantity').notNullable().defaultTo(0);
    t.integer('remaining_quantity').notNullable().defaultTo(0); // resting on the book
    t.string('status', 24).notNullable();
    t.string('closure_reason', 32).nullable();
    t.string('client_order_id', 128).nullable();
    t.bigInteger('reserved').notNullable().defaultTo(0); // still locked for it: micro-dollars (buy) or Units (sell)
    t.bigInteger('notional_micros').notNullable().defaultTo(0); // Σ price × quantity of its fills
    t.bigInteger('fee_micros').notNullable().defaultTo(0);
    t.bigInteger('sequence').notNullable().defaultTo(0); // time priority in its market
    t.boolean('triggered_by_auto_buy').notNullable().defaultTo(false);
    t.boolean('should_autotransfer').notNullable().defaultTo(false);
    t.bigInteger('expires_at_us').nullable(); // day orders: the next 00:00 UTC
    t.bigInteger('filled_at_us').nullable();
    t.bigInteger('submitted_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
    t.unique(['user_id', 'client_order_id']);
    t.index(['market_id', 'remaining_quantity']);
    t.index(['user_id', 'submitted_at_us']);
    t.index(['status', 'expires_at_us']);
  });

  await knex.schema.createTable('trades', (t) => {
    t.string('id', 64).primary();
    t.string('market_id', 64).notNullable().references('markets.id');
    t.bigInteger('price_ticks').notNullable();
    t.integer('quantity').notNullable();
    t.string('taker_side', 4).notNullable();
    t.string('taker_order_id', 32).notNullable();
    t.string('buy_order_id', 32).notNullable();
    t.string('sell_order_id', 32).notNullable();
    t.bigInteger('sequence').notNullable(); // execution order, unique per market
    t.bigInteger('executed_at_us').notNullable();
    t.index(['market_id', 'executed_at_us']);
  });

  // A trade seen from one side: the caller's fills (`GET /v1/trades`) are its legs.
  await knex.schema.createTable('trade_legs', (t) => {
    t.string('trade_id', 64).notNullable().references('trades.id');
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('side', 4).notNullable();
    t.string('order_id', 32).notNullable();
    t.string('market_id', 64).notNullable();
    t.string('trading_account_id', 96).notNullable();
    t.bigInteger('price_ticks').notNullable();
    t.integer('quantity').notNullable();
    t.bigInteger('fee_micros').notNullable();
    t.boolean('autotransfer').nullable();
    t.bigInteger('executed_at_us').notNullable();
    t.primary(['trade_id', 'side']);
    t.index(['user_id', 'executed_at_us']);
    t.index(['order_id']);
  });

  await knex.schema.createTable('transfers', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.integer('quantity').notNullable();
    t.string('from_account_id', 96).notNullable();
    t.string('to_account_id', 96).notNullable();
    t.string('order_id', 32).nullable();
    t.bigInteger('created_at_us').notNullable();
    t.index(['user_id', 'created_at_us']);
  });

  await knex.schema.createTable('suppliers', (t) => {
    t.string('user_id', 64).primary().references('users.id');
    t.text('instrument_ids').notNullable(); // JSON array
    t.string('base_url', 512).nullable();
    t.string('model', 128).nullable();
    t.string('upstream_api_key', 512).nullable(); // a secret of theirs we must send, so not hashed
    t.boolean('simulated').notNullable().defaultTo(false);
    t.string('status', 16).notNullable().defaultTo('enabled');
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
  });

  await knex.schema.createTable('supply_issuances', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.string('trading_account_id', 96).notNullable();
    t.integer('quantity').notNullable();
    t.bigInteger('created_at_us').notNullable();
    t.index(['user_id', 'created_at_us']);
  });

  // Token buckets shared by every process: tokens in thousandths, refilled from `updated_at_us`.
  await knex.schema.createTable('rate_buckets', (t) => {
    t.string('key', 160).primary();
    t.bigInteger('milli_tokens').notNullable();
    t.bigInteger('updated_at_us').notNullable();
  });

  const markets = await rowsOf<{ id: string }>(knex('markets').select('id'));
  if (markets.length > 0) await knex('market_books').insert(markets.map((m) => ({ market_id: m.id })));
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'rate_buckets',
    'supply_issuances',
    'suppliers',
    'transfers',
    'trade_legs',
    'trades',
    'orders',
    'market_books',
    'consumption_lots',
    'journal_postings',
    'journal_entries',
    'ledger_accounts',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
