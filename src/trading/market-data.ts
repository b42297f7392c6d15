import type { Db } from '../db/knex.js';
import { assert } from '../lib/assert.js';
import { keysetPage, type Page, type PageParams } from '../db/paging.js';
import type { Side } from './engine/types.js';
import type { TradeRow } from '../db/trading-rows.js';

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
}

export interface Candle extends WindowSummary {
  startUs: number;
}

export type Resolution = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

const minuteUs = 60_000_000;
export const resolutionWidthUs: Record<Resolution, number> = {
  '1m': minuteUs,
  '5m': 5 * minuteUs,
  '15m': 15 * minuteUs,
  '1h': 60 * minuteUs,
  '4h': 240 * minuteUs,
  '1d': 1440 * minuteUs,
};

export const statsWindowUs = 24 * 60 * minuteUs;

export interface CandleRange {
  /** Inclusive; none means from the market's first trade. */
  fromUs?: number | undefined;
  /** Exclusive. */
  toUs: number;
}

export interface MarketDataService {
  orderBook(marketId: string, depth: number): Promise<BookSnapshot>;
  ticker(marketId: string, nowUs: number): Promise<Ticker>;
  stats(marketId: string, nowUs: number): Promise<MarketStats>;
  candles(marketId: string, resolution: Resolution, range: CandleRange, page: PageParams): Promise<Page<Candle>>;
}

interface AggregateRow {
  low_ticks: number | string;
  high_ticks: number | string;
  volume: number | string | null;
  trade_count: number | string;
  first_sequence: number | string | null;
  last_sequence: number | string | null;
}

interface CandleRow extends AggregateRow {
  bucket_us: number | string;
  bucket_key: string;
  open_ticks: number | string;
  close_ticks: number | string;
}

// Aggregates come back as strings from pg when their type is NUMERIC (SUM of BIGINT): every value
// we store is a safe integer, so Number() is exact.
const int = (value: number | string | null): number => Number(value ?? 0);

