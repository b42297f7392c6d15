import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { attachTradingSocket, type TradingSocket } from '../../src/streams/socket.js';
import { closeCodes, streamLimits, type StreamLimits } from '../../src/streams/limits.js';
import { deleteSigningKey } from '../../src/core/keys.js';
import { createTestUser } from '../support/fixtures.js';
import { marketOf } from '../support/market-fixtures.js';
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
 * The limits of hostile and slow clients, on a socket of the test's own with small limits (the
 * service's are minutes and megabytes), over the running service's database and event hub.
 */
describeEachDatabase('streams: limits of hostile and slow clients', (env) => {
  let server: Server;
  let socket: TradingSocket;
  let url: string;
  const limits: StreamLimits = {
    ...streamLimits,
    connectionsPerAddressMax: 4,
    connectionsPerUserMax: 2,
    subscriptionsPerConnectionMax: 3,
    sendBufferBytesMax: 16 * 1024,
    idleMs: 1_500,
    closeGraceMs: 20_000,
  };
  const open: RawClient[] = [];
  const client = async (vsn?: '1.0.0' | '2.0.0') => {
    const c = await RawClient.open(socketUrl(url, vsn), vsn);
    open.push(c);
    return c;
  };

  before(async () => {
    compileMessageValidators(); // not inside a test: the idle limit here is 1.5 s
    const services = env().service.services;
    server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    socket = attachTradingSocket(server, streamDepsOf(services), limits);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const c of open.splice(0)) {
      expect(c.violations.map((v) => v.message)).to.deep.equal([]);
      c.close();
    }
  });
  after(async () => {
    await socket.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('limits sockets per address (429 at the upgrade) and gives the count back when one closes', async () => {
    const clients = await Promise.all(Array.from({ length: limits.connectionsPerAddressMax }, () => client()));
    const refused = await client().then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(refused).to.equal('upgrade refused: 429');
    clients[0]!.close();
    await clients[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client(); // a place is free again
  });

  it('limits authenticated sockets per user and subscriptions per socket', async () => {
    const user = await createTestUser(env().service.services);
    const { marketId } = await marketOf(env().service.services, 'text-standard');
    const clients = [await client(), await client(), await client()];
    const replies = [];
    for (const c of clients) {
      await c.join();
      replies.push(await c.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey)));
    }
    expect(replies.map((r) => r.response.reason ?? r.status)).to.deep.equal([
      'ok',
      'ok',
      'connections_per_user_exceeded',
    ]);
    const ack = await clients[0]!.streams('subscribe', [
      { name: 'user.orders' },
      { name: 'user.trades' },
      { name: 'market.ticker', market: marketId },
    ]);
    expect(ack.status).to.equal('ok');
    const more = await clients[0]!.streams('subscribe', [
      { name: 'market.ticker', market: marketId },
      { name: 'market.trades', market: marketId },
    ]);
    expect(more.status).to.equal('partial'); // subscribing again to a held stream takes no new place
    expect(more.streams.map((s: { reason?: string; status: string }) => s.reason ?? s.status)).to.deep.equal([
      'ok',
      'subscriptions_per_connection_exceeded',
    ]);
    // An unauthenticated socket may use public streams only.
    expect((await clients[2]!.streams('subscribe', [{ name: 'user.balances' }])).streams[0].reason).to.equal(
      'authentication_required',
    );
  });

  it('closes an idle socket (no frame, not even a heartbeat) with a reason', async () => {
    const c = await client();
    await c.join();
    const closed = await c.closed;
    expect(closed.code).to.equal(closeCodes.idle);
    expect(closed.reason).to.match(/^idle/);
  });

  it('keeps a socket that sends heartbeats', async () => {
    const c = await client();
    for (let i = 0; i < 4; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, limits.idleMs / 3));
      expect((await c.request('phoenix', 'heartbeat', {})).status).to.equal('ok');
    }
  });

  it('disconnects a slow consumer past its send bound (4008, with a reason)', async function () {
    this.timeout(30_000);
    const c = await client();
    await c.join();
    const closed = await floodUnread(c, limits.subscriptionsPerConnectionMax);
    expect(closed.code).to.equal(closeCodes.slowConsumer);
    expect(closed.reason).to.match(/^slow consumer/);
  });

  it('ends the sessions of a signing key at once when the key is deleted', async () => {
    const services = env().service.services;
    const user = await createTestUser(services);
    const c = await client();
    await c.join();
    expect((await c.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey))).status).to.equal('ok');
    await c.streams('subscribe', [{ name: 'user.orders' }]);
    await deleteSigningKey(services, user.userId, user.signingKey.id);
    const closed = await Promise.race([
      c.closed,
      new Promise<{ code: number; reason: string }>((resolve) =>
        setTimeout(() => resolve({ code: 0, reason: 'still open after 1 s' }), 1_000),
      ),
    ]);
    expect(closed.code, closed.reason).to.equal(closeCodes.signingKeyDeleted);
    expect(closed.reason).to.match(/^signing key deleted/);
  });
});
