import { expect } from 'chai';
import { createServices } from '../../src/app/services.js';
import { cancelOrder, createOrder, type NewOrder } from '../../src/trading/orders/orders.js';
import { amendOrder } from '../../src/trading/orders/amend.js';
import type { Side } from '../../src/engine/types.js';
import { createTestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Two order services on one database stand for two processes: each holds its own in-memory
 * books. When one trades, the other's book is behind; it catches up from the orders changed since
 * (migration 0013) instead of rebuilding. After every command, the book each one holds must be the
 * book the database holds, order for order, in priority.
 */
describeEachDatabase('trading: a held book catches up with another process', (env) => {
  const services = () => env().service.services;

  it('keeps both books equal to the stored one through fills, partial fills, cancels and amends made on either side', async () => {
    const first = services();
    const second = createServices(first.config, first.db, first.clock, first.logger);
    const market = await marketOf(first, 'code-prime');
    const traders = [await createTestUser(first), await createTestUser(first), await createTestUser(first)];
    for (const trader of traders) {
      await giveUsd(first, trader.userId, '1000.00');
      await giveUnits(first, trader.userId, market.instrumentId, 1_000);
    }
    const order = (side: Side, price: string, quantity: number): NewOrder => ({
      marketId: market.marketId,
      clientOrderId: null,
      side,
      type: 'limit',
      priceText: price,
      quantity,
      timeInForce: 'gtc',
      shouldAutotransfer: false,
    });
    const both = [first, second];
    const placed: { orderId: string; userId: string; by: number }[] = [];
    // A fixed walk, so that a failure repeats: rests, crosses, partial fills, cancels and amends, alternating services.
    const prices = ['0.4900', '0.5000', '0.5100', '0.5000', '0.4800', '0.5200', '0.5000', '0.4900'];
    for (let step = 0; step < 40; step += 1) {
      const by = step % 2;
      const service = both[by]!;
      const trader = traders[step % traders.length]!;
      const nowUs = first.clock.nowUs();
      if (step % 7 === 5 && placed.length > 0) {
        const target = placed[(step * 3) % placed.length]!;
        await cancelOrder(service, target.userId, target.orderId, nowUs).catch(() => undefined);
      } else if (step % 7 === 6 && placed.length > 0) {
        const target = placed[(step * 5) % placed.length]!;
        await amendOrder(
          service,
          target.userId,
          target.orderId,
          { priceText: step % 2 === 0 ? '0.4700' : undefined, quantity: 3 + (step % 4) },
          nowUs,
        ).catch(() => undefined);
      } else {
        const side: Side = step % 3 === 0 ? 'sell' : 'buy';
        const created = await createOrder(
          service,
          trader.userId,
          order(side, prices[step % prices.length]!, 1 + (step % 5)),
          nowUs,
        );
        if ('refused' in created) throw new Error(created.refused.detail);
        placed.push({ orderId: created.value.orderId, userId: trader.userId, by });
      }
      await expectBooksAsStored(both, market.marketId);
    }
  });

  async function expectBooksAsStored(all: ReturnType<typeof createServices>[], marketId: string): Promise<void> {
    const { db } = services();
    const rows = (await db('orders')
      .where('market_id', marketId)
      .andWhere('remaining_quantity', '>', 0)
      .select('id', 'side', 'price_ticks', 'remaining_quantity', 'sequence')) as {
      id: string;
      side: Side;
      price_ticks: number;
      remaining_quantity: number;
      sequence: number;
    }[];
    const stored = (side: Side) =>
      rows
        .filter((r) => r.side === side)
        .sort(
          (a, b) =>
            (side === 'buy'
              ? Number(b.price_ticks) - Number(a.price_ticks)
              : Number(a.price_ticks) - Number(b.price_ticks)) || Number(a.sequence) - Number(b.sequence),
        )
        .map((r) => `${r.id}@${Number(r.price_ticks)}×${Number(r.remaining_quantity)}`);
    for (const [i, service] of all.entries()) {
      const held = service.orderBooks.books.heldBook(marketId);
      if (!held) continue;
      // A held book may be behind; the next command on it catches it up. Ask it to do so now.
      await service.orderBooks.books.run(marketId, async () => undefined);
      const current = service.orderBooks.books.heldBook(marketId)!;
      for (const side of ['buy', 'sell'] as const) {
        const inMemory = current.book.orders(side).map((o) => `${o.orderId}@${o.priceTicks}×${o.remaining}`);
        expect(inMemory, `service ${i + 1}'s ${side} side`).to.deep.equal(stored(side));
      }
    }
  }
});
