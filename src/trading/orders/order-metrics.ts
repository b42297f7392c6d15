import type { Counter } from 'prom-client';
import type { TradeRow } from '../../db/trading-rows.js';
import type { OrderType } from '../../engine/types.js';
import { LabelledChildren } from '../../lib/metric-children.js';
import type { BookTop, Metrics } from '../../lib/metrics.js';
import type { FastOrderBook } from '../../engine/index.js';
import type { Refusable } from './refusals.js';

/**
 * The order pipeline's instruments (lib/metrics.ts), their children looked up once per label values: counting an
 * order or a batch's trades is then a map lookup and an addition. Made with the order books (order-books.ts); their
 * group commits are counted through db/group-commit.ts's observer.
 */
export interface OrderMetrics {
  /** By market, type, then result (`accepted` or the refusal code). */
  orders: LabelledChildren<LabelledChildren<LabelledChildren<Counter.Internal>>>;
  trades: LabelledChildren<Counter.Internal>;
  tradedUnits: LabelledChildren<Counter.Internal>;
}

export function newOrderMetrics(metrics: Metrics): OrderMetrics {
  return {
    orders: new LabelledChildren(
      (market) =>
        new LabelledChildren(
          (type) => new LabelledChildren((result) => metrics.orders.labels({ market, type, result })),
        ),
    ),
    trades: new LabelledChildren((market) => metrics.trades.labels({ market })),
    tradedUnits: new LabelledChildren((market) => metrics.tradedUnits.labels({ market })),
  };
}

/**
 * The market label of an order: its market when this process knows it (a market some command named, which the order
 * books keep), else `unknown`, so that ids nobody listed cannot grow the series.
 */
export const marketLabelOf = (known: ReadonlyMap<string, unknown>, marketId: string): string =>
  known.has(marketId) ? marketId : 'unknown';

/** One order the pipeline decided: `accepted` once its batch committed, or the code it was refused with. */
export function countOrder(metrics: OrderMetrics, market: string, type: OrderType, answer: Refusable<unknown>): void {
  const result = 'value' in answer ? 'accepted' : answer.refused.code;
  metrics.orders.of(market).of(type).of(result).inc();
}

/** A committed batch's trades and their Units (whole Units, as the wire's quantity). */
export function countTrades(metrics: OrderMetrics, trades: readonly TradeRow[]): void {
  for (const trade of trades) {
    metrics.trades.of(trade.market_id).inc();
    metrics.tradedUnits.of(trade.market_id).inc(trade.quantity);
  }
}

/** What the book gauges show of a book (the resting count walks the price levels: done at scrape, not per order). */
export const topOf = (book: FastOrderBook): BookTop => ({
  bestBidTicks: book.bestBid(),
  bestAskTicks: book.bestAsk(),
  restingOrders: book.restingCount('buy') + book.restingCount('sell'),
});
