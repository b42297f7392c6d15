import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  placed,
  placeOrder,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/** Order creation: every body rule and order control of part 4, each with its code and context. */
describeEachDatabase('trading: order creation rules', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let lotted: MarketRef;
  let trader: TestUser;

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    lotted = await marketOf(services(), 'code-prime');
    // A market with coarser controls, to reach the tick, lot and minimum checks.
    await services()
      .db('markets')
      .where('id', lotted.marketId)
      .update({ tick_size_ticks: 10, lot_size: 5, min_order_size: 10, max_order_size: 100 });
    trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '1000.00');
  });

  const rejected: [string, Record<string, unknown>, number, string][] = [
    ['price as a JSON number', { price: 0.42 }, 422, 'validation_error'],
    ['price with 5 decimals', { price: '0.42005' }, 422, 'validation_error'],
    ['price zero', { price: '0.0000' }, 422, 'validation_error'],
    ['negative price', { price: '-0.4200' }, 422, 'validation_error'],
    ['limit without price', { price: undefined }, 422, 'validation_error'],
    ['stop with a price', { type: 'stop', stop_price: '0.5000', price: '0.4200' }, 422, 'validation_error'],
    ['quantity zero', { quantity: 0 }, 422, 'validation_error'],
    ['fractional quantity', { quantity: 1.5 }, 422, 'validation_error'],
    // Digits as a string are a quantity (issue 21, test/http/quantity-digits.test.ts); other strings are not.
    ['quantity as a decimal string', { quantity: '10.0' }, 422, 'validation_error'],
    ['unknown side', { side: 'hold' }, 422, 'validation_error'],
    ['unknown time in force', { time_in_force: 'gtx' }, 422, 'validation_error'],
    ['unknown field', { leverage: 10 }, 422, 'validation_error'],
    ['above max_order_size', { quantity: 10_001 }, 422, 'quantity_above_max_order_size'],
    ['unknown market', { market_id: 'market_text_standard' }, 404, 'not_found'],
  ];
  for (const [name, change, status, code] of rejected) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      const body = { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.4200', quantity: 10, ...change };
      const reply = await env().trading.post('/v1/orders', { sign: trader.signingKey, body });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(status);
      expect(reply.body.errors.code).to.equal(code);
    });
  }

  const controls: [string, { price: string; quantity: number }, string][] = [
    ['a price off the tick grid', { price: '0.4205', quantity: 10 }, 'tick_size_violation'],
    ['a quantity off the lot', { price: '0.4200', quantity: 12 }, 'lot_size_violation'],
    ['a quantity under the minimum', { price: '0.4200', quantity: 5 }, 'quantity_below_min_order_size'],
    ['a quantity over the maximum', { price: '0.4200', quantity: 105 }, 'quantity_above_max_order_size'],
  ];
  for (const [name, order, code] of controls) {
    it(`refuses ${name} with ${code} and the controls in errors.context`, async () => {
      const reply = await placeOrder(env(), trader, {
        market_id: lotted.marketId,
        side: 'buy',
        client_order_id: `ctl-${code}`,
        ...order,
      });
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal(code);
      expect(reply.body.errors.context).to.deep.equal({
        ...order,
        client_order_id: `ctl-${code}`,
        tick_size: '0.0010',
        lot_size: 5,
        min_order_size: 10,
        max_order_size: 100,
      });
    });
  }

  it('normalises side, type and time_in_force to lower case', async () => {
    const order = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'Buy',
      type: 'LIMIT',
      price: '0.1000',
      quantity: 1,
      time_in_force: 'Day',
    });
    expect(order).to.include({ side: 'buy', type: 'limit', time_in_force: 'day', status: 'active' });
  });

  it('answers 201 with the order id, the client_order_id and the rate-limit headers', async () => {
    const reply = await placeOrder(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 1,
      client_order_id: 'first-try',
    });
    expect(reply.status).to.equal(201);
    expect(reply.body.data).to.have.keys('order_id', 'client_order_id');
    expect(reply.body.data.order_id).to.match(/^order_[A-Z0-9]{16}$/);
    expect(reply.body.data.client_order_id).to.equal('first-try');
    // The pair GitHub and OpenAI send: the bucket's capacity (burst 20; it refills at 10 a second), and what it holds.
    expect(reply.headers.get('x-ratelimit-limit')).to.equal('20');
    const remaining = Number(reply.headers.get('x-ratelimit-remaining'));
    expect(remaining).to.be.within(0, 19);
    const limits = await env().trading.get('/v1/account/limits', {
      sign: trader.signingKey,
      query: { market_id: market.marketId },
    });
    expect(limits.status, limits.text).to.equal(200);
    expect(limits.body.data.order_rate_limits).to.include({ burst_capacity: 20, max_orders_per_second: 10 });
    expect(reply.headers.get('x-ratelimit-limit')).to.equal(String(limits.body.data.order_rate_limits.burst_capacity));
  });

  it('refuses a second order with the same client_order_id, naming the first, and changes nothing', async () => {
    const first = await placeOrder(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 2,
      client_order_id: 'retry-me',
    });
    expect(first.status).to.equal(201);
    const before = await balancesOf(services(), trader.userId, market.instrumentId);
    const again = await placeOrder(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 2,
      client_order_id: 'retry-me',
    });
    expect(again.status).to.equal(422);
    expect(again.body.errors).to.deep.include({
      code: 'duplicate_client_order_id',
      detail: 'client_order_id already exists',
    });
    expect(again.body.errors.context).to.deep.equal({
      client_order_id: 'retry-me',
      order_id: first.body.data.order_id,
    });
    expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.deep.equal(before);
  });

  it('lets two accounts use the same client_order_id', async () => {
    const other = await createTestUser(services());
    await giveUsd(services(), other.userId, '1.00');
    const reply = await placeOrder(env(), other, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 1,
      client_order_id: 'retry-me',
    });
    expect(reply.status).to.equal(201);
  });

  it('refuses a buy it cannot reserve with insufficient_available_balance and what it needed', async () => {
    const poor = await createTestUser(services());
    await giveUsd(services(), poor.userId, '1.00');
    const reply = await placeOrder(env(), poor, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.5000',
      quantity: 10,
    });
    expect(reply.status).to.equal(422);
    // 10 × 0.50 = 5.00 plus the 0.5% fee.
    expect(reply.body.errors).to.deep.include({
      code: 'insufficient_available_balance',
      context: { price: '0.5000', quantity: 10, required: '5.025000', available: '1.000000', currency: 'usd' },
    });
  });

  it('refuses a sell of Units the trader does not hold, and a market order with nothing at all', async () => {
    const seller = await createTestUser(services());
    await giveUnits(services(), seller.userId, market.instrumentId, 3);
    const tooMany = await placeOrder(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.5000',
      quantity: 5,
    });
    expect(tooMany.body.errors.code).to.equal('insufficient_available_balance');
    const empty = await createTestUser(services());
    const marketBuy = await placeOrder(env(), empty, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      quantity: 5,
    });
    expect(marketBuy.status).to.equal(422);
    expect(marketBuy.body.errors.code).to.equal('insufficient_inventory_or_funds');
    const marketSell = await placeOrder(env(), empty, {
      market_id: market.marketId,
      side: 'sell',
      type: 'market',
      quantity: 5,
    });
    expect(marketSell.body.errors.code).to.equal('insufficient_inventory_or_funds');
  });

  it('refuses every order write in Auto Mode with 403 auto_mode_trading_restricted, but signed reads work', async () => {
    const auto = await createTestUser(services(), { mode: 'auto' });
    await giveUsd(services(), auto.userId, '10.00');
    const create = await placeOrder(env(), auto, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 1,
    });
    expect(create.status).to.equal(403);
    expect(create.body.errors.code).to.equal('auto_mode_trading_restricted');
    const own = await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.1000', quantity: 1 });
    for (const reply of [
      await env().trading.delete(`/v1/orders/${own.order_id}`, { sign: auto.signingKey }),
      await env().trading.put(`/v1/orders/${own.order_id}`, { sign: auto.signingKey, body: { quantity: 2 } }),
      await env().trading.delete('/v1/orders', { sign: auto.signingKey }),
    ]) {
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('auto_mode_trading_restricted');
    }
    expect((await env().trading.get('/v1/orders', { sign: auto.signingKey })).status).to.equal(200);
  });

  it('refuses orders on a suspended market with market_not_open', async () => {
    const suspended = await marketOf(services(), 'agent-max');
    await services().db('markets').where('id', suspended.marketId).update({ status: 'suspended' });
    const reply = await placeOrder(env(), trader, {
      market_id: suspended.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 1,
    });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.code).to.equal('market_not_open');
  });
});