export function createMarketDataService(db: Db): MarketDataService {
  const bookSide = async (marketId: string, side: Side, depth: number): Promise<BookLevel[]> => {
    const rows = (await db('orders')
      .where({ market_id: marketId, side })
      .where('remaining_quantity', '>', 0)
      .whereNotNull('price_ticks')
      .groupBy('price_ticks')
      .select('price_ticks')
      .sum({ quantity: 'remaining_quantity' })
      .count({ order_count: '*' })
      .orderBy('price_ticks', side === 'buy' ? 'desc' : 'asc')
      .limit(depth)) as { price_ticks: number | string; quantity: number | string; order_count: number | string }[];
    return rows.map((r) => ({ priceTicks: int(r.price_ticks), quantity: int(r.quantity), orderCount: int(r.order_count) }));
  };

  const lastTrade = async (marketId: string): Promise<LastTrade | null> => {
    const row = (await db<TradeRow>('trades').where('market_id', marketId).orderBy('sequence', 'desc').first('price_ticks', 'quantity', 'executed_at_us')) as
      | Pick<TradeRow, 'price_ticks' | 'quantity' | 'executed_at_us'>
      | undefined;
    return row ? { priceTicks: int(row.price_ticks), quantity: int(row.quantity), executedAtUs: int(row.executed_at_us) } : null;
  };

  const priceAt = async (marketId: string, sequence: number): Promise<number> => {
    const row = (await db<TradeRow>('trades').where({ market_id: marketId, sequence }).first('price_ticks')) as Pick<TradeRow, 'price_ticks'> | undefined;
    assert(row !== undefined, `market ${marketId} has no trade of sequence ${sequence}`);
    return int(row.price_ticks);
  };

  /** Units traded in [fromUs, toUs]. */
  const volumeBetween = async (marketId: string, fromUs: number, toUs: number): Promise<number> => {
    const row = (await db('trades').where('market_id', marketId).whereBetween('executed_at_us', [fromUs, toUs]).first(db.raw('SUM(quantity) AS volume'))) as {
      volume: number | string | null;
    };
    return int(row.volume);
  };

  /** What a window or a candle sums up of its trades (the open and close come from the sequences). */
  const tradeAggregates = () =>
    ['MIN(price_ticks) AS low_ticks', 'MAX(price_ticks) AS high_ticks', 'SUM(quantity) AS volume', 'COUNT(*) AS trade_count', 'MIN(sequence) AS first_sequence', 'MAX(sequence) AS last_sequence'].map((sql) => db.raw(sql));

  /** Trades in [fromUs, toUs]: the rolling window of the ticker and the stats. */
  const summarize = async (marketId: string, fromUs: number, toUs: number): Promise<WindowSummary | null> => {
    const row = (await db('trades')
      .where('market_id', marketId)
      .whereBetween('executed_at_us', [fromUs, toUs])
      .first(tradeAggregates())) as AggregateRow;
    if (int(row.trade_count) === 0 || row.first_sequence === null || row.last_sequence === null) return null;
    const [openTicks, closeTicks] = await Promise.all([priceAt(marketId, int(row.first_sequence)), priceAt(marketId, int(row.last_sequence))]);
    return { openTicks, closeTicks, highTicks: int(row.high_ticks), lowTicks: int(row.low_ticks), volume: int(row.volume), tradeCount: int(row.trade_count) };
  };

  const orderBook = async (marketId: string, depth: number): Promise<BookSnapshot> => {
    const [buy, sell] = await Promise.all([bookSide(marketId, 'buy', depth), bookSide(marketId, 'sell', depth)]);
    return { buy, sell };
  };

  return {
    orderBook,

    async ticker(marketId, nowUs) {
      const [book, last, volume24h] = await Promise.all([orderBook(marketId, 1), lastTrade(marketId), volumeBetween(marketId, nowUs - statsWindowUs, nowUs)]);
      return { bestBidTicks: book.buy[0]?.priceTicks ?? null, bestAskTicks: book.sell[0]?.priceTicks ?? null, last, volume24h };
    },

    async stats(marketId, nowUs) {
      const [last, window] = await Promise.all([lastTrade(marketId), summarize(marketId, nowUs - statsWindowUs, nowUs)]);
      return { last, window };
    },

    async candles(marketId, resolution, range, page) {
      // Buckets start at multiples of the width since the epoch, which is 00:00 UTC: aligned to the
      // resolution in UTC. The width comes from the closed table above, never from the request.
      const width = resolutionWidthUs[resolution];
      const bucket = `(executed_at_us - (executed_at_us % ${width}))`;
      const buckets = db('trades')
        .where('market_id', marketId)
        .where('executed_at_us', '<', range.toUs)
        .select(
          db.raw(`${bucket} AS bucket_us`),
          // The cursor's tie-breaker must be a string; the bucket start is unique, so its text serves.
          db.raw(`CAST(${bucket} AS TEXT) AS bucket_key`),
          ...tradeAggregates(),
        )
        .groupByRaw(bucket);
      if (range.fromUs !== undefined) buckets.where('executed_at_us', '>=', range.fromUs);
      const query = db
        .from(buckets.as('c'))
        .join('trades as o', (on) => on.on('o.sequence', '=', 'c.first_sequence').andOnVal('o.market_id', '=', marketId))
        .join('trades as x', (on) => on.on('x.sequence', '=', 'c.last_sequence').andOnVal('x.market_id', '=', marketId))
        .select('c.*', 'o.price_ticks as open_ticks', 'x.price_ticks as close_ticks');
      const result = await keysetPage<CandleRow>(query, { name: 'time', column: 'c.bucket_us', idColumn: 'c.bucket_key', direction: 'asc' }, page, (row) => [
        int(row.bucket_us),
        row.bucket_key,
      ]);
      return {
        rows: result.rows.map((row) => ({
          startUs: int(row.bucket_us),
          openTicks: int(row.open_ticks),
          highTicks: int(row.high_ticks),
          lowTicks: int(row.low_ticks),
          closeTicks: int(row.close_ticks),
          volume: int(row.volume),
          tradeCount: int(row.trade_count),
        })),
        paging: result.paging,
      };
    },
  };
}
