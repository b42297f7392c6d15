import type { Knex } from 'knex';
import { assert } from '../lib/assert.js';
import type { Side } from '../engine/types.js';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';
import type { TradeRow } from './trading-rows.js';

/**
 * Market data read from the orders and trades tables (migration 0005), not from a process's
 * in-memory book, so that several server processes on one PostgreSQL always agree. Aggregates come
 * back as numbers: prices in ticks, quantities in Units, times in µs.
 */

// Aggregates come back as strings from pg when their type is NUMERIC (SUM of BIGINT): every value
// we store is a safe integer, so Number() is exact.
const int = (value: number | string | null): number => Number(value ?? 0);

/** One price level of a book side. */
export interface BookLevelRow {
  price_ticks: number;
  quantity: number;
  order_count: number;
}

const bookLevelsSql = (order: 'ASC' | 'DESC') =>
  `SELECT price_ticks, SUM(remaining_quantity) AS quantity, COUNT(*) AS order_count FROM orders
   WHERE market_id = ? AND side = ? AND remaining_quantity > 0 AND price_ticks IS NOT NULL
   GROUP BY price_ticks ORDER BY price_ticks ${order} LIMIT ?`;
const bidLevels = statement('book_levels_buy', bookLevelsSql('DESC'));
const askLevels = statement('book_levels_sell', bookLevelsSql('ASC'));

/** The `depth` best price levels of one side of the market's book: highest bid first, lowest ask first. */
export async function bookLevels(db: Db, marketId: string, side: Side, depth: number): Promise<BookLevelRow[]> {
  const rows = await poolSql(db).all<{
    price_ticks: number | string;
    quantity: number | string;
    order_count: number | string;
  }>(side === 'buy' ? bidLevels : askLevels, [marketId, side, depth]);
  return rows.map((r) => ({
    price_ticks: int(r.price_ticks),
    quantity: int(r.quantity),
    order_count: int(r.order_count),
  }));
}

export type LastTradeRow = Pick<TradeRow, 'price_ticks' | 'quantity' | 'executed_at_us'>;

const lastTradeStatement = statement(
  'trade_last',
  'SELECT price_ticks, quantity, executed_at_us FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1',
);

/** The market's latest trade, if it ever traded. */
export async function lastTrade(db: Db, marketId: string): Promise<LastTradeRow | undefined> {
  const row = await poolSql(db).get<LastTradeRow>(lastTradeStatement, [marketId]);
  return (
    row && { price_ticks: int(row.price_ticks), quantity: int(row.quantity), executed_at_us: int(row.executed_at_us) }
  );
}

const volumeBetweenStatement = statement(
  'trade_volume_between',
  'SELECT SUM(quantity) AS volume FROM trades WHERE market_id = ? AND executed_at_us BETWEEN ? AND ?',
);

/** Units traded in [fromUs, toUs]. */
export async function tradeVolumeBetween(db: Db, marketId: string, fromUs: number, toUs: number): Promise<number> {
  const row = await poolSql(db).get<{ volume: number | string | null }>(volumeBetweenStatement, [
    marketId,
    fromUs,
    toUs,
  ]);
  return int(row?.volume ?? null);
}

/** What a window or a candle sums up of its trades (the open and close come from the sequences). */
interface TradeAggregateRow {
  low_ticks: number;
  high_ticks: number;
  volume: number;
  /** Σ price × quantity, in ticks (the USD paid, at 0.0001 USD a tick). */
  quote_ticks: number;
  trade_count: number;
  /** Null when there are no trades. */
  first_sequence: number | null;
  last_sequence: number | null;
}

interface RawAggregateRow {
  low_ticks: number | string;
  high_ticks: number | string;
  volume: number | string | null;
  quote_ticks: number | string | null;
  trade_count: number | string;
  first_sequence: number | string | null;
  last_sequence: number | string | null;
}

const aggregates =
  'MIN(price_ticks) AS low_ticks, MAX(price_ticks) AS high_ticks, SUM(quantity) AS volume, SUM(price_ticks * quantity) AS quote_ticks, COUNT(*) AS trade_count, MIN(sequence) AS first_sequence, MAX(sequence) AS last_sequence';

const aggregatesOf = (row: RawAggregateRow): TradeAggregateRow => ({
  low_ticks: int(row.low_ticks),
  high_ticks: int(row.high_ticks),
  volume: int(row.volume),
  quote_ticks: int(row.quote_ticks),
  trade_count: int(row.trade_count),
  first_sequence: row.first_sequence === null ? null : int(row.first_sequence),
  last_sequence: row.last_sequence === null ? null : int(row.last_sequence),
});

/** A window's trades summed up, with the prices of its first and last trade, and the market's last trade. */
interface WindowStatsRow extends TradeAggregateRow {
  /** Null when there are no trades in the window. */
  open_ticks: number | null;
  close_ticks: number | null;
  /** Undefined when the market never traded. */
  last: LastTradeRow | undefined;
}

interface RawWindowStatsRow extends RawAggregateRow {
  open_ticks: number | string | null;
  close_ticks: number | string | null;
  last_price_ticks: number | string | null;
  last_quantity: number | string | null;
  last_executed_at_us: number | string | null;
}

