import { parameterList, shapedStatement, statement, valuesList, type Sql } from './sql.js';
import type { SelfTradePrevention, Side } from '../engine/types.js';
import { openStatuses, type OrderRow, type TradeLegRow, type TradeRow } from './trading-rows.js';

/**
 * The write path's statements over orders, trades, trade legs and market_books (migration 0005),
 * each prepared once. Reads return rows as stored (SQLite booleans are 0/1).
 */

export const orderColumns = [
  'id',
  'user_id',
  'market_id',
  'instrument_id',
  'side',
  'type',
  'time_in_force',
  'price_ticks',
  'stop_price_ticks',
  'post_only',
  'self_trade_prevention',
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
export const orderChangeColumns = [
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

const orderById = statement('order_by_id', 'SELECT * FROM orders WHERE id = ?');
const orderOfUser = statement('order_of_user', 'SELECT * FROM orders WHERE id = ? AND user_id = ?');
const orderByClientId = statement(
  'order_by_client_order_id',
  'SELECT id FROM orders WHERE user_id = ? AND client_order_id = ?',
);

export const findOrder = (sql: Sql, orderId: string): Promise<OrderRow | undefined> =>
  sql.get<OrderRow>(orderById, [orderId]);

export const findOrderOfUser = (sql: Sql, orderId: string, userId: string): Promise<OrderRow | undefined> =>
  sql.get<OrderRow>(orderOfUser, [orderId, userId]);

/** The id of the user's order with this client_order_id, if any. */
export async function orderIdByClientOrderId(
  sql: Sql,
  userId: string,
  clientOrderId: string,
): Promise<string | undefined> {
  return (await sql.get<{ id: string }>(orderByClientId, [userId, clientOrderId]))?.id;
}

/** Orders by id, in runs of at most `inListMax` (a named statement per run length). */
const inListMax = 16;

export async function findOrders(sql: Sql, ids: readonly string[]): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let start = 0; start < ids.length; start += inListMax) {
    const run = ids.slice(start, start + inListMax);
    const found = shapedStatement(`orders_by_ids_${run.length}`, () => ({
      sqlite: `SELECT * FROM orders WHERE id IN (${parameterList(run.length)})`,
    }));
    rows.push(...(await sql.all<OrderRow>(found, run)));
  }
  return rows;
}

/** `status IN (…open statuses…)`: the statuses are constants of the schema, written into the text. */
const isOpen = `status IN (${openStatuses.map((status) => `'${status}'`).join(', ')})`;

const marketsDue = statement(
  'orders_due_markets',
  `SELECT DISTINCT market_id FROM orders WHERE ${isOpen} AND expires_at_us <= ?`,
);

/** The markets that have open orders (`day` or `gtd`, resting or pending stops) whose expiry has come. */
export async function marketsWithDueOrders(sql: Sql, nowUs: number): Promise<string[]> {
  return (await sql.all<{ market_id: string }>(marketsDue, [nowUs])).map((r) => r.market_id);
}

/** An account's default self-trade prevention (migration 0016): `expire_taker` while it has no settings row. */
export const defaultSelfTradePrevention: SelfTradePrevention = 'expire_taker';

/** The default self-trade prevention of each of these accounts. */
export async function accountSelfTradePreventions(
  sql: Sql,
  userIds: readonly string[],
): Promise<Map<string, SelfTradePrevention>> {
  const found = new Map<string, SelfTradePrevention>(userIds.map((id) => [id, defaultSelfTradePrevention]));
  for (let start = 0; start < userIds.length; start += inListMax) {
    const run = userIds.slice(start, start + inListMax);
    const read = shapedStatement(`account_self_trade_preventions_${run.length}`, () => ({
      sqlite: `SELECT user_id, self_trade_prevention FROM account_settings WHERE user_id IN (${parameterList(run.length)})`,
    }));
    for (const row of await sql.all<{ user_id: string; self_trade_prevention: SelfTradePrevention }>(read, run))
      found.set(row.user_id, row.self_trade_prevention);
  }
  return found;
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
  return (await sql.allText<{ market_id: string }>(`SELECT DISTINCT market_id FROM orders WHERE ${where}`, params)).map(
    (r) => r.market_id,
  );
}

/** The user's open orders matching the filter. */
export function openOrders(sql: Sql, userId: string, filter: OpenOrdersFilter): Promise<OrderRow[]> {
  const { where, params } = openOrdersOf(userId, filter);
  return sql.allText<OrderRow>(`SELECT * FROM orders WHERE ${where}`, params);
}

// ---- trades -----------------------------------------------------------------------------------------

