import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits, giveUsd, marketOf, orderState, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase, TestClock } from '../support/service.js';

/** POST /v1/orders/batch: validated as a whole, committed together, funded per order. */
describeEachDatabase(
  'trading: order batches',
  (env) => {
    const services = () => env().service.services;
    let market: MarketRef;
    let other: MarketRef;
    let trader: TestUser;

    beforeEach(async () => {
      market = await marketOf(services(), 'text-standard');
      other = await marketOf(services(), 'code-standard');
      trader = await createTestUser(services());
    });
    afterEach(async () => {
      await env().trading.delete('/v1/orders', { sign: trader.signingKey });
    });

    const buy = (price: string, quantity: number, extra: Record<string, unknown> = {}) => ({
      market_id: market.marketId,
      side: 'buy',
      type: 'limit',
      price,
      quantity,
      ...extra,
    });
    const batch = (orders: unknown[], user = trader) =>
      env().trading.post('/v1/orders/batch', { sign: user.signingKey, body: { orders } });
    const orderCount = async () =>
      (await env().trading.get('/v1/orders/count', { sign: trader.signingKey })).body.data.count as number;
    const bookVersion = async (marketId: string) =>
      Number(
        ((await services().db('market_books').where('market_id', marketId).first('version')) as { version: number })
          .version,
      );

    const badFifth: [string, Record<string, unknown>, number, string][] = [
      ['a schema failure (price as a number)', { price: 0.25 }, 422, 'validation_error'],
      ['a field rule (stop_price on a limit order)', { stop_price: '0.2000' }, 422, 'validation_error'],
      ['an order control (above max_order_size)', { quantity: 10_001 }, 422, 'quantity_above_max_order_size'],
      ['an unknown market', { market_id: 'market_nowhere' }, 404, 'not_found'],
    ];
    for (const [name, change, status, code] of badFifth) {
      it(`a bad 5th order (${name}) refuses the whole batch with ${status} ${code} and context.index 4; nothing is placed`, async () => {
        await giveUsd(services(), trader.userId, '100.00');
        const before = await balancesOf(services(), trader.userId, market.instrumentId);
        const orders = [
          buy('0.2000', 1),
          buy('0.2100', 1),
          buy('0.2200', 1),
          buy('0.2300', 1),
          buy('0.2400', 1, change),
          buy('0.2500', 1),
        ];
        const reply = await batch(orders);
        expect(reply.status, JSON.stringify(reply.body)).to.equal(status);
        expect(reply.body.errors.code).to.equal(code);
        expect(reply.body.errors.context.index).to.equal(4);
        expect(await orderCount()).to.equal(0);
        expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.deep.equal(before);
      });
    }

    it('refuses an empty batch and one of 21 orders with 422 validation_error', async () => {
      for (const orders of [
        [],
        Array.from({ length: 21 }, (_, i) => buy('0.2000', 1, { client_order_id: `b-${i}` })),
      ]) {
        const reply = await batch(orders);
        expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
        expect(reply.body.errors.context.errors[0].path).to.equal('body.orders');
      }
      expect(await orderCount()).to.equal(0);
    });

    it('refuses a client_order_id used twice in one batch, naming the second with context.index', async () => {
      await giveUsd(services(), trader.userId, '10.00');
      const reply = await batch([
        buy('0.2000', 1, { client_order_id: 'twice' }),
        buy('0.2000', 1),
        buy('0.2100', 1, { client_order_id: 'twice' }),
      ]);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors).to.deep.include({ code: 'duplicate_client_order_id' });
      expect(reply.body.errors.context).to.include({ index: 2, first_index: 0 });
      expect(await orderCount()).to.equal(0);
    });

    it('funds each order on its own, in request order, and answers 201 with {index, order} or {index, errors}; all in one commit', async () => {
      // 1.00 USD covers the first two buys (0.4000 + fee each) but not the third; no Units for the sell.
      await giveUsd(services(), trader.userId, '1.00');
      const versions = [await bookVersion(market.marketId), await bookVersion(other.marketId)];
      const orders = [
        buy('0.4000', 1, { client_order_id: 'funded-0' }),
        { market_id: other.marketId, side: 'buy', type: 'limit', price: '0.4000', quantity: 1 },
        buy('0.4000', 1),
        { market_id: other.marketId, side: 'sell', type: 'limit', price: '0.5000', quantity: 1 },
        buy('0.1000', 1, { time_in_force: 'ioc' }),
      ];
      const reply = await batch(orders);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      expect(reply.headers.get('x-ratelimit-remaining')).to.equal('17');
      expect(reply.headers.get('x-ratelimit-limit')).to.equal('20'); // the bucket's capacity the 17 are out of
      const data = reply.body.data as (
        { index: number; order: Record<string, any> } | { index: number; errors: Record<string, any> }
      )[];
      expect(data.map((r) => r.index)).to.deep.equal([0, 1, 2, 3, 4]);
      expect(data.map((r) => ('order' in r ? r.order.status : r.errors.code))).to.deep.equal([
        'active',
        'active',
        'insufficient_available_balance',
        'insufficient_available_balance',
        'closed',
      ]);
      for (const result of data)
        if ('order' in result)
          expect(result.order).to.deep.equal(await orderState(env(), trader, result.order.order_id));
      expect('order' in data[0]! && data[0].order.client_order_id).to.equal('funded-0');
      expect('errors' in data[2]! && data[2].errors.context).to.include({ currency: 'usd' });
      expect(await orderCount()).to.equal(3);
      // One group commit: each market's book moved by exactly one version.
      expect([await bookVersion(market.marketId), await bookVersion(other.marketId)]).to.deep.equal([
        versions[0]! + 1,
        versions[1]! + 1,
      ]);
    });

    it("matches the batch's orders one after the other: a later order trades with an earlier one of another trader's batch", async () => {
      const seller = await createTestUser(services());
      await giveUnits(services(), seller.userId, market.instrumentId, 5);
      await giveUsd(services(), trader.userId, '10.00');
      const sells = await batch(
        [
          { market_id: market.marketId, side: 'sell', type: 'limit', price: '0.3000', quantity: 2 },
          { market_id: market.marketId, side: 'sell', type: 'stop', stop_price: '0.2900', quantity: 1 },
        ],
        seller,
      );
      expect(sells.status, JSON.stringify(sells.body)).to.equal(201);
      expect(sells.body.data.map((r: { order: { status: string } }) => r.order.status)).to.deep.equal([
        'active',
        'pending',
      ]);
      const buys = await batch([
        buy('0.3000', 1),
        buy('0.3000', 1, { post_only: true }),
        buy('0.2900', 1, { post_only: true }),
      ]);
      expect(
        buys.body.data.map(
          (r: { order?: { status: string }; errors?: { code: string } }) => r.order?.status ?? r.errors!.code,
        ),
      ).to.deep.equal(['filled', 'post_only_would_take', 'active']);
      await env().trading.delete('/v1/orders', { sign: seller.signingKey });
    });

    it("takes one token per order from each market's bucket at once: a batch the bucket cannot take is 429 with nothing placed", async () => {
      await giveUsd(services(), trader.userId, '10.00');
      // Time stands still between the two batches, so the bucket cannot refill however slow the machine is.
      const clock = services().clock as TestClock;
      clock.freeze();
      try {
        const first = await batch([buy('0.2500', 1)]);
        expect(first.status).to.equal(201);
        expect(first.body.data[0].order.status, JSON.stringify(first.body)).to.equal('active');
        const reply = await batch(
          Array.from({ length: 20 }, (_, i) => buy('0.2500', 1, { client_order_id: `full-${i}` })),
        );
        expect(reply.status, JSON.stringify(reply.body)).to.equal(429);
        expect(reply.body.errors.code).to.equal('rate_limit_exceeded');
        expect(Number(reply.headers.get('retry-after'))).to.be.at.least(1);
        expect(await orderCount()).to.equal(1);
      } finally {
        clock.thaw();
      }
    });
  },
  { clock: () => new TestClock() },
);
