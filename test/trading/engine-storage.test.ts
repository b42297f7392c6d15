import { expect } from 'chai';
import { FastOrderBook, ReferenceOrderBook, type Side } from '../../src/engine/index.js';
import { OrderIndex } from '../../src/engine/order-index.js';
import { OrderSlots } from '../../src/engine/slots.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

describe("matching engine storage: the fast book's slots, levels and id index", function () {
  this.timeout(60_000);

  it('the id index agrees with a Map over 100,000 random adds and deletes, through every resize and probe chain', () => {
    const random = seededRandom(11);
    const slots = new OrderSlots(16);
    const index = new OrderIndex(slots);
    const expected = new Map<string, number>();
    const live: string[] = [];
    for (let step = 0; step < 100_000; step += 1) {
      if (random() < 0.55 || live.length === 0) {
        const orderId = `order_${Math.floor(random() * 1e9).toString(36)}`;
        if (expected.has(orderId)) continue;
        expect(index.get(orderId), `step ${step}: ${orderId} before it was added`).to.equal(-1);
        const slot = slots.allocate({
          orderId,
          traderId: 't1',
          side: 'buy',
          selfTradePrevention: 'expire_taker',
          postOnly: false,
          expiresAt: null,
        });
        index.add(orderId, slot);
        expected.set(orderId, slot);
        live.push(orderId);
      } else {
        const at = Math.floor(random() * live.length);
        const orderId = live[at]!;
        live[at] = live[live.length - 1]!;
        live.pop();
        const slot = expected.get(orderId)!;
        expect(index.get(orderId), `step ${step}: ${orderId}`).to.equal(slot);
        index.delete(orderId);
        slots.release(slot);
        expected.delete(orderId);
        expect(index.get(orderId), `step ${step}: ${orderId} after it was deleted`).to.equal(-1);
      }
      if (step % 25_000 === 0 || step === 99_999) {
        for (const [orderId, slot] of expected) expect(index.get(orderId), `step ${step}: ${orderId}`).to.equal(slot);
        expect(index.size).to.equal(expected.size);
        expect([...index.indexedSlots()].sort((a, b) => a - b)).to.deep.equal(
          [...expected.values()].sort((a, b) => a - b),
        );
      }
    }
  });

  it('a book of 3,000 orders over 600 levels (past every initial capacity) agrees with the reference book after cancels, amends and a sweep', () => {
    const random = seededRandom(12);
    const fast = new FastOrderBook();
    const reference = new ReferenceOrderBook();
    const live: { orderId: string; traderId: string }[] = [];
    for (let i = 0; i < 3_000; i += 1) {
      const side: Side = i % 2 === 0 ? 'buy' : 'sell';
      const offset = 1 + Math.floor(random() * 300);
      const command = {
        orderId: `o${i}`,
        traderId: `t${Math.floor(random() * 50)}`,
        side,
        type: 'limit' as const,
        priceTicks: side === 'buy' ? 10_000 - offset : 10_000 + offset,
        quantity: 1 + Math.floor(random() * 20),
        timeInForce: 'gtc' as const,
        selfTradePrevention: 'expire_maker' as const,
      };
      expect(fast.place(command)).to.deep.equal(reference.place(command));
      live.push({ orderId: command.orderId, traderId: command.traderId });
    }
    for (let i = 0; i < 1_500; i += 1) {
      const { orderId, traderId } = live[Math.floor(random() * live.length)]!;
      if (random() < 0.3) expect(fast.cancel(orderId, traderId)).to.deep.equal(reference.cancel(orderId, traderId));
      else {
        const current = reference.order(orderId);
        const priceTicks = current ? current.priceTicks + Math.floor(random() * 3) - 1 : 10_000;
        const command = { orderId, traderId, priceTicks, remaining: 1 + Math.floor(random() * 20) };
        expect(fast.amend(command)).to.deep.equal(reference.amend(command));
      }
    }
    const sweep = {
      orderId: 'sweep',
      traderId: 't0',
      side: 'buy' as const,
      type: 'market' as const,
      priceTicks: null,
      quantity: 10_000,
      timeInForce: 'ioc' as const,
      selfTradePrevention: 'expire_maker' as const,
    };
    expect(fast.place(sweep)).to.deep.equal(reference.place(sweep));
    expect(fast.checkInvariants()).to.deep.equal([]);
    for (const side of ['buy', 'sell'] as const) {
      expect(fast.orders(side)).to.deep.equal(reference.orders(side));
      expect(fast.depth(side, 1_000)).to.deep.equal(reference.depth(side, 1_000));
    }
  });
});
