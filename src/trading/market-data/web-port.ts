import type { MarketDataPort, MarketSnapshot, MarketSummary } from '../../core/market-data-port.js';
import type { Db } from '../../db/knex.js';
import { marketTradePage } from '../../db/order-history.js';
import type { Clock } from '../../lib/clock.js';
import { assert } from '../../lib/assert.js';
import { candles, candleStartUs, marketStats, resolutionGrids, ticker, type Resolution } from './market-data.js';
import { bookSnapshot } from './market-data-snapshot.js';
import { marketStatsView, priceHistoryView, tickerView } from './market-data-views.js';
import { marketTradeView } from './trade-views.js';
import { findMarket, type ReferenceCache } from '../../core/reference.js';

/**
 * Market data as the dashboard's market page reads it (core/market-data-port.ts): the functions and views the
 * market-data handlers answer with, so the page shows what the API and the streams show.
 */
interface Deps {
  db: Db;
  clock: Clock;
  referenceCache: ReferenceCache;
}

/** Candles on a first paint: an hour of minutes, a day of hours… enough to read a trend, few enough to draw. */
const candlesShown = 60;
const tradesShown = 30;

async function summary(deps: Deps, marketId: string, nowUs: number): Promise<MarketSummary> {
  const [now, stats] = await Promise.all([ticker(deps, marketId, nowUs), marketStats(deps, marketId, nowUs)]);
  return { ticker: tickerView(marketId, now), stats: marketStatsView(marketId, stats, nowUs) };
}

async function latestCandles(deps: Deps, marketId: string, resolution: Resolution, nowUs: number) {
  const fromUs = candleStartUs(resolution, nowUs) - (candlesShown - 1) * resolutionGrids[resolution].widthUs;
  const page = await candles(deps, marketId, resolution, { fromUs, toUs: nowUs + 1 }, { limit: candlesShown });
  return page.rows.map((candle) => priceHistoryView(candle, marketId, resolution));
}

async function latestTrades(deps: Deps, marketId: string) {
  const market = await findMarket(deps, marketId);
  assert(market !== undefined, `market ${marketId} has a page but no row`);
  const page = await marketTradePage(
    deps.db,
    marketId,
    { orderBy: 'execution_timestamp', direction: 'desc' },
    { limit: tradesShown },
  );
  return page.rows.map((row) => marketTradeView(row, market));
}

async function snapshot(deps: Deps, marketId: string, resolution: Resolution, nowUs: number): Promise<MarketSnapshot> {
  const [figures, book, candleRows, trades] = await Promise.all([
    summary(deps, marketId, nowUs),
    bookSnapshot(deps, marketId),
    latestCandles(deps, marketId, resolution, nowUs),
    latestTrades(deps, marketId),
  ]);
  assert(book !== undefined, `market ${marketId} has no book`);
  return { ...figures, book, candles: candleRows, trades };
}

export const marketDataPortOf = (deps: Deps): MarketDataPort => ({
  summary: (marketId, nowUs) => summary(deps, marketId, nowUs),
  snapshot: (marketId, resolution, nowUs) => snapshot(deps, marketId, resolution, nowUs),
});
