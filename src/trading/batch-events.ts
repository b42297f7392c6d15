import type { BookLevelChange, StreamEvent } from '../core/events.js';
import type { MarketWithInstrument } from '../core/reference.js';
import type { CommittedBatch } from './batch.js';
import type { FastOrderBook } from './engine/index.js';
import type { Side } from './engine/types.js';
import { orderView } from './order-views.js';
import { marketTradeView, tradeView } from './trade-views.js';
import { formatPrice } from './views.js';

/** A market's book as a batch left it: its new version is the sequence of its update. */
export interface CommittedBook {
  version: number;
  book: FastOrderBook;
}

/**
 * The events a committed batch makes, with no I/O: per market, its trades and one book update
 * (sequence = the book's new version, so every batch that touched the market makes exactly one,
 * even one that changed no level); per user, its orders as they now are (a batch that placed and
 * filled an order shows it once, as `new_order` in its final state) and its fills.
 */
export function batchEvents(batch: CommittedBatch, books: ReadonlyMap<string, CommittedBook>, marketOf: (marketId: string) => MarketWithInstrument): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const trade of batch.trades) events.push({ stream: 'market.trades', marketId: trade.market_id, event: 'new_trade', data: marketTradeView(trade, marketOf(trade.market_id)) });
  for (const [marketId, { version, book }] of books) {
    const levels = batch.levels.get(marketId) ?? [];
    const side = (which: Side): BookLevelChange[] =>
      levels
        .filter((level) => level.side === which)
        .sort((a, b) => (which === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks))
        .map(({ priceTicks }) => {
          const resting = book.level(which, priceTicks);
          return { price: formatPrice(priceTicks), quantity: resting?.quantity ?? 0, order_count: resting?.orderCount ?? 0 };
        });
    events.push({ stream: 'market.book', marketId, event: 'book_update', data: { market_id: marketId, sequence: version, buy: side('buy'), sell: side('sell') } });
  }
  for (const row of batch.newOrders) events.push({ stream: 'user.orders', userId: row.user_id, event: 'new_order', data: orderView(row, marketOf(row.market_id)) });
  for (const row of batch.changedOrders) events.push({ stream: 'user.orders', userId: row.user_id, event: 'order_update', data: orderView(row, marketOf(row.market_id)) });
  for (const leg of batch.legs) events.push({ stream: 'user.trades', userId: leg.user_id, event: 'new_trade', data: tradeView(leg, marketOf(leg.market_id)) });
  if (batch.accountIds.length > 0) events.push({ stream: 'control', event: 'accounts_changed', accountIds: [...batch.accountIds] });
  return events;
}
