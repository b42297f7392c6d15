import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import {
  balancesOf,
  giveUnits,
  giveUsd,
  marketOf,
  orderBookOf,
  orderState,
  placed,
  placeOrder,
  setAccountSelfTradePrevention,
  type MarketRef,
} from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/** Traders' order controls over HTTP (DESIGN.md §12): post-only, self-trade prevention modes, and the bad input of every new field. */
describeEachDatabase('trading: order controls', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let trader: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    market = await marketOf(services(), 'text-standard');
    [trader, other] = [await createTestUser(services()), await createTestUser(services())];
    for (const user of [trader, other]) {
      await giveUsd(services(), user.userId, '100.00');
      await giveUnits(services(), user.userId, market.instrumentId, 100);
    }
  });
  afterEach(async () => {
    for (const user of [trader, other]) await env().trading.delete('/v1/orders', { sign: user.signingKey });
  });

  const bookView = async () => {
    const { buy, sell, highest_bid, lowest_ask } = await orderBookOf(env(), trader, market.marketId);
    return { buy, sell, highest_bid, lowest_ask };
  };
  const orderCount = async (user: TestUser) =>
    (await env().trading.get('/v1/orders/count', { sign: user.signingKey })).body.data.count as number;

  describe('post_only', () => {
    it('refuses a post-only order that would take with 422 post_only_would_take, leaving the book and balances as they were', async () => {
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 5 });
      const [bookBefore, balancesBefore, countBefore] = [
        await bookView(),
        await balancesOf(services(), trader.userId, market.instrumentId),
        await orderCount(trader),
      ];
      const reply = await placeOrder(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3000',
        quantity: 2,
        post_only: true,
      });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
      expect(reply.body.errors.code).to.equal('post_only_would_take');
      expect(reply.body.errors.context).to.include({ price: '0.3000', best_ask: '0.3000' });
      expect(await bookView()).to.deep.equal(bookBefore);
      expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.deep.equal(balancesBefore);
      expect(await orderCount(trader)).to.equal(countBefore);
    });

    it('rests a post-only order that would not take, and shows post_only on it', async () => {
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 5 });
      const order = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.2900',
        quantity: 2,
        post_only: true,
      });
      expect(order).to.include({ status: 'active', post_only: true, remaining_quantity: 2 });
    });

    it('refuses an amendment that would make a post-only order take, and keeps the order', async () => {
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3000', quantity: 5 });
      const order = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.2900',
        quantity: 2,
        post_only: true,
      });
      const reply = await env().trading.put(`/v1/orders/${order.order_id}`, {
        sign: trader.signingKey,
        body: { price: '0.3000' },
      });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
      expect(reply.body.errors.code).to.equal('post_only_would_take');
      expect(await orderState(env(), trader, order.order_id)).to.include({ status: 'active', price: '0.2900' });
    });
  });

  describe("self-trade prevention: the taker's mode decides", () => {
    // The trader's own ask 5 @ 0.3100 rests first, another trader's 5 @ 0.3100 behind it; the trader buys 3 @ 0.3100.
    const rows = [
      {
        mode: 'expire_taker',
        taker: { status: 'closed', closure_reason: 'self_trade_prevented', filled_quantity: 0 },
        own: { status: 'active', closure_reason: null, remaining_quantity: 5 },
        others: 5,
        traded: 0,
      },
      {
        mode: 'expire_maker',
        taker: { status: 'filled', closure_reason: null, filled_quantity: 3 },
        own: { status: 'cancelled', closure_reason: 'self_trade_prevented', remaining_quantity: 0 },
        others: 2,
        traded: 3,
      },
      {
        mode: 'expire_both',
        taker: { status: 'closed', closure_reason: 'self_trade_prevented', filled_quantity: 0 },
        own: { status: 'cancelled', closure_reason: 'self_trade_prevented', remaining_quantity: 0 },
        others: 5,
        traded: 0,
      },
      {
        mode: 'decrement',
        taker: { status: 'cancelled', closure_reason: 'self_trade_prevented', filled_quantity: 0 },
        own: { status: 'active', closure_reason: null, remaining_quantity: 2 },
        others: 5,
        traded: 0,
      },
    ];
    for (const row of rows) {
      it(`${row.mode}: taker ${row.taker.status}, own resting order ${row.own.status} with ${row.own.remaining_quantity} left, reservations released`, async () => {
        const own = await placed(env(), trader, {
          market_id: market.marketId,
          side: 'sell',
          price: '0.3100',
          quantity: 5,
        });
        const theirs = await placed(env(), other, {
          market_id: market.marketId,
          side: 'sell',
          price: '0.3100',
          quantity: 5,
        });
        const taker = await placed(env(), trader, {
          market_id: market.marketId,
          side: 'buy',
          price: '0.3100',
          quantity: 3,
          self_trade_prevention: row.mode,
        });
        expect(taker).to.include({ ...row.taker, self_trade_prevention: row.mode });
        expect(taker.fee).to.equal(row.traded === 0 ? '0.000000' : taker.fee);
        expect(await orderState(env(), trader, own.order_id)).to.include({
          ...row.own,
          quantity: 5,
          filled_quantity: 0,
        });
        expect((await orderState(env(), other, theirs.order_id)).remaining_quantity).to.equal(row.others);
        const trades = await env().trading.get('/v1/trades', {
          sign: trader.signingKey,
          query: { market_id: market.marketId },
        });
        expect(
          trades.body.data.map((t: { quantity: number }) => t.quantity).reduce((a: number, b: number) => a + b, 0),
        ).to.equal(row.traded);
        // Nothing stays locked beyond what the resting own order still needs.
        const balances = await balancesOf(services(), trader.userId, market.instrumentId);
        expect(balances).to.include({ usdLocked: 0, unitsLocked: row.own.remaining_quantity });
        expect(balances.unitsAvailable + balances.unitsLocked).to.equal(100 + row.traded);
      });
    }

    it('decrement reduces a larger taker by the overlap; the rest trades with others (no fee on the decremented part)', async () => {
      const own = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.3100',
        quantity: 2,
      });
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3100', quantity: 5 });
      const taker = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3100',
        quantity: 6,
        self_trade_prevention: 'decrement',
      });
      expect(taker).to.include({ status: 'filled', filled_quantity: 4, remaining_quantity: 0, quantity: 6 });
      expect(await orderState(env(), trader, own.order_id)).to.include({
        status: 'cancelled',
        closure_reason: 'self_trade_prevented',
        remaining_quantity: 0,
      });
      expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.include({
        usdLocked: 0,
        unitsLocked: 0,
      });
    });

    it('a fok under decrement that would meet its own order closes untouched (all or nothing)', async () => {
      const own = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.3100',
        quantity: 2,
      });
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3100', quantity: 5 });
      const fok = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3100',
        quantity: 4,
        time_in_force: 'fok',
        self_trade_prevention: 'decrement',
      });
      expect(fok).to.include({ status: 'closed', closure_reason: 'fok_unfilled', filled_quantity: 0 });
      expect(await orderState(env(), trader, own.order_id)).to.include({ status: 'active', remaining_quantity: 2 });
    });

    it('an order that names no mode takes the account default (account_settings.self_trade_prevention)', async () => {
      const plain = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.2000',
        quantity: 1,
      });
      expect(plain.self_trade_prevention).to.equal('expire_taker');
      await setAccountSelfTradePrevention(services(), trader.userId, 'expire_maker');
      const own = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.3100',
        quantity: 5,
      });
      await placed(env(), other, { market_id: market.marketId, side: 'sell', price: '0.3100', quantity: 5 });
      const taker = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3100',
        quantity: 3,
      });
      expect(taker).to.include({ self_trade_prevention: 'expire_maker', status: 'filled' });
      expect(await orderState(env(), trader, own.order_id)).to.include({
        status: 'cancelled',
        closure_reason: 'self_trade_prevented',
      });
      // A mode on the order wins over the default.
      const named = await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.2000',
        quantity: 1,
        self_trade_prevention: 'decrement',
      });
      expect(named.self_trade_prevention).to.equal('decrement');
    });
  });

  describe('bad input: 422 in the envelope, nothing stored', () => {
    const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const rows: [string, Record<string, unknown>, string, string][] = [
      ['stop without stop_price', { type: 'stop', price: undefined }, 'validation_error', 'body.stop_price'],
      ['stop_limit without stop_price', { type: 'stop_limit' }, 'validation_error', 'body.stop_price'],
      ['stop_price on a limit order', { stop_price: '0.3000' }, 'validation_error', 'body.stop_price'],
      [
        'stop_price on a market order',
        { type: 'market', price: undefined, stop_price: '0.3000' },
        'validation_error',
        'body.stop_price',
      ],
      ['a price on a stop order', { type: 'stop', stop_price: '0.3000' }, 'validation_error', 'body.price'],
      [
        'stop_limit without price',
        { type: 'stop_limit', price: undefined, stop_price: '0.3000' },
        'validation_error',
        'body.price',
      ],
      ['stop_price zero', { type: 'stop_limit', stop_price: '0.0000' }, 'validation_error', 'body.stop_price'],
      ['stop_price as a number', { type: 'stop_limit', stop_price: 0.3 }, 'validation_error', 'body.stop_price'],
      ['gtd without expire_time', { time_in_force: 'gtd' }, 'validation_error', 'body.expire_time'],
      ['expire_time without gtd', { expire_time: inSeconds(3_600) }, 'validation_error', 'body.expire_time'],
      [
        'expire_time in the past',
        { time_in_force: 'gtd', expire_time: inSeconds(-60) },
        'validation_error',
        'body.expire_time',
      ],
      [
        'expire_time under a second ahead',
        { time_in_force: 'gtd', expire_time: inSeconds(0) },
        'validation_error',
        'body.expire_time',
      ],
      [
        'expire_time more than 90 days ahead',
        { time_in_force: 'gtd', expire_time: inSeconds(91 * 86_400) },
        'validation_error',
        'body.expire_time',
      ],
      [
        'expire_time not a date-time',
        { time_in_force: 'gtd', expire_time: 'tomorrow' },
        'validation_error',
        'body.expire_time',
      ],
      [
        'post_only on a market order',
        { type: 'market', price: undefined, post_only: true },
        'validation_error',
        'body.post_only',
      ],
      ['post_only with ioc', { time_in_force: 'ioc', post_only: true }, 'validation_error', 'body.post_only'],
      ['post_only with fok', { time_in_force: 'fok', post_only: true }, 'validation_error', 'body.post_only'],
      [
        'post_only on a stop_limit',
        { type: 'stop_limit', stop_price: '0.3000', post_only: true },
        'validation_error',
        'body.post_only',
      ],
      [
        'an unknown self_trade_prevention',
        { self_trade_prevention: 'cancel_newest' },
        'validation_error',
        'body.self_trade_prevention',
      ],
      [
        'stop_price with 5 decimals',
        { type: 'stop_limit', stop_price: '0.30005' },
        'validation_error',
        'body.stop_price',
      ],
    ];
    for (const [name, change, code, path] of rows) {
      it(`refuses ${name}: 422 ${code} at ${path}`, async () => {
        const before = await balancesOf(services(), trader.userId, market.instrumentId);
        const body = {
          market_id: market.marketId,
          side: 'buy',
          type: 'limit',
          price: '0.2500',
          quantity: 2,
          ...change,
        };
        const reply = await env().trading.post('/v1/orders', { sign: trader.signingKey, body });
        expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
        expect(reply.body.errors.code).to.equal(code);
        expect(JSON.stringify(reply.body.errors.context)).to.include(path);
        expect(await orderCount(trader)).to.equal(0);
        expect(await balancesOf(services(), trader.userId, market.instrumentId)).to.deep.equal(before);
      });
    }
  });
});
