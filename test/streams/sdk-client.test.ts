import { expect } from 'chai';
import { streamSigner } from '../../generated/sdk/typescript/signing/index.js';
import nacl from 'tweetnacl';
import WebSocket from 'ws';
import {
  MktStream,
  type MktStreamEvents,
  type MktStreamOptions,
  type Signer,
} from '../../generated/sdk/typescript/streams/index.js';
import { deleteSigningKey } from '../../src/core/keys.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { checkServerFrame, type Frame, streamOrigin } from './support.js';

/** tweetnacl signs the authenticate message. */
const naclSigner = (user: TestUser): Signer => {
  const secret = Buffer.from(user.signingKey.privateKey, 'base64');
  const pair = secret.length === 32 ? nacl.sign.keyPair.fromSeed(secret) : nacl.sign.keyPair.fromSecretKey(secret);
  return { fingerprint: user.signingKey.fingerprint, sign: (message) => nacl.sign.detached(message, pair.secretKey) };
};

/** node:crypto signs it: the SDK's own streamSigner (@mkt/sdk/signing). */
const nodeSigner = (user: TestUser): Signer => streamSigner(user.signingKey);

/** The `ws` WebSocket, every frame it receives checked against openapi/asyncapi.yaml (violations kept). */
const violations: string[] = [];
class CheckedWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    this.on('message', (data) => {
      const [joinRef, ref, topic, event, payload] = JSON.parse(data.toString()) as [
        string | null,
        string | null,
        string,
        string,
        unknown,
      ];
      try {
        checkServerFrame({ join_ref: joinRef, ref, topic, event, payload } as Frame);
      } catch (error) {
        violations.push((error as Error).message);
      }
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every event a client hands out, kept, so a test can wait for one that may already have come
 * (`seen`), typed by the SDK's event map.
 */
class Recorder {
  readonly log: { event: keyof MktStreamEvents; payload: unknown }[] = [];
  constructor(client: MktStream) {
    for (const event of [
      'book_snapshot',
      'book_update',
      'new_trade',
      'new_order',
      'order_update',
      'market_ticker',
      'ack',
      'connected',
      'disconnected',
      'gap',
      'error',
    ] as const) {
      client.on(event, (payload) => this.log.push({ event, payload }));
    }
  }
  get mark(): number {
    return this.log.length;
  }
  /** The first event of this name (from `from` on) that `match` accepts; waits up to 10 s for it. */
  async seen<E extends keyof MktStreamEvents>(
    event: E,
    match: (payload: MktStreamEvents[E]) => boolean = () => true,
    from = 0,
  ): Promise<MktStreamEvents[E]> {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
      const found = this.log.slice(from).find((e) => e.event === event && match(e.payload as MktStreamEvents[E]));
      if (found) return found.payload as MktStreamEvents[E];
    }
    throw new Error(`no ${event} within 10 s; last events: ${JSON.stringify(this.log.slice(-5)).slice(0, 1000)}`);
  }
}

describeEachDatabase('streams: the TypeScript SDK stream client (MktStream)', (env) => {
  let seller: TestUser;
  let buyer: TestUser;
  let market: MarketRef;
  const open: MktStream[] = [];

  before(async () => {
    const services = env().service.services;
    market = await marketOf(services, 'text-standard');
    seller = await createTestUser(services);
    buyer = await createTestUser(services);
    await giveUnits(services, seller.userId, market.instrumentId, 200);
    await giveUsd(services, buyer.userId, '200.00');
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
    expect(violations.splice(0)).to.deep.equal([]);
  });

  const connected = async (options: Partial<MktStreamOptions> = {}) => {
    const client = new MktStream({
      url: streamOrigin(env().service),
      WebSocket: CheckedWebSocket,
      reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
      ...options,
    });
    open.push(client);
    const events = new Recorder(client);
    await client.connect();
    return { client, events };
  };

  /** The orderbook endpoint's levels and best prices. */
  const endpointBook = async (e: TestEnvironment) => {
    const { body } = await e.trading.get(`/v1/markets/${market.marketId}/orderbook`, {
      query: { limit: 100 },
      sign: buyer.signingKey,
    });
    return {
      buy: body.data.buy,
      sell: body.data.sell,
      highest_bid: body.data.highest_bid,
      lowest_ask: body.data.lowest_ask,
    };
  };
  const clientBook = (client: MktStream) => {
    const book = client.book(market.marketId)!;
    return {
      buy: book.levels('buy'),
      sell: book.levels('sell'),
      highest_bid: book.highestBid,
      lowest_ask: book.lowestAsk,
    };
  };
  /** The maintained book ends equal to the endpoint (updates may still be on their way for a moment). */
  const expectBookMatchesEndpoint = async (client: MktStream) => {
    let last: unknown;
    for (let i = 0; i < 40; i++) {
      const [ours, theirs] = [clientBook(client), await endpointBook(env())];
      if (!client.book(market.marketId)!.stale && JSON.stringify(ours) === JSON.stringify(theirs)) return;
      last = { ours, theirs, stale: client.book(market.marketId)!.stale };
      await sleep(100);
    }
    expect.fail(`the maintained book never matched GET /v1/markets/{id}/orderbook: ${JSON.stringify(last)}`);
  };

  it('subscribes, authenticates (tweetnacl signer) and hands out typed events of real orders, keeping the book equal to the orderbook endpoint', async () => {
    const { client, events } = await connected({ signer: naclSigner(buyer) });
    expect(client.user?.user_id).to.equal(buyer.userId);
    const ack = await client.subscribe([
      { name: 'market.book', market: market.marketId },
      { name: 'market.trades', market: market.marketId },
      { name: 'market.ticker', market: market.marketId },
      { name: 'user.orders' },
      { name: 'user.trades' },
    ]);
    expect(ack).to.include({ action: 'subscribe', status: 'ok' });
    expect((await events.seen('book_snapshot')).data.market_id).to.equal(market.marketId);

    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 5 });
    const order = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5000', quantity: 2 });
    // Typed: the compiler knows each payload (data.price is a string, data.original_quantity a number).
    const trade = await events.seen('new_trade', (p) => p.stream === 'market.trades');
    expect(trade.data).to.include({ market_id: market.marketId, price: '0.5000', quantity: 2 });
    const mine = await events.seen('new_trade', (p) => p.stream === 'user.trades');
    if (mine.stream === 'user.trades') expect(mine.data).to.include({ order_id: order.order_id });
    const created = await events.seen('new_order', (p) => p.data.order_id === order.order_id);
    expect(created.data).to.include({ original_quantity: 2, order_type: 'limit' });
    const ticker = await events.seen('market_ticker', (p) => p.last_trade_timestamp !== null);
    expect(ticker.bid).to.equal(ticker.highest_bid);
    await expectBookMatchesEndpoint(client);
  });

  it('reconnects after the server ends the socket, resubscribes everything (node:crypto signer) and gets a fresh snapshot', async () => {
    const { client, events } = await connected({ signer: nodeSigner(buyer) });
    await client.subscribe([
      { name: 'market.book', market: market.marketId },
      { name: 'market.trades', market: market.marketId },
      { name: 'user.orders' },
    ]);
    await events.seen('book_snapshot');
    const before = events.mark;
    // The server closes every socket (4009), as when it may have missed events.
    env().service.services.events.deliver([{ stream: 'control', event: 'events_lost' }]);
    expect((await events.seen('disconnected', () => true, before)).code).to.equal(4009);
    const again = await events.seen('connected', (c) => c.reconnected, before);
    expect(again.resubscribed.flatMap((a) => a.streams.map((s) => [s.name, s.status])).sort()).to.deep.equal([
      ['market.book', 'ok'],
      ['market.trades', 'ok'],
      ['user.orders', 'ok'],
    ]);
    expect(client.stats).to.include({ connections: 2, reconnections: 1 });
    expect(client.user?.user_id).to.equal(buyer.userId);
    await events.seen('book_snapshot', () => true, before);

    // The resubscribed streams carry the orders placed after the reconnection.
    const after = events.mark;
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5100', quantity: 1 });
    const order = await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5100', quantity: 1 });
    await events.seen('new_trade', (p) => p.stream === 'market.trades', after);
    await events.seen('new_order', (p) => p.data.order_id === order.order_id, after);
    await expectBookMatchesEndpoint(client);
  });

  it('after its signing key is deleted (4003) it reconnects, reports the refused authentication and keeps the public streams', async () => {
    const trader = await createTestUser(env().service.services);
    const { client, events } = await connected({ signer: naclSigner(trader) });
    await client.subscribe([{ name: 'market.trades', market: market.marketId }, { name: 'user.orders' }]);
    const errors: string[] = [];
    client.on('error', ({ error }) => errors.push((error as Error & { reason?: string }).reason ?? error.message));
    await deleteSigningKey(env().service.services, trader.userId, trader.signingKey.id);
    expect((await events.seen('disconnected')).code).to.equal(4003);
    await events.seen('connected', (c) => c.reconnected);
    expect(errors).to.include.members(['unknown_fingerprint', 'authentication_required']);
    expect(client.user).to.equal(null);
    expect(client.subscribed).to.deep.equal([{ name: 'market.trades', market: market.marketId }]);
    const after = events.mark;
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.5200', quantity: 1 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: '0.5200', quantity: 1 });
    await events.seen('new_trade', (p) => p.stream === 'market.trades', after);
  });

  it('sees a gap in market.book (an update dropped), resubscribes the book and ends equal to the orderbook endpoint', async () => {
    let dropNext = false;
    const dropped: number[] = [];
    const { client, events } = await connected({
      dropIncoming: (event, payload) => {
        if (event !== 'book_update' || !dropNext) return false;
        dropNext = false;
        dropped.push((payload as { data: { sequence: number } }).data.sequence);
        return true;
      },
    });
    await client.subscribe({ name: 'market.book', market: market.marketId });
    await events.seen('book_snapshot');
    await expectBookMatchesEndpoint(client);
    const before = events.mark;

    dropNext = true;
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.7000', quantity: 3 });
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.7100', quantity: 4 });
    const seen = await events.seen('gap', () => true, before);
    expect(dropped).to.have.length(1);
    expect(seen).to.deep.include({ market: market.marketId, expected: dropped[0] });
    expect(seen.received).to.be.above(dropped[0]!);
    const fresh = await events.seen('book_snapshot', () => true, before);
    expect(fresh.data.sequence).to.be.at.least(seen.received);
    expect(client.stats).to.include({ gaps: 1, resyncs: 1 });
    await expectBookMatchesEndpoint(client);
    expect(
      client
        .book(market.marketId)!
        .levels('sell')
        .map((l) => l.price),
    ).to.include.members(['0.7000', '0.7100']);
  });

  it('sends heartbeats on topic phoenix and keeps a connection whose heartbeats are answered', async () => {
    const { client, events } = await connected({ heartbeatIntervalMs: 50 });
    let heartbeats = 0;
    client.on(
      'phx_reply',
      (reply) => reply.status === 'ok' && Object.keys(reply.response).length === 0 && (heartbeats += 1),
    );
    await sleep(400);
    expect(heartbeats).to.be.at.least(4);
    expect(client.isConnected).to.equal(true);
    expect(events.log.filter((e) => e.event === 'disconnected')).to.deep.equal([]);
  });
});
