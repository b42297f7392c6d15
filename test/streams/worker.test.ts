import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { deleteSigningKey } from '../../src/core/keys.js';
import { closeCodes, streamLimits, type StreamLimits } from '../../src/streams/limits.js';
import { startStreamsWorker, type StreamsWorker } from '../../src/streams/worker-host.js';
import type { Services } from '../../src/app/services.js';
import { eventually } from '../support/eventually.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import {
  authenticatePayload,
  compileMessageValidators,
  floodUnread,
  RawClient,
  socketUrl,
  streamDepsOf,
} from './support.js';

/**
 * Issue 33, item 5: the stream socket on a port of its own, in a worker thread (MKT_STREAMS_PORT), fed the committed
 * events by message from the thread that matches the orders. Everything a client sees is as on the trading host's
 * socket; what differs is where the fan-out runs.
 */

/** How many sockets the main thread's gauge counts: the worker's sessions are counted there too. */
const connectionsCounted = async (services: Services): Promise<number> =>
  (await services.metrics.streamConnections.get()).values[0]?.value ?? 0;

describe('streams: MKT_STREAMS_PORT and MKT_PUBLIC_URL_STREAMS', () => {
  it('is off by default, a port (0: a free one) when set, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).streams).to.deep.equal({ port: 'off', publicUrl: undefined });
    expect(loadConfig({ MKT_STREAMS_PORT: '8084' }).streams.port).to.equal(8084);
    expect(loadConfig({ MKT_STREAMS_PORT: '0' }).streams.port).to.equal(0);
    expect(() => loadConfig({ MKT_STREAMS_PORT: 'on' })).to.throw(
      /^MKT_STREAMS_PORT must be a port number or off, got on$/,
    );
    expect(() => loadConfig({ MKT_STREAMS_PORT: '70000' })).to.throw(/MKT_STREAMS_PORT/);
    expect(loadConfig({ MKT_PUBLIC_URL_STREAMS: 'https://stream.example.com' }).streams.publicUrl).to.equal(
      'https://stream.example.com',
    );
    expect(() => loadConfig({ MKT_PUBLIC_URL_STREAMS: 'https://stream.example.com/ws' })).to.throw(
      /MKT_PUBLIC_URL_STREAMS/,
    );
  });
});

