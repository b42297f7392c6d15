import { setImmediate } from 'node:timers/promises';
import {
  findMarketBook,
  lastTradePriceTicks,
  ordersChangedSince,
  pendingStopsPage,
  restingOrdersPage,
  type MarketBookRow,
  type RestingOrderRow,
} from '../../db/orders.js';
import { poolSql, type Sql } from '../../db/sql.js';
import { bookReaderWorkerUrl, bookSourceOf, readBookInWorker, restsAtLeast } from '../../db/book-reader.js';
import type { Db } from '../../db/knex.js';
import { packedRow, textsOf, type PackedBook } from '../../db/packed-book.js';
import { assert } from '../../lib/assert.js';
import type { Logger } from '../../lib/logger.js';
import type { MarketBook } from './market-book.js';
import { FastOrderBook, type PlaceCommand } from '../../engine/index.js';

/**
 * A market's in-memory book from its stored orders (src/trading/orders/books.ts holds it): built whole
 * from the resting orders and the pending stops, or caught up from the orders another process
 * changed since the version it holds.
 */

/**
 * Orders read and placed between turns of the event loop while a book is built: a deep book is built in pages of this
 * many.
 */
const buildStep = 250;

interface BookPages {
  resting: (afterSequence: number) => Promise<RestingOrderRow[]>;
  pending: (afterSequence: number) => Promise<RestingOrderRow[]>;
}

const pagesOf = (sql: Sql, marketId: string): BookPages => ({
  resting: (after) => restingOrdersPage(sql, marketId, after, buildStep),
  pending: (after) => pendingStopsPage(sql, marketId, after, buildStep),
});

/**
 * What the engine is told of a stored order: a pending stop as the stop it is (a stop buy's
 * budget is its quantity at the stop price, as at placement); anything else as a resting limit
 * order with what is left of it.
 */
function placeCommandOf(order: RestingOrderRow): PlaceCommand {
  return order.status === 'pending' ? stopCommandOf(order) : restingCommandOf(order);
}

/**
 * A resting order's command as one literal of a fixed shape: a deep book is built from 100,000 of
 * them on the main thread, where spreading a shared part took 727 ms of profile samples for 100,000 orders (bench-orders --cpu-prof).
 */
function restingCommandOf(order: RestingOrderRow): PlaceCommand {
  return {
    orderId: order.id,
    traderId: order.user_id,
    side: order.side,
    selfTradePrevention: order.self_trade_prevention,
    expiresAt: order.expires_at_us === null ? null : Number(order.expires_at_us),
    type: 'limit',
    priceTicks: Number(order.price_ticks),
    quantity: order.remaining_quantity,
    timeInForce: 'gtc',
    postOnly: Boolean(order.post_only),
  };
}

function stopCommandOf(order: RestingOrderRow): PlaceCommand {
  const common = {
    orderId: order.id,
    traderId: order.user_id,
    side: order.side,
    selfTradePrevention: order.self_trade_prevention,
    expiresAt: order.expires_at_us === null ? null : Number(order.expires_at_us),
  };
  const quantity = order.quantity - order.filled_quantity;
  const stopTicks = Number(order.stop_price_ticks);
  return {
    ...common,
    type: order.type,
    priceTicks: order.price_ticks === null ? null : Number(order.price_ticks),
    stopTicks,
    quantity,
    timeInForce: order.time_in_force,
    ...(order.type === 'stop' && order.side === 'buy' ? { quoteBudget: quantity * stopTicks } : {}),
  };
}

/** A book as loaded at `version`: read and written as one, and without the rows of any batch yet. */
const loadedBook = (
  book: FastOrderBook,
  version: number,
  nextSequence: number,
  lastTradeTicks: number | null,
): MarketBook => ({ book, readBook: book, version, nextSequence, lastTradeTicks, rows: new Map() });

/** Places a stored order on the book being built: it must rest as stored, crossing nothing (or pend, for a stop). */
function placeStored(book: FastOrderBook, marketId: string, order: RestingOrderRow, pending: boolean): void {
  assert(pending || order.price_ticks !== null, `resting order ${order.id} has no price`);
  const placed = book.place(placeCommandOf(order));
  assert(
    placed.code === 'ok' && placed.fills.length === 0 && placed.restingQuantity === order.remaining_quantity,
    `stored book of ${marketId} is crossed (or a stop is due) at ${order.id}`,
  );
}

/**
 * The book from its resting orders then its pending stops, each read page by page in time priority, letting other
 * requests run between pages.
 */
async function buildBook(
  marketId: string,
  stored: MarketBookRow,
  pages: BookPages,
  lastTradeTicks: number | null,
): Promise<MarketBook> {
  const book = new FastOrderBook({ lastTradeTicks });
  for (const [kind, pageAfter] of [
    ['resting', pages.resting],
    ['pending', pages.pending],
  ] as const) {
    for (let after = 0, first = true; ; first = false) {
      if (!first) await setImmediate();
      const page = await pageAfter(after);
      for (const order of page) {
        placeStored(book, marketId, order, kind === 'pending');
        after = order.sequence;
      }
      if (page.length < buildStep) break;
    }
  }
  return loadedBook(book, stored.version, stored.next_sequence, lastTradeTicks);
}

/** Orders of a book read on a worker thread placed between turns of the event loop. */
const placeStep = 1_000;

/** The book from the rows a worker read (book-reader.ts), placed as `buildBook` places them, a slice at a time. */
async function buildPackedBook(marketId: string, packed: PackedBook): Promise<MarketBook> {
  const { lastTradeTicks } = packed;
  const book = new FastOrderBook({ lastTradeTicks });
  const texts = textsOf(packed);
  for (let start = 0; start < packed.count; start += placeStep) {
    if (start > 0) await setImmediate();
    const end = Math.min(packed.count, start + placeStep);
    for (let i = start; i < end; i++)
      placeStored(book, marketId, packedRow(packed, texts, i), i >= packed.restingCount);
  }
  return loadedBook(book, packed.version, packed.nextSequence, lastTradeTicks);
}

