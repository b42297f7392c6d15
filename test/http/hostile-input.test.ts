import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUsd, marketOf, type MarketRef } from '../support/market-fixtures.js';
import type { Reply } from '../support/http.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Input an outside client or a fuzzer sends (issue 11, items 7 and 8): each gets a 4xx in the
 * envelope, the same on both databases, and nothing it carries is stored.
 */
describeEachDatabase('hostile input', (env) => {
  let user: TestUser;
  let market: MarketRef;
  before(async () => {
    user = await createTestUser(env().service.services);
    await giveUsd(env().service.services, user.userId, '1000.00');
    market = await marketOf(env().service.services, 'text-standard');
  });

  const order = (extra: Record<string, unknown> = {}) => ({
    market_id: market.marketId,
    side: 'buy',
    type: 'limit',
    price: '0.0100',
    quantity: 1,
    ...extra,
  });
  /** JSON text of arrays nested `levels` deep (JSON.stringify itself overflows on such a value). */
  const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
  const signedOrder = (bodyText: string) =>
    env().trading.post('/v1/orders', { rawBody: bodyText, sign: user.signingKey });
  const chat = (body: Record<string, unknown>) =>
    env().consumption.post('/v1/chat/completions', {
      body: { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], ...body },
      bearer: user.apiKey,
    });

  async function openOrders(): Promise<Record<string, any>[]> {
    const reply = await env().trading.get('/v1/orders', {
      sign: user.signingKey,
      query: { status: 'open', limit: 100 },
    });
    expect(reply.status).to.equal(200);
    return reply.body.data;
  }

  function expectIssue(reply: Reply, path: string, message: RegExp): void {
    expect(reply.status, reply.text).to.equal(422);
    expect(reply.body.errors.code).to.equal('validation_error');
    const issue = (reply.body.errors.context.errors as { path: string; message: string }[]).find(
      (i) => i.path === path,
    );
    expect(issue, reply.text).to.not.equal(undefined);
    expect(issue!.message).to.match(message);
  }

  describe('deep nesting', () => {
    it('refuses JSON nested 10,000 deep in a signed order with 422 in the envelope', async () => {
      const before = (await openOrders()).length;
      const reply = await signedOrder(
        JSON.stringify(order({ client_order_id: 'deep-1' })).replace(/}$/, `,"x":${deep(10_000)}}`),
      );
      expect(reply.headers.get('content-type')).to.match(/^application\/json/);
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.detail).to.match(/nested deeper than 128 levels/);
      expect(await openOrders()).to.have.length(before);
    });

    it('refuses it in chat tools and metadata with 422 in the chat validation shape', async () => {
      const chatText = (extra: string) =>
        `{"model":"text-standard","messages":[{"role":"user","content":"hi"}],${extra}}`;
      const tools = `"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":${deep(10_000)}}}}}]`;
      for (const extra of [tools, `"metadata":{"a":${deep(10_000)}}`]) {
        const reply = await env().consumption.post('/v1/chat/completions', {
          rawBody: chatText(extra),
          bearer: user.apiKey,
        });
        expect(reply.status, reply.text).to.equal(422);
        expect(reply.body.errors[0].message).to.match(/nested deeper than 128 levels/);
      }
    });

    it('still accepts ordinary nesting', async () => {
      const reply = await signedOrder(JSON.stringify(order({ client_order_id: 'shallow-1' })));
      expect(reply.status, reply.text).to.equal(201);
    });
  });

  it('answers a price whose order value overflows with 422 notional_above_max and its context', async () => {
    for (const quantity of [1, 10_000]) {
      const reply = await signedOrder(
        JSON.stringify(order({ price: '9999999999.9999', quantity, client_order_id: `huge-${quantity}` })),
      );
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('notional_above_max');
      expect(reply.body.errors.context).to.include({
        price: '9999999999.9999',
        quantity,
        client_order_id: `huge-${quantity}`,
        notional_max: '1000000000.0000',
      });
    }
  });

  it('answers malformed percent-encoding in a path with 422 naming the parameter', async () => {
    for (const [path, parameter] of [
      ['/v1/instruments/%E0%A4%A', 'instrument_id'],
      ['/v1/trading-accounts/%ff', 'account_id'],
      ['/v1/orders/order_%E0%A4', 'order_id'],
    ]) {
      expectIssue(
        await env().trading.get(path!, { sign: user.signingKey }),
        `path.${parameter}`,
        /percent-encoded UTF-8/,
      );
    }
  });

  describe('NUL characters and lone surrogates', () => {
    const nul = 'a\u0000b';
    const lone = 'a\ud800b';

    it('refuses them in body fields of an order, and stores nothing', async () => {
      const before = (await openOrders()).length;
      for (const [field, text] of [
        ['client_order_id', nul],
        ['market_id', nul],
        ['client_order_id', lone],
        ['client_order_id', '\udc00'],
      ] as const) {
        const reply = await signedOrder(JSON.stringify(order({ [field]: text })));
        expectIssue(reply, `body.${field}`, field === 'market_id' || text === nul ? /NUL/ : /lone surrogate/);
      }
      expect(await openOrders()).to.have.length(before);
    });

    it('refuses them in query filters and path ids', async () => {
      expectIssue(
        await env().trading.get('/v1/orders', { sign: user.signingKey, query: { market_id: nul } }),
        'query.market_id',
        /NUL/,
      );
      // A lone surrogate cannot be UTF-8: in a URL it arrives as bytes that are not UTF-8.
      for (const [path, parameter] of [
        ['/v1/trades?order_id=%ED%A0%80', 'order_id'],
        ['/v1/orders?market_id=%ff', 'market_id'],
        ['/v1/orders?status=%E0%A4%A', 'status'],
      ]) {
        expectIssue(
          await env().trading.get(path!, { sign: user.signingKey }),
          `query.${parameter}`,
          /percent-encoded UTF-8/,
        );
      }
      expectIssue(await env().trading.get('/v1/orders/order_%00', { sign: user.signingKey }), 'path.order_id', /NUL/);
      expectIssue(
        await env().trading.delete('/v1/orders/order_%00', { sign: user.signingKey }),
        'path.order_id',
        /NUL/,
      );
    });

    it('refuses them in the chat model', async () => {
      const reply = await chat({ model: `text-standard${nul}` });
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors[0]).to.include({ path: 'model' });
      expect(reply.body.errors[0].message).to.match(/NUL/);
    });

    it('keeps a well-formed client_order_id with astral characters exactly as sent', async () => {
      const id = 'emoji-😀-é';
      const reply = await signedOrder(JSON.stringify(order({ client_order_id: id })));
      expect(reply.status, reply.text).to.equal(201);
      expect(reply.body.data.client_order_id).to.equal(id);
      const listed = await env().trading.get(`/v1/orders/${reply.body.data.order_id}`, { sign: user.signingKey });
      expect(listed.body.data.client_order_id).to.equal(id);
    });
  });

  describe('invalid UTF-8', () => {
    const valid = () => Buffer.from(JSON.stringify(order({ client_order_id: 'utf8-XX' })), 'utf8');
    const invalid = () => Buffer.from(valid().toString('latin1').replace('XX', '\u00ff\u00fe'), 'latin1');

    it('refuses a body that is not UTF-8 with 400, whatever was signed', async () => {
      const before = (await openOrders()).length;
      const bytes = invalid();
      // Signed over the bytes sent, and over the text a lenient decoder would make of them.
      for (const signedBody of [bytes, Buffer.from(bytes.toString('utf8'), 'utf8')]) {
        const reply = await env().trading.post('/v1/orders', { bytes, signedBody, sign: user.signingKey });
        expect(reply.status, reply.text).to.equal(400);
        expect(reply.body.errors.code).to.equal('malformed_json');
        expect(reply.body.errors.detail).to.match(/UTF-8/);
      }
      expect(await openOrders()).to.have.length(before);
    });

    it('verifies the signature over the bytes received', async () => {
      const bytes = Buffer.from(JSON.stringify(order({ client_order_id: 'utf8-é' })), 'utf8');
      const reply = await env().trading.post('/v1/orders', { bytes, sign: user.signingKey });
      expect(reply.status, reply.text).to.equal(201);
      const other = Buffer.from(bytes.toString('utf8').normalize('NFD'), 'utf8'); // the same text to a reader, other bytes
      const forged = await env().trading.post('/v1/orders', { bytes: other, signedBody: bytes, sign: user.signingKey });
      expect(forged.status, forged.text).to.equal(401);
    });
  });

  describe('HTTP details', () => {
    it('answers another method on a fixed path with its own Allow, not its templated sibling', async () => {
      for (const method of ['DELETE', 'PUT'] as const) {
        const reply = await env().trading.request(method, '/v1/orders/count', { sign: user.signingKey });
        expect(reply.status, reply.text).to.equal(405);
        expect(reply.headers.get('allow')).to.equal('GET');
      }
      expect((await env().trading.get('/v1/orders/count', { sign: user.signingKey })).status).to.equal(200);
    });

    for (const type of [
      'application/xml',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      it(`answers a ${type.split(';')[0]} body with 415, signed or not`, async () => {
        const rawBody = type.startsWith('multipart')
          ? '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'
          : '<order/>';
        for (const sign of [user.signingKey, undefined]) {
          const reply = await env().trading.post('/v1/orders', { rawBody, headers: { 'content-type': type }, sign });
          expect(reply.status, reply.text).to.equal(415);
          expect(reply.body.errors.code).to.equal('unsupported_media_type');
          expect(reply.body.errors.detail).to.match(/application\/json/);
        }
        const platform = await env().platform.post('/v1/oauth/device/code', {
          rawBody,
          headers: { 'content-type': type },
        });
        expect(platform.status, platform.text).to.equal(415);
      });
    }

    it('answers a __proto__ key as a reserved name (422), not as invalid JSON, and changes nothing', async () => {
      const text = JSON.stringify(order({ client_order_id: 'proto-1' })).replace(
        /}$/,
        ',"__proto__":{"side":"sell","isAdmin":true}}',
      );
      const reply = await signedOrder(text);
      expectIssue(reply, 'body.__proto__', /reserved/);
      const nested = await chat({ metadata: JSON.parse('{"__proto__":{"a":"b"}}') as Record<string, unknown> });
      expect(nested.status, nested.text).to.equal(422);
      expect(nested.body.errors[0]).to.include({ path: 'metadata.__proto__' });
      expect(({} as Record<string, unknown>).isAdmin).to.equal(undefined);
    });
  });
});