describeEachDatabase(
  'streams: the worker thread on its own port (MKT_STREAMS_PORT)',
  (env) => {
    let seller: TestUser;
    let buyer: TestUser;
    let market: MarketRef;
    const open: RawClient[] = [];
    let price = 4000;
    /** A fresh price per trade (ticks of 0.0001), so that each test's orders match only each other. */
    const nextPrice = () => `0.${String((price += 1)).padStart(4, '0')}`;

    const client = async (vsn: '1.0.0' | '2.0.0' = '1.0.0') => {
      const c = await RawClient.open(socketUrl(env().service.streamsUrl!, vsn), vsn);
      open.push(c);
      await c.join();
      return c;
    };

    /** One trade on the market, through the trading host's HTTP API. */
    const trade = async (quantity = 1) => {
      const at = nextPrice();
      await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: at, quantity });
      await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price: at, quantity });
      return at;
    };

    before(async () => {
      compileMessageValidators();
      const services = env().service.services;
      market = await marketOf(services, 'text-standard');
      seller = await createTestUser(services);
      buyer = await createTestUser(services);
      await giveUnits(services, seller.userId, market.instrumentId, 1_000);
      await giveUsd(services, buyer.userId, '500.00');
    });
    afterEach(() => {
      for (const c of open.splice(0)) {
        expect(c.violations.map((v) => v.message)).to.deep.equal([]);
        c.close();
      }
    });

    it('listens on a port of its own, advertised as the stream URL, and answers plain HTTP there with a 404', async () => {
      const { streamsUrl, urls, services } = env().service;
      expect(streamsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(streamsUrl).to.not.equal(urls.trading);
      expect(services.publicUrls.stream()).to.equal(streamsUrl);
      // The market page opens the socket there, and its policy lets it connect there.
      const page = await fetch(`${urls.platform}/markets/${market.marketId}`);
      const state = /<script type="application\/json" id="market-state">(.*?)<\/script>/s.exec(await page.text())?.[1];
      expect(JSON.parse(state ?? '{}')).to.include({ stream_url: streamsUrl });
      expect(page.headers.get('content-security-policy')).to.contain(
        `connect-src 'self' ${streamsUrl!.replace('http', 'ws')}`,
      );
      const response = await fetch(`${streamsUrl}/v1/markets`);
      expect(response.status).to.equal(404);
      expect(((await response.json()) as { errors: { code: string }[] }).errors[0]?.code).to.equal('not_found');
    });

    it('subscribes and pushes: the book (snapshot read by the main thread, then updates in sequence) and the trades', async () => {
      const c = await client('2.0.0');
      const ack = await c.streams('subscribe', [
        { name: 'market.book', market: market.marketId },
        { name: 'market.trades', market: market.marketId },
        { name: 'market.trades', market: 'market_00000000-0000-0000-0000-000000000000' },
      ]);
      expect(ack.status).to.equal('partial'); // the unknown market is refused: marketExists asked of the main thread
      expect(ack.streams[2]).to.include({ status: 'error', reason: 'unknown_market' });
      const snapshot = (await c.next((f) => f.event === 'book_snapshot', 10_000, true)).payload.data;
      const at = await trade(2);
      const traded = await c.next((f) => f.event === 'new_trade', 10_000, true);
      expect(traded.payload.data).to.include({ market_id: market.marketId, price: at, quantity: 2 });
      const updates = await eventually(10_000, 'the book updates of both orders', async () => {
        const sequences: number[] = c.frames
          .filter((f) => f.event === 'book_update')
          .map((f) => f.payload.data.sequence);
        return sequences.length >= 2 ? sequences : undefined;
      });
      updates.forEach((sequence, i) => expect(sequence).to.equal(snapshot.sequence + i + 1));
    });

    it('authenticates with a signing key (checked by the main thread) and pushes the user’s own orders', async () => {
      const c = await client();
      const refused = await c.request('ws:trading', 'authenticate', {
        ...authenticatePayload(buyer.signingKey),
        signature: 'AAAA',
      });
      expect(refused.status).to.equal('error');
      const accepted = await c.request('ws:trading', 'authenticate', authenticatePayload(buyer.signingKey));
      expect(accepted).to.deep.include({ status: 'ok' });
      expect(accepted.response.user_id).to.equal(buyer.userId);
      expect((await c.streams('subscribe', [{ name: 'user.orders' }])).status).to.equal('ok');
      const order = await placed(env(), buyer, {
        market_id: market.marketId,
        side: 'buy',
        price: '0.3000',
        quantity: 1,
      });
      const pushed = await c.next((f) => f.event === 'new_order' && f.payload.data.id === order.id, 10_000, true);
      expect(pushed.payload.data).to.include({ side: 'buy', price: '0.3000' });
    });

    it('fans one event out to many subscribers, each once, and counts their sockets in the main thread’s metrics', async () => {
      const services = env().service.services;
      // The sockets of the tests before are closed (their close reaches the gauge a moment later): from none.
      const none = async () => (await connectionsCounted(services)) === 0 || undefined;
      await eventually(10_000, 'the earlier sockets no longer counted', none);
      const subscribers = await Promise.all(Array.from({ length: 40 }, () => client()));
      await Promise.all(
        subscribers.map((c) => c.streams('subscribe', [{ name: 'market.trades', market: market.marketId }])),
      );
      await eventually(
        10_000,
        'the 40 sockets counted',
        async () => (await connectionsCounted(services)) === 40 || undefined,
      );
      const at = await trade();
      await Promise.all(
        subscribers.map((c) => c.next((f) => f.event === 'new_trade' && f.payload.data.price === at, 10_000, true)),
      );
      for (const c of subscribers)
        expect(c.frames.filter((f) => f.event === 'new_trade' && f.payload.data.price === at)).to.have.length(1);
      for (const c of subscribers) c.close();
      await eventually(10_000, 'the 40 sockets no longer counted', none);
    });

    it('closes the sessions of a deleted signing key (by the control event on PostgreSQL, the credential check on SQLite)', async () => {
      const services = env().service.services;
      const user = await createTestUser(services);
      const c = await client();
      expect((await c.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey))).status).to.equal(
        'ok',
      );
      await deleteSigningKey(services, user.userId, user.signingKey.id);
      const closed = await c.closed;
      expect(closed.code).to.equal(closeCodes.signingKeyDeleted);
    });

    describe('with small limits (a worker of the test’s own)', () => {
      let worker: StreamsWorker;
      const limits: StreamLimits = { ...streamLimits, subscriptionsPerConnectionMax: 3, sendBufferBytesMax: 16 * 1024 };

      before(async () => {
        worker = await startStreamsWorker(streamDepsOf(env().service.services), { host: '127.0.0.1', port: 0, limits });
      });
      after(async () => {
        await worker.close();
      });

      it('stops the start with a sentence naming MKT_STREAMS_PORT when its port is taken', async () => {
        const port = Number(new URL(worker.url).port);
        const taken = await startStreamsWorker(streamDepsOf(env().service.services), {
          host: '127.0.0.1',
          port,
          limits,
        }).then(
          () => 'started',
          (error: Error) => error.message,
        );
        expect(taken).to.match(
          new RegExp(`^MKT_STREAMS_PORT ${port}: the streams listener could not start \\(.*EADDRINUSE`),
        );
      });

      it('disconnects a slow consumer past its send bound (4008, with a reason)', async function () {
        this.timeout(30_000);
        const c = await RawClient.open(socketUrl(worker.url));
        open.push(c);
        await c.join();
        const closed = await floodUnread(c, limits.subscriptionsPerConnectionMax);
        expect(closed.code).to.equal(closeCodes.slowConsumer);
        expect(closed.reason).to.match(/^slow consumer/);
      });

      it('starts again on the same port when its thread ends unasked, and serves as before', async function () {
        this.timeout(30_000);
        const before = await RawClient.open(socketUrl(worker.url));
        await before.join();
        const ended = worker.thread();
        await ended.terminate();
        expect((await before.closed).code).to.equal(1006); // cut with its thread, no close frame
        const c = await eventually(20_000, 'the worker listening again', () =>
          RawClient.open(socketUrl(worker.url)).catch(() => undefined),
        );
        open.push(c);
        expect(worker.thread()).to.not.equal(ended);
        await c.join();
        expect((await c.streams('subscribe', [{ name: 'market.trades', market: market.marketId }])).status).to.equal(
          'ok',
        );
        const at = await trade();
        await c.next((f) => f.event === 'new_trade' && f.payload.data.price === at, 10_000, true);
      });

      it('closes its sockets with 1001 when it stops, and the main thread stops sending it events', async () => {
        const c = await RawClient.open(socketUrl(worker.url));
        await c.join();
        expect((await c.streams('subscribe', [{ name: 'market.trades', market: market.marketId }])).status).to.equal(
          'ok',
        );
        const listening = env().service.services.events.listenerCount;
        await worker.close();
        expect((await c.closed).code).to.equal(closeCodes.shutdown);
        expect(env().service.services.events.listenerCount).to.equal(listening - 1);
      });
    });
  },
  { env: { MKT_STREAMS_PORT: '0' } },
);