/** Beyond this many orders changed elsewhere, rebuilding the book is as cheap as catching up. */
const catchUpMax = 2_000;

/**
 * Brings the held book from its version to the stored one by the orders changed since (migration
 * 0013), in time priority. An order whose sequence is older than the held version kept its place:
 * it shrank (a fill) or left. One (re)queued since goes to the back of its level, as it did where
 * it was queued; a triggered stop that rests was queued when it triggered. A stop still pending
 * that the book lacks was placed meanwhile; one the book holds that is no longer pending
 * triggered or left. Anything that does not fit that picture gives up (undefined): the caller
 * rebuilds. The held book is changed either way, so the caller drops it.
 */
async function catchUp(
  sql: Sql,
  marketId: string,
  held: MarketBook,
  stored: MarketBookRow,
): Promise<MarketBook | undefined> {
  const changed = await ordersChangedSince(sql, marketId, held.version, catchUpMax + 1);
  if (changed.length > catchUpMax) return undefined;
  const { book } = held;
  const lastTradeTicks = await lastTradePriceTicks(sql, marketId);
  book.setLastTrade(lastTradeTicks);
  for (const order of changed) {
    const stop = book.stop(order.id);
    if (order.status === 'pending') {
      if (stop) continue;
      if (book.place(placeCommandOf(order)).code !== 'ok') return undefined;
      continue;
    }
    if (stop) book.cancel(order.id, stop.traderId);
    const resting = book.order(order.id);
    const requeued = order.sequence >= held.nextSequence;
    const rests = order.remaining_quantity > 0;
    if (resting && !requeued && rests && resting.priceTicks === order.price_ticks) {
      if (order.remaining_quantity > resting.remaining) return undefined;
      if (order.remaining_quantity === resting.remaining) continue;
      const shrunk = book.amend({
        orderId: order.id,
        traderId: resting.traderId,
        priceTicks: resting.priceTicks,
        remaining: order.remaining_quantity,
      });
      if (shrunk.code !== 'ok' || !shrunk.priorityKept || shrunk.fills.length > 0) return undefined;
      continue;
    }
    if (resting) book.cancel(order.id, resting.traderId);
    if (!rests) continue;
    if (!requeued || order.price_ticks === null) return undefined;
    const placed = book.place(placeCommandOf(order));
    if (placed.code !== 'ok' || placed.fills.length > 0 || placed.restingQuantity !== order.remaining_quantity)
      return undefined;
  }
  return loadedBook(book, stored.version, stored.next_sequence, lastTradeTicks);
}

/**
 * How a process reads a book it does not hold (books.ts keeps one, made in the composition root): a deep one on a
 * worker thread, a shallow one inline, where a thread would cost more than it saves.
 */
export interface BookReading {
  /** Resting orders from which a book is read on a worker thread. */
  workerMinOrders: number;
  /** The thread's module (book-reader-worker.ts). */
  workerUrl: URL;
  logger: Logger | undefined;
}

/** Below this, reading the pages inline (a few milliseconds, between turns) costs less than starting a thread. */
const workerMinOrdersDefault = 5_000;

export const bookReading = (logger?: Logger): BookReading => ({
  workerMinOrders: workerMinOrdersDefault,
  workerUrl: bookReaderWorkerUrl,
  logger,
});

/**
 * A deep market's book read on a worker thread, in one snapshot with its version; undefined when the book is shallow,
 * the database cannot be read from another connection, or the thread failed (logged): the caller reads it inline.
 */
async function loadDeepBook(db: Db, marketId: string, reading: BookReading): Promise<MarketBook | undefined | null> {
  const source = bookSourceOf(db);
  if (!source || !(await restsAtLeast(poolSql(db), marketId, reading.workerMinOrders))) return undefined;
  let packed: PackedBook | undefined;
  try {
    packed = await readBookInWorker(source, marketId, reading.workerUrl);
  } catch (error) {
    reading.logger?.warn({ err: error, marketId }, 'reading the book on a worker thread failed: reading it inline');
    return undefined;
  }
  if (!packed) return null;
  const built = await buildPackedBook(marketId, packed);
  reading.logger?.info({ marketId, orders: packed.count }, 'book read on a worker thread');
  return built;
}

/**
 * The market's book built from its stored rows outside any transaction (a deep one read on a worker thread); undefined
 * when the market has no book.
 */
export async function loadBook(db: Db, marketId: string, reading: BookReading): Promise<MarketBook | undefined> {
  const deep = await loadDeepBook(db, marketId, reading);
  if (deep !== undefined) return deep ?? undefined;
  const sql = poolSql(db);
  const stored = await findMarketBook(sql, marketId);
  if (!stored) return undefined;
  return buildBook(marketId, stored, pagesOf(sql, marketId), await lastTradePriceTicks(sql, marketId));
}

/**
 * The book at the stored version: the one held (`held`), caught up with what other processes
 * changed since (a few orders, usually), or else rebuilt.
 */
export async function currentBook(
  sql: Sql,
  marketId: string,
  stored: MarketBookRow,
  held: MarketBook | undefined,
): Promise<MarketBook> {
  if (held && held.version === stored.version) return held;
  const caught = held && held.version < stored.version ? await catchUp(sql, marketId, held, stored) : undefined;
  return caught ?? buildBook(marketId, stored, pagesOf(sql, marketId), await lastTradePriceTicks(sql, marketId));
}
