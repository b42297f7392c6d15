import type { Db } from '../../db/knex.js';
import {
  marketTradePage,
  tradeLegOfUser,
  tradeLegPage,
  type MarketTradeFilter,
  type TradeLegFilter,
} from '../../db/order-history.js';
import type { Page, PageParams } from '../../db/paging.js';
import type { TradeLegRow, TradeRow } from '../../db/trading-rows.js';

/** Every trade of one market, whoever traded. */
export const listMarketTrades = (
  deps: { db: Db },
  marketId: string,
  filter: MarketTradeFilter,
  page: PageParams,
): Promise<Page<TradeRow>> => marketTradePage(deps.db, marketId, filter, page);

/** The caller's legs: one row per fill of one of the caller's orders. */
export const listTradeLegs = (
  deps: { db: Db },
  userId: string,
  filter: TradeLegFilter,
  page: PageParams,
): Promise<Page<TradeLegRow>> => tradeLegPage(deps.db, userId, filter, page);

/** The caller's leg of this trade, if the caller traded in it. */
export const findTradeLeg = (deps: { db: Db }, userId: string, tradeId: string): Promise<TradeLegRow | undefined> =>
  tradeLegOfUser(deps.db, userId, tradeId);
