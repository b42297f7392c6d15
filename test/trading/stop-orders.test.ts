import { expect } from 'chai';
import { startService, type RunningService } from '../../src/app/main.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { HostClient } from '../support/http.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  orderBookOf,
  orderState,
  placed,
  placeOrder,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Stop orders over HTTP (DESIGN.md §12): pending off the book with their hold, triggered in the
 * batch of the trade that crossed their stop price (the crossing order's 201 already finds them
 * done), in trigger order; on a book rebuilt after a restart and on another server's book.
 */
describeEachDatabase('trading: stop orders', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let trader: TestUser;
  let maker: TestUser;
  let crosser: TestUser;

  beforeEach(async () => {
    market = await marketOf(services(), 'text-standard');
    [trader, maker, crosser] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    for (const user of [trader, maker, crosser]) {
      await giveUsd(services(), user.userId, '100.00');
      await giveUnits(services(), user.userId, market.instrumentId, 100);
    }
    await tradeAt('0.3000');
  });
  afterEach(async () => {
    for (const user of [trader, maker, crosser]) await env().trading.delete('/v1/orders', { sign: user.signingKey });
  });

  /** One Unit changes hands between maker and crosser at this price: the last trade price becomes it. */
  async function tradeAt(price: string, client = env().trading): Promise<void> {
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price, quantity: 1 });
    const reply = await client.post('/v1/orders', {
      sign: crosser.signingKey,
      body: { market_id: market.marketId, side: 'buy', type: 'limit', price, quantity: 1 },
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
  }
  const bookView = async () => {
    const { buy, sell } = await orderBookOf(env(), trader, market.marketId);
    return { buy, sell };
  };

  it('a stop buy waits pending off the book, holding quantity × stop price + fee, and fills in the batch of the trade that reaches its stop price', async () => {
    const before = await bookView();
    const stop = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop',
      stop_price: '0.3200',
      quantity: 2,
    });
    expect(stop).to.include({
      status: 'pending',
      type: 'stop',
      stop_price: '0.3200',
      price: null,
      remaining_quantity: 0,
      filled_quantity: 0,
    });
    expect(await bookView()).to.deep.equal(before);
    const fee = (await balancesOf(services(), trader.userId, market.instrumentId)).usdLocked - 640_000;
    expect(fee).to.be.within(0, 640_000);
    const listed = await env().trading.get('/v1/orders', { sign: trader.signingKey, query: { status: 'pending' } });
    expect(listed.body.data.map((o: { order_id: string }) => o.order_id)).to.deep.equal([stop.order_id]);
    expect(
      (await env().trading.get('/v1/orders/count', { sign: trader.signingKey, query: { status: 'open' } })).body.data
        .count,
    ).to.equal(1);

    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3200', quantity: 3 });
    expect((await orderState(env(), trader, stop.order_id)).status, 'an ask alone does not trigger').to.equal(
      'pending',
    );
    await tradeAt('0.3100');
    expect(
      (await orderState(env(), trader, stop.order_id)).status,
      'a trade below the stop price does not trigger',
    ).to.equal('pending');
    // The crossing buy trades at 0.3200: the stop triggers in the same batch and takes the other 2 at 0.3200.
    const crossing = await placeOrder(env(), crosser, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.3200',
      quantity: 1,
    });
    expect(crossing.status).to.equal(201);
    expect(await orderState(env(), trader, stop.order_id)).to.include({
      status: 'filled',
      filled_quantity: 2,
      average_price: '0.320000',
    });
    expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.include({
      usdLocked: 0,
      unitsAvailable: 102,
    });
  });

  it('a stop sell waits holding its Units and sells at market when the last trade falls to its stop price', async () => {
    const stop = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'sell',
      type: 'stop',
      stop_price: '0.2800',
      quantity: 2,
    });
    expect(stop).to.include({ status: 'pending' });
    expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.include({
      unitsLocked: 2,
      unitsAvailable: 98,
    });
    await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2800', quantity: 2 });
    await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2700', quantity: 2 });
    expect(
      (await placeOrder(env(), crosser, { market_id: market.marketId, side: 'sell', price: '0.2800', quantity: 1 }))
        .status,
    ).to.equal(201);
    expect(await orderState(env(), trader, stop.order_id)).to.include({
      status: 'filled',
      filled_quantity: 2,
      average_price: '0.275000',
    });
    expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.include({
      unitsLocked: 0,
      unitsAvailable: 98,
    });
  });

  it('stops triggered by one trade run in trigger order (lowest buy stop first); a stop_limit that cannot fill rests at its price', async () => {
    const later = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop_limit',
      stop_price: '0.3100',
      price: '0.3300',
      quantity: 1,
    });
    const sooner = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop_limit',
      stop_price: '0.3050',
      price: '0.3300',
      quantity: 1,
    });
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3200', quantity: 1 });
    await tradeAt('0.3100');
    expect(await orderState(env(), trader, sooner.order_id)).to.include({
      status: 'filled',
      average_price: '0.320000',
    });
    expect(await orderState(env(), trader, later.order_id)).to.include({
      status: 'active',
      price: '0.3300',
      remaining_quantity: 1,
      stop_price: '0.3100',
    });
    const book = await bookView();
    expect(book.buy).to.deep.include({ price: '0.3300', quantity: 1, total: 1, order_count: 1 });
  });

  it('a cascade: the trade of a triggered stop triggers the next; equal stop prices go oldest first; a stop buy spends at most its hold', async () => {
    const first = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop_limit',
      stop_price: '0.3100',
      price: '0.3200',
      quantity: 1,
    });
    const second = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop',
      stop_price: '0.3200',
      quantity: 1,
    });
    const third = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop',
      stop_price: '0.3200',
      quantity: 1,
    });
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3200', quantity: 2 });
    await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3250', quantity: 1 });
    await tradeAt('0.3100');
    // The trade at 0.3100 triggers the first, whose fill at 0.3200 triggers the other two, oldest first.
    expect(await orderState(env(), trader, first.order_id)).to.include({ status: 'filled', average_price: '0.320000' });
    expect(await orderState(env(), trader, second.order_id)).to.include({
      status: 'filled',
      average_price: '0.320000',
    });
    // The third's budget is its quantity at its stop price (0.3200): the ask left at 0.3250 is beyond it.
    expect(await orderState(env(), trader, third.order_id)).to.include({
      status: 'closed',
      closure_reason: 'insufficient_funds',
      filled_quantity: 0,
    });
    expect((await balancesOf(services(), trader.userId, market.instrumentId)).usdLocked).to.equal(0);
  });

  it('cancelling a pending stop releases its hold; amending one is refused', async () => {
    const stop = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop_limit',
      stop_price: '0.3500',
      price: '0.3600',
      quantity: 10,
    });
    expect((await balancesOf(services(), trader.userId, market.instrumentId)).usdLocked).to.be.above(3_600_000);
    const amend = await env().trading.put(`/v1/orders/${stop.order_id}`, {
      sign: trader.signingKey,
      body: { quantity: 5 },
    });
    expect(amend.status).to.equal(422);
    expect(amend.body.errors.code).to.equal('validation_error');
    expect((await env().trading.delete(`/v1/orders/${stop.order_id}`, { sign: trader.signingKey })).status).to.equal(
      204,
    );
    expect(await orderState(env(), trader, stop.order_id)).to.include({
      status: 'cancelled',
      closure_reason: 'cancelled_by_user',
    });
    expect((await balancesOf(services(), trader.userId, market.instrumentId)).usdLocked).to.equal(0);
  });

  it('refuses a stop whose condition already holds with 422 stop_would_trigger, storing nothing', async () => {
    const rows = [
      { side: 'buy', stop_price: '0.3000' },
      { side: 'buy', stop_price: '0.2900' },
      { side: 'sell', stop_price: '0.3000' },
      { side: 'sell', stop_price: '0.3100' },
    ];
    for (const row of rows) {
      const reply = await placeOrder(env(), trader, { market_id: market.marketId, type: 'stop', quantity: 1, ...row });
      expect(reply.status, JSON.stringify(row)).to.equal(422);
      expect(reply.body.errors.code).to.equal('stop_would_trigger');
      expect(reply.body.errors.context).to.include({ stop_price: row.stop_price, last_price: '0.3000' });
    }
    expect((await env().trading.get('/v1/orders/count', { sign: trader.signingKey })).body.data.count).to.equal(0);
  });

  it('a pending stop survives a rebuilt book (as after a restart) and still triggers', async () => {
    const stop = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'sell',
      type: 'stop_limit',
      stop_price: '0.2900',
      price: '0.2800',
      quantity: 1,
    });
    services().orderBooks.books.invalidate();
    await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2800', quantity: 1 });
    await tradeAt('0.2900');
    expect(await orderState(env(), trader, stop.order_id)).to.include({ status: 'filled', average_price: '0.280000' });
  });

  describe('on other servers of the same PostgreSQL database', () => {
    let others: RunningService[] = [];
    afterEach(async () => {
      for (const other of others) await other.stop();
      others = [];
    });
    const startAnother = async (): Promise<HostClient> => {
      const started = await startService(services().config, { logger: createLogger('silent'), graceMs: 1_000 });
      others.push(started);
      return new HostClient('trading', started.urls.trading!);
    };

    it("a stop placed on one server triggers on another server's book, and on a server started after it (a restart)", async function () {
      if (env().database !== 'postgres') this.skip();
      const second = await startAnother();
      // Placed here, triggered by a trade on the second server, whose book is built from the rows.
      const here = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        type: 'stop_limit',
        stop_price: '0.3100',
        price: '0.3200',
        quantity: 1,
      });
      await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3150', quantity: 1 });
      await tradeAt('0.3100', second);
      expect(await orderState(env(), trader, here.order_id)).to.include({
        status: 'filled',
        average_price: '0.315000',
      });

      // Placed on the second server; this server's held book is behind and catches up before the trade that triggers it.
      const there = await second.post('/v1/orders', {
        sign: trader.signingKey,
        body: { market_id: market.marketId, side: 'sell', type: 'stop', stop_price: '0.3000', quantity: 1 },
      });
      expect(there.status, JSON.stringify(there.body)).to.equal(201);
      await placed(env(), maker, { market_id: market.marketId, side: 'buy', price: '0.2950', quantity: 1 });
      await tradeAt('0.3000');
      expect(await orderState(env(), trader, there.body.data.order_id)).to.include({
        status: 'filled',
        average_price: '0.295000',
      });

      // A server started after the stop was placed (a restart) builds it into its book.
      const stop = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        type: 'stop',
        stop_price: '0.3100',
        quantity: 1,
      });
      await others.shift()!.stop();
      const restarted = await startAnother();
      await placed(env(), maker, { market_id: market.marketId, side: 'sell', price: '0.3100', quantity: 2 });
      await tradeAt('0.3100', restarted);
      expect(await orderState(env(), trader, stop.order_id)).to.include({
        status: 'filled',
        average_price: '0.310000',
      });
    });
  });
});

