import { readBookAtVersion } from '../../db/book-snapshot.js';
import type { Db } from '../../db/knex.js';
import type { BookSnapshot } from '../../core/events.js';
import type { Clock } from '../../lib/clock.js';
import { orderBookView } from './market-data-views.js';

/**
 * The whole book of a market at its current sequence (market_books.version, read in the same
 * snapshot as the levels), shaped as the orderbook endpoint answers it: the first message of a
 * `market.book` stream. The composition root hands it to the stream sessions (src/streams/), which
 * then apply the updates after that sequence. Undefined for a market without a book.
 */
export async function bookSnapshot(
  deps: { db: Db; clock: Clock },
  marketId: string,
): Promise<BookSnapshot | undefined> {
  const book = await readBookAtVersion(deps.db, marketId);
  if (!book) return undefined;
  const levels = (rows: typeof book.buy) =>
    rows.map((r) => ({ priceTicks: r.price_ticks, quantity: r.quantity, orderCount: r.order_count }));
  return {
    ...orderBookView(marketId, { buy: levels(book.buy), sell: levels(book.sell) }, deps.clock.nowUs()),
    sequence: book.version,
  };
}
