import { shapedStatement, statement, valuesList, type Param, type Sql, type Statement } from './sql.js';
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

async function insertOrderRow(sql: Sql, order: OrderRow): Promise<void> {
  await sql.run(insertOrder, orderColumns.map((c) => order[c]));
}

async function updateOrderRow(sql: Sql, order: OrderRow): Promise<void> {
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

export async function findOrders(sql: Sql, ids: readonly string[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let start = 0; start < ids.length; start += inListMax) {
    const run = ids.slice(start, start + inListMax);
    const found = shapedStatement(`orders_by_ids_${run.length}`, () => ({ sqlite: `SELECT * FROM orders WHERE id IN (${new Array<string>(run.length).fill('?').join(', ')})` }));
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

const insertTrades = (sql: Sql, trades: readonly TradeRow[]): Promise<void> => insertMany(sql, 'trades', tradeColumns, trades);

const insertTradeLegs = (sql: Sql, legs: readonly TradeLegRow[]): Promise<void> => insertMany(sql, 'trade_legs', legColumns, legs);

const lastTrade = statement('trade_last_price', 'SELECT price_ticks FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1');

/** The market's last trade price, null before its first trade. */
export async function lastTradePriceTicks(sql: Sql, marketId: string): Promise<number | null> {
  return (await sql.get<{ price_ticks: number }>(lastTrade, [marketId]))?.price_ticks ?? null;
}

// ---- a command's write set -------------------------------------------------------------------------

/** What a command writes once its fills are settled: new and changed orders, trades, legs, and the Units accounts to stamp. */
export interface OrdersWriteSet {
  inserted: readonly OrderRow[];
  updated: readonly OrderRow[];
  trades: readonly TradeRow[];
  legs: readonly TradeLegRow[];
  /** Units trading accounts that received Units (bought) or gave them (sold). */
  bought: readonly string[];
  sold: readonly string[];
  nowUs: number;
}

/**
 * Writes the set. On SQLite, in process, a prepared statement per row (multi-row for trades and
 * legs). On PostgreSQL one statement, one round trip (data-modifying CTEs over disjoint rows),
 * named per shape.
 */
export async function writeOrders(sql: Sql, set: OrdersWriteSet): Promise<void> {
  if (sql.kind === 'postgres') {
    const write = postgresWriteOf(set);
    if (write?.statement) await sql.run(write.statement, write.params);
    else if (write) await sql.runText(write.text, write.params);
    return;
  }
  for (const order of set.inserted) await insertOrderRow(sql, order);
  for (const order of set.updated) await updateOrderRow(sql, order);
  if (set.trades.length > 0) await insertTrades(sql, set.trades);
  if (set.legs.length > 0) await insertTradeLegs(sql, set.legs);
  for (const accountId of set.bought) await sql.run(stampBought, [set.nowUs, set.nowUs, accountId]);
  for (const accountId of set.sold) await sql.run(stampSold, [set.nowUs, set.nowUs, accountId]);
}

const stampBought = statement('ledger_account_stamp_bought', 'UPDATE ledger_accounts SET last_deposit_at_us = ?, last_trading_activity_at_us = ? WHERE id = ?');
const stampSold = statement('ledger_account_stamp_sold', 'UPDATE ledger_accounts SET last_withdrawal_at_us = ?, last_trading_activity_at_us = ? WHERE id = ?');

/** Casts of the changeable order columns, for an UPDATE … FROM (VALUES …) on PostgreSQL. */
const orderChangeCasts: Record<(typeof orderChangeColumns)[number], string> = {
  price_ticks: 'bigint',
  quantity: 'bigint',
  filled_quantity: 'bigint',
  remaining_quantity: 'bigint',
  status: 'text',
  closure_reason: 'text',
  reserved: 'bigint',
  notional_micros: 'bigint',
  fee_micros: 'bigint',
  sequence: 'bigint',
  expires_at_us: 'bigint',
  filled_at_us: 'bigint',
  updated_at_us: 'bigint',
};

/** Shapes are few (a command touches a handful of rows); beyond these sizes a statement is not kept. */
const namedShapeRowsMax = 8;

/** The statement of the set: named when its shape is small (most are), else text prepared unnamed. */
function postgresWriteOf(set: OrdersWriteSet): { statement?: Statement; text: string; params: Param[] } | undefined {
  const parts: string[] = [];
  const params: Param[] = [];
  const rows = (count: number, columns: number, cast?: readonly string[]) =>
    new Array<string>(count).fill(`(${Array.from({ length: columns }, (_, i) => (cast ? `?::${cast[i]}` : '?')).join(', ')})`).join(', ');
  if (set.inserted.length > 0) {
    parts.push(`inserted AS (INSERT INTO orders (${orderColumns.join(', ')}) VALUES ${rows(set.inserted.length, orderColumns.length)})`);
    for (const order of set.inserted) for (const c of orderColumns) params.push(order[c]);
  }
  if (set.updated.length > 0) {
    const casts = ['text', ...orderChangeColumns.map((c) => orderChangeCasts[c])];
    parts.push(
      `updated AS (UPDATE orders o SET ${orderChangeColumns.map((c) => `${c} = v.${c}`).join(', ')} ` +
        `FROM (VALUES ${rows(set.updated.length, casts.length, casts)}) AS v (id, ${orderChangeColumns.join(', ')}) WHERE o.id = v.id)`,
    );
    for (const order of set.updated) params.push(order.id, ...orderChangeColumns.map((c) => order[c]));
  }
  if (set.trades.length > 0) {
    parts.push(`traded AS (INSERT INTO trades (${tradeColumns.join(', ')}) VALUES ${rows(set.trades.length, tradeColumns.length)})`);
    for (const trade of set.trades) for (const c of tradeColumns) params.push(trade[c]);
  }
  if (set.legs.length > 0) {
    parts.push(`legged AS (INSERT INTO trade_legs (${legColumns.join(', ')}) VALUES ${rows(set.legs.length, legColumns.length)})`);
    for (const leg of set.legs) for (const c of legColumns) params.push(leg[c] as Param);
  }
  const stamps = [...set.bought.map((id) => [id, true, false] as const), ...set.sold.map((id) => [id, false, true] as const)];
  if (stamps.length > 0) {
    parts.push(
      `stamped AS (UPDATE ledger_accounts a SET last_deposit_at_us = CASE WHEN s.bought THEN s.at ELSE a.last_deposit_at_us END, ` +
        `last_withdrawal_at_us = CASE WHEN s.sold THEN s.at ELSE a.last_withdrawal_at_us END, last_trading_activity_at_us = s.at ` +
        `FROM (SELECT id, bool_or(bought) AS bought, bool_or(sold) AS sold, max(at) AS at FROM (VALUES ${rows(stamps.length, 4, ['text', 'boolean', 'boolean', 'bigint'])}) AS v (id, bought, sold, at) GROUP BY id) AS s ` +
        `WHERE a.id = s.id)`,
    );
    for (const [id, bought, sold] of stamps) params.push(id, bought, sold, set.nowUs);
  }
  if (parts.length === 0) return undefined;
  const key = [set.inserted.length, set.updated.length, set.trades.length, set.legs.length, stamps.length].join('_');
  const text = `WITH ${parts.join(', ')} SELECT 1`;
  const sizes = [set.inserted.length, set.updated.length, set.trades.length, set.legs.length, stamps.length];
  if (sizes.some((n) => n > namedShapeRowsMax)) return { text, params };
  return { statement: shapedStatement(`orders_write_${key}`, () => ({ sqlite: '', postgres: text })), text, params };
}

// ---- books ------------------------------------------------------------------------------------------

export interface MarketBookRow {
  version: number;
  next_sequence: number;
}

const marketBook = statement('market_book', 'SELECT version, next_sequence FROM market_books WHERE market_id = ?');
const marketBookAdvance = statement('market_book_advance', 'UPDATE market_books SET version = ?, next_sequence = ? WHERE market_id = ?');
const restingPage = statement(
  'orders_resting_page',
  'SELECT id, user_id, side, price_ticks, remaining_quantity, expires_at_us, sequence FROM orders WHERE market_id = ? AND remaining_quantity > 0 AND sequence > ? ORDER BY sequence LIMIT ?',
);

export const findMarketBook = (sql: Sql, marketId: string): Promise<MarketBookRow | undefined> => sql.get<MarketBookRow>(marketBook, [marketId]);

export async function advanceMarketBook(sql: Sql, marketId: string, version: number, nextSequence: number): Promise<void> {
  await sql.run(marketBookAdvance, [version, nextSequence, marketId]);
}

export type RestingOrderRow = Pick<OrderRow, 'id' | 'user_id' | 'side' | 'price_ticks' | 'remaining_quantity' | 'expires_at_us' | 'sequence'>;

/**
 * A page of the market's resting orders in time priority, those after `afterSequence`: what its
 * book is built from (a range of migration 0012's partial index).
 */
export const restingOrdersPage = (sql: Sql, marketId: string, afterSequence: number, limit: number): Promise<RestingOrderRow[]> =>
  sql.all<RestingOrderRow>(restingPage, [marketId, afterSequence, limit]);

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