describeEachDatabase('trading: good-till-date orders', (env) => {
  const services = () => env().service.services;

  it('a gtd order expires within a second of its expire_time with nobody touching its market, releasing its hold', async () => {
    const market = await marketOf(services(), 'code-standard');
    const trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '10.00');
    const expireTime = new Date(Date.now() + 1_500).toISOString();
    const order = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 3,
      time_in_force: 'gtd',
      expire_time: expireTime,
    });
    expect(order).to.include({ status: 'active', time_in_force: 'gtd' });
    expect(Date.parse(order.expire_time)).to.equal(Date.parse(expireTime));
    const pendingStop = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      type: 'stop',
      stop_price: '0.2000',
      quantity: 1,
      time_in_force: 'gtd',
      expire_time: expireTime,
    });
    expect(pendingStop.status).to.equal('pending');
    const deadline = Date.now() + 15_000;
    let state = await orderState(env(), trader, order.order_id);
    while (state.status !== 'expired' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await orderState(env(), trader, order.order_id);
    }
    expect(state).to.include({ status: 'expired', closure_reason: 'expired', remaining_quantity: 0 });
    // Stamped by the expiry itself: within a second of the time asked for.
    expect(Date.parse(state.updated_at) - Date.parse(expireTime)).to.be.within(0, 1_000);
    expect(await orderState(env(), trader, pendingStop.order_id)).to.include({
      status: 'expired',
      closure_reason: 'expired',
    });
    expect((await balancesOf(services(), trader.userId, market.instrumentId)).usdLocked).to.equal(0);
  });
});
