import type { BookLevelChange, StreamEvent, TradeOrderIds } from '../../core/events.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { OrderRow, TradeRow } from '../../db/trading-rows.js';
import type { CommittedBatch } from './batch.js';
import type { FastOrderBook } from '../../engine/index.js';
import type { Side } from '../../engine/types.js';
import { orderView } from './order-views.js';
import { marketTradeView, tradeView } from '../market-data/trade-views.js';
import { formatPrice } from '../views.js';
import { assert } from '../../lib/assert.js';

/** A market's book as a batch left it: its new version is the sequence of its update. */
interface CommittedBook {
  version: number;
  book: FastOrderBook;
}

/** The resting order of a trade: the one of its two that did not come in. */
const makerOrderId = (trade: TradeRow): string =>
  trade.taker_order_id === trade.buy_order_id ? trade.sell_order_id : trade.buy_order_id;
const orderIdsOf = (trade: TradeRow): TradeOrderIds => ({
  maker_order_id: makerOrderId(trade),
  taker_order_id: trade.taker_order_id,
});

/**
 * The trades of the batch that left their resting order partly filled. The batch holds each order
 * once, as it ended: walking its trades from the last, an order's filled quantity after a trade is
 * its final one less what later trades of the batch filled (a later cancel or expiry of the order
 * changes its remaining quantity, not its filled one).
 */
function tradesLeavingMakerPartial(batch: CommittedBatch): Set<string> {
  const orders = new Map<string, OrderRow>();
  for (const row of [...batch.newOrders, ...batch.changedOrders]) orders.set(row.id, row);
  const filledAfter = new Map<string, number>();
  const partial = new Set<string>();
  for (const trade of [...batch.trades].reverse()) {
    const maker = orders.get(makerOrderId(trade));
    if (!maker) continue;
    const filled = filledAfter.get(maker.id) ?? maker.filled_quantity;
    if (filled < maker.quantity) partial.add(trade.id);
    filledAfter.set(maker.id, filled - trade.quantity);
  }
  return partial;
}

/**
 * The events a committed batch makes, with no I/O: per market, its trades and one book update
 * (sequence = the book's new version, so every batch that touched the market makes exactly one,
 * even one that changed no level); per user, its orders as they now are (a batch that placed and
 * filled an order shows it once, as `new_order` in its final state) with the trading account of
 * each (`unitsAccountOf`, read by the caller), and its fills, each with the ids of its two orders
 * and whether it left the user's resting order partly filled.
 */
export function batchEvents(
  batch: CommittedBatch,
  books: ReadonlyMap<string, CommittedBook>,
  marketOf: (marketId: string) => MarketWithInstrument,
  unitsAccountOf: (order: OrderRow) => string,
): StreamEvent[] {
  const events: StreamEvent[] = [
    ...marketTradeEvents(batch, marketOf),
    ...bookEvents(batch, books),
    ...orderEvents(batch.newOrders, 'new_order', marketOf, unitsAccountOf),
    ...orderEvents(batch.changedOrders, 'order_update', marketOf, unitsAccountOf),
    ...userTradeEvents(batch, marketOf),
  ];
  if (batch.accountIds.length > 0)
    events.push({ stream: 'control', event: 'accounts_changed', accountIds: [...batch.accountIds] });
  return events;
}

/** Each trade of the batch, on its market's public stream. */
function marketTradeEvents(batch: CommittedBatch, marketOf: (marketId: string) => MarketWithInstrument): StreamEvent[] {
  return batch.trades.map((trade): StreamEvent => ({
    stream: 'market.trades',
    marketId: trade.market_id,
    event: 'new_trade',
    data: marketTradeView(trade, marketOf(trade.market_id)),
    orderIds: orderIdsOf(trade),
  }));
}

/** One book update per market the batch touched: the levels it changed, as the book now holds them. */
function bookEvents(batch: CommittedBatch, books: ReadonlyMap<string, CommittedBook>): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const [marketId, { version, book }] of books) {
    const levels = batch.levels.get(marketId) ?? [];
    events.push({
      stream: 'market.book',
      marketId,
      event: 'book_update',
      data: {
        market_id: marketId,
        sequence: version,
        buy: levelChanges(levels, book, 'buy'),
        sell: levelChanges(levels, book, 'sell'),
      },
    });
  }
  return events;
}

/** The changed levels of one side, best price first, each with what now rests there (zero when nothing). */
function levelChanges(
  levels: readonly { side: Side; priceTicks: number }[],
  book: FastOrderBook,
  side: Side,
): BookLevelChange[] {
  return levels
    .filter((level) => level.side === side)
    .sort((a, b) => (side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks))
    .map(({ priceTicks }) => {
      const resting = book.level(side, priceTicks);
      return {
        price: formatPrice(priceTicks),
        quantity: resting?.quantity ?? 0,
        order_count: resting?.orderCount ?? 0,
      };
    });
}

/** Each order, as it now is, to its user, with its trading account. */
function orderEvents(
  rows: readonly OrderRow[],
  event: 'new_order' | 'order_update',
  marketOf: (marketId: string) => MarketWithInstrument,
  unitsAccountOf: (order: OrderRow) => string,
): StreamEvent[] {
  return rows.map((row): StreamEvent => ({
    stream: 'user.orders',
    userId: row.user_id,
    event,
    data: orderView(row, marketOf(row.market_id)),
    tradingAccountId: unitsAccountOf(row),
  }));
}

/** Each leg of the batch's trades, to its user, with the ids of the trade's two orders. */
function userTradeEvents(batch: CommittedBatch, marketOf: (marketId: string) => MarketWithInstrument): StreamEvent[] {
  const trades = new Map(batch.trades.map((trade) => [trade.id, trade]));
  const partial = tradesLeavingMakerPartial(batch);
  return batch.legs.map((leg): StreamEvent => {
    const trade = trades.get(leg.trade_id);
    assert(trade, `leg of order ${leg.order_id} names trade ${leg.trade_id}, which the batch does not hold`);
    const orderIds = orderIdsOf(trade);
    return {
      stream: 'user.trades',
      userId: leg.user_id,
      event: 'new_trade',
      data: tradeView(leg, marketOf(leg.market_id)),
      orderIds,
      restingPartially: leg.order_id === orderIds.maker_order_id && partial.has(leg.trade_id),
    };
  });
}
