import type { Db } from '../db/knex.js';
import { marketTradePage, tradeLegOfUser, tradeLegPage, type MarketTradeFilter, type TradeLegFilter } from '../db/order-history.js';
import type { Page, PageParams } from '../db/paging.js';
import type { TradeLegRow, TradeRow } from '../db/trading-rows.js';

export type { MarketTradeFilter, TradeLegFilter, TradeOrderBy, TradeTimeRange } from '../db/order-history.js';

export interface TradeQueries {
  /** Every trade of one market, whoever traded. */
  listMarketTrades(marketId: string, filter: MarketTradeFilter, page: PageParams): Promise<Page<TradeRow>>;
  /** The caller's legs: one row per fill of one of the caller's orders. */
  listTradeLegs(userId: string, filter: TradeLegFilter, page: PageParams): Promise<Page<TradeLegRow>>;
  /** The caller's leg of this trade, if the caller traded in it. */
  findTradeLeg(userId: string, tradeId: string): Promise<TradeLegRow | undefined>;
}

export function createTradeQueries(db: Db): TradeQueries {
  return {
    listMarketTrades: (marketId, filter, page) => marketTradePage(db, marketId, filter, page),
    listTradeLegs: (userId, filter, page) => tradeLegPage(db, userId, filter, page),
    findTradeLeg: (userId, tradeId) => tradeLegOfUser(db, userId, tradeId),
  };
}
