import { expect } from 'chai';
import { Socket, type Push } from 'phoenix';
import WebSocket from 'ws';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { marketOf, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { authenticatePayload, checkServerFrame, RawClient, socketUrl, type Frame, streamOrigin } from './support.js';

/**
 * The stream socket over real sockets (issue 13): the live CLI's object frames through a raw `ws`
 * client, and the official `phoenix` client's array frames; every frame the server sends is checked
 * against openapi/asyncapi.yaml.
 */
describeEachDatabase('streams: the ws:trading socket', (env) => {
  let user: TestUser;
  let market: MarketRef;
  const open: RawClient[] = [];
  const client = async (vsn?: '1.0.0' | '2.0.0') => {
    const c = await RawClient.open(socketUrl(streamOrigin(env().service), vsn), vsn);
    open.push(c);
    return c;
  };

  before(async () => {
    user = await createTestUser(env().service.services);
    market = await marketOf(env().service.services, 'text-standard');
  });
  afterEach(() => {
    for (const c of open.splice(0)) {
      expect(c.violations.map((v) => v.message)).to.deep.equal([]);
      c.close();
    }
  });

  it('speaks the live CLI flow with vsn 1.0.0 objects (the default): join, authenticate, subscribe → ack, heartbeat, leave', async () => {
    const c = await RawClient.open(socketUrl(streamOrigin(env().service))); // no vsn: 1.0.0
    open.push(c);
    await c.join();
    const auth = await c.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey));
    expect(auth).to.deep.equal({
      status: 'ok',
      response: { user_id: user.userId, fingerprint: user.signingKey.fingerprint },
    });
    const ack = await c.streams(
      'subscribe',
      [
        { name: 'user.orders' },
        { name: 'market.trades', market: market.marketId },
        { name: 'market.ticker', market: market.marketId },
      ],
      'req-1',
    );
    expect(ack).to.deep.equal({
      request_id: 'req-1',
      action: 'subscribe',
      status: 'ok',
      streams: [
        { name: 'user.orders', status: 'ok' },
        { name: 'market.trades', market: market.marketId, status: 'ok' },
        { name: 'market.ticker', market: market.marketId, status: 'ok' },
      ],
    });
    const reply = await c.next(
      (f) => f.event === 'phx_reply' && f.payload.response?.request_id === 'req-1',
      1000,
      true,
    );
    expect(reply.payload.status).to.equal('ok');
    expect(await c.request('phoenix', 'heartbeat', {})).to.deep.equal({ status: 'ok', response: {} });
    const unack = await c.streams('unsubscribe', [{ name: 'user.orders' }], 'req-2');
    expect(unack.status).to.equal('ok');
    const closing = c.next((f) => f.event === 'phx_close');
    expect(await c.request('ws:trading', 'phx_leave', {})).to.deep.equal({ status: 'ok', response: {} });
    expect((await closing).topic).to.equal('ws:trading');
  });

  it('frames objects as {topic, event, payload, ref} and pushes with the join_ref', async () => {
    const c = await client('1.0.0');
    await c.join();
    await c.streams('subscribe', [{ name: 'market.book', market: market.marketId }], 'book-1');
    const snapshot = await c.next((f) => f.event === 'book_snapshot', 5000, true);
    expect(snapshot).to.include({ topic: 'ws:trading', ref: null, join_ref: c.joinRef });
    expect(snapshot.payload.data).to.include({ market_id: market.marketId });
    expect(snapshot.payload.data.sequence).to.be.a('number');
  });

  it('speaks vsn 2.0.0 arrays with the official phoenix client: join, authenticate, subscribe → ack, heartbeat', async () => {
    const received: Frame[] = [];
    const socket = new Socket(`${streamOrigin(env().service).replace(/^http/, 'ws')}/trading_socket`, {
      transport: WebSocket,
      heartbeatIntervalMs: 200,
    } as never);
    socket.onMessage((message) => {
      checkServerFrame(message as Frame);
      received.push(message as Frame);
    });
    socket.connect();
    try {
      const channel = socket.channel('ws:trading', {});
      const push = <T = any>(p: Push) =>
        new Promise<{ status: string; response: T }>((resolve) => {
          p.receive('ok', (response: T) => resolve({ status: 'ok', response }))
            .receive('error', (response: T) => resolve({ status: 'error', response }))
            .receive('timeout', () => resolve({ status: 'timeout', response: undefined as T }));
        });
      expect((await push(channel.join())).status).to.equal('ok');
      const auth = await push<{ user_id: string }>(channel.push('authenticate', authenticatePayload(user.signingKey)));
      expect(auth).to.deep.equal({
        status: 'ok',
        response: { user_id: user.userId, fingerprint: user.signingKey.fingerprint },
      });
      const acked = new Promise<any>((resolve) => channel.on('ack', resolve));
      const subscribed = await push(
        channel.push('subscribe', {
          streams: [{ name: 'user.balances' }, { name: 'market.candles', market: market.marketId, resolution: '1m' }],
          request_id: 'phx-1',
        }),
      );
      expect(subscribed.status).to.equal('ok');
      expect(await acked).to.deep.include({ request_id: 'phx-1', action: 'subscribe', status: 'ok' });
      const heartbeat = await new Promise<Frame>((resolve) => {
        const seen = setInterval(() => {
          const found = received.find((m) => m.topic === 'phoenix' && m.event === 'phx_reply');
          if (found) (resolve(found), clearInterval(seen));
        }, 20);
      });
      expect(heartbeat.payload).to.deep.equal({ status: 'ok', response: {} });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses authentication as the signed REST API does: expired timestamp, unknown key, bad signature', async () => {
    const c = await client('2.0.0');
    await c.join();
    const now = Math.floor(Date.now() / 1000);
    const rows: [string, unknown, string][] = [
      ['timestamp 40 s old', authenticatePayload(user.signingKey, now - 40), 'timestamp_out_of_range'],
      ['timestamp 40 s ahead', authenticatePayload(user.signingKey, now + 40), 'timestamp_out_of_range'],
      [
        'timestamp not seconds',
        { ...authenticatePayload(user.signingKey), timestamp: '2025-01-01' },
        'invalid_signature',
      ],
      [
        'unknown fingerprint',
        { ...authenticatePayload(user.signingKey), fingerprint: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
        'unknown_fingerprint',
      ],
      [
        'signature of another message',
        { ...authenticatePayload(user.signingKey), timestamp: String(now - 1) },
        'invalid_signature',
      ],
      ['signature not base64', { ...authenticatePayload(user.signingKey), signature: '!!!' }, 'invalid_signature'],
      ['fields missing', { timestamp: String(now) }, 'invalid_payload'],
    ];
    for (const [name, payload, reason] of rows) {
      const reply = await c.request('ws:trading', 'authenticate', payload);
      expect(reply.status, name).to.equal('error');
      expect(reply.response.reason, name).to.equal(reason);
      expect(reply.response.detail, name).to.be.a('string');
    }
    // Still unauthenticated: a user stream is refused in the ack.
    const ack = await c.streams('subscribe', [{ name: 'user.trades' }]);
    expect(ack).to.deep.include({ status: 'error' });
    expect(ack.streams[0]).to.include({ name: 'user.trades', status: 'error', reason: 'authentication_required' });
  });

  it('answers each stream of a subscribe on its own: unknown names and markets, missing market or resolution (partial)', async () => {
    const c = await client();
    await c.join();
    const ack = await c.streams('subscribe', [
      { name: 'market.ticker', market: market.marketId },
      { name: 'market.nope', market: market.marketId },
      { name: 'market.trades', market: 'market_00000000-0000-0000-0000-000000000000' },
      { name: 'market.trades' },
      { name: 'market.candles', market: market.marketId },
      { name: 'user.orders' },
      { name: 42 },
    ]);
    expect(ack.status).to.equal('partial');
    expect(ack.streams.map((s: { status: string; reason?: string }) => s.reason ?? s.status)).to.deep.equal([
      'ok',
      'unknown_stream',
      'unknown_market',
      'market_required',
      'resolution_required',
      'authentication_required',
      'invalid_stream',
    ]);
  });

  it('answers malformed frames with an error and stays open: not JSON, wrong shape, unknown event, unknown topic, too large', async () => {
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      const c = await client(vsn);
      c.sendText('not json');
      expect((await c.next((f) => f.event === 'phx_error')).payload.reason).to.equal('malformed_frame');
      c.sendText(
        vsn === '2.0.0'
          ? JSON.stringify({ topic: 'ws:trading' })
          : JSON.stringify(['1', '1', 'ws:trading', 'phx_join', {}]),
      );
      expect((await c.next((f) => f.event === 'phx_error')).payload.reason).to.equal('malformed_frame');
      c.sendText(
        vsn === '2.0.0'
          ? JSON.stringify([null, '7', 'ws:trading', 'phx_join', 'x'])
          : JSON.stringify({ topic: 'ws:trading', event: 'phx_join', payload: 'x', ref: '7' }),
      );
      const shaped = await c.next((f) => f.event === 'phx_reply' && f.ref === '7');
      expect(shaped.payload).to.deep.include({ status: 'error' });
      expect(shaped.payload.response.reason).to.equal('malformed_frame');
      expect((await c.request('rooms:lobby', 'phx_join', {})).response.reason).to.equal('unmatched_topic');
      expect((await c.request('ws:trading', 'subscribe', { streams: [] })).response.reason).to.equal('unmatched_topic'); // not joined yet
      await c.join();
      expect((await c.request('ws:trading', 'dance', {})).response.reason).to.equal('unknown_event');
      expect((await c.request('ws:trading', 'subscribe', { streams: 'all' })).response.reason).to.equal(
        'invalid_payload',
      );
      c.sendText(
        JSON.stringify({ topic: 'ws:trading', event: 'subscribe', payload: { pad: 'x'.repeat(20_000) }, ref: '9' }),
      );
      expect(
        (await c.next((f) => f.event === 'phx_error' && f.payload.reason === 'frame_too_large')).payload.detail,
      ).to.be.a('string');
      c.sendText(Buffer.from([0xff, 0x00]));
      expect(await c.request('phoenix', 'heartbeat', {})).to.deep.equal({ status: 'ok', response: {} });
    }
  });

  it('refuses an upgrade on another path or with an unknown vsn', async () => {
    const base = streamOrigin(env().service).replace(/^http/, 'ws');
    for (const url of [`${base}/socket/websocket`, `${base}/trading_socket/websocket?vsn=3.0.0`]) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
      expect(status, url).to.be.oneOf([400, 404]);
    }
  });

  it('sends a fresh snapshot when market.book is subscribed again (how a client recovers from a gap)', async () => {
    const c = await client();
    await c.join();
    await c.streams('subscribe', [{ name: 'market.book', market: market.marketId }], 'b1');
    const first = await c.next((f) => f.event === 'book_snapshot', 5000, true);
    await c.streams('subscribe', [{ name: 'market.book', market: market.marketId }], 'b2');
    const second = await c.next((f) => f.event === 'book_snapshot' && f !== first, 5000, true);
    expect(second.payload.data.sequence).to.be.at.least(first.payload.data.sequence);
    const book = await env().trading.get(`/v1/markets/${market.marketId}/orderbook`, {
      query: { limit: 50 },
      sign: user.signingKey,
    });
    expect(second.payload.data.buy).to.deep.equal(book.body.data.buy);
    expect(second.payload.data.sell).to.deep.equal(book.body.data.sell);
  });
});
