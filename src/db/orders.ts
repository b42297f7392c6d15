import { statement, valuesList, type Param, type Sql, type Statement } from './sql.js';
import type { Side } from '../trading/engine/types.js';
import { openStatuses, type OrderRow, type TradeLegRow, type TradeRow } from './trading-rows.js';

/**
 * The write path's statements over orders, trades, trade legs and market_books (migration 0005),
 * each prepared once. Reads return rows as stored (SQLite booleans are 0/1).
 */

const orderColumns = [
  'id',
  'user_id',
  'market_id',
  'instrument_id',
  'side',
  'type',
  'time_in_force',
  'price_ticks',
  'quantity',
  'filled_quantity',
  'remaining_quantity',
  'status',
  'closure_reason',
  'client_order_id',
  'reserved',
  'notional_micros',
  'fee_micros',
  'sequence',
  'triggered_by_auto_buy',
  'should_autotransfer',
  'expires_at_us',
  'filled_at_us',
  'submitted_at_us',
  'updated_at_us',
] as const satisfies readonly (keyof OrderRow)[];

/** What a command may change on an order already written. */
const orderChangeColumns = [
  'price_ticks',
  'quantity',
  'filled_quantity',
  'remaining_quantity',
  'status',
  'closure_reason',
  'reserved',
  'notional_micros',
  'fee_micros',
  'sequence',
  'expires_at_us',
  'filled_at_us',
  'updated_at_us',
] as const satisfies readonly (keyof OrderRow)[];

const insertOrder = statement('order_insert', `INSERT INTO orders (${orderColumns.join(', ')}) VALUES ${valuesList(1, orderColumns.length)}`);
const updateOrder = statement('order_update', `UPDATE orders SET ${orderChangeColumns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
const orderById = statement('order_by_id', 'SELECT * FROM orders WHERE id = ?');
const orderOfUser = statement('order_of_user', 'SELECT * FROM orders WHERE id = ? AND user_id = ?');
const orderByClientId = statement('order_by_client_order_id', 'SELECT id FROM orders WHERE user_id = ? AND client_order_id = ?');

export async function insertOrderRow(sql: Sql, order: OrderRow): Promise<void> {
  await sql.run(insertOrder, orderColumns.map((c) => order[c]));
}

export async function updateOrderRow(sql: Sql, order: OrderRow): Promise<void> {
  await sql.run(updateOrder, [...orderChangeColumns.map((c) => order[c]), order.id]);
}

export const findOrder = (sql: Sql, orderId: string): Promise<OrderRow | undefined> => sql.get<OrderRow>(orderById, [orderId]);

export const findOrderOfUser = (sql: Sql, orderId: string, userId: string): Promise<OrderRow | undefined> => sql.get<OrderRow>(orderOfUser, [orderId, userId]);

/** The id of the user's order with this client_order_id, if any. */
export async function orderIdByClientOrderId(sql: Sql, userId: string, clientOrderId: string): Promise<string | undefined> {
  return (await sql.get<{ id: string }>(orderByClientId, [userId, clientOrderId]))?.id;
}

/** Orders by id, in runs of at most `inListMax` (a named statement per run length). */
const inListMax = 16;
const ordersByIds = new Map<number, Statement>();

export async function findOrders(sql: Sql, ids: readonly string[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let start = 0; start < ids.length; start += inListMax) {
    const run = ids.slice(start, start + inListMax);
    let found = ordersByIds.get(run.length);
    if (!found) {
      found = statement(`orders_by_ids_${run.length}`, `SELECT * FROM orders WHERE id IN (${new Array<string>(run.length).fill('?').join(', ')})`);
      ordersByIds.set(run.length, found);
    }
    rows.push(...(await sql.all<OrderRow>(found, run)));
  }
  return rows;
}

/** `status IN (…open statuses…)`: the statuses are constants of the schema, written into the text. */
const isOpen = `status IN (${openStatuses.map((status) => `'${status}'`).join(', ')})`;

const dueDay = statement('orders_day_due', `SELECT * FROM orders WHERE market_id = ? AND ${isOpen} AND expires_at_us <= ?`);
const nextDayExpiry = statement('orders_day_next_expiry', `SELECT min(expires_at_us) AS at FROM orders WHERE market_id = ? AND ${isOpen} AND expires_at_us IS NOT NULL`);
const marketsDue = statement('orders_day_due_markets', `SELECT DISTINCT market_id FROM orders WHERE ${isOpen} AND expires_at_us <= ?`);

/** The market's open `day` orders whose expiry has come. */
export const dueDayOrders = (sql: Sql, marketId: string, nowUs: number): Promise<OrderRow[]> => sql.all<OrderRow>(dueDay, [marketId, nowUs]);

/** When the market's next open `day` order expires, null when none rests. */
export async function nextDayOrderExpiryUs(sql: Sql, marketId: string): Promise<number | null> {
  return (await sql.get<{ at: number | null }>(nextDayExpiry, [marketId]))?.at ?? null;
}

/** The markets that have open `day` orders whose expiry has come. */
export async function marketsWithDueDayOrders(sql: Sql, nowUs: number): Promise<string[]> {
  return (await sql.all<{ market_id: string }>(marketsDue, [nowUs])).map((r) => r.market_id);
}

export interface OpenOrdersFilter {
  marketId?: string | undefined;
  side?: Side | undefined;
}

/** `user_id = ? AND open [AND market_id = ?] [AND side = ?]`, with its parameters. */
function openOrdersOf(userId: string, filter: OpenOrdersFilter): { where: string; params: string[] } {
  let where = `user_id = ? AND ${isOpen}`;
  const params = [userId];
  if (filter.marketId !== undefined) {
    where += ' AND market_id = ?';
    params.push(filter.marketId);
  }
  if (filter.side !== undefined) {
    where += ' AND side = ?';
    params.push(filter.side);
  }
  return { where, params };
}

/** The markets where the user has open orders matching the filter. */
export async function marketsWithOpenOrders(sql: Sql, userId: string, filter: OpenOrdersFilter): Promise<string[]> {
  const { where, params } = openOrdersOf(userId, filter);
  return (await sql.allText<{ market_id: string }>(`SELECT DISTINCT market_id FROM orders WHERE ${where}`, params)).map((r) => r.market_id);
}

/** The user's open orders matching the filter. */
export function openOrders(sql: Sql, userId: string, filter: OpenOrdersFilter): Promise<OrderRow[]> {
  const { where, params } = openOrdersOf(userId, filter);
  return sql.allText<OrderRow>(`SELECT * FROM orders WHERE ${where}`, params);
}

// ---- trades -----------------------------------------------------------------------------------------

const tradeColumns = ['id', 'market_id', 'price_ticks', 'quantity', 'taker_side', 'taker_order_id', 'buy_order_id', 'sell_order_id', 'sequence', 'executed_at_us'] as const satisfies readonly (keyof TradeRow)[];
const legColumns = [
  'trade_id',
  'user_id',
  'side',
  'order_id',
  'market_id',
  'trading_account_id',
  'price_ticks',
  'quantity',
  'fee_micros',
  'autotransfer',
  'executed_at_us',
] as const satisfies readonly (keyof TradeLegRow)[];

/** Rows per multi-row insert: a batch's trades go in a few statements, each prepared once per size. */
const rowsPerInsert = 32;

async function insertMany<R>(sql: Sql, table: string, columns: readonly (keyof R & string)[], rows: readonly R[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const run = rows.slice(start, start + rowsPerInsert);
    const params: Param[] = [];
    for (const row of run) for (const c of columns) params.push(row[c] as Param);
    await sql.runText(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(run.length, columns.length)}`, params);
  }
}