export const tradeColumns = [
  'id',
  'market_id',
  'price_ticks',
  'quantity',
  'taker_side',
  'taker_order_id',
  'buy_order_id',
  'sell_order_id',
  'sequence',
  'executed_at_us',
] as const satisfies readonly (keyof TradeRow)[];
export const legColumns = [
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

const lastTrade = statement(
  'trade_last_price',
  'SELECT price_ticks FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1',
);

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
/** What a book is built from: an order's place and what it does when it becomes the incoming one. */
const bookColumns =
  'id, user_id, side, type, time_in_force, status, price_ticks, stop_price_ticks, post_only, self_trade_prevention, quantity, filled_quantity, remaining_quantity, expires_at_us, sequence';
const restingPage = statement(
  'orders_resting_page',
  `SELECT ${bookColumns} FROM orders WHERE market_id = ? AND remaining_quantity > 0 AND sequence > ? ORDER BY sequence LIMIT ?`,
);
const pendingPage = statement(
  'orders_pending_page',
  `SELECT ${bookColumns} FROM orders WHERE market_id = ? AND status = 'pending' AND sequence > ? ORDER BY sequence LIMIT ?`,
);

export const findMarketBook = (sql: Sql, marketId: string): Promise<MarketBookRow | undefined> =>
  sql.get<MarketBookRow>(marketBook, [marketId]);

/** The markets' book rows, by market id (one statement for a batch's markets). */
async function findMarketBooks(sql: Sql, marketIds: readonly string[]): Promise<Map<string, MarketBookRow>> {
  const found = new Map<string, MarketBookRow>();
  for (let start = 0; start < marketIds.length; start += inListMax) {
    const run = marketIds.slice(start, start + inListMax);
    const books = shapedStatement(`market_books_${run.length}`, () => ({
      sqlite: `SELECT market_id, version, next_sequence FROM market_books WHERE market_id IN (${parameterList(run.length)})`,
    }));
    for (const row of await sql.all<MarketBookRow & { market_id: string }>(books, run))
      found.set(row.market_id, { version: Number(row.version), next_sequence: Number(row.next_sequence) });
  }
  return found;
}

const changedSince = statement(
  'orders_changed_since',
  `SELECT ${bookColumns} FROM orders WHERE market_id = ? AND book_version > ? ORDER BY sequence LIMIT ?`,
);

/** The market's orders changed after book version `version` (migration 0013), in time priority: at most `limit`. */
export const ordersChangedSince = (
  sql: Sql,
  marketId: string,
  version: number,
  limit: number,
): Promise<RestingOrderRow[]> => sql.all<RestingOrderRow>(changedSince, [marketId, version, limit]);

export type RestingOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'side'
  | 'type'
  | 'time_in_force'
  | 'status'
  | 'price_ticks'
  | 'stop_price_ticks'
  | 'post_only'
  | 'self_trade_prevention'
  | 'quantity'
  | 'filled_quantity'
  | 'remaining_quantity'
  | 'expires_at_us'
  | 'sequence'
>;

/**
 * A page of the market's resting orders in time priority, those after `afterSequence`: what its
 * book is built from (a range of migration 0012's partial index).
 */
export const restingOrdersPage = (
  sql: Sql,
  marketId: string,
  afterSequence: number,
  limit: number,
): Promise<RestingOrderRow[]> => sql.all<RestingOrderRow>(restingPage, [marketId, afterSequence, limit]);

/**
 * A page of the market's pending (untriggered) stops in arrival order, those after `afterSequence` (migration 0017's
 * partial index).
 */
export const pendingStopsPage = (
  sql: Sql,
  marketId: string,
  afterSequence: number,
  limit: number,
): Promise<RestingOrderRow[]> => sql.all<RestingOrderRow>(pendingPage, [marketId, afterSequence, limit]);

// ---- the market locks ----------------------------------------------------------------------------------

/**
 * The rows locked in the order of the market ids (the lock rows step runs after the sort), NO KEY
 * UPDATE so that inserts of rows naming a market (their foreign keys' KEY SHARE) go on. Under READ
 * COMMITTED a row another batch changed while this one waited is answered as that batch committed it.
 */
const lockedBooks = statement(
  'market_books_locked',
  '',
  'SELECT market_id, version, next_sequence FROM market_books WHERE market_id = ANY(?::text[]) ORDER BY market_id FOR NO KEY UPDATE',
);

/**
 * The markets' book rows, each locked to the end of the transaction: this serialises each market's
 * trading transactions across processes, and the locks are taken in the order of the market ids
 * (one statement, one round trip) so that two batches over several markets cannot deadlock on them.
 * SQLite needs no lock: it has one writer.
 */
export async function lockMarketBooks(sql: Sql, marketIds: readonly string[]): Promise<Map<string, MarketBookRow>> {
  if (sql.kind !== 'postgres') return findMarketBooks(sql, marketIds);
  const found = new Map<string, MarketBookRow>();
  for (const row of await sql.all<MarketBookRow & { market_id: string }>(lockedBooks, [[...marketIds]]))
    found.set(row.market_id, { version: Number(row.version), next_sequence: Number(row.next_sequence) });
  return found;
}

/** Of these (user, client_order_id) pairs, those some order already carries, with its id. */
export async function ordersByClientOrderIds(
  sql: Sql,
  pairs: readonly { userId: string; clientOrderId: string }[],
): Promise<{ user_id: string; client_order_id: string; id: string }[]> {
  const rows: { user_id: string; client_order_id: string; id: string }[] = [];
  for (let start = 0; start < pairs.length; start += inListMax) {
    const run = pairs.slice(start, start + inListMax);
    const found = shapedStatement(`orders_by_client_order_ids_${run.length}`, () => ({
      sqlite: `SELECT user_id, client_order_id, id FROM orders WHERE (user_id, client_order_id) IN (VALUES ${valuesList(run.length, 2)})`,
    }));
    rows.push(
      ...(await sql.all<{ user_id: string; client_order_id: string; id: string }>(
        found,
        run.flatMap((p) => [p.userId, p.clientOrderId]),
      )),
    );
  }
  return rows;
}
