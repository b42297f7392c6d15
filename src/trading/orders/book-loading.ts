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
import type { Sql } from '../../db/sql.js';
import { assert } from '../../lib/assert.js';
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
        assert(kind === 'pending' || order.price_ticks !== null, `resting order ${order.id} has no price`);
        const placed = book.place(placeCommandOf(order));
        assert(
          placed.code === 'ok' && placed.fills.length === 0 && placed.restingQuantity === order.remaining_quantity,
          `stored book of ${marketId} is crossed (or a stop is due) at ${order.id}`,
        );
        after = order.sequence;
      }
      if (page.length < buildStep) break;
    }
  }
  return { book, readBook: book, version: stored.version, nextSequence: stored.next_sequence, lastTradeTicks };
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
  return { book, readBook: book, version: stored.version, nextSequence: stored.next_sequence, lastTradeTicks };
}

/** The market's book built from its stored rows outside any transaction; undefined when the market has no book. */
export async function loadBook(sql: Sql, marketId: string): Promise<MarketBook | undefined> {
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
