import { expect } from 'chai';
import { Parser, fromFile } from '@asyncapi/parser';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { asyncapiPath, authenticatePayload, RawClient, socketUrl, type Frame, streamOrigin } from './support.js';

describe('streams: openapi/asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3.0 document (@asyncapi/parser), its $refs into trading.yaml resolved', async () => {
    const { document, diagnostics } = await fromFile(new Parser(), asyncapiPath).parse();
    expect(
      diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code} ${d.message} ${JSON.stringify(d.path)}`),
    ).to.deep.equal([]);
    expect(document?.version()).to.equal('3.0.0');
    expect(
      document!
        .allMessages()
        .all()
        .map((m) => m.name())
        .sort(),
    ).to.include.members([
      'ack',
      'balance_update',
      'book_snapshot',
      'book_update',
      'candle',
      'market_ticker',
      'new_order',
      'new_trade',
      'order_update',
      'phx_reply',
    ]);
  });

  it('lists every property of the OpenAPI Order, Ticker, OrderBook and PriceHistory in the stream schemas that extend them', () => {
    const read = (name: string) => parse(readFileSync(asyncapiPath.replace('asyncapi.yaml', name), 'utf8'));
    const trading = read('trading.yaml').components.schemas;
    const streams = read('asyncapi.yaml').components.schemas;
    for (const [ours, theirs] of [
      ['Order', 'Order'],
      ['TickerPayload', 'Ticker'],
      ['BookSnapshot', 'OrderBook'],
      ['Candle', 'PriceHistory'],
    ] as const) {
      expect(Object.keys(streams[ours].properties), ours).to.include.members(Object.keys(trading[theirs].properties));
      expect(streams[ours].required, ours).to.include.members(trading[theirs].required);
    }
  });
});

/**
 * Pushes from real orders placed over HTTP. They need the producing side of issue 13 (events
 * delivered into services.events after each commit); without it these wait in vain.
 */
describeEachDatabase('streams: pushes of real orders', (env) => {
  let seller: TestUser;
  let buyer: TestUser;
  let market: MarketRef;
  const open: RawClient[] = [];

  before(async () => {
    const services = env().service.services;
    market = await marketOf(services, 'text-standard');
    seller = await createTestUser(services);
    buyer = await createTestUser(services);
    await giveUnits(services, seller.userId, market.instrumentId, 100);
    await giveUsd(services, buyer.userId, '100.00');
  });
  afterEach(() => {
    for (const c of open.splice(0)) {
      expect(c.violations.map((v) => v.message)).to.deep.equal([]);
      c.close();
    }
  });

  const subscribed = async (user: TestUser | null, streams: unknown[], vsn: '1.0.0' | '2.0.0' = '1.0.0') => {
    const c = await RawClient.open(socketUrl(streamOrigin(env().service), vsn), vsn);
    open.push(c);
    await c.join();
    if (user)
      expect((await c.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey))).status).to.equal(
        'ok',
      );
    expect((await c.streams('subscribe', streams)).status).to.equal('ok');
    return c;
  };

  const stream = (name: string, extra: object = {}) => ({ name, market: market.marketId, ...extra });

  it('pushes the book (snapshot, then updates in sequence that rebuild the orderbook endpoint) and the trades of a market', async () => {
    const c = await subscribed(null, [stream('market.book'), stream('market.trades')], '2.0.0');
    const snapshot = (await c.next((f) => f.event === 'book_snapshot', 5000, true)).payload.data;
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 5 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 2 });
    const trade = await c.next((f) => f.event === 'new_trade', 5000, true);
    expect(trade.payload.data).to.include({ market_id: market.marketId, price: '0.5000', quantity: 2 });

    // The snapshot plus its updates equals the orderbook endpoint at the same sequence.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const updates = c.frames.filter((f) => f.event === 'book_update').map((f) => f.payload.data);
    expect(updates.length).to.be.above(0);
    updates.forEach((u, i) => expect(u.sequence, `update ${i}`).to.equal(snapshot.sequence + i + 1));
    const levels = new Map<string, Map<string, number>>([
      ['buy', new Map()],
      ['sell', new Map()],
    ]);
    for (const side of ['buy', 'sell'] as const)
      for (const l of snapshot[side]) levels.get(side)!.set(l.price, l.quantity);
    for (const u of updates)
      for (const side of ['buy', 'sell'] as const)
        for (const l of u[side])
          l.quantity === 0 ? levels.get(side)!.delete(l.price) : levels.get(side)!.set(l.price, l.quantity);
    const book = (
      await env().trading.get(`/v1/markets/${market.marketId}/orderbook`, {
        query: { limit: 100 },
        sign: buyer.signingKey,
      })
    ).body.data;
    for (const side of ['buy', 'sell'] as const) {
      expect([...levels.get(side)!].sort(), side).to.deep.equal(
        book[side].map((l: { price: string; quantity: number }) => [l.price, l.quantity]).sort(),
      );
    }
  });

  it('pushes the ticker (with bid and ask) and the candles of a market', async () => {
    const c = await subscribed(null, [stream('market.ticker'), stream('market.candles', { resolution: '1m' })]);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5500', quantity: 1 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5500', quantity: 1 });
    // The buy takes the best ask, which earlier tests may have left below 0.5500: the pushes are checked against the endpoints instead.
    const candle = (await c.next((f) => f.event === 'candle' && f.payload.data.volume >= 1, 5000, true)).payload.data;
    expect(candle).to.include({ market_id: market.marketId, resolution: '1m' });
    const ticker = await c.next(
      (f) => f.event === 'market_ticker' && f.payload.last_trade_timestamp !== null,
      5000,
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const last = c.frames.filter((f) => f.event === 'market_ticker').at(-1)!;
    expect(ticker.payload).to.include({
      market_id: market.marketId,
      ask: ticker.payload.lowest_ask,
      bid: ticker.payload.highest_bid,
      stream: 'market.ticker',
    });
    const { bid, ask, stream: _stream, ...fields } = last.payload;
    expect({ bid, ask }).to.deep.equal({ bid: fields.highest_bid, ask: fields.lowest_ask });
    const rest = (await env().trading.get(`/v1/markets/${market.marketId}/ticker`, { sign: buyer.signingKey })).body
      .data;
    expect(fields).to.deep.equal(rest);
  });

  it("pushes the caller's balances after a fill", async () => {
    const c = await subscribed(buyer, [{ name: 'user.balances' }]);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5600', quantity: 1 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5600', quantity: 1 });
    expect((await c.next((f) => f.event === 'balance_update', 5000, true)).payload.data.account_type).to.be.oneOf([
      'currency',
      'trading',
      'consumption',
    ]);
  });

  it("pushes the caller's orders and fills on the user streams (and nobody else's)", async () => {
    const mine = await subscribed(buyer, [{ name: 'user.orders' }, { name: 'user.trades' }]);
    const theirs = await subscribed(seller, [{ name: 'user.orders' }], '2.0.0');
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.6000', quantity: 3 });
    const order = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.6000', quantity: 3 });
    const isMine = (f: Frame) => f.payload?.data?.order_id === order.order_id;
    const created = await mine.next((f) => f.event === 'new_order' && isMine(f), 5000, true);
    expect(created.payload.data).to.include({
      original_quantity: 3,
      order_type: 'limit',
      remaining_quantity: created.payload.data.remaining_quantity,
    });
    const filled = await mine.next(
      (f) => (f.event === 'order_update' || f.event === 'new_order') && isMine(f) && f.payload.data.status === 'filled',
      5000,
      true,
    );
    expect(filled.payload.data).to.include({ filled_quantity: 3, remaining_quantity: 0 });
    expect(filled.payload.data.average_price).to.be.a('string');
    const fill = await mine.next((f) => f.event === 'new_trade' && f.payload.stream === 'user.trades', 5000, true);
    expect(fill.payload.data).to.include({ order_id: order.order_id });
    expect(fill.payload.data.fee).to.be.a('string');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.frames.filter((f) => isMine(f))).to.deep.equal([]);
  });
});
