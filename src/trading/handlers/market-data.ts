import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import * as marketData from '../market-data/market-data.js';
import { marketStatsView, orderBookView, priceHistoryView, tickerView } from '../market-data/market-data-views.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import { marketTradePage } from '../../db/order-history.js';
import { marketTradeView } from '../market-data/trade-views.js';
import { priceBound, timeBound } from './requests.js';
import { pageParams } from '../../db/paging.js';
import { unknown } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

async function knownMarket({ reference }: TradingDeps, marketId: string): Promise<MarketWithInstrument> {
  const market = await reference.findMarket(marketId);
  if (!market) throw unknown('unknown_market', 'market', marketId);
  return market;
}

export const getMarketTicker: Handler<'getMarketTicker'> = async ({ params }, services) => {
  const { market } = await knownMarket(services, params.market_id);
  const ticker = await marketData.ticker(services, market.id, services.clock.nowUs());
  return ok({ data: tickerView(market.id, ticker) });
};

export const getMarketOrderBook: Handler<'getMarketOrderBook'> = async ({ params, query }, services) => {
  const { market } = await knownMarket(services, params.market_id);
  const book = await marketData.orderBook(services, market.id, query.limit ?? 10);
  return ok({ data: orderBookView(market.id, book, services.clock.nowUs()) });
};

export const getMarketStats: Handler<'getMarketStats'> = async ({ params }, services) => {
  const { market } = await knownMarket(services, params.market_id);
  const nowUs = services.clock.nowUs();
  const stats = await marketData.marketStats(services, market.id, nowUs);
  return ok({ data: marketStatsView(market.id, stats, nowUs) });
};

export const listMarketTrades: Handler<'listMarketTrades'> = async ({ params, query }, services) => {
  const found = await knownMarket(services, params.market_id);
  const filter = {
    takerSide: query.taker_side,
    quantityMin: query.quantity_min,
    quantityMax: query.quantity_max,
    priceMinTicks: priceBound('price_min', query.price_min),
    priceMaxTicks: priceBound('price_max', query.price_max),
    executedFromUs: timeBound('executed_from', query.executed_from),
    executedToUs: timeBound('executed_to', query.executed_to),
    orderBy: query.order_by ?? 'execution_timestamp',
    direction: query.order_direction ?? 'asc',
  };
  // Every trade settles as it executes: the only status filter value, `settled`, matches them all.
  const page = await marketTradePage(services.db, found.market.id, filter, pageParams(query));
  return ok({ data: page.rows.map((row) => marketTradeView(row, found)), paging: page.paging });
};

export const listPriceHistories: Handler<'listPriceHistories'> = async ({ query }, services) => {
  const { market } = await knownMarket(services, query.market_id);
  const range = { fromUs: timeBound('from', query.from), toUs: timeBound('to', query.to) ?? services.clock.nowUs() };
  const page = await marketData.candles(services, market.id, query.resolution, range, pageParams(query));
  return ok({
    data: page.rows.map((candle) => priceHistoryView(candle, market.id, query.resolution)),
    paging: page.paging,
  });
};
