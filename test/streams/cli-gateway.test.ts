import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { parse } from 'yaml';
import { MktStream, type MktStreamEvents } from '../../generated/sdk/typescript/streams/index.js';
import { createGrant } from '../../src/core/identity.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, orderState, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { asyncapiPath, authenticatePayload, RawClient, type Frame, streamOrigin } from './support.js';

/**
 * The gateway as the live service's CLI uses it (grid-cli src/sdk/ws/trading-gateway.ts): its
 * default URL is the trading host's `/v1/`, used as it is (no `vsn`, so 1.0.0 objects); its frames
 * are `{topic, event, payload, ref}` without join_ref; it joins `ws:trading`, authenticates with
 * a signature, subscribes `user.orders` and `market.trades` waiting for the `ack` by request_id,
 * and reads `payload.data` of `new_order`, `order_update`, `new_trade` and `update_trade`. Every
 * frame the server sends is checked against openapi/asyncapi.yaml (RawClient).
 */
class CliGateway {
  private constructor(readonly raw: RawClient) {}

  static async connect(url: string): Promise<CliGateway> {
    return new CliGateway(await RawClient.open(url, '1.0.0'));
  }

  /** A frame as the CLI writes it, answered by its phx_reply. */
  async call(topic: string, event: string, payload: unknown): Promise<{ status: string; response: any }> {
    const ref = this.raw.nextRef();
    const reply = this.raw.next((f) => f.event === 'phx_reply' && f.ref === ref);
    this.raw.sendText(JSON.stringify({ topic, event, payload, ref }));
    return (await reply).payload;
  }

  async join(): Promise<void> {
    expect(await this.call('ws:trading', 'phx_join', {})).to.deep.equal({ status: 'ok', response: {} });
  }

  authenticate(payload: Record<string, unknown>): Promise<{ status: string; response: any }> {
    return this.call('ws:trading', 'authenticate', payload);
  }

  /** subscribe as the CLI sends it, resolved by the ack carrying its request_id. */
  async subscribe(streams: { name: string; market?: string }[]): Promise<any> {
    const requestId = `req-${Date.now()}-${this.raw.nextRef()}`;
    const ack = this.raw.next((f) => f.event === 'ack' && f.payload.request_id === requestId);
    this.raw.sendText(
      JSON.stringify({
        topic: 'ws:trading',
        event: 'subscribe',
        payload: { streams, request_id: requestId },
        ref: this.raw.nextRef(),
      }),
    );
    return (await ack).payload;
  }

  close(): void {
    this.raw.close();
  }
}

describe('streams: openapi/asyncapi.yaml, the fields the live CLI reads', () => {
  const read = (name: string) => parse(readFileSync(asyncapiPath.replace('asyncapi.yaml', name), 'utf8'));

  it('lists every property of the OpenAPI MarketTrade and Trade in the stream trades that extend them, with executed_at, maker_order_id and taker_order_id', () => {
    const trading = read('trading.yaml').components.schemas;
    const streams = read('asyncapi.yaml').components.schemas;
    for (const name of ['MarketTrade', 'Trade']) {
      expect(Object.keys(streams[name].properties), name).to.include.members([
        ...Object.keys(trading[name].properties),
        'executed_at',
        'maker_order_id',
        'taker_order_id',
      ]);
      expect(streams[name].required, name).to.include.members([
        ...trading[name].required,
        'executed_at',
        'maker_order_id',
        'taker_order_id',
      ]);
    }
    expect(streams.Order.required).to.include.members([
      'trading_account_id',
      'average_fill_price',
      'created_at',
      'original_quantity',
      'order_type',
    ]);
  });

  it('documents the three paths of the socket, its own listener (MKT_STREAMS_PORT) and update_trade on user.orders', () => {
    const doc = read('asyncapi.yaml');
    expect(Object.values(doc.servers as Record<string, { pathname: string }>).map((s) => s.pathname)).to.have.members([
      '/trading_socket/websocket',
      '/v1/',
      '/ws',
      '/trading_socket/websocket',
    ]);
    expect(doc.servers.streams.description).to.include('MKT_STREAMS_PORT');
    expect(doc.components.messages.tradeUpdate).to.include({ name: 'update_trade' });
    expect(doc.components.messages.tradeUpdate.payload.properties.stream).to.deep.equal({ const: 'user.orders' });
  });
});

