import { expect } from 'chai';
import { createApp } from '../../src/http/app.js';
import { loadDocument } from '../../src/http/openapi.js';
import { closeGracefully, listen } from '../../src/http/server.js';
import { tradingHandlers } from '../../src/trading/handlers/index.js';
import type { Handler } from '../../src/http/types.js';
import { Failure } from '../../src/lib/failure.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { HostClient } from '../support/http.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('error boundary', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const reply = await env().trading.get('/v1/nowhere', { sign: user.signingKey });
    expect(reply.status).to.equal(404);
    expect(reply.body.errors.code).to.equal('not_found');
    expect(reply.body.errors.server_time).to.be.a('string');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const reply = await env().trading.put('/v1/instruments', { sign: user.signingKey });
    expect(reply.status).to.equal(405);
    expect(reply.body.errors.code).to.equal('method_not_allowed');
    expect(reply.headers.get('allow')).to.equal('GET');
  });

  it('answers malformed JSON with 400 malformed_json', async () => {
    const reply = await env().trading.post('/v1/orders', { rawBody: '{"market_id": ', sign: user.signingKey });
    expect(reply.status).to.equal(400);
    expect(reply.body.errors.code).to.equal('malformed_json');
  });

  it('answers a body that is not JSON with 415', async () => {
    const reply = await env().trading.post('/v1/orders', {
      rawBody: 'market_id=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      sign: user.signingKey,
    });
    expect(reply.status).to.equal(415);
    expect(reply.body.errors.code).to.equal('unsupported_media_type');
  });

  it('answers a schema violation with 422 validation_error, naming each path and value', async () => {
    const reply = await env().trading.post('/v1/orders', {
      body: { market_id: 'market_x', side: 'buy', type: 'limit', price: 12.5, quantity: 0 },
      sign: user.signingKey,
    });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.code).to.equal('validation_error');
    const issues = reply.body.errors.context.errors as { path: string; value: unknown }[];
    expect(issues.map((i) => i.path)).to.include.members(['body.price', 'body.quantity']);
    expect(issues.find((i) => i.path === 'body.price')!.value).to.equal(12.5);
  });

  it('answers a bad query parameter with 422 and the offending value', async () => {
    const reply = await env().trading.get('/v1/instruments', { query: { limit: 500 }, sign: user.signingKey });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.context.errors[0]).to.deep.include({ path: 'query.limit', value: '500' });
  });

  it('answers a schema violation on chat completions with the {errors: [{path, message, value}]} shape', async () => {
    const reply = await env().consumption.post('/v1/chat/completions', {
      body: { model: 'text-standard' },
      bearer: user.apiKey,
    });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors).to.deep.equal([{ path: 'messages', message: 'is required', value: null }]);
  });

  it('answers chat completions temperature outside 0..2 in the same shape', async () => {
    const reply = await env().consumption.post('/v1/chat/completions', {
      body: { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], temperature: 3 },
      bearer: user.apiKey,
    });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors[0]).to.deep.include({ path: 'temperature', value: 3 });
  });

  it('gives every consumption response an x-mkt-request-id of its own, errors included', async () => {
    const unauthenticated = await env().consumption.get('/v1/usage');
    expect(unauthenticated.status).to.equal(401);
    expect(unauthenticated.headers.get('x-mkt-request-id')).to.match(/^req_[0-9a-f]{24}$/);
    const listed = await env().consumption.get('/v1/models', {
      bearer: user.apiKey,
      headers: { 'x-request-id': 'client-chosen' },
    });
    expect(listed.headers.get('x-request-id')).to.equal('client-chosen');
    expect(listed.headers.get('x-mkt-request-id')).to.match(/^req_[0-9a-f]{24}$/);
    expect((await env().messages.post('/v1/messages', { body: {} })).headers.get('x-mkt-request-id')).to.match(/^req_/);
    expect((await env().trading.get('/v1/health')).headers.get('x-mkt-request-id')).to.equal(null);
  });

  it('gives every response an x-request-id, echoing a well-formed one and replacing a malformed one', async () => {
    const echoed = await env().trading.get('/v1/health', { headers: { 'x-request-id': 'client-chosen.id:42' } });
    expect(echoed.headers.get('x-request-id')).to.equal('client-chosen.id:42');
    const replaced = await env().trading.get('/v1/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).to.match(/^req_[0-9a-f]{24}$/);
    const failed = await env().trading.get('/v1/nowhere');
    expect(failed.headers.get('x-request-id')).to.match(/^req_/);
  });

  it('answers anything unexpected with 500 internal_error and shows no internals', async () => {
    const document = await loadDocument('trading');
    const failing: Handler = async () => {
      throw new Error('database password is hunter2');
    };
    const app = createApp(
      {
        name: 'trading',
        document,
        operations: document.operations,
        handlers: { ...(tradingHandlers as unknown as Record<string, Handler>), getHealth: failing },
        bodyBytesMax: 1024,
        failures: {},
      },
      env().service.services,
    );
    const listening = await listen('trading', app, '127.0.0.1', 0);
    try {
      const reply = await new HostClient('trading', listening.url).get('/v1/health');
      expect(reply.status).to.equal(500);
      expect(reply.body.errors.code).to.equal('internal_error');
      expect(reply.text).not.to.contain('hunter2');
      expect(reply.text).not.to.contain('Error');
      expect(reply.body.errors.detail).to.contain(reply.headers.get('x-request-id'));
    } finally {
      await closeGracefully(listening, 1000);
    }
  });

  it("maps a service's failure code through the host's table, and answers a code no table knows as a bug (500)", async () => {
    const document = await loadDocument('trading');
    const failingWith =
      (code: string): Handler =>
      async () => {
        throw new Failure(code, `failed with ${code}: do something else`, {
          context: { tried: code },
          headers: { 'retry-after': '3' },
        });
      };
    const answers = [];
    for (const code of ['slow_down', 'not_in_any_table']) {
      const app = createApp(
        {
          name: 'trading',
          document,
          operations: document.operations,
          handlers: { ...(tradingHandlers as unknown as Record<string, Handler>), getHealth: failingWith(code) },
          bodyBytesMax: 1024,
          failures: { slow_down: { status: 422, error: 'validation_error' } },
        },
        env().service.services,
      );
      const listening = await listen('trading', app, '127.0.0.1', 0);
      try {
        answers.push(await new HostClient('trading', listening.url).get('/v1/health'));
      } finally {
        await closeGracefully(listening, 1000);
      }
    }
    const [mapped, unmapped] = answers;
    expect(mapped?.status).to.equal(422);
    expect(mapped?.headers.get('retry-after')).to.equal('3');
    expect(mapped?.body.errors).to.deep.include({
      code: 'validation_error',
      detail: 'failed with slow_down: do something else',
      context: { tried: 'slow_down' },
    });
    expect(unmapped?.status).to.equal(500);
    expect(unmapped?.body.errors.code).to.equal('internal_error');
    expect(unmapped?.text).not.to.contain('not_in_any_table');
  });

  it('answers a body over the limit with 413', async () => {
    const reply = await env().trading.post('/v1/orders', {
      rawBody: JSON.stringify({ market_id: 'x'.repeat(70_000) }),
      sign: user.signingKey,
    });
    expect(reply.status).to.equal(413);
    expect(reply.body.errors.code).to.equal('payload_too_large');
  });
});
