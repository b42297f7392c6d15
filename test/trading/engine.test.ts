import { expect } from 'chai';
import { FastOrderBook, ReferenceOrderBook, type OrderBook, type PlaceCommand, type PlaceResult } from '../../src/trading/engine/index.js';

type Books = { name: string; make: () => OrderBook }[];
const books: Books = [
  { name: 'reference book', make: () => new ReferenceOrderBook() },
  { name: 'fast book', make: () => new FastOrderBook() },
];

let next = 0;
const limit = (traderId: string, side: 'buy' | 'sell', priceTicks: number, quantity: number, extra: Partial<PlaceCommand> = {}): PlaceCommand => ({
  orderId: `o${(next += 1)}`,
  traderId,
  side,
  type: 'limit',
  priceTicks,
  quantity,
  timeInForce: 'gtc',
  ...extra,
});
const market = (traderId: string, side: 'buy' | 'sell', quantity: number, extra: Partial<PlaceCommand> = {}): PlaceCommand => ({
  orderId: `o${(next += 1)}`,
  traderId,
  side,
  type: 'market',
  priceTicks: null,
  quantity,
  timeInForce: 'gtc',
  ...extra,
});

const ok = (result: PlaceResult) => {
  if (result.code !== 'ok') throw new Error(`expected ok, got ${result.code}`);
  return result;
};

