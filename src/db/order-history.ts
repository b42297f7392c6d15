import type { Knex } from 'knex';
import type { Side } from '../engine/types.js';
import type { Db } from './knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';
import { openStatuses, type OrderRow, type OrderStatus, type TradeLegRow, type TradeRow } from './trading-rows.js';
import { firstRowOf, oneRow, rowsOf } from './rows.js';

/**
 * The read side of orders, trades and trade legs (migration 0005) for the trading API: the
 * caller's orders and fills, and a market's trades, filtered, sorted and paged by keyset.
 */

// ---- orders -----------------------------------------------------------------------------------------

/** `open` or one order state (specification part 3, rule 2). */
type OrderStatusFilter = 'open' | OrderStatus;
type OrderOrderBy = 'submitted_at' | 'price' | 'quantity' | 'original_quantity' | 'filled_quantity' | 'status';

interface OrderFilter {
  marketId?: string | undefined;
  /** Accepted for compatibility: only the caller's own id can match. */
  traderId?: string | undefined;
  instrumentId?: string | undefined;
  side?: Side | undefined;
  status?: OrderStatusFilter | undefined;
  /** Any of these states (the dashboard's history: every terminal state). */
  statuses?: readonly OrderStatus[] | undefined;
  /** Inclusive. */
  submittedFromUs?: number | undefined;
  /** Exclusive. */
  submittedToUs?: number | undefined;
}

interface OrderSort {
  orderBy: OrderOrderBy;
  direction: Direction;
}

/** A sortable row: market orders have no price and sort as price 0 (a NULL would escape the keyset). */
type SortableOrderRow = OrderRow & { price_sort: number };

const orderSortColumns = {
  submitted_at: 'submitted_at_us',
  price: 'price_sort',
  quantity: 'quantity',
  original_quantity: 'quantity',
  filled_quantity: 'filled_quantity',
  status: 'status',
} as const satisfies Record<OrderOrderBy, keyof SortableOrderRow>;

/** Only the caller's orders are ever visible; every filter narrows that set. */
function whereOrders(query: Knex.QueryBuilder, userId: string, filter: OrderFilter): Knex.QueryBuilder {
  query.where('user_id', userId);
  if (filter.traderId !== undefined) query.where('user_id', filter.traderId);
  if (filter.marketId !== undefined) query.where('market_id', filter.marketId);
  if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
  if (filter.side !== undefined) query.where('side', filter.side);
  if (filter.status === 'open') query.whereIn('status', openStatuses);
  else if (filter.status !== undefined) query.where('status', filter.status);
  if (filter.statuses !== undefined) query.whereIn('status', filter.statuses);
  if (filter.submittedFromUs !== undefined) query.where('submitted_at_us', '>=', filter.submittedFromUs);
  if (filter.submittedToUs !== undefined) query.where('submitted_at_us', '<', filter.submittedToUs);
  return query;
}

/** One page of the user's orders that pass the filter. */
export async function orderPage(
  db: Db,
  userId: string,
  filter: OrderFilter,
  sort: OrderSort,
  page: PageParams,
): Promise<Page<OrderRow>> {
  const filtered = whereOrders(
    db('orders').select('*', db.raw('COALESCE(price_ticks, 0) AS price_sort')),
    userId,
    filter,
  );
  const query = db.from(filtered.as('o')).select('o.*');
  const column = orderSortColumns[sort.orderBy];
  const result = await keysetPage<SortableOrderRow>(
    query,
    { name: sort.orderBy, column: `o.${column}`, idColumn: 'o.id', direction: sort.direction },
    page,
    (row) => [row[column], row.id],
  );
  return { rows: result.rows.map(({ price_sort: _sortKey, ...row }) => row), paging: result.paging };
}

/** How many of the user's orders pass the filter. */
export async function countOrders(db: Db, userId: string, filter: OrderFilter): Promise<number> {
  const row = await firstRowOf<{ count: number | string }>(
    whereOrders(db('orders'), userId, filter).first(db.raw('COUNT(*) AS count')),
  );
  return Number(oneRow(row, 'the count of orders').count);
}

interface MarketOrderCount {
  market_id: string;
  count: number;
}

/** The user's open orders per market that pass the filter's market and side (never its status), by market id. */
export async function openOrderCountsByMarket(
  db: Db,
  userId: string,
  filter: Pick<OrderFilter, 'marketId' | 'side'>,
): Promise<MarketOrderCount[]> {
  const rows = await rowsOf<{ market_id: string; count: number | string }>(
    whereOrders(db('orders'), userId, {
      marketId: filter.marketId,
      side: filter.side,
      status: 'open',
    })
      .select('market_id', db.raw('COUNT(*) AS count'))
      .groupBy('market_id')
      .orderBy('market_id'),
  );
  return rows.map((row) => ({ market_id: row.market_id, count: Number(row.count) }));
}

type RestingAskRow = Pick<OrderRow, 'price_ticks' | 'remaining_quantity'>;

const openAsksStatement = statement(
  'orders_open_asks_of_user',
  `SELECT price_ticks, remaining_quantity FROM orders WHERE user_id = ? AND market_id = ? AND side = 'sell' AND status IN (${openStatuses.map(() => '?').join(', ')})`,
);