export const insertTrades = (sql: Sql, trades: readonly TradeRow[]): Promise<void> => insertMany(sql, 'trades', tradeColumns, trades);

export const insertTradeLegs = (sql: Sql, legs: readonly TradeLegRow[]): Promise<void> => insertMany(sql, 'trade_legs', legColumns, legs);

const lastTrade = statement('trade_last_price', 'SELECT price_ticks FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1');

/** The market's last trade price, null before its first trade. */
export async function lastTradePriceTicks(sql: Sql, marketId: string): Promise<number | null> {
  return (await sql.get<{ price_ticks: number }>(lastTrade, [marketId]))?.price_ticks ?? null;
}

// ---- books ------------------------------------------------------------------------------------------

export interface MarketBookRow {
  version: number;
  next_sequence: number;
}

const marketBook = statement('market_book', 'SELECT version, next_sequence FROM market_books WHERE market_id = ?');
const marketBookAdvance = statement('market_book_advance', 'UPDATE market_books SET version = ?, next_sequence = ? WHERE market_id = ?');
const resting = statement(
  'orders_resting',
  'SELECT id, user_id, side, price_ticks, remaining_quantity, expires_at_us FROM orders WHERE market_id = ? AND remaining_quantity > 0 ORDER BY sequence',
);

export const findMarketBook = (sql: Sql, marketId: string): Promise<MarketBookRow | undefined> => sql.get<MarketBookRow>(marketBook, [marketId]);

export async function advanceMarketBook(sql: Sql, marketId: string, version: number, nextSequence: number): Promise<void> {
  await sql.run(marketBookAdvance, [version, nextSequence, marketId]);
}

export type RestingOrderRow = Pick<OrderRow, 'id' | 'user_id' | 'side' | 'price_ticks' | 'remaining_quantity' | 'expires_at_us'>;

/** The market's resting orders in time priority: what its book is rebuilt from. */
export const restingOrders = (sql: Sql, marketId: string): Promise<RestingOrderRow[]> => sql.all<RestingOrderRow>(resting, [marketId]);

// ---- savepoints ---------------------------------------------------------------------------------------

/**
 * One fixed savepoint name for a command inside a group commit: commands run one at a time, so the
 * name is never nested, and fixed text is prepared once (knex's unique names were prepared anew
 * each time and flushed SQLite's statement cache). Plain text, not named statements: PostgreSQL
 * runs SAVEPOINT outside the extended protocol's prepared statements just as well.
 */
export async function inCommandSavepoint<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  await sql.runText('SAVEPOINT mkt_command', []);
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await sql.runText('ROLLBACK TO SAVEPOINT mkt_command', []);
    await sql.runText('RELEASE SAVEPOINT mkt_command', []);
    throw error;
  }
  await sql.runText('RELEASE SAVEPOINT mkt_command', []);
  return value;
}

// ---- the trading lock ----------------------------------------------------------------------------------

const tradingLock = statement('trading_lock', '', 'SELECT pg_advisory_xact_lock(hashtext(?))');

/**
 * Serialises trading transactions across processes: a PostgreSQL advisory lock held to the end of
 * the transaction. SQLite needs none: it has one writer.
 */
export async function lockTrading(sql: Sql): Promise<void> {
  if (sql.kind === 'postgres') await sql.run(tradingLock, ['mkt:trading']);
}
