import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import {
  insertOrder,
  insertTrade,
  seededMarkets,
  tradingAccountIdOf,
  usAt,
  type SeededMarket,
  type SeededTrade,
} from '../support/trading-rows.js';

describeEachDatabase('trading: my trades (GET /v1/trades, /v1/trades/{trade_id})', (env) => {
  let me: TestUser;
  let other: TestUser;
  let third: TestUser;
  let m0: SeededMarket;
  let m1: SeededMarket;
  const orders: Record<string, string> = {};
  const trades: Record<string, SeededTrade> = {};
  const at = (hour: number) => usAt('2025-05-01T00:00:00Z') + hour * 3_600_000_000;

  before(async () => {
    const { services } = env().service;
    [me, other, third] = [
      await createTestUser(services),
      await createTestUser(services),
      await createTestUser(services),
    ];
    const [first, second] = await seededMarkets(services);
    if (!first || !second) throw new Error('the seed has at least two markets');
    [m0, m1] = [first, second];
    const order = async (
      name: string,
      user: TestUser,
      market: SeededMarket,
      side: 'buy' | 'sell',
      priceTicks: number,
    ) => {
      orders[name] = (
        await insertOrder(services, {
          user_id: user.userId,
          market_id: market.marketId,
          side,
          price_ticks: priceTicks,
          quantity: 20,
        })
      ).id;
    };
    await order('myBuy', me, m0, 'buy', 4300);
    await order('otherSell', other, m0, 'sell', 4100);
    await order('mySell', me, m1, 'sell', 2900);
    await order('thirdBuy', third, m1, 'buy', 3200);
    await order('myBuy2', me, m1, 'buy', 2900);
    await order('thirdSell', third, m1, 'sell', 2900);
    await order('thirdBuyM0', third, m0, 'buy', 4000);
    const fill = async (
      name: string,
      market: SeededMarket,
      buyer: [TestUser, string, number, boolean],
      seller: [TestUser, string, number],
      priceTicks: number,
      quantity: number,
      takerSide: 'buy' | 'sell',
      hour: number,
    ) => {
      trades[name] = await insertTrade(services, {
        marketId: market.marketId,
        buyer: { userId: buyer[0].userId, orderId: orders[buyer[1]]!, feeMicros: buyer[2], autotransfer: buyer[3] },
        seller: { userId: seller[0].userId, orderId: orders[seller[1]]!, feeMicros: seller[2] },
        priceTicks,
        quantity,
        takerSide,
        executedAtUs: at(hour),
      });
    };
    // Mine: t1, t2 (buys on m0), t3, t4 (sells on m1), t6 (buy on m1). t5 is between the others.
    await fill('t1', m0, [me, 'myBuy', 8_400, false], [other, 'otherSell', 8_401], 4200, 4, 'buy', 1);
    await fill('t2', m0, [me, 'myBuy', 12_450, true], [other, 'otherSell', 12_451], 4150, 6, 'sell', 2);
    await fill('t5', m0, [third, 'thirdBuyM0', 100, false], [other, 'otherSell', 100], 4000, 3, 'sell', 2.5);
    await fill('t3', m1, [third, 'thirdBuy', 7_501, false], [me, 'mySell', 7_500], 3000, 5, 'buy', 3);
    await fill('t4', m1, [third, 'thirdBuy', 3_101, false], [me, 'mySell', 3_100], 3100, 2, 'sell', 4);
    await fill('t6', m1, [me, 'myBuy2', 1_450, false], [third, 'thirdSell', 1_451], 2900, 1, 'buy', 5);
  });

  const get = (path: string, query?: Record<string, string | number>, user = me) =>
    env().trading.get(path, { sign: user.signingKey, query });
  const names = (body: { data: { trade_id: string }[] }) =>
    body.data.map((t) => Object.keys(trades).find((name) => trades[name]!.trade.id === t.trade_id) ?? t.trade_id);
  const list = async (query: Record<string, string | number> = {}, user = me) => {
    const reply = await get('/v1/trades', query, user);
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    return reply.body;
  };

  it('lists only my fills, oldest first, each from my side with my fee and my order', async () => {
    const body = await list();
    expect(names(body)).to.deep.equal(['t1', 't2', 't3', 't4', 't6']);
    expect(body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
    const [t1, t2, t3] = body.data;
    expect(t1).to.deep.equal({
      trade_id: trades.t1!.trade.id,
      market_id: m0.marketId,
      market_name: m0.name,
      instrument_id: m0.instrumentId,
      instrument_symbol: m0.symbol,
      instrument_name: m0.instrumentName,
      price: '0.4200',
      quantity: 4,
      side: 'buy',
      total_value: '1.680000',
      fee: '0.008400',
      order_id: orders.myBuy,
      trading_account_id: tradingAccountIdOf(me.userId, m0.marketId),
      status: 'settled',
      execution_timestamp: '2025-05-01T01:00:00.000000Z',
      settlement_timestamp: '2025-05-01T01:00:00.000000Z',
      buyer_should_autotransfer: false,
    });
    expect(t2).to.deep.include({
      side: 'buy',
      fee: '0.012450',
      total_value: '2.490000',
      buyer_should_autotransfer: true,
    });
    expect(t3).to.deep.include({
      side: 'sell',
      fee: '0.007500',
      total_value: '1.500000',
      order_id: orders.mySell,
      buyer_should_autotransfer: null,
      market_id: m1.marketId,
    });
  });

  it('shows the other party the same trade from its own side', async () => {
    const body = await list({ trade_id: trades.t1!.trade.id }, other);
    expect(body.data).to.have.length(1);
    expect(body.data[0]).to.deep.include({
      side: 'sell',
      fee: '0.008401',
      order_id: orders.otherSell,
      buyer_should_autotransfer: null,
    });
  });

  const filters: [string, () => Record<string, string | number>, string[]][] = [
    ['market_id', () => ({ market_id: m0.marketId }), ['t1', 't2']],
    ['another market_id', () => ({ market_id: m1.marketId }), ['t3', 't4', 't6']],
    ['an unknown market_id', () => ({ market_id: 'market_00000000-0000-0000-0000-000000000000' }), []],
    ['instrument_id', () => ({ instrument_id: m1.instrumentId }), ['t3', 't4', 't6']],
    ['trade_id', () => ({ trade_id: trades.t3!.trade.id }), ['t3']],
    ['the trade_id of a trade I am not in', () => ({ trade_id: trades.t5!.trade.id }), []],
    ['order_id of my buy', () => ({ order_id: orders.myBuy! }), ['t1', 't2']],
    ['order_id of my sell', () => ({ order_id: orders.mySell! }), ['t3', 't4']],
    ["order_id of someone else's order", () => ({ order_id: orders.otherSell! }), []],
    ['buyer_order_id of my buy', () => ({ buyer_order_id: orders.myBuy! }), ['t1', 't2']],
    ['buyer_order_id of my sell', () => ({ buyer_order_id: orders.mySell! }), []],
    ['seller_order_id of my sell', () => ({ seller_order_id: orders.mySell! }), ['t3', 't4']],
    ['seller_order_id of my buy', () => ({ seller_order_id: orders.myBuy! }), []],
    ['triggering_order_id of my buy (taker in t1 only)', () => ({ triggering_order_id: orders.myBuy! }), ['t1']],
    ['triggering_order_id of my sell (taker in t4 only)', () => ({ triggering_order_id: orders.mySell! }), ['t4']],
    ['executed_from inclusive', () => ({ executed_from: '2025-05-01T02:00:00Z' }), ['t2', 't3', 't4', 't6']],
    ['executed_to exclusive', () => ({ executed_to: '2025-05-01T02:00:00Z' }), ['t1']],
    [
      'a time range in Unix seconds',
      () => ({ executed_from: String(at(3) / 1e6), executed_to: String(at(5) / 1e6) }),
      ['t3', 't4'],
    ],
    ['status=settled', () => ({ status: 'settled' }), ['t1', 't2', 't3', 't4', 't6']],
    ['market and time together', () => ({ market_id: m1.marketId, executed_to: '2025-05-01T04:00:00Z' }), ['t3']],
  ];
  for (const [name, query, expected] of filters) {
    it(`filters by ${name}`, async () => {
      expect(names(await list(query()))).to.deep.equal(expected);
    });
  }

  const sorts: [Record<string, string>, string[]][] = [
    [{ order_direction: 'desc' }, ['t6', 't4', 't3', 't2', 't1']],
    [{ order_by: 'price' }, ['t6', 't3', 't4', 't2', 't1']],
    [{ order_by: 'price', order_direction: 'desc' }, ['t1', 't2', 't4', 't3', 't6']],
    [{ order_by: 'quantity', order_direction: 'desc' }, ['t2', 't3', 't1', 't4', 't6']],
  ];
  for (const [query, expected] of sorts) {
    it(`sorts by ${JSON.stringify(query)}`, async () => {
      expect(names(await list(query))).to.deep.equal(expected);
    });
  }

  const pagedSorts: Record<string, string>[] = [{}, { order_by: 'price', order_direction: 'desc' }];
  for (const query of pagedSorts) {
    it(`pages forward and back under ${JSON.stringify(query)}`, async () => {
      const pages: string[][] = [];
      let body = await list({ ...query, limit: 2 });
      expect(body.paging.prev_cursor).to.equal(null);
      pages.push(names(body));
      while (body.paging.has_more) {
        body = await list({ ...query, limit: 2, next: body.paging.next_cursor });
        pages.push(names(body));
      }
      expect(pages.map((p) => p.length)).to.deep.equal([2, 2, 1]);
      expect(pages.flat()).to.deep.equal(names(await list(query)));
      const back: string[][] = [pages.at(-1)!];
      while (body.paging.prev_cursor !== null) {
        body = await list({ ...query, limit: 2, prev: body.paging.prev_cursor });
        back.unshift(names(body));
      }
      expect(back).to.deep.equal(pages);
    });
  }

  it('refuses a cursor of another sort', async () => {
    const first = await list({ limit: 2 });
    const reply = await get('/v1/trades', { limit: 2, order_by: 'price', next: first.paging.next_cursor });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.code).to.equal('invalid_cursor');
  });

  const invalid: Record<string, string | number>[] = [
    { status: 'pending' },
    { order_by: 'fee' },
    { order_direction: 'sideways' },
    { limit: 101 },
    { executed_from: 'last week' },
    { executed_to: '2026-13-45' },
    { side: 'buy' },
  ];
  for (const query of invalid) {
    it(`refuses ${JSON.stringify(query)} with 422 validation_error`, async () => {
      const reply = await get('/v1/trades', query);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
    });
  }

  describe('GET /v1/trades/{trade_id}', () => {
    it('shows one of my trades exactly as the list does', async () => {
      for (const name of ['t1', 't3']) {
        const listed = (await list({ trade_id: trades[name]!.trade.id })).data[0];
        const reply = await get(`/v1/trades/${trades[name]!.trade.id}`);
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.equal(listed);
      }
    });

    const missing: [string, () => string][] = [
      ['a trade I am not in', () => trades.t5!.trade.id],
      ['an unknown trade', () => 'trade_00000000-0000-0000-0000-000000000000'],
      ['a malformed id', () => 'not-a-trade'],
    ];
    for (const [name, id] of missing) {
      it(`answers 404 not_found for ${name}`, async () => {
        const reply = await get(`/v1/trades/${id()}`);
        expect(reply.status).to.equal(404);
        expect(reply.body.errors.code).to.equal('not_found');
      });
    }

    it('answers 422 to a query parameter', async () => {
      const reply = await get(`/v1/trades/${trades.t1!.trade.id}`, { verbose: 1 });
      expect(reply.status).to.equal(422);
    });
  });
});