// One read for what the stats show: the window's aggregates, its open and close found by sequence,
// and the market's last trade (which may lie before the window).
const windowStatsStatement = statement(
  'trade_window_stats',
  `SELECT w.*, o.price_ticks AS open_ticks, c.price_ticks AS close_ticks,
          l.price_ticks AS last_price_ticks, l.quantity AS last_quantity, l.executed_at_us AS last_executed_at_us
   FROM (SELECT ${aggregates} FROM trades WHERE market_id = ? AND executed_at_us BETWEEN ? AND ?) w
   LEFT JOIN trades o ON o.market_id = ? AND o.sequence = w.first_sequence
   LEFT JOIN trades c ON c.market_id = ? AND c.sequence = w.last_sequence
   LEFT JOIN (SELECT price_ticks, quantity, executed_at_us FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1) l ON 1 = 1`,
);

/** The trades in [fromUs, toUs] (the rolling window of the stats) and the market's last trade. */
export async function tradeWindowStats(
  db: Db,
  marketId: string,
  fromUs: number,
  toUs: number,
): Promise<WindowStatsRow> {
  const row = await poolSql(db).get<RawWindowStatsRow>(windowStatsStatement, [
    marketId,
    fromUs,
    toUs,
    marketId,
    marketId,
    marketId,
  ]);
  assert(row !== undefined, 'an aggregate without GROUP BY returns one row');
  const last =
    row.last_price_ticks === null
      ? undefined
      : {
          price_ticks: int(row.last_price_ticks),
          quantity: int(row.last_quantity),
          executed_at_us: int(row.last_executed_at_us),
        };
  return {
    ...aggregatesOf(row),
    open_ticks: row.open_ticks === null ? null : int(row.open_ticks),
    close_ticks: row.close_ticks === null ? null : int(row.close_ticks),
    last,
  };
}

export interface CandleRange {
  /** Inclusive; none means from the market's first trade. */
  fromUs?: number | undefined;
  /** Exclusive. */
  toUs: number;
}

interface CandleRow extends TradeAggregateRow {
  bucket_us: number;
  open_ticks: number;
  close_ticks: number;
}

interface RawCandleRow extends RawAggregateRow {
  bucket_us: number | string;
  bucket_key: string;
  open_ticks: number | string;
  close_ticks: number | string;
}

/**
 * Where candles start: every `widthUs`, at the times t where t + `offsetUs` is a multiple of the
 * width. An offset of 0 aligns buckets to the epoch, which is 00:00 UTC; weeks need an offset to
 * start on Mondays (1970-01-01 was a Thursday).
 */
export interface CandleGrid {
  widthUs: number;
  offsetUs: number;
}

/**
 * One page of the market's candles on `grid`, oldest first. Times are positive, so `%` is the same
 * non-negative remainder on SQLite and PostgreSQL.
 */
export async function candlePage(
  db: Db,
  marketId: string,
  grid: CandleGrid,
  range: CandleRange,
  page: PageParams,
): Promise<Page<CandleRow>> {
  const { widthUs, offsetUs } = grid;
  // The grid is written into the SQL: the caller takes it from a closed table, never from the request.
  assert(Number.isSafeInteger(widthUs) && widthUs > 0, `a candle width is a positive integer, got ${widthUs}`);
  assert(
    Number.isSafeInteger(offsetUs) && offsetUs >= 0 && offsetUs < widthUs,
    `a candle offset is an integer in [0, width), got ${offsetUs}`,
  );
  const bucket = `(executed_at_us - ((executed_at_us + ${offsetUs}) % ${widthUs}))`;
  const buckets = db('trades')
    .where('market_id', marketId)
    .where('executed_at_us', '<', range.toUs)
    .select(
      db.raw(`${bucket} AS bucket_us`),
      // The cursor's tie-breaker must be a string; the bucket start is unique, so its text serves.
      db.raw(`CAST(${bucket} AS TEXT) AS bucket_key`),
      db.raw(aggregates),
    )
    .groupByRaw(bucket);
  if (range.fromUs !== undefined) buckets.where('executed_at_us', '>=', range.fromUs);
  const query: Knex.QueryBuilder = db
    .from(buckets.as('c'))
    .join('trades as o', (on) => on.on('o.sequence', '=', 'c.first_sequence').andOnVal('o.market_id', '=', marketId))
    .join('trades as x', (on) => on.on('x.sequence', '=', 'c.last_sequence').andOnVal('x.market_id', '=', marketId))
    .select('c.*', 'o.price_ticks as open_ticks', 'x.price_ticks as close_ticks');
  const result = await keysetPage<RawCandleRow>(
    query,
    { name: 'time', column: 'c.bucket_us', idColumn: 'c.bucket_key', direction: 'asc' },
    page,
    (row) => [int(row.bucket_us), row.bucket_key],
  );
  return {
    rows: result.rows.map((row) => ({
      ...aggregatesOf(row),
      bucket_us: int(row.bucket_us),
      open_ticks: int(row.open_ticks),
      close_ticks: int(row.close_ticks),
    })),
    paging: result.paging,
  };
}