describeEachDatabase('streams: the gateway as the live CLI uses it', (env) => {
  let seller: TestUser;
  let buyer: TestUser;
  let market: MarketRef;
  const open: CliGateway[] = [];
  const services = () => env().service.services;
  const base = () => streamOrigin(env().service).replace(/^http/, 'ws');

  const connect = async (path: string) => {
    const gateway = await CliGateway.connect(`${base()}${path}`);
    open.push(gateway);
    await gateway.join();
    return gateway;
  };

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    seller = await createTestUser(services());
    buyer = await createTestUser(services());
    await giveUnits(services(), seller.userId, market.instrumentId, 100);
    await giveUsd(services(), buyer.userId, '100.00');
  });
  afterEach(() => {
    for (const gateway of open.splice(0)) {
      expect(gateway.raw.violations.map((v) => v.message)).to.deep.equal([]);
      gateway.close();
    }
  });

  it('answers at /v1/, /v1 and /ws as at /trading_socket/websocket: join, authenticate, subscribe → ack, heartbeat', async () => {
    for (const path of ['/v1/', '/v1', '/ws', '/ws?vsn=1.0.0', '/trading_socket/websocket?vsn=1.0.0']) {
      const gateway = await connect(path);
      expect(await gateway.authenticate(authenticatePayload(seller.signingKey)), path).to.deep.equal({
        status: 'ok',
        response: { user_id: seller.userId, fingerprint: seller.signingKey.fingerprint },
      });
      const ack = await gateway.subscribe([
        { name: 'user.orders' },
        { name: 'market.trades', market: market.marketId },
        { name: 'market.ticker', market: market.marketId },
      ]);
      expect(ack, path).to.include({ action: 'subscribe', status: 'ok' });
      expect(await gateway.call('phoenix', 'heartbeat', {}), path).to.deep.equal({ status: 'ok', response: {} });
    }
  });

  it('leaves the HTTP routes under /v1/ alone, and refuses upgrades on other paths under them', async () => {
    const markets = await env().trading.get('/v1/markets', { sign: seller.signingKey });
    expect(markets.status).to.equal(200);
    for (const path of ['/v1/markets', '/v1//', '/ws/', '/wss']) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base()}${path}`);
        ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.on('open', () => (ws.close(), resolve(101)));
        ws.on('error', () => undefined);
      });
      expect(status, path).to.equal(404);
    }
  });

  it('authenticates with an OAuth access token that has trade:read, and refuses one without it, expired, revoked or unknown', async () => {
    const granted = await grantTokens(services(), seller.userId, ['trade:read']);
    const narrow = await grantTokens(services(), seller.userId, ['account:read', 'trade:write']);
    const hourAndMoreAgo = { nowUs: () => services().clock.nowUs() - 2 * 3_600_000_000 };
    const expired = await createGrant(services().db, hourAndMoreAgo, seller.userId, 'mkt-cli', ['trade:read']);
    const revoked = await grantTokens(services(), seller.userId, ['trade:read']);
    expect(
      (
        await env().platform.post('/v1/oauth/revoke', {
          body: { token: revoked.accessToken, token_type_hint: 'access_token' },
        })
      ).status,
    ).to.equal(200);

    const gateway = await connect('/v1/');
    const rows: { what: string; payload: Record<string, unknown>; reason: string; required_scopes?: string[] }[] = [
      {
        what: 'no trade:read',
        payload: { access_token: narrow.accessToken },
        reason: 'insufficient_scope',
        required_scopes: ['trade:read'],
      },
      { what: 'expired', payload: { access_token: expired.accessToken }, reason: 'invalid_token' },
      { what: 'revoked', payload: { access_token: revoked.accessToken }, reason: 'invalid_token' },
      { what: 'unknown', payload: { access_token: `mkt_at_${'0'.repeat(64)}` }, reason: 'invalid_token' },
      { what: 'not a token', payload: { access_token: 'sk-1234' }, reason: 'invalid_token' },
      { what: 'empty', payload: { access_token: '' }, reason: 'invalid_payload' },
      {
        what: 'token and signature',
        payload: { access_token: granted.accessToken, ...authenticatePayload(seller.signingKey) },
        reason: 'invalid_payload',
      },
    ];
    for (const row of rows) {
      const reply = await gateway.authenticate(row.payload);
      expect(reply.status, row.what).to.equal('error');
      expect(reply.response.reason, row.what).to.equal(row.reason);
      expect(reply.response.detail, row.what).to.be.a('string').and.not.equal('');
      if (row.required_scopes) {
        expect(reply.response.required_scopes, row.what).to.deep.equal(row.required_scopes);
        expect(reply.response.detail, row.what).to.contain('trade:read');
      }
    }
    // Refused, the socket is still unauthenticated: a private stream is refused, then the good token opens it.
    expect((await gateway.subscribe([{ name: 'user.orders' }])).streams[0]).to.include({
      status: 'error',
      reason: 'authentication_required',
    });
    const ok = await gateway.authenticate({ access_token: granted.accessToken });
    expect(ok).to.deep.equal({
      status: 'ok',
      response: { user_id: seller.userId, grant_id: granted.grantId, scopes: ['trade:read'] },
    });
    expect((await gateway.subscribe([{ name: 'user.orders' }])).status).to.equal('ok');
    expect((await gateway.authenticate({ access_token: granted.accessToken })).response.reason).to.equal(
      'already_authenticated',
    );
  });

  it('pushes orders and trades with the fields the CLI reads, and update_trade to the owner of a resting order filled in part', async () => {
    const token = await grantTokens(services(), seller.userId, ['trade:read']);
    // The seller follows as a login-only profile would (token), at the CLI's default URL; the buyer signs, at /ws.
    const sellerSide = await connect('/v1/');
    expect((await sellerSide.authenticate({ access_token: token.accessToken })).status).to.equal('ok');
    expect(
      (await sellerSide.subscribe([{ name: 'user.orders' }, { name: 'market.trades', market: market.marketId }]))
        .status,
    ).to.equal('ok');
    const buyerSide = await connect('/ws');
    expect((await buyerSide.authenticate(authenticatePayload(buyer.signingKey))).status).to.equal('ok');
    expect((await buyerSide.subscribe([{ name: 'user.orders' }])).status).to.equal('ok');

    const sell = await placed(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.7000',
      quantity: 5,
    });
    const firstBuy = await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.7000',
      quantity: 2,
    });
    const lastBuy = await placed(env(), buyer, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.7000',
      quantity: 3,
    });

    const ofSell = (f: Frame) => f.payload?.data?.order_id === sell.order_id;
    await sellerSide.raw.next(
      (f) => f.event === 'order_update' && ofSell(f) && f.payload.data.status === 'filled',
      5000,
      true,
    );
    const trades = await waitFor(
      () => sellerSide.raw.frames.filter((f) => f.event === 'new_trade'),
      (list) => list.length === 2,
    );
    const sellerOrders = sellerSide.raw.frames.filter((f) =>
      ['new_order', 'order_update', 'update_trade'].includes(f.event),
    );
    expect(
      sellerOrders.map((f) => [f.event, f.payload.stream, f.payload.data.order_id, f.payload.data.status]),
    ).to.deep.equal([
      ['new_order', 'user.orders', sell.order_id, 'active'],
      ['order_update', 'user.orders', sell.order_id, 'partially_filled'],
      ['update_trade', 'user.orders', sell.order_id, 'settled'],
      ['order_update', 'user.orders', sell.order_id, 'filled'],
    ]);

    // The order fields the CLI reads (OrderEvent), beside mkt's own.
    const accounts = (await env().trading.get('/v1/trading-accounts', { sign: seller.signingKey })).body.data as {
      account_id: string;
      instrument_id: string;
    }[];
    const tradingAccountId = accounts.find((a) => a.instrument_id === market.instrumentId)!.account_id;
    const filled = sellerOrders[3]!.payload.data;
    const stored = await orderState(env(), seller, sell.order_id);
    expect(filled).to.deep.include({
      order_id: sell.order_id,
      market_id: market.marketId,
      trading_account_id: tradingAccountId,
      side: 'sell',
      order_type: 'limit',
      status: 'filled',
      original_quantity: 5,
      remaining_quantity: 0,
      filled_quantity: 5,
      price: '0.7000',
      average_fill_price: stored.average_price,
      created_at: stored.submitted_at,
      updated_at: stored.updated_at,
    });
    expect(filled.average_fill_price).to.equal('0.700000');
    expect(sellerOrders[0]!.payload.data).to.include({
      trading_account_id: tradingAccountId,
      average_fill_price: null,
      created_at: stored.submitted_at,
    });

    // The trade fields the CLI reads (TradeEvent), on market.trades and on update_trade.
    const [first, last] = trades.map((f) => f.payload.data);
    expect(first).to.include({
      market_id: market.marketId,
      price: '0.7000',
      quantity: 2,
      side: 'buy',
      maker_order_id: sell.order_id,
      taker_order_id: firstBuy.order_id,
      executed_at: first.execution_timestamp,
    });
    expect(last).to.include({ quantity: 3, maker_order_id: sell.order_id, taker_order_id: lastBuy.order_id });
    const update = sellerOrders[2]!.payload.data;
    expect(update).to.include({
      trade_id: first.trade_id,
      market_id: market.marketId,
      price: '0.7000',
      quantity: 2,
      side: 'sell',
      order_id: sell.order_id,
      trading_account_id: tradingAccountId,
      executed_at: first.executed_at,
      maker_order_id: sell.order_id,
      taker_order_id: firstBuy.order_id,
    });

    // The buyer's orders filled as they came in (takers): they get no update_trade.
    await buyerSide.raw.next(
      (f) => f.event === 'new_order' && f.payload.data.order_id === lastBuy.order_id,
      5000,
      true,
    );
    expect(buyerSide.raw.frames.filter((f) => f.event === 'update_trade')).to.deep.equal([]);
    expect(
      buyerSide.raw.frames
        .filter((f) => f.event === 'new_order')
        .map((f) => [f.payload.data.order_id, f.payload.data.status, f.payload.data.average_fill_price]),
    ).to.deep.equal([
      [firstBuy.order_id, 'filled', '0.700000'],
      [lastBuy.order_id, 'filled', '0.700000'],
    ]);
  });

  it('in a batch that fills two resting orders, sends update_trade to the owner of the one left open, and none for the one completed', async () => {
    const other = await createTestUser(services());
    await giveUnits(services(), other.userId, market.instrumentId, 10);
    const sellerSide = await connect('/v1');
    expect((await sellerSide.authenticate(authenticatePayload(seller.signingKey))).status).to.equal('ok');
    expect((await sellerSide.subscribe([{ name: 'user.orders' }])).status).to.equal('ok');
    const otherSide = await connect('/v1/');
    expect((await otherSide.authenticate(authenticatePayload(other.signingKey))).status).to.equal('ok');
    expect((await otherSide.subscribe([{ name: 'user.orders' }])).status).to.equal('ok');

    const sell = await placed(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.7100',
      quantity: 4,
    });
    const behind = await placed(env(), other, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.7100',
      quantity: 5,
    });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.7100', quantity: 1 });
    // One buy of 6 completes the seller's ask (3 left) and fills 3 of the other's behind it.
    const sweep = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.7100', quantity: 6 });

    await sellerSide.raw.next(
      (f) =>
        f.event === 'order_update' && f.payload.data.order_id === sell.order_id && f.payload.data.status === 'filled',
      5000,
      true,
    );
    const seen = sellerSide.raw.frames.filter((f) => ['new_order', 'order_update', 'update_trade'].includes(f.event));
    expect(seen.map((f) => [f.event, f.payload.data.quantity, f.payload.data.filled_quantity ?? null])).to.deep.equal([
      ['new_order', 4, 0],
      ['order_update', 4, 1],
      ['update_trade', 1, null],
      ['order_update', 4, 4],
    ]);

    const update = await otherSide.raw.next((f) => f.event === 'update_trade', 5000, true);
    expect(update.payload.data).to.include({
      order_id: behind.order_id,
      quantity: 3,
      side: 'sell',
      maker_order_id: behind.order_id,
      taker_order_id: sweep.order_id,
    });
    const partly = await otherSide.raw.next(
      (f) => f.event === 'order_update' && f.payload.data.order_id === behind.order_id,
      5000,
      true,
    );
    expect(partly.payload.data).to.include({ status: 'partially_filled', filled_quantity: 3 });
    expect(otherSide.raw.frames.indexOf(partly)).to.be.below(otherSide.raw.frames.indexOf(update));
  });

  it("the TypeScript SDK's MktStream authenticates with an access token and hears update_trade", async () => {
    let asked = 0;
    const token = await grantTokens(services(), seller.userId, ['trade:read']);
    const stream = new MktStream({
      url: streamOrigin(env().service),
      WebSocket,
      reconnect: false,
      accessToken: () => (asked++, token.accessToken),
    });
    const updates: MktStreamEvents['update_trade'][] = [];
    stream.on('update_trade', (payload) => updates.push(payload));
    try {
      await stream.connect();
      expect(stream.user).to.deep.equal({ user_id: seller.userId, grant_id: token.grantId, scopes: ['trade:read'] });
      expect(asked).to.equal(1);
      expect((await stream.subscribe([{ name: 'user.orders' }])).status).to.equal('ok');
      // Below what earlier tests left resting (0.7100), so the buy meets this ask.
      const sell = await placed(env(), seller, {
        market_id: market.marketId,
        side: 'sell',
        price: '0.6900',
        quantity: 2,
      });
      const buy = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.6900', quantity: 1 });
      await waitFor(
        () => updates.length,
        (count) => count > 0,
      );
      expect(updates[0]!.data).to.include({
        order_id: sell.order_id,
        maker_order_id: sell.order_id,
        taker_order_id: buy.order_id,
        quantity: 1,
      });
    } finally {
      stream.close();
    }
    const refused = new MktStream({
      url: streamOrigin(env().service),
      WebSocket,
      reconnect: false,
      accessToken: (await grantTokens(services(), seller.userId, ['account:read'])).accessToken,
    });
    try {
      const failure = await refused.connect().then(
        () => undefined,
        (error: Error & { reason?: string }) => error,
      );
      expect(failure?.reason).to.equal('insufficient_scope');
    } finally {
      refused.close();
    }
  });
});

/** Polls `read` until `done` holds (events cross the database on PostgreSQL), within a deadline. */
async function waitFor<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
