import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from '../db/paging.js';
import type { Side } from './engine/types.js';
import type { TradeLegRow, TradeRow } from '../db/trading-rows.js';

export type TradeOrderBy = 'execution_timestamp' | 'price' | 'quantity';

/** Bounds shared by both trade lists: prices in ticks, times in µs (`from` inclusive, `to` exclusive). */
export interface TradeTimeRange {
  executedFromUs?: number | undefined;
  executedToUs?: number | undefined;
}

export interface MarketTradeFilter extends TradeTimeRange {
  takerSide?: Side | undefined;
  quantityMin?: number | undefined;
  quantityMax?: number | undefined;
  priceMinTicks?: number | undefined;
  priceMaxTicks?: number | undefined;
  orderBy: TradeOrderBy;
  direction: Direction;
}

/** The caller's fills. The three legacy order filters each narrow `order_id` further. */
export interface TradeLegFilter extends TradeTimeRange {
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

export interface TradeQueries {
  /** Every trade of one market, whoever traded. */
  listMarketTrades(marketId: string, filter: MarketTradeFilter, page: PageParams): Promise<Page<TradeRow>>;
  /** The caller's legs: one row per fill of one of the caller's orders. */
  listTradeLegs(userId: string, filter: TradeLegFilter, page: PageParams): Promise<Page<TradeLegRow>>;
  /** The caller's leg of this trade, if the caller traded in it. */
  findTradeLeg(userId: string, tradeId: string): Promise<TradeLegRow | undefined>;
}

// Within one market `sequence` is the execution order itself (unique, never tied), so sorting a
// market's trades by it keeps the fills of one sweep in the order they happened.
const marketTradeColumns: Record<TradeOrderBy, keyof TradeRow> = {
  execution_timestamp: 'sequence',
  price: 'price_ticks',
  quantity: 'quantity',
};

const legColumns: Record<TradeOrderBy, keyof TradeLegRow> = {
  execution_timestamp: 'executed_at_us',
  price: 'price_ticks',
  quantity: 'quantity',
};

function whereTimeRange(query: Knex.QueryBuilder, column: string, range: TradeTimeRange): void {
  if (range.executedFromUs !== undefined) query.where(column, '>=', range.executedFromUs);
  if (range.executedToUs !== undefined) query.where(column, '<', range.executedToUs);
}

export function createTradeQueries(db: Db): TradeQueries {
  return {
    async listMarketTrades(marketId, filter, page) {
      const query = db<TradeRow>('trades').select('*').where('market_id', marketId);
      if (filter.takerSide !== undefined) query.where('taker_side', filter.takerSide);
      if (filter.quantityMin !== undefined) query.where('quantity', '>=', filter.quantityMin);
      if (filter.quantityMax !== undefined) query.where('quantity', '<=', filter.quantityMax);
      if (filter.priceMinTicks !== undefined) query.where('price_ticks', '>=', filter.priceMinTicks);
      if (filter.priceMaxTicks !== undefined) query.where('price_ticks', '<=', filter.priceMaxTicks);
      whereTimeRange(query, 'executed_at_us', filter);
      const column = marketTradeColumns[filter.orderBy];
      return keysetPage<TradeRow>(query, { name: filter.orderBy, column, idColumn: 'id', direction: filter.direction }, page, (row) => [row[column] as number, row.id]);
    },

    async listTradeLegs(userId, filter, page) {
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
        query.join('trades as t', 't.id', 'l.trade_id').where({ 'l.order_id': filter.triggeringOrderId, 't.taker_order_id': filter.triggeringOrderId });
      }
      whereTimeRange(query, 'l.executed_at_us', filter);
      const column = legColumns[filter.orderBy];
      return keysetPage<TradeLegRow>(query, { name: filter.orderBy, column: `l.${column}`, idColumn: 'l.trade_id', direction: filter.direction }, page, (row) => [
        row[column] as number,
        row.trade_id,
      ]);
    },

    async findTradeLeg(userId, tradeId) {
      return db<TradeLegRow>('trade_legs').where({ trade_id: tradeId, user_id: userId }).first();
    },
  };
}
