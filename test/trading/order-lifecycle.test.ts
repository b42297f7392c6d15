import { expireDueOrders } from '../../src/trading/orders/orders.js';
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

/** What happens to an order after it is placed: matching rules, amend, cancel, bulk cancel, expiry. */
describeEachDatabase('trading: order lifecycle', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let maker: TestUser;
  let taker: TestUser;

  // Prices stay within 0.20–0.38: every trade here is at 0.25–0.34, so the collar never bites.
  beforeEach(async () => {
    // A fresh pair on a book cleared of earlier tests' orders.
    market = await marketOf(services(), 'text-standard');
    [maker, taker] = [await createTestUser(services()), await createTestUser(services())];
    await giveUsd(services(), maker.userId, '100.00');
    await giveUsd(services(), taker.userId, '100.00');
    await giveUnits(services(), maker.userId, market.instrumentId, 100);
    await giveUnits(services(), taker.userId, market.instrumentId, 100);
  });
  afterEach(async () => {
    for (const user of [maker, taker]) await env().trading.delete('/v1/orders', { sign: user.signingKey });
  });

  it('cancel answers 204 with no body and releases the reservation; again is 409 order_already_cancelled', async () => {
    const order = await placed(env(), maker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.2700',
      quantity: 10,
    });
    expect((await balancesOf(services(), maker.userId, market.instrumentId)).usdLocked).to.equal(2_713_500);
    const reply = await env().trading.delete(`/v1/orders/${order.order_id}`, { sign: maker.signingKey });
    expect(reply.status).to.equal(204);
    expect(reply.text).to.equal('');
    expect((await balancesOf(services(), maker.userId, market.instrumentId)).usdLocked).to.equal(0);
    expect(await orderState(env(), maker, order.order_id)).to.include({
      status: 'cancelled',
      closure_reason: 'cancelled_by_user',
      remaining_quantity: 0,
    });
    const again = await env().trading.delete(`/v1/orders/${order.order_id}`, { sign: maker.signingKey });
    expect(again.status).to.equal(409);
    expect(again.body.errors.code).to.equal('order_already_cancelled');
  });

  it("cancel of a filled order is 409 order_not_open; of another trader's or an unknown order 404", async () => {
    const ask = await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 2 });
    await placed(env(), taker, { market_id: market.marketId, side: 'buy', price: '0.3000', quantity: 2 });
    const filled = await env().trading.delete(`/v1/orders/${ask.order_id}`, { sign: maker.signingKey });
    expect(filled.status).to.equal(409);
    expect(filled.body.errors.code).to.equal('order_not_open');
    const bid = await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2000', quantity: 1 });
    expect((await env().trading.delete(`/v1/orders/${bid.order_id}`, { sign: taker.signingKey })).status).to.equal(404);
    expect(
      (await env().trading.delete('/v1/orders/order_AAAAAAAAAAAAAAAA', { sign: taker.signingKey })).status,
    ).to.equal(404);
  });

  it('fills in price-time priority: the better price first, then the earlier order', async () => {
    const other = await createTestUser(services());
    await giveUnits(services(), other.userId, market.instrumentId, 10);
    const first = await placed(env(), maker, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.3100',
      quantity: 3,
    });
    const second = await placed(env(), other, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.3100',
      quantity: 3,
    });
    const better = await placed(env(), other, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.3050',
      quantity: 1,
    });
    const buy = await placed(env(), taker, { market_id: market.marketId, side: 'buy', price: '0.3100', quantity: 5 });
    expect(buy).to.include({ status: 'filled', filled_quantity: 5 });
    expect((await orderState(env(), other, better.order_id)).status).to.equal('filled');
    expect((await orderState(env(), maker, first.order_id)).status).to.equal('filled');
    expect(await orderState(env(), other, second.order_id)).to.include({
      status: 'partially_filled',
      remaining_quantity: 2,
    });
    await env().trading.delete('/v1/orders', { sign: other.signingKey });
  });

  it('ioc closes its remainder; fok that cannot fill whole closes without any fill', async () => {
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3200', quantity: 4 });
    const fok = await placed(env(), taker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3200',
      quantity: 5,
      time_in_force: 'fok',
    });
    expect(fok).to.include({ status: 'closed', closure_reason: 'fok_unfilled', filled_quantity: 0 });
    expect((await balancesOf(services(), taker.userId, market.instrumentId)).usdLocked).to.equal(0);
    const ioc = await placed(env(), taker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3200',
      quantity: 5,
      time_in_force: 'ioc',
    });
    expect(ioc).to.include({ status: 'closed', closure_reason: 'ioc_remainder', filled_quantity: 4 });
    expect((await balancesOf(services(), taker.userId, market.instrumentId)).usdLocked).to.equal(0);
  });

  it('self-trade prevention closes the incoming remainder and leaves the resting order alone', async () => {
    const ask = await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3300', quantity: 4 });
    const own = await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.3300', quantity: 2 });
    expect(own).to.include({ status: 'closed', closure_reason: 'self_trade_prevented', filled_quantity: 0 });
    expect(await orderState(env(), maker, ask.order_id)).to.include({ status: 'active', remaining_quantity: 4 });
    expect((await balancesOf(services(), maker.userId, market.instrumentId)).usdLocked).to.equal(0);
  });

  it('amend down at the same price keeps priority; a new price re-queues and may fill at once', async () => {
    const first = await placed(env(), maker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.2500',
      quantity: 10,
    });
    const second = await placed(env(), taker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.2500',
      quantity: 10,
    });
    const smaller = await env().trading.put(`/v1/orders/${first.order_id}`, {
      sign: maker.signingKey,
      body: { quantity: 6 },
    });
    expect(smaller.status).to.equal(200);
    expect(smaller.body.data).to.include({ quantity: 6, remaining_quantity: 6, status: 'active', price: '0.2500' });
    expect((await balancesOf(services(), maker.userId, market.instrumentId)).usdLocked).to.equal(1_507_500);
    // A seller of 6 meets the first bid, which kept its place.
    const seller = await createTestUser(services());
    await giveUnits(services(), seller.userId, market.instrumentId, 20);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.2500', quantity: 6 });
    expect((await orderState(env(), maker, first.order_id)).status).to.equal('filled');
    expect((await orderState(env(), taker, second.order_id)).remaining_quantity).to.equal(10);

    // Raising the price of a resting ask above nothing, then lowering it into the bid, fills it.
    const ask = await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.2600', quantity: 4 });
    const crossed = await env().trading.put(`/v1/orders/${ask.order_id}`, {
      sign: seller.signingKey,
      body: { price: '0.2500' },
    });
    expect(crossed.status).to.equal(200);
    expect(crossed.body.data).to.include({ status: 'filled', filled_quantity: 4, average_price: '0.250000' });
    expect(await orderState(env(), taker, second.order_id)).to.include({
      status: 'partially_filled',
      remaining_quantity: 6,
    });
  });

  it('amend refuses a quantity not above the filled part (422), a closed order (409), and checks the balance', async () => {
    const bid = await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2800', quantity: 10 });
    await placed(env(), taker, { market_id: market.marketId, side: 'sell', price: '0.2800', quantity: 4 });
    const tooSmall = await env().trading.put(`/v1/orders/${bid.order_id}`, {
      sign: maker.signingKey,
      body: { quantity: 4 },
    });
    expect(tooSmall.status).to.equal(422);
    expect(tooSmall.body.errors.code).to.equal('validation_error');
    const tooBig = await env().trading.put(`/v1/orders/${bid.order_id}`, {
      sign: maker.signingKey,
      body: { price: '9.0000', quantity: 10_000 },
    });
    expect(tooBig.status).to.equal(422);
    expect(tooBig.body.errors.code).to.be.oneOf(['insufficient_available_balance', 'price_collar_violation']);
    const empty = await env().trading.put(`/v1/orders/${bid.order_id}`, { sign: maker.signingKey, body: {} });
    expect(empty.status).to.equal(422);
    await env().trading.delete(`/v1/orders/${bid.order_id}`, { sign: maker.signingKey });
    const closed = await env().trading.put(`/v1/orders/${bid.order_id}`, {
      sign: maker.signingKey,
      body: { quantity: 8 },
    });
    expect(closed.status).to.equal(409);
    expect(closed.body.errors.code).to.equal('order_not_open');
  });

  it('bulk cancel by market and side answers how many; count follows the status filter', async () => {
    for (const price of ['0.2000', '0.2100', '0.2200'])
      await placed(env(), maker, { market_id: market.marketId, side: 'buy', price, quantity: 1 });
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3800', quantity: 1 });
    const count = await env().trading.get('/v1/orders/count', { sign: maker.signingKey, query: { status: 'open' } });
    expect(count.body.data.count).to.equal(4);
    const buys = await env().trading.delete('/v1/orders', {
      sign: maker.signingKey,
      query: { market_id: market.marketId, side: 'buy' },
    });
    expect(buys.status).to.equal(200);
    expect(buys.body.data).to.deep.equal({ cancelled: 3 });
    const rest = await env().trading.delete(`/v1/markets/${market.marketId}/orders`, { sign: maker.signingKey });
    expect(rest.body.data).to.deep.equal({ cancelled: 1 });
    expect(
      (await env().trading.delete(`/v1/markets/${market.marketId}/orders`, { sign: maker.signingKey })).body.data,
    ).to.deep.equal({ cancelled: 0 });
    expect(
      (await env().trading.delete('/v1/markets/market_nowhere/orders', { sign: maker.signingKey })).status,
    ).to.equal(404);
    expect(await balancesOf(services(), maker.userId, market.instrumentId)).to.include({
      usdLocked: 0,
      unitsLocked: 0,
    });
  });

  it('a day order expires at 00:00 UTC and releases what it reserved', async () => {
    const order = await placed(env(), maker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.2000',
      quantity: 2,
      time_in_force: 'day',
    });
    const tomorrow = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000_000;
    expect(await expireDueOrders(services(), tomorrow - 1)).to.equal(0);
    expect(await expireDueOrders(services(), tomorrow)).to.equal(1);
    expect(await orderState(env(), maker, order.order_id)).to.include({
      status: 'expired',
      closure_reason: 'expired',
      remaining_quantity: 0,
    });
    expect((await balancesOf(services(), maker.userId, market.instrumentId)).usdLocked).to.equal(0);
  });

  it('a buy with should_autotransfer moves each fill into the consumption account', async () => {
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3400', quantity: 3 });
    const buy = await placed(env(), taker, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3400',
      quantity: 3,
      should_autotransfer: true,
    });
    expect(buy).to.include({ status: 'filled', should_autotransfer: true });
    const after = await balancesOf(services(), taker.userId, market.instrumentId);
    expect(after.unitsAvailable).to.equal(100);
    expect(after.tokens).to.equal(3 * 1_000_000);
    const transfers = await env().trading.get('/v1/transfers', { sign: taker.signingKey });
    expect(transfers.body.data[0]).to.include({ quantity: 3, order_id: buy.order_id });
    const trades = await env().trading.get('/v1/trades', { sign: taker.signingKey, query: { order_id: buy.order_id } });
    expect(trades.body.data[0].buyer_should_autotransfer).to.equal(true);
  });
});

