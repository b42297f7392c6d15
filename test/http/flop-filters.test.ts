import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import type { Reply } from '../support/http.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * The query spellings of the live service's CLI (Phoenix Flop; grid-cli src/sdk/http/client.ts
 * `buildFilters`, `getPublicTrades`, `getOrderBook`), sent with literal brackets as axios sends
 * them, map onto each list's own parameters (issue 21).
 */
describeEachDatabase('http: Flop filter spellings', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let trader: TestUser;
  let seller: TestUser;
  const ids: Record<string, string> = {};

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    trader = await createTestUser(services());
    seller = await createTestUser(services());
    await giveUsd(services(), trader.userId, '1000.00');
    await giveUnits(services(), seller.userId, market.instrumentId, 100);
    // Two resting buys, one cancelled buy, and one trade.
    ids.low = (
      await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.0100',
        quantity: 1,
        client_order_id: 'flop-low',
      })
    ).order_id;
    ids.high = (
      await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.0300',
        quantity: 2,
        client_order_id: 'flop-high',
      })
    ).order_id;
    ids.cancelled = (
      await placed(env(), trader, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.0200',
        quantity: 3,
        client_order_id: 'flop-cancelled',
      })
    ).order_id;
    expect((await env().trading.delete(`/v1/orders/${ids.cancelled}`, { sign: trader.signingKey })).status).to.be.oneOf(
      [200, 204],
    );
    await placed(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.0300',
      quantity: 1,
      client_order_id: 'flop-sell',
    });
  });

  const orders = (rawQuery: string) => env().trading.get('/v1/orders', { sign: trader.signingKey, rawQuery });
  const orderIds = (reply: Reply) => {
    expect(reply.status, reply.text).to.equal(200);
    return (reply.body.data as { order_id: string }[]).map((o) => o.order_id);
  };

  // Each row: the CLI's spelling and mkt's own, which must answer the same orders in the same order.
  const same: [string, string, string][] = [
    ['a flop filter on status', 'flop[filters][0][field]=status&flop[filters][0][value]=open', 'status=open'],
    [
      'a flop filter with its brackets percent-encoded',
      'flop%5Bfilters%5D%5B0%5D%5Bfield%5D=status&flop%5Bfilters%5D%5B0%5D%5Bvalue%5D=open',
      'status=open',
    ],
    [
      'a filters[] filter with op ==',
      'filters[0][field]=status&filters[0][op]===&filters[0][value]=cancelled',
      'status=cancelled',
    ],
    [
      'two flop filters',
      `flop[filters][0][field]=status&flop[filters][0][value]=open&flop[filters][1][field]=market_id&flop[filters][1][value]=${'MARKET'}`,
      `status=open&market_id=${'MARKET'}`,
    ],
    [
      'order_by[] and order_directions[]',
      'order_by[]=price&order_directions[]=desc',
      'order_by=price&order_direction=desc',
    ],
    ['page_size', 'order_by[]=price&page_size=1', 'order_by=price&limit=1'],
    [
      'a flop filter repeating the direct parameter',
      'status=open&flop[filters][0][field]=status&flop[filters][0][value]=open',
      'status=open',
    ],
    [
      "a filter on limit (the CLI's supply list sends one)",
      'flop[filters][0][field]=limit&flop[filters][0][value]=2&order_by[]=price',
      'limit=2&order_by=price',
    ],
  ];
  for (const [name, flop, own] of same) {
    it(`lists orders by ${name} as by its own spelling`, async () => {
      const withMarket = (query: string) => query.replaceAll('MARKET', market.marketId);
      const expected = orderIds(await orders(withMarket(own)));
      expect(expected.length).to.be.greaterThan(0);
      expect(orderIds(await orders(withMarket(flop)))).to.deep.equal(expected);
    });
  }

  it('pages with page_size as with limit (has_more and the cursor)', async () => {
    const page = await orders('page_size=1&order_by[]=price');
    expect(orderIds(page)).to.have.length(1);
    expect(page.body.paging.has_more).to.equal(true);
  });

  it("maps op >= and <= onto the list's _min/_from and _max/_to parameters", async () => {
    const flop = await env().trading.get(`/v1/markets/${market.marketId}/trades`, {
      sign: trader.signingKey,
      rawQuery:
        'filters[0][field]=quantity&filters[0][op]=>=&filters[0][value]=1&filters[1][field]=quantity&filters[1][op]=<=&filters[1][value]=1',
    });
    const own = await env().trading.get(`/v1/markets/${market.marketId}/trades`, {
      sign: trader.signingKey,
      query: { quantity_min: 1, quantity_max: 1 },
    });
    expect(flop.status, flop.text).to.equal(200);
    expect(flop.body.data).to.have.length(1);
    expect(flop.body.data).to.deep.equal(own.body.data);
  });

  it("answers the CLI's public trades query (a filter repeating the path's market, order_by[], page_size)", async () => {
    const rawQuery = `filters[0][field]=market_id&filters[0][value]=${market.marketId}&order_by[]=execution_timestamp&order_directions[]=desc&page_size=50`;
    const reply = await env().trading.get(`/v1/markets/${market.marketId}/trades`, {
      sign: trader.signingKey,
      rawQuery,
    });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.have.length(1);
  });

  it("answers the CLI's price history query (all four parameters as filters, its fixed order named)", async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const cli = `filters[0][field]=market_id&filters[0][value]=${market.marketId}&filters[1][field]=resolution&filters[1][value]=1m&filters[2][field]=from&filters[2][value]=${nowS - 3600}&filters[3][field]=to&filters[3][value]=${nowS + 60}&order_by[]=period_start&order_directions[]=asc`;
    const flop = await env().trading.get('/v1/price-histories', { sign: trader.signingKey, rawQuery: cli });
    const own = await env().trading.get('/v1/price-histories', {
      sign: trader.signingKey,
      query: { market_id: market.marketId, resolution: '1m', from: nowS - 3600, to: nowS + 60 },
    });
    expect(flop.status, flop.text).to.equal(200);
    expect(flop.body.data).to.have.length(1);
    expect(flop.body).to.deep.equal(own.body);
  });

  it("answers the CLI's order book depth as limit", async () => {
    const shallow = await env().trading.get(`/v1/markets/${market.marketId}/orderbook`, {
      sign: trader.signingKey,
      rawQuery: 'depth=1',
    });
    const deep = await env().trading.get(`/v1/markets/${market.marketId}/orderbook`, {
      sign: trader.signingKey,
      rawQuery: 'depth=10',
    });
    expect(shallow.status, shallow.text).to.equal(200);
    expect(deep.body.data.buy).to.have.length(2);
    expect(shallow.body.data.buy).to.have.length(1);
  });

  // Each row: a query that cannot mean one thing, refused with 422 naming what to fix.
  const refusals: [string, string, string, string, RegExp][] = [
    [
      'two spellings of status with different values',
      '/v1/orders',
      'status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled',
      'query.status',
      /status=open and flop\[filters\]\[0\]=filled/,
    ],
    ['page_size and limit that differ', '/v1/orders', 'limit=5&page_size=6', 'query.limit', /limit=5 and page_size=6/],
    ['depth and limit that differ', 'ORDERBOOK', 'limit=2&depth=1', 'query.limit', /limit=2 and depth=1/],
    [
      'an unknown filter field',
      '/v1/orders',
      'flop[filters][0][field]=colour&flop[filters][0][value]=red',
      'query.flop[filters][0][field]',
      /is not a filter of this list; its filters: .*status/,
    ],
    [
      'an unknown operator',
      '/v1/orders',
      'flop[filters][0][field]=status&flop[filters][0][op]=ilike&flop[filters][0][value]=open',
      'query.flop[filters][0][op]',
      /must be one of ==, >=, <=/,
    ],
    [
      'a range operator on a field without a range',
      '/v1/orders',
      'filters[0][field]=status&filters[0][op]=>=&filters[0][value]=open',
      'query.filters[0][field]',
      /has no >= filter/,
    ],
    [
      'a filter without a field',
      '/v1/orders',
      'flop[filters][0][value]=open',
      'query.flop[filters][0][field]',
      /is required/,
    ],
    [
      'a filter without a value',
      '/v1/orders',
      'flop[filters][0][field]=status',
      'query.flop[filters][0][value]',
      /is required/,
    ],
    [
      "a filter on another market than the path's",
      'TRADES',
      'filters[0][field]=market_id&filters[0][value]=market_other',
      'query.filters[0][value]',
      /the path names/,
    ],
    ['two sort keys', '/v1/orders', 'order_by[]=price&order_by[]=status', 'query.order_by[]', /one order_by/],
    [
      "another order than a fixed-order list's",
      '/v1/price-histories',
      'market_id=m&resolution=1m&order_by[]=volume',
      'query.order_by[]',
      /always sorted by period_start asc/,
    ],
    [
      "another direction than a fixed-order list's",
      '/v1/price-histories',
      'market_id=m&resolution=1m&order_directions[]=desc',
      'query.order_directions[]',
      /must be asc/,
    ],
    [
      'page_size where a list has no paging',
      '/v1/orders/count',
      'page_size=5',
      'query.page_size',
      /is not a known field/,
    ],
    [
      'a key __proto__ beside a Flop filter',
      '/v1/orders',
      '__proto__=a&__proto__=b&flop[filters][0][field]=status&flop[filters][0][value]=open',
      'query.__proto__',
      /is not a known field/,
    ],
    [
      'a value a list refuses in its own spelling',
      '/v1/orders',
      'flop[filters][0][field]=status&flop[filters][0][value]=sideways',
      'query.status',
      /must be one of/,
    ],
  ];
  for (const [name, path, rawQuery, issuePath, message] of refusals) {
    it(`refuses ${name} with 422 naming ${issuePath}`, async () => {
      const target =
        path === 'ORDERBOOK'
          ? `/v1/markets/${market.marketId}/orderbook`
          : path === 'TRADES'
            ? `/v1/markets/${market.marketId}/trades`
            : path;
      const reply = await env().trading.get(target, { sign: trader.signingKey, rawQuery });
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      const issue = (reply.body.errors.context.errors as { path: string; message: string }[]).find(
        (i) => i.path === issuePath,
      );
      expect(issue, reply.text).to.not.equal(undefined);
      expect(issue!.message).to.match(message);
    });
  }
});