describeEachDatabase('trading: the price collar', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let buyer: TestUser;
  let seller: TestUser;

  before(async () => {
    market = await marketOf(services(), 'text-prime');
    [buyer, seller] = [await createTestUser(services()), await createTestUser(services())];
    await giveUsd(services(), buyer.userId, '100.00');
    await giveUnits(services(), seller.userId, market.instrumentId, 10);
  });

  it('is inactive before the first trade: any positive price is accepted', async () => {
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.0001', quantity: 1 });
    const controls = await env().trading.get(`/v1/markets/${market.marketId}/controls`, { sign: buyer.signingKey });
    expect(controls.body.data).to.include({ collar_active: false, reference_price: null });
  });

  it('after a trade at 0.4000 holds limit prices to 0.2000–0.6000, with the band in errors.context', async () => {
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4000', quantity: 1 });
    const fill = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.4000', quantity: 1 });
    expect(fill.status).to.equal('filled');
    const controls = await env().trading.get(`/v1/markets/${market.marketId}/controls`, { sign: buyer.signingKey });
    expect(controls.body.data).to.include({
      collar_active: true,
      reference_price: '0.4000',
      price_band_low: '0.2000',
      price_band_high: '0.6000',
    });
    const cases: [string, number][] = [
      ['0.1999', 422],
      ['0.2000', 201],
      ['0.6000', 201],
      ['0.6001', 422],
    ];
    for (const [price, status] of cases) {
      const reply = await placeOrder(env(), buyer, {
        market_id: market.marketId,
        side: price === '0.6000' ? 'sell' : 'buy',
        price,
        quantity: 1,
      });
      if (price === '0.6000') {
        // A sell needs Units; the seller places it.
        const sell = await placeOrder(env(), seller, { market_id: market.marketId, side: 'sell', price, quantity: 1 });
        expect(sell.status, price).to.equal(status);
        continue;
      }
      expect(reply.status, price).to.equal(status);
      if (status === 422) {
        expect(reply.body.errors.code).to.equal('price_collar_violation');
        expect(reply.body.errors.context).to.deep.include({
          price,
          quantity: 1,
          reference_price: '0.4000',
          price_collar_pct: 50,
          price_band_low: '0.2000',
          price_band_high: '0.6000',
        });
      }
    }
  });

  it('does not apply to market orders', async () => {
    const reply = await placeOrder(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      type: 'market',
      quantity: 1,
    });
    expect(reply.status).to.equal(201);
  });
});
