import type { components } from '../../generated/types/trading.js';
import type { BookSnapshot } from './events.js';

/**
 * What the trading surface's market data offers the dashboard's market page (src/web/pages/market*.ts) without being
 * imported by it: the composition root (src/app/services.ts) wires it to src/trading/market-data/web-port.ts, which
 * reads what `GET /v1/markets/{id}/ticker`, `…/stats`, `…/trades`, `GET /v1/price-histories` and the first message
 * of a `market.book` stream answer, in the same shapes. The page draws its first paint from these, and its script
 * keeps them current from the streams, whose pushes have the same shapes.
 */

type Schemas = components['schemas'];
export type TickerView = Schemas['Ticker'];
export type MarketStatsView = Schemas['MarketStats'];
export type MarketTradeView = Schemas['MarketTrade'];
export type CandleView = Schemas['PriceHistory'];
export type CandleResolution = Schemas['PriceHistoryResolution'];
export type { BookSnapshot };

export const candleResolutions: readonly CandleResolution[] = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'];

/** A market's figures of the last 24 hours, for the list of markets. */
export interface MarketSummary {
  ticker: TickerView;
  stats: MarketStatsView;
}

/** Everything the market page shows of the market itself (not of the viewer), at one moment. */
export interface MarketSnapshot extends MarketSummary {
  /** The whole book at its stream sequence: the `market.book` stream's first message. */
  book: BookSnapshot;
  /** The latest candles of `resolution`, oldest first. */
  candles: CandleView[];
  /** The latest trades, newest first. */
  trades: MarketTradeView[];
}

export interface MarketDataPort {
  summary(marketId: string, nowUs: number): Promise<MarketSummary>;
  snapshot(marketId: string, resolution: CandleResolution, nowUs: number): Promise<MarketSnapshot>;
}
