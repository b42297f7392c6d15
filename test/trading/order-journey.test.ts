import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  orderState,
  placed,
  placeOrder,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 4's done-when: two traders and a supplier trade on one book entirely through the signed
 * API. Fee on text-standard is 0.5%, charged to both sides, rounded up to the micro-dollar.
 */
describeEachDatabase('trading: two traders and a supplier on one book', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let supplier: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    [supplier, alice, bob] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    await giveUnits(services(), supplier.userId, market.instrumentId, 100);
    await giveUsd(services(), alice.userId, '50.00');
    await giveUsd(services(), bob.userId, '20.00');
  });

  it('a resting ask locks the Units; a crossing bid fills at the maker price, fees on both sides', async () => {
    const ask = await placed(env(), supplier, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.4000',
      quantity: 30,
    });
    expect(ask).to.include({
      status: 'active',
      remaining_quantity: 30,
      filled_quantity: 0,
      price: '0.4000',
      side: 'sell',
      type: 'limit',
      time_in_force: 'gtc',
    });
    expect(await balancesOf(services(), supplier.userId, market.instrumentId)).to.include({
      unitsAvailable: 70,
      unitsLocked: 30,
    });

    // Alice bids above the ask: she pays the maker's 0.4000, not her 0.4500.
    const bid = await placed(env(), alice, { market_id: market.marketId, side: 'BUY', price: '0.4500', quantity: 10 });
    expect(bid).to.include({
      status: 'filled',
      filled_quantity: 10,
      remaining_quantity: 0,
      average_price: '0.400000',
      fee: '0.020000',
      side: 'buy',
    });
    expect(bid.filled_at).to.be.a('string');
    // 10 × 0.40 = 4.00 USD, fee 0.02: 50.00 − 4.02 = 45.98, nothing left locked.
    expect(await balancesOf(services(), alice.userId, market.instrumentId)).to.include({
      usdAvailable: 45_980_000,
      usdLocked: 0,
      unitsAvailable: 10,
    });
    const makerAfter = await orderState(env(), supplier, ask.order_id);
    expect(makerAfter).to.include({
      status: 'partially_filled',
      filled_quantity: 10,
      remaining_quantity: 20,
      fee: '0.020000',
    });
    // The supplier receives 4.00 − 0.02.
    expect(await balancesOf(services(), supplier.userId, market.instrumentId)).to.include({
      usdAvailable: 3_980_000,
      unitsLocked: 20,
      unitsAvailable: 70,
    });
  });

  it('a market buy sweeps what is left up to its quantity and closes the rest for lack of liquidity', async () => {
    const order = await placed(env(), bob, { market_id: market.marketId, side: 'buy', type: 'market', quantity: 25 });
    expect(order).to.include({
      type: 'market',
      price: null,
      status: 'closed',
      closure_reason: 'no_liquidity',
      filled_quantity: 20,
      remaining_quantity: 0,
    });
    // 20 × 0.40 = 8.00, fee 0.04; the unused budget went back to available.
    expect(await balancesOf(services(), bob.userId, market.instrumentId)).to.include({
      usdAvailable: 11_960_000,
      usdLocked: 0,
      unitsAvailable: 20,
    });
    expect((await orderState(env(), supplier, (await supplierOrders())[0]!)).status).to.equal('filled');
  });

  it("every trade shows in each side's trades and in the market's, and the ticker follows the last one", async () => {
    const mine = await env().trading.get('/v1/trades', { sign: alice.signingKey });
    expect(mine.status).to.equal(200);
    expect(mine.body.data).to.have.length(1);
    expect(mine.body.data[0]).to.include({
      side: 'buy',
      price: '0.4000',
      quantity: 10,
      total_value: '4.000000',
      fee: '0.020000',
      status: 'settled',
    });
    const supplied = await env().trading.get('/v1/trades', { sign: supplier.signingKey });
    expect(supplied.body.data.map((t: { side: string; quantity: number }) => [t.side, t.quantity])).to.deep.equal([
      ['sell', 10],
      ['sell', 20],
    ]);
    const all = await env().trading.get(`/v1/markets/${market.marketId}/trades`, { sign: bob.signingKey });
    expect(all.body.data.map((t: { side: string }) => t.side)).to.deep.equal(['buy', 'buy']);
    const ticker = await env().trading.get(`/v1/markets/${market.marketId}/ticker`, { sign: bob.signingKey });
    expect(ticker.body.data).to.include({
      last_price: '0.4000',
      last_trade_quantity: 20,
      volume_24h: 30,
      lowest_ask: null,
    });
  });

  it("a sale by a trader who bought: Bob resells to Alice's resting bid", async () => {
    const bid = await placed(env(), alice, { market_id: market.marketId, side: 'buy', price: '0.3900', quantity: 5 });
    expect(bid.status).to.equal('active');
    // 5 × 0.39 = 1.95 plus fee 0.00975 → 0.009750 rounded up stays 0.009750.
    expect((await balancesOf(services(), alice.userId, market.instrumentId)).usdLocked).to.equal(1_959_750);
    const sale = await placed(env(), bob, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.3800',
      quantity: 8,
      time_in_force: 'ioc',
    });
    expect(sale).to.include({
      status: 'closed',
      closure_reason: 'ioc_remainder',
      filled_quantity: 5,
      average_price: '0.390000',
    });
    expect(await balancesOf(services(), bob.userId, market.instrumentId)).to.include({
      unitsAvailable: 15,
      unitsLocked: 0,
    });
    expect(await balancesOf(services(), alice.userId, market.instrumentId)).to.include({
      usdLocked: 0,
      unitsAvailable: 15,
    });
  });

  async function supplierOrders(): Promise<string[]> {
    const reply = await env().trading.get('/v1/orders', { sign: supplier.signingKey });
    return reply.body.data.map((o: { order_id: string }) => o.order_id);
  }
});
