import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUsd, marketOf, orderState, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * `quantity` as a string of digits, as the live service's CLI sends it (grid-cli
 * src/sdk/validators/inputs.ts: `quantity: z.string()`), on create, batch and amend (issue 21).
 */
describeEachDatabase('http: quantity as a string of digits', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let trader: TestUser;
  let sequence = 0;

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '1000.00');
  });
  afterEach(async () => {
    await env().trading.delete('/v1/orders', { sign: trader.signingKey });
  });

  /** The body `grid order create` sends: every field a string, `client_order_id` its own. */
  const cliOrder = (quantity: unknown) => ({
    market_id: market.marketId,
    side: 'buy',
    type: 'limit',
    price: '0.0100',
    quantity,
    time_in_force: 'gtc',
    client_order_id: `digits-${++sequence}`,
  });
  const openCount = async () =>
    (await env().trading.get('/v1/orders/count', { sign: trader.signingKey })).body.data.count as number;

  it('places an order whose quantity is "5" as an order of 5 Units', async () => {
    const reply = await env().trading.post('/v1/orders', { sign: trader.signingKey, body: cliOrder('5') });
    expect(reply.status, reply.text).to.equal(201);
    const order = await orderState(env(), trader, reply.body.data.order_id);
    expect(order.quantity).to.equal(5);
    expect(order.remaining_quantity).to.equal(5);
  });

  it('checks a digit string against the same order controls as the integer (10001 is above max_order_size)', async () => {
    const reply = await env().trading.post('/v1/orders', { sign: trader.signingKey, body: cliOrder('10001') });
    expect(reply.status, reply.text).to.equal(422);
    expect(reply.body.errors.code).to.equal('quantity_above_max_order_size');
  });

  // Each row: a string that is no whole positive number of Units, refused with 422 naming quantity.
  const refused = ['1.5', '-1', '1e3', '', '01', '0', ' 5', '5 ', '+5', '0x10', '１２', '1234567890123456'];
  for (const quantity of refused) {
    it(`refuses quantity ${JSON.stringify(quantity)} with 422 naming body.quantity; nothing is placed`, async () => {
      const before = await openCount();
      const reply = await env().trading.post('/v1/orders', { sign: trader.signingKey, body: cliOrder(quantity) });
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.context.errors.map((i: { path: string }) => i.path)).to.include('body.quantity');
      expect(await openCount()).to.equal(before);
    });
  }

  it('accepts digit strings in a batch, and names the index of a bad one', async () => {
    const placed = await env().trading.post('/v1/orders/batch', {
      sign: trader.signingKey,
      body: { orders: [cliOrder('2'), cliOrder(3)] },
    });
    expect(placed.status, placed.text).to.equal(201);
    const quantities = await Promise.all(
      placed.body.data.map(
        async (r: { order: { order_id: string } }) => (await orderState(env(), trader, r.order.order_id)).quantity,
      ),
    );
    expect(quantities).to.deep.equal([2, 3]);

    const refusedBatch = await env().trading.post('/v1/orders/batch', {
      sign: trader.signingKey,
      body: { orders: [cliOrder('2'), cliOrder('2.5')] },
    });
    expect(refusedBatch.status, refusedBatch.text).to.equal(422);
    expect(refusedBatch.body.errors.context.index).to.equal(1);
    expect(refusedBatch.body.errors.context.errors.map((i: { path: string }) => i.path)).to.include(
      'body.orders.1.quantity',
    );
  });

  it('amends to a quantity sent as digits, and refuses "7.0"', async () => {
    const created = await env().trading.post('/v1/orders', { sign: trader.signingKey, body: cliOrder('5') });
    const orderId = created.body.data.order_id as string;
    const amended = await env().trading.put(`/v1/orders/${orderId}`, {
      sign: trader.signingKey,
      body: { quantity: '8' },
    });
    expect(amended.status, amended.text).to.equal(200);
    expect(amended.body.data.quantity).to.equal(8);

    const refusedAmend = await env().trading.put(`/v1/orders/${orderId}`, {
      sign: trader.signingKey,
      body: { quantity: '7.0' },
    });
    expect(refusedAmend.status, refusedAmend.text).to.equal(422);
    expect(refusedAmend.body.errors.context.errors[0].path).to.equal('body.quantity');
    expect((await orderState(env(), trader, orderId)).quantity).to.equal(8);
  });
});
