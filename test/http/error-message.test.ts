import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import type { HostClient, Reply } from '../support/http.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

/**
 * `errors.message` beside `errors.detail`, the same text, on every error of every host (issue 21):
 * the live service's CLI shows `errors.message` (grid-cli src/sdk/http/error-handler.ts) and
 * otherwise prints "API request failed".
 */
describeEachDatabase('http: errors.message on every host', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  // Each row: a host, a request that fails before, in or after routing, and the status it gets.
  const rows: [string, (e: TestEnvironment) => HostClient, (client: HostClient) => Promise<Reply>, number][] = [
    ['trading: an unknown path', (e) => e.trading, (c) => c.get('/v1/nowhere'), 404],
    ['trading: a method the path does not take', (e) => e.trading, (c) => c.patch('/v1/orders'), 405],
    ['trading: no signature', (e) => e.trading, (c) => c.get('/v1/orders'), 401],
    [
      'trading: a body that is not JSON',
      (e) => e.trading,
      (c) => c.post('/v1/orders', { rawBody: '{"side":', sign: user.signingKey }),
      400,
    ],
    [
      'trading: a body that fails its schema',
      (e) => e.trading,
      (c) => c.post('/v1/orders', { body: { side: 'up' }, sign: user.signingKey }),
      422,
    ],
    [
      'trading: an unknown order',
      (e) => e.trading,
      (c) => c.get('/v1/orders/order_AAAAAAAAAAAAAAAA', { sign: user.signingKey }),
      404,
    ],
    ['consumption: an unknown path', (e) => e.consumption, (c) => c.get('/v1/nowhere'), 404],
    ['consumption: a bad key', (e) => e.consumption, (c) => c.get('/v1/models', { bearer: 'mkt_ck_nope' }), 401],
    [
      'messages: an unknown model',
      (e) => e.messages,
      (c) =>
        c.post('/v1/messages', {
          bearer: user.apiKey,
          body: { model: 'no-such-model', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
        }),
      404,
    ],
    ['platform: an unknown path', (e) => e.platform, (c) => c.get('/v1/nowhere'), 404],
    ['platform: no credentials under /api', (e) => e.platform, (c) => c.get('/api/v1/api-keys'), 401],
    [
      'platform: a body that fails its schema',
      (e) => e.platform,
      (c) => c.post('/v1/api-keys', { bearer: 'mkt_at_nope', body: { name: 7 } }),
      401,
    ],
  ];
  for (const [name, host, send, status] of rows) {
    it(`${name}: ${status} with errors.message equal to errors.detail`, async () => {
      const reply = await send(host(env()));
      expect(reply.status, reply.text).to.equal(status);
      expect(reply.body.errors.detail).to.be.a('string').and.not.equal('');
      expect(reply.body.errors.message).to.equal(reply.body.errors.detail);
    });
  }

  it('keeps each consumption dialect beside it (OpenAI error.message is the same text)', async () => {
    const reply = await env().consumption.get('/v1/models', { bearer: 'mkt_ck_nope' });
    expect(reply.body.error.message).to.equal(reply.body.errors.message);
  });

  it('puts errors.message on each refused order of a batch', async () => {
    const market = await env().service.services.db('markets').first('id');
    const order = {
      market_id: (market as { id: string }).id,
      side: 'buy',
      type: 'limit',
      price: '0.0100',
      quantity: 1,
    };
    const reply = await env().trading.post('/v1/orders/batch', { sign: user.signingKey, body: { orders: [order] } });
    expect(reply.status, reply.text).to.equal(201);
    const refused = reply.body.data.find((r: { errors?: unknown }) => r.errors !== undefined);
    expect(refused, reply.text).to.not.equal(undefined);
    expect(refused.errors.message).to.equal(refused.errors.detail);
  });
});