/** The user's open sell orders in the market: what the house supplier has resting. */
export const openAsksOfUser = (db: Db, userId: string, marketId: string): Promise<RestingAskRow[]> =>
  poolSql(db).all<RestingAskRow>(openAsksStatement, [userId, marketId, ...openStatuses]);

// ---- trades -----------------------------------------------------------------------------------------

type TradeOrderBy = 'execution_timestamp' | 'price' | 'quantity';

/** Bounds shared by both trade lists: prices in ticks, times in µs (`from` inclusive, `to` exclusive). */
interface TradeTimeRange {
  executedFromUs?: number | undefined;
  executedToUs?: number | undefined;
}

interface MarketTradeFilter extends TradeTimeRange {
  takerSide?: Side | undefined;
  quantityMin?: number | undefined;
  quantityMax?: number | undefined;
  priceMinTicks?: number | undefined;
  priceMaxTicks?: number | undefined;
  orderBy: TradeOrderBy;
  direction: Direction;
}

/** The caller's fills. The three legacy order filters each narrow `order_id` further. */
interface TradeLegFilter extends TradeTimeRange {
  marketId?: string | undefined;
  instrumentId?: string | undefined;
  tradeId?: string | undefined;
  orderId?: string | undefined;
  buyerOrderId?: string | undefined;
  sellerOrderId?: string | undefined;
  triggeringOrderId?: string | undefined;
  orderBy: TradeOrderBy;
  direction: Direction;
}

// Within one market `sequence` is the execution order itself (unique, never tied), so sorting a
// market's trades by it keeps the fills of one sweep in the order they happened.
const marketTradeColumns = {
  execution_timestamp: 'sequence',
  price: 'price_ticks',
  quantity: 'quantity',
} as const satisfies Record<TradeOrderBy, keyof TradeRow>;

const legColumns = {
  execution_timestamp: 'executed_at_us',
  price: 'price_ticks',
  quantity: 'quantity',
} as const satisfies Record<TradeOrderBy, keyof TradeLegRow>;

function whereTimeRange(query: Knex.QueryBuilder, column: string, range: TradeTimeRange): void {
  if (range.executedFromUs !== undefined) query.where(column, '>=', range.executedFromUs);
  if (range.executedToUs !== undefined) query.where(column, '<', range.executedToUs);
}

/** One page of the market's trades, whoever traded. */
export function marketTradePage(
  db: Db,
  marketId: string,
  filter: MarketTradeFilter,
  page: PageParams,
): Promise<Page<TradeRow>> {
  const query = db('trades').select('*').where('market_id', marketId);
  if (filter.takerSide !== undefined) query.where('taker_side', filter.takerSide);
  if (filter.quantityMin !== undefined) query.where('quantity', '>=', filter.quantityMin);
  if (filter.quantityMax !== undefined) query.where('quantity', '<=', filter.quantityMax);
  if (filter.priceMinTicks !== undefined) query.where('price_ticks', '>=', filter.priceMinTicks);
  if (filter.priceMaxTicks !== undefined) query.where('price_ticks', '<=', filter.priceMaxTicks);
  whereTimeRange(query, 'executed_at_us', filter);
  const column = marketTradeColumns[filter.orderBy];
  return keysetPage<TradeRow>(
    query,
    { name: filter.orderBy, column, idColumn: 'id', direction: filter.direction },
    page,
    (row) => [row[column], row.id],
  );
}

/** One page of the user's legs: one row per fill of one of the user's orders. */
export function tradeLegPage(
  db: Db,
  userId: string,
  filter: TradeLegFilter,
  page: PageParams,
): Promise<Page<TradeLegRow>> {
  const query = db('trade_legs as l').select('l.*').where('l.user_id', userId);
  if (filter.marketId !== undefined) query.where('l.market_id', filter.marketId);
  if (filter.instrumentId !== undefined) {
    query.join('markets as m', 'm.id', 'l.market_id').where('m.instrument_id', filter.instrumentId);
  }
  if (filter.tradeId !== undefined) query.where('l.trade_id', filter.tradeId);
  if (filter.orderId !== undefined) query.where('l.order_id', filter.orderId);
  if (filter.buyerOrderId !== undefined) query.where({ 'l.order_id': filter.buyerOrderId, 'l.side': 'buy' });
  if (filter.sellerOrderId !== undefined) query.where({ 'l.order_id': filter.sellerOrderId, 'l.side': 'sell' });
  if (filter.triggeringOrderId !== undefined) {
    query
      .join('trades as t', 't.id', 'l.trade_id')
      .where({ 'l.order_id': filter.triggeringOrderId, 't.taker_order_id': filter.triggeringOrderId });
  }
  whereTimeRange(query, 'l.executed_at_us', filter);
  const column = legColumns[filter.orderBy];
  return keysetPage<TradeLegRow>(
    query,
    { name: filter.orderBy, column: `l.${column}`, idColumn: 'l.trade_id', direction: filter.direction },
    page,
    (row) => [row[column], row.trade_id],
  );
}

const tradeLegOfUserStatement = statement(
  'trade_leg_of_user',
  'SELECT * FROM trade_legs WHERE trade_id = ? AND user_id = ?',
);

/** The user's leg of this trade, if the user traded in it. */
export const tradeLegOfUser = (db: Db, userId: string, tradeId: string): Promise<TradeLegRow | undefined> =>
  poolSql(db).get<TradeLegRow>(tradeLegOfUserStatement, [tradeId, userId]);
