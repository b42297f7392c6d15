import type { Db } from '../../db/knex.js';
import {
  bookLevels,
  candlePage,
  lastTrade as lastTradeRow,
  tradeVolumeBetween,
  tradeWindowStats,
  type CandleGrid,
  type CandleRange,
  type LastTradeRow,
} from '../../db/market-data.js';
import type { Page, PageParams } from '../../db/paging.js';
import { mondayOffsetUs, usPerWeek } from '../../lib/periods.js';
import type { Side } from '../../engine/types.js';

/**
 * Market data read from the database (not from a process's in-memory book), so that several
 * server processes on one PostgreSQL always agree. Prices are ticks, quantities Units, times µs.
 */
export interface BookLevel {
  priceTicks: number;
  quantity: number;
  orderCount: number;
}

export interface BookSnapshot {
  /** Highest price first. */
  buy: BookLevel[];
  /** Lowest price first. */
  sell: BookLevel[];
}

export interface LastTrade {
  priceTicks: number;
  quantity: number;
  executedAtUs: number;
}

/** The trades of one time window. */
export interface WindowSummary {
  openTicks: number;
  highTicks: number;
  lowTicks: number;
  closeTicks: number;
  volume: number;
  /** Σ price × quantity: the USD paid, in ticks. */
  quoteTicks: number;
  tradeCount: number;
}

export interface Ticker {
  bestBidTicks: number | null;
  bestAskTicks: number | null;
  last: LastTrade | null;
  volume24h: number;
}

export interface MarketStats {
  last: LastTrade | null;
  /** Null when nothing traded in the last 24 hours. */
  window: WindowSummary | null;
  /** The window's bounds, both inclusive. */
  fromUs: number;
  toUs: number;
}

export interface Candle extends WindowSummary {
  startUs: number;
  /** The start of the next bucket (exclusive). */
  endUs: number;
}

export type Resolution = '1m' | '5m' | '15m' | '1h' | '4h' | '1d' | '1w';

const minuteUs = 60_000_000;
const onEpoch = (widthUs: number): CandleGrid => ({ widthUs, offsetUs: 0 });
/** Buckets of each resolution: aligned to 00:00 UTC, and weeks to Monday 00:00 UTC (lib/periods.ts's weekly period). */
export const resolutionGrids: Record<Resolution, CandleGrid> = {
  '1m': onEpoch(minuteUs),
  '5m': onEpoch(5 * minuteUs),
  '15m': onEpoch(15 * minuteUs),
  '1h': onEpoch(60 * minuteUs),
  '4h': onEpoch(240 * minuteUs),
  '1d': onEpoch(1440 * minuteUs),
  '1w': { widthUs: usPerWeek, offsetUs: mondayOffsetUs },
};

/** The start of the bucket of `resolution` that holds `tUs` (a time after the epoch). */
export function candleStartUs(resolution: Resolution, tUs: number): number {
  const { widthUs, offsetUs } = resolutionGrids[resolution];
  return tUs - ((tUs + offsetUs) % widthUs);
}

const statsWindowUs = 24 * 60 * minuteUs;

type Deps = { db: Db };

async function bookSide({ db }: Deps, marketId: string, side: Side, depth: number): Promise<BookLevel[]> {
  return (await bookLevels(db, marketId, side, depth)).map((r) => ({
    priceTicks: r.price_ticks,
    quantity: r.quantity,
    orderCount: r.order_count,
  }));
}

const lastTradeOf = (row: LastTradeRow | undefined): LastTrade | null =>
  row ? { priceTicks: row.price_ticks, quantity: row.quantity, executedAtUs: row.executed_at_us } : null;

const lastTrade = async ({ db }: Deps, marketId: string): Promise<LastTrade | null> =>
  lastTradeOf(await lastTradeRow(db, marketId));

export async function orderBook(deps: Deps, marketId: string, depth: number): Promise<BookSnapshot> {
  const [buy, sell] = await Promise.all([
    bookSide(deps, marketId, 'buy', depth),
    bookSide(deps, marketId, 'sell', depth),
  ]);
  return { buy, sell };
}

export async function ticker(deps: Deps, marketId: string, nowUs: number): Promise<Ticker> {
  const [book, last, volume24h] = await Promise.all([
    orderBook(deps, marketId, 1),
    lastTrade(deps, marketId),
    tradeVolumeBetween(deps.db, marketId, nowUs - statsWindowUs, nowUs),
  ]);
  return {
    bestBidTicks: book.buy[0]?.priceTicks ?? null,
    bestAskTicks: book.sell[0]?.priceTicks ?? null,
    last,
    volume24h,
  };
}

/** The last trade and the rolling 24 hours up to `nowUs`, in one read (stats are read often). */
export async function marketStats({ db }: Deps, marketId: string, nowUs: number): Promise<MarketStats> {
  const fromUs = nowUs - statsWindowUs;
  const row = await tradeWindowStats(db, marketId, fromUs, nowUs);
  const { open_ticks: openTicks, close_ticks: closeTicks } = row;
  const window: WindowSummary | null =
    row.trade_count === 0 || openTicks === null || closeTicks === null
      ? null
      : {
          openTicks,
          closeTicks,
          highTicks: row.high_ticks,
          lowTicks: row.low_ticks,
          volume: row.volume,
          quoteTicks: row.quote_ticks,
          tradeCount: row.trade_count,
        };
  return { last: lastTradeOf(row.last), window, fromUs, toUs: nowUs };
}

export async function candles(
  deps: Deps,
  marketId: string,
  resolution: Resolution,
  range: CandleRange,
  page: PageParams,
): Promise<Page<Candle>> {
  // The grid comes from the closed table above, never from the request.
  const grid = resolutionGrids[resolution];
  const result = await candlePage(deps.db, marketId, grid, range, page);
  return {
    rows: result.rows.map((row) => ({
      startUs: row.bucket_us,
      endUs: row.bucket_us + grid.widthUs,
      openTicks: row.open_ticks,
      highTicks: row.high_ticks,
      lowTicks: row.low_ticks,
      closeTicks: row.close_ticks,
      volume: row.volume,
      quoteTicks: row.quote_ticks,
      tradeCount: row.trade_count,
    })),
    paging: result.paging,
  };
}