describeEachDatabase('trading: the order rate limit', (env) => {
  const services = () => env().service.services;

  it('reads back 10 a second with bursts of 20, and the 21st order at once is 429 with Retry-After', async () => {
    const market = await marketOf(services(), 'code-standard');
    const trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '100.00');
    const limits = await env().trading.get('/v1/account/limits', {
      sign: trader.signingKey,
      query: { market_id: market.marketId },
    });
    expect(limits.body.data.order_rate_limits).to.deep.equal({
      scope: 'user_market',
      max_orders_per_second: 10,
      max_orders_per_minute: 600,
      burst_capacity: 20,
      window_seconds: 1,
    });
    // Distinct client_order_ids: 21 identical orders signed in one second would share one signature (a replay).
    const replies = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        placeOrder(env(), trader, {
          market_id: market.marketId,
          side: 'buy',
          price: '0.0100',
          quantity: 1,
          client_order_id: `burst-${i}`,
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).to.have.length.within(20, 21);
    const limited = replies.find((r) => r.status === 429);
    if (statuses.includes(429)) {
      expect(limited!.body.errors.code).to.equal('rate_limit_exceeded');
      expect(Number(limited!.headers.get('retry-after'))).to.be.at.least(1);
    }
    // Rejections and other markets do not share this user-market bucket.
    const elsewhere = await marketOf(services(), 'code-max');
    expect(
      (await placeOrder(env(), trader, { market_id: elsewhere.marketId, side: 'buy', price: '0.0100', quantity: 1 }))
        .status,
    ).to.equal(201);
    const limitsUnknown = await env().trading.get('/v1/account/limits', {
      sign: trader.signingKey,
      query: { market_id: 'market_nowhere' },
    });
    expect(limitsUnknown.status).to.equal(404);
    expect((await env().trading.get('/v1/account/limits', { sign: trader.signingKey })).status).to.equal(422);
  });
});
