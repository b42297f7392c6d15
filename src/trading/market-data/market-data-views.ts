import type { components } from '../../../generated/types/trading.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import { formatDecimal } from '../../lib/money.js';
import type { BookLevel, BookSnapshot, Candle, MarketStats, Resolution, Ticker } from './market-data.js';
import { usdOfTicks } from './trade-views.js';
import { formatPrice } from '../views.js';

type Schemas = components['schemas'];

const priceOrNull = (ticks: number | null | undefined): string | null =>
  ticks === null || ticks === undefined ? null : formatPrice(ticks);

/** Levels with `total` = Units from the best price to this level inclusive. */
function levelsView(levels: readonly BookLevel[]): Schemas['OrderBookLevel'][] {
  let total = 0;
  return levels.map((level) => {
    total += level.quantity;
    return { price: formatPrice(level.priceTicks), quantity: level.quantity, total, order_count: level.orderCount };
  });
}

export function orderBookView(marketId: string, book: BookSnapshot, nowUs: number): Schemas['OrderBook'] {
  return {
    market_id: marketId,
    updated_at: toIso(nowUs),
    buy: levelsView(book.buy),
    sell: levelsView(book.sell),
    highest_bid: priceOrNull(book.buy[0]?.priceTicks),
    lowest_ask: priceOrNull(book.sell[0]?.priceTicks),
  };
}

export function tickerView(marketId: string, ticker: Ticker): Schemas['Ticker'] {
  return {
    market_id: marketId,
    volume_24h: ticker.volume24h,
    highest_bid: priceOrNull(ticker.bestBidTicks),
    lowest_ask: priceOrNull(ticker.bestAskTicks),
    last_price: priceOrNull(ticker.last?.priceTicks),
    last_trade_timestamp: toIsoOrNull(ticker.last?.executedAtUs),
    last_trade_quantity: ticker.last?.quantity ?? null,
  };
}

/**
 * `change` in hundredths of a percent of `open`, rounded half away from zero with integer
 * arithmetic: 100 ticks on 4100 → 244 ("2.44"). Prices are positive, so `open` is never 0.
 */
function changePctHundredths(changeTicks: number, openTicks: number): number {
  const magnitude = Math.floor((2 * Math.abs(changeTicks) * 10_000 + openTicks) / (2 * openTicks));
  return changeTicks < 0 ? -magnitude : magnitude;
}

/**
 * `open` … `period_end` are the live service's names for the same window: its prices null without a
 * trade in it, like `open_24h`; its sums zero, like `volume_24h`.
 */
export function marketStatsView(marketId: string, stats: MarketStats, nowUs: number): Schemas['MarketStats'] {
  const { window, last } = stats;
  // change = last_price − open_24h; a trade in the window means the market has a last trade.
  const changeTicks = window === null || last === null ? null : last.priceTicks - window.openTicks;
  return {
    market_id: marketId,
    last_price: priceOrNull(last?.priceTicks),
    open_24h: priceOrNull(window?.openTicks),
    high_24h: priceOrNull(window?.highTicks),
    low_24h: priceOrNull(window?.lowTicks),
    change_24h: changeTicks === null ? null : formatPrice(changeTicks),
    change_pct_24h:
      changeTicks === null || window === null
        ? null
        : formatDecimal(changePctHundredths(changeTicks, window.openTicks), 2),
    volume_24h: window?.volume ?? 0,
    trade_count_24h: window?.tradeCount ?? 0,
    as_of: toIso(nowUs),
    open: priceOrNull(window?.openTicks),
    high: priceOrNull(window?.highTicks),
    low: priceOrNull(window?.lowTicks),
    close: priceOrNull(window?.closeTicks),
    volume: window?.volume ?? 0,
    quote_volume: usdOfTicks(window?.quoteTicks ?? 0),
    num_trades: window?.tradeCount ?? 0,
    period_start: toIso(stats.fromUs),
    period_end: toIso(stats.toUs),
  };
}

/**
 * A row of GET /v1/price-histories and a `market.candles` event: the candle under mkt's names
 * (`time`, `trade_count`) and the live service's (`period_start`, `num_trades`).
 */
export function priceHistoryView(candle: Candle, marketId: string, resolution: Resolution): Schemas['PriceHistory'] {
  return {
    time: toIso(candle.startUs),
    open: formatPrice(candle.openTicks),
    high: formatPrice(candle.highTicks),
    low: formatPrice(candle.lowTicks),
    close: formatPrice(candle.closeTicks),
    volume: candle.volume,
    trade_count: candle.tradeCount,
    market_id: marketId,
    resolution,
    period_start: toIso(candle.startUs),
    period_end: toIso(candle.endUs),
    quote_volume: usdOfTicks(candle.quoteTicks),
    num_trades: candle.tradeCount,
  };
}