for (const { name, make } of books) {
  describe(`matching engine: ${name}`, () => {
    let book: OrderBook;
    beforeEach(() => {
      book = make();
    });

    it('rests a limit order that does not cross', () => {
      const result = ok(book.place(limit('a', 'buy', 100, 5)));
      expect(result).to.deep.include({ fills: [], restingQuantity: 5, closedQuantity: 0, closureReason: null });
      expect(book.bestBid()).to.equal(100);
      expect(book.bestAsk()).to.equal(null);
    });

    it('fills at the maker price, best price first, then oldest first', () => {
      const first = limit('m1', 'sell', 101, 2);
      const second = limit('m2', 'sell', 100, 2);
      const third = limit('m3', 'sell', 100, 2);
      book.place(first);
      book.place(second);
      book.place(third);
      const result = ok(book.place(limit('t', 'buy', 105, 5)));
      expect(result.fills.map((f) => [f.makerOrderId, f.priceTicks, f.quantity, f.makerRemaining])).to.deep.equal([
        [second.orderId, 100, 2, 0],
        [third.orderId, 100, 2, 0],
        [first.orderId, 101, 1, 1],
      ]);
      expect(result.restingQuantity).to.equal(0);
      expect(book.order(first.orderId)?.remaining).to.equal(1);
    });

    it('rests the remainder of a gtc limit after partial fills', () => {
      book.place(limit('m', 'sell', 100, 3));
      const result = ok(book.place(limit('t', 'buy', 100, 10)));
      expect(result.fills).to.have.length(1);
      expect(result.restingQuantity).to.equal(7);
      expect(book.bestBid()).to.equal(100);
      expect(book.bestAsk()).to.equal(null);
    });

    it('closes an ioc remainder', () => {
      book.place(limit('m', 'sell', 100, 3));
      const result = ok(book.place(limit('t', 'buy', 100, 10, { timeInForce: 'ioc' })));
      expect(result).to.deep.include({ restingQuantity: 0, closedQuantity: 7, closureReason: 'ioc_remainder' });
      expect(book.bestBid()).to.equal(null);
    });

    it('closes a fok that cannot fill whole, touching nothing', () => {
      const maker = limit('m', 'sell', 100, 3);
      book.place(maker);
      const result = ok(book.place(limit('t', 'buy', 100, 4, { timeInForce: 'fok' })));
      expect(result).to.deep.include({ fills: [], restingQuantity: 0, closedQuantity: 4, closureReason: 'fok_unfilled' });
      expect(book.order(maker.orderId)?.remaining).to.equal(3);
    });

    it('fills a fok that can fill whole across levels', () => {
      book.place(limit('m', 'sell', 100, 3));
      book.place(limit('m', 'sell', 101, 3));
      const result = ok(book.place(limit('t', 'buy', 101, 5, { timeInForce: 'fok' })));
      expect(result.fills.map((f) => f.quantity)).to.deep.equal([3, 2]);
      expect(result.closureReason).to.equal(null);
    });

    it('does not count liquidity beyond the limit price toward a fok', () => {
      book.place(limit('m', 'sell', 100, 3));
      book.place(limit('m', 'sell', 102, 3));
      expect(ok(book.place(limit('t', 'buy', 101, 5, { timeInForce: 'fok' }))).closureReason).to.equal('fok_unfilled');
    });

    it('sweeps with a market order and closes the rest for no liquidity', () => {
      book.place(limit('m', 'sell', 100, 2));
      book.place(limit('m', 'sell', 150, 2));
      const result = ok(book.place(market('t', 'buy', 10)));
      expect(result.fills.map((f) => f.priceTicks)).to.deep.equal([100, 150]);
      expect(result).to.deep.include({ restingQuantity: 0, closedQuantity: 6, closureReason: 'no_liquidity' });
    });

    it('stops a market buy when its budget runs out', () => {
      book.place(limit('m', 'sell', 100, 5));
      book.place(limit('m', 'sell', 200, 5));
      const result = ok(book.place(market('t', 'buy', 10, { quoteBudget: 750 })));
      // 5 × 100 = 500 spent, then 250 buys one more at 200.
      expect(result.fills.map((f) => [f.priceTicks, f.quantity])).to.deep.equal([
        [100, 5],
        [200, 1],
      ]);
      expect(result).to.deep.include({ closedQuantity: 4, closureReason: 'insufficient_funds' });
    });

    it('makes a market fok all or nothing', () => {
      book.place(limit('m', 'sell', 100, 2));
      expect(ok(book.place(market('t', 'buy', 3, { timeInForce: 'fok' }))).closureReason).to.equal('fok_unfilled');
      expect(ok(book.place(market('t', 'buy', 2, { timeInForce: 'fok' }))).fills).to.have.length(1);
    });

    it('never rests a market order', () => {
      const result = ok(book.place(market('t', 'sell', 3)));
      expect(result).to.deep.include({ fills: [], restingQuantity: 0, closedQuantity: 3, closureReason: 'no_liquidity' });
      expect(book.bestAsk()).to.equal(null);
    });

    it('prevents a self-trade: fills others first, then closes the incoming remainder and keeps the resting order', () => {
      const other = limit('b', 'sell', 100, 1);
      const own = limit('a', 'sell', 100, 5);
      book.place(other);
      book.place(own);
      const result = ok(book.place(limit('a', 'buy', 100, 4)));
      expect(result.fills.map((f) => f.makerOrderId)).to.deep.equal([other.orderId]);
      expect(result).to.deep.include({ restingQuantity: 0, closedQuantity: 3, closureReason: 'self_trade_prevented' });
      expect(book.order(own.orderId)?.remaining).to.equal(5);
    });

    it('treats its own order as the end of the fillable quantity for a fok', () => {
      book.place(limit('a', 'sell', 100, 5));
      book.place(limit('b', 'sell', 101, 5));
      expect(ok(book.place(limit('a', 'buy', 101, 3, { timeInForce: 'fok' }))).closureReason).to.equal('fok_unfilled');
    });

    it('cancels a resting order, and only its owner can', () => {
      const order = limit('a', 'buy', 100, 5);
      book.place(order);
      expect(book.cancel(order.orderId, 'b')).to.deep.equal({ code: 'unknown_order' });
      expect(book.cancel(order.orderId, 'a')).to.deep.equal({ code: 'ok', cancelledQuantity: 5 });
      expect(book.cancel(order.orderId, 'a')).to.deep.equal({ code: 'unknown_order' });
      expect(book.bestBid()).to.equal(null);
    });

    it('keeps priority when an amend lowers the quantity at the same price', () => {
      const first = limit('a', 'sell', 100, 5);
      const second = limit('b', 'sell', 100, 5);
      book.place(first);
      book.place(second);
      expect(book.amend({ orderId: first.orderId, traderId: 'a', priceTicks: 100, remaining: 2 })).to.deep.include({ code: 'ok', priorityKept: true });
      expect(ok(book.place(limit('t', 'buy', 100, 1))).fills[0]!.makerOrderId).to.equal(first.orderId);
      expect(book.depth('sell', 5)).to.deep.equal([{ priceTicks: 100, quantity: 6, orderCount: 2 }]);
    });

    it('loses priority when an amend raises the quantity', () => {
      const first = limit('a', 'sell', 100, 5);
      const second = limit('b', 'sell', 100, 5);
      book.place(first);
      book.place(second);
      expect(book.amend({ orderId: first.orderId, traderId: 'a', priceTicks: 100, remaining: 6 })).to.deep.include({ code: 'ok', priorityKept: false });
      expect(ok(book.place(limit('t', 'buy', 100, 1))).fills[0]!.makerOrderId).to.equal(second.orderId);
    });

    it('re-queues on a price change, and matches when the new price crosses', () => {
      const bid = limit('b', 'buy', 99, 5);
      const ask = limit('a', 'sell', 101, 3);
      book.place(bid);
      book.place(ask);
      const result = book.amend({ orderId: ask.orderId, traderId: 'a', priceTicks: 99, remaining: 3 });
      if (result.code !== 'ok') throw new Error(result.code);
      expect(result.priorityKept).to.equal(false);
      expect(result.fills.map((f) => [f.makerOrderId, f.priceTicks, f.quantity])).to.deep.equal([[bid.orderId, 99, 3]]);
      expect(book.order(bid.orderId)?.remaining).to.equal(2);
      expect(book.order(ask.orderId)).to.equal(undefined);
    });

    it('refuses invalid commands with their codes', () => {
      expect(book.place(limit('a', 'buy', 0, 1)).code).to.equal('invalid_price');
      expect(book.place(limit('a', 'buy', 1.5, 1)).code).to.equal('invalid_price');
      expect(book.place(limit('a', 'buy', 100, 0)).code).to.equal('invalid_quantity');
      expect(book.place(limit('a', 'buy', 100, -2)).code).to.equal('invalid_quantity');
      expect(book.place({ ...market('a', 'buy', 1), priceTicks: 100 }).code).to.equal('invalid_price');
      const order = limit('a', 'buy', 100, 1);
      book.place(order);
      expect(book.place(order).code).to.equal('duplicate_order_id');
      expect(book.amend({ orderId: order.orderId, traderId: 'a', priceTicks: 100, remaining: 0 }).code).to.equal('invalid_quantity');
      expect(book.amend({ orderId: 'nope', traderId: 'a', priceTicks: 100, remaining: 1 }).code).to.equal('unknown_order');
    });

    it('reports depth best first, with totals and order counts, cut at the level limit', () => {
      book.place(limit('a', 'buy', 98, 1));
      book.place(limit('b', 'buy', 100, 2));
      book.place(limit('c', 'buy', 100, 3));
      book.place(limit('d', 'buy', 99, 4));
      expect(book.depth('buy', 2)).to.deep.equal([
        { priceTicks: 100, quantity: 5, orderCount: 2 },
        { priceTicks: 99, quantity: 4, orderCount: 1 },
      ]);
    });
  });
}
