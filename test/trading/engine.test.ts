import { expect } from 'chai';
import {
  FastOrderBook,
  ReferenceOrderBook,
  type OrderBook,
  type PlaceCommand,
  type PlaceResult,
} from '../../src/engine/index.js';

type Books = { name: string; make: () => OrderBook }[];
const books: Books = [
  { name: 'reference book', make: () => new ReferenceOrderBook() },
  { name: 'fast book', make: () => new FastOrderBook() },
];

let next = 0;
const limit = (
  traderId: string,
  side: 'buy' | 'sell',
  priceTicks: number,
  quantity: number,
  extra: Partial<PlaceCommand> = {},
): PlaceCommand => ({
  orderId: `o${(next += 1)}`,
  traderId,
  side,
  type: 'limit',
  priceTicks,
  quantity,
  timeInForce: 'gtc',
  ...extra,
});
const market = (
  traderId: string,
  side: 'buy' | 'sell',
  quantity: number,
  extra: Partial<PlaceCommand> = {},
): PlaceCommand => ({
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
      expect(result).to.deep.include({
        fills: [],
        restingQuantity: 0,
        closedQuantity: 4,
        closureReason: 'fok_unfilled',
      });
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

    it('stops a market order at its protection price and closes the rest for no liquidity', () => {
      book.place(limit('m', 'sell', 100, 2));
      book.place(limit('m', 'sell', 150, 2));
      book.place(limit('n', 'buy', 90, 2));
      book.place(limit('n', 'buy', 60, 2));
      const buy = ok(book.place({ ...market('t', 'buy', 10), priceTicks: 120 }));
      expect(buy.fills.map((f) => [f.priceTicks, f.quantity])).to.deep.equal([[100, 2]]);
      expect(buy).to.deep.include({ restingQuantity: 0, closedQuantity: 8, closureReason: 'no_liquidity' });
      const sell = ok(book.place({ ...market('t', 'sell', 10), priceTicks: 90 }));
      expect(sell.fills.map((f) => [f.priceTicks, f.quantity])).to.deep.equal([[90, 2]]);
      expect(book.bestAsk()).to.equal(150);
      expect(book.bestBid()).to.equal(60);
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
      expect(result).to.deep.include({
        fills: [],
        restingQuantity: 0,
        closedQuantity: 3,
        closureReason: 'no_liquidity',
      });
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
      expect(book.amend({ orderId: first.orderId, traderId: 'a', priceTicks: 100, remaining: 2 })).to.deep.include({
        code: 'ok',
        priorityKept: true,
      });
      expect(ok(book.place(limit('t', 'buy', 100, 1))).fills[0]!.makerOrderId).to.equal(first.orderId);
      expect(book.depth('sell', 5)).to.deep.equal([{ priceTicks: 100, quantity: 6, orderCount: 2 }]);
    });

    it('loses priority when an amend raises the quantity', () => {
      const first = limit('a', 'sell', 100, 5);
      const second = limit('b', 'sell', 100, 5);
      book.place(first);
      book.place(second);
      expect(book.amend({ orderId: first.orderId, traderId: 'a', priceTicks: 100, remaining: 6 })).to.deep.include({
        code: 'ok',
        priorityKept: false,
      });
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
      expect(book.place({ ...market('a', 'buy', 1), priceTicks: 0 }).code).to.equal('invalid_price');
      expect(book.place({ ...market('a', 'buy', 1), priceTicks: 1.5 }).code).to.equal('invalid_price');
      const order = limit('a', 'buy', 100, 1);
      book.place(order);
      expect(book.place(order).code).to.equal('duplicate_order_id');
      expect(book.amend({ orderId: order.orderId, traderId: 'a', priceTicks: 100, remaining: 0 }).code).to.equal(
        'invalid_quantity',
      );
      expect(book.amend({ orderId: 'nope', traderId: 'a', priceTicks: 100, remaining: 1 }).code).to.equal(
        'unknown_order',
      );
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

    describe("self-trade prevention: the taker's mode decides", () => {
      // Own ask 5 @100 first in the queue, another trader's ask 5 @100 behind it; own buy 3 @100 arrives.
      const rows = [
        {
          mode: 'expire_taker',
          fills: [],
          taker: {
            restingQuantity: 0,
            closedQuantity: 3,
            closureReason: 'self_trade_prevented',
            decrementedQuantity: 0,
          },
          prevented: [],
          ownLeft: 5,
        },
        {
          mode: 'expire_maker',
          fills: [['other', 3]],
          taker: { restingQuantity: 0, closedQuantity: 0, closureReason: null, decrementedQuantity: 0 },
          prevented: [[5, 0]],
          ownLeft: undefined,
        },
        {
          mode: 'expire_both',
          fills: [],
          taker: {
            restingQuantity: 0,
            closedQuantity: 3,
            closureReason: 'self_trade_prevented',
            decrementedQuantity: 0,
          },
          prevented: [[5, 0]],
          ownLeft: undefined,
        },
        {
          mode: 'decrement',
          fills: [],
          taker: {
            restingQuantity: 0,
            closedQuantity: 0,
            closureReason: 'self_trade_prevented',
            decrementedQuantity: 3,
          },
          prevented: [[3, 2]],
          ownLeft: 2,
        },
      ] as const;
      for (const row of rows) {
        it(`${row.mode}`, () => {
          const own = limit('me', 'sell', 100, 5);
          const other = limit('other', 'sell', 100, 5);
          book.place(own);
          book.place(other);
          const result = ok(book.place(limit('me', 'buy', 100, 3, { selfTradePrevention: row.mode })));
          expect(result.fills.map((f) => [f.makerTraderId, f.quantity])).to.deep.equal(row.fills);
          expect(result).to.deep.include(row.taker);
          expect(result.prevented.map((p) => [p.quantity, p.remaining])).to.deep.equal(row.prevented);
          expect(book.order(own.orderId)?.remaining).to.equal(row.ownLeft);
        });
      }

      it('decrement takes the overlap off a larger taker, which goes on to trade with others', () => {
        book.place(limit('me', 'sell', 100, 2));
        book.place(limit('other', 'sell', 100, 5));
        const result = ok(book.place(limit('me', 'buy', 100, 6, { selfTradePrevention: 'decrement' })));
        expect(result).to.deep.include({
          decrementedQuantity: 2,
          restingQuantity: 0,
          closedQuantity: 0,
          closureReason: null,
        });
        expect(result.fills.map((f) => f.quantity)).to.deep.equal([4]);
      });

      it('a fok under expire_maker counts past its own orders; under the others it stops at them', () => {
        const own = limit('me', 'sell', 100, 5);
        book.place(own);
        book.place(limit('other', 'sell', 100, 3));
        expect(
          ok(book.place(limit('me', 'buy', 100, 3, { timeInForce: 'fok', selfTradePrevention: 'decrement' }))),
        ).to.deep.include({ closureReason: 'fok_unfilled', prevented: [] });
        expect(book.order(own.orderId)?.remaining).to.equal(5);
        const filled = ok(
          book.place(limit('me', 'buy', 100, 3, { timeInForce: 'fok', selfTradePrevention: 'expire_maker' })),
        );
        expect(filled.fills.map((f) => f.quantity)).to.deep.equal([3]);
        expect(filled.prevented).to.have.length(1);
      });
    });

    it('post-only rests when it would not take, and is refused (book unchanged) when it would', () => {
      book.place(limit('m', 'sell', 101, 2));
      expect(book.place(limit('t', 'buy', 101, 1, { postOnly: true })).code).to.equal('post_only_would_take');
      expect(book.orders('buy')).to.deep.equal([]);
      expect(ok(book.place(limit('t', 'buy', 100, 1, { postOnly: true })))).to.deep.include({ restingQuantity: 1 });
      expect(book.place(market('t', 'buy', 1, { postOnly: true })).code).to.equal('invalid_post_only');
      expect(book.place(limit('t', 'buy', 100, 1, { postOnly: true, timeInForce: 'ioc' })).code).to.equal(
        'invalid_post_only',
      );
    });

    it('stops wait off the book, trigger in the batch of the crossing trade, in trigger order, and cascade', () => {
      book.place(limit('m', 'sell', 100, 1));
      book.place(limit('m', 'sell', 102, 1));
      book.place(limit('m', 'sell', 103, 5));
      book.place(limit('n', 'buy', 90, 1));
      const later = limit('s2', 'buy', 0, 1, { type: 'stop', priceTicks: null, stopTicks: 101 });
      const earlier = limit('s1', 'buy', 0, 1, { type: 'stop_limit', priceTicks: 102, stopTicks: 100 });
      expect(ok(book.place(later)).pendingQuantity).to.equal(1);
      expect(ok(book.place(earlier)).pendingQuantity).to.equal(1);
      expect(book.bestBid()).to.equal(90);
      expect(book.stops('buy').map((s) => s.orderId)).to.deep.equal([earlier.orderId, later.orderId]);
      const result = ok(book.place(limit('t', 'buy', 100, 1)));
      // The trade at 100 triggers the 100 stop (fills at 102), whose trade triggers the 101 stop (fills at 103).
      expect(result.triggered.map((t) => [t.orderId, t.fills.map((f) => f.priceTicks)])).to.deep.equal([
        [earlier.orderId, [102]],
        [later.orderId, [103]],
      ]);
      expect(book.lastTrade()).to.equal(103);
      expect(book.stops('buy')).to.deep.equal([]);
      expect(book.place(limit('s3', 'buy', 0, 1, { type: 'stop', priceTicks: null, stopTicks: 103 })).code).to.equal(
        'stop_would_trigger',
      );
      expect(book.place(limit('s3', 'sell', 0, 1, { type: 'stop', priceTicks: null })).code).to.equal(
        'invalid_stop_price',
      );
      expect(book.place(limit('s3', 'sell', 100, 1, { stopTicks: 99 })).code).to.equal('invalid_stop_price');
    });

    it('expires what is due at the time given, resting orders and stops alike, earliest first', () => {
      const a = limit('a', 'buy', 90, 1, { timeInForce: 'gtd', expiresAt: 20 });
      const b = limit('b', 'sell', 0, 2, {
        type: 'stop',
        priceTicks: null,
        stopTicks: 80,
        timeInForce: 'gtd',
        expiresAt: 10,
      });
      const c = limit('c', 'buy', 91, 1, { timeInForce: 'gtd', expiresAt: 30 });
      for (const command of [a, b, c]) ok(book.place(command));
      expect(book.nextExpiry()).to.equal(10);
      expect(book.expire(9)).to.deep.equal([]);
      expect(book.expire(20)).to.deep.equal([
        { orderId: b.orderId, traderId: 'b', quantity: 2 },
        { orderId: a.orderId, traderId: 'a', quantity: 1 },
      ]);
      expect(book.stops('sell')).to.deep.equal([]);
      expect(book.orders('buy').map((o) => o.orderId)).to.deep.equal([c.orderId]);
      expect(book.nextExpiry()).to.equal(30);
    });
  });
}
