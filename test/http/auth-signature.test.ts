import { expect } from 'chai';
import nacl from 'tweetnacl';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { signatureHeaders } from '../support/http.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('authentication: Ed25519 request signatures', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('accepts a request signed with tweetnacl over timestamp + METHOD + path + body', async () => {
    const reply = await env().trading.get('/v1/instruments', { sign: user.signingKey });
    expect(reply.status).to.equal(200);
    expect(reply.body.data).to.have.length(9);
  });

  it('signs the path without the query string', async () => {
    const reply = await env().trading.get('/v1/instruments', {
      sign: user.signingKey,
      query: { limit: 2, order_by: 'name' },
    });
    expect(reply.status).to.equal(200);
    expect(reply.body.data).to.have.length(2);
  });

  it('signs the raw body of a POST (a tampered body fails, the exact body passes)', async () => {
    const body = JSON.stringify({ market_id: 'market_x', side: 'buy', type: 'limit', price: '1.0000', quantity: 1 });
    const headers = signatureHeaders(user.signingKey, 'POST', '/v1/orders', body);
    const tampered = await env().trading.post('/v1/orders', {
      rawBody: body.replace('"quantity":1', '"quantity":2'),
      headers,
    });
    expect(tampered.status).to.equal(401);
    expect(tampered.body.errors.code).to.equal('invalid_signature');
    const exact = await env().trading.post('/v1/orders', { rawBody: body, headers });
    expect(exact.status).not.to.equal(401);
  });

  // Two seconds clear of the 30 s edge: a clock second may tick between signing and checking.
  for (const offset of [33, -33, 3600]) {
    it(`refuses a timestamp ${offset} s off with 401 timestamp_out_of_range and its context`, async () => {
      const signedAt = nowSeconds() - offset;
      const reply = await env().trading.get('/v1/instruments', { sign: user.signingKey, signedAt });
      expect(reply.status).to.equal(401);
      expect(reply.body.errors.code).to.equal('timestamp_out_of_range');
      expect(reply.body.errors.server_time).to.be.a('string');
      const context = reply.body.errors.context;
      expect(context.max_drift_seconds).to.equal(30);
      expect(context.request_timestamp).to.equal(String(signedAt));
      expect(Number(context.server_timestamp)).to.be.closeTo(nowSeconds(), 2);
      expect(context.observed_drift_seconds).to.be.closeTo(offset, 2);
    });
  }

  it('accepts a timestamp 25 s off, inside the window', async () => {
    const reply = await env().trading.get('/v1/instruments', { sign: user.signingKey, signedAt: nowSeconds() - 25 });
    expect(reply.status).to.equal(200);
  });

  it('refuses a signature by another key under this fingerprint with 401 invalid_signature', async () => {
    const impostor = nacl.sign.keyPair();
    const reply = await env().trading.get('/v1/instruments', {
      sign: {
        privateKey: Buffer.from(impostor.secretKey).toString('base64'),
        fingerprint: user.signingKey.fingerprint,
      },
    });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_signature');
    expect(reply.body.errors.detail).to.contain('raw request body');
  });

  it('refuses a signature over another method or path', async () => {
    const headers = signatureHeaders(user.signingKey, 'GET', '/v1/markets', '');
    const reply = await env().trading.get('/v1/instruments', { headers });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_signature');
  });

  it('refuses a signature that is not base64 of 64 bytes', async () => {
    const headers = {
      ...signatureHeaders(user.signingKey, 'GET', '/v1/instruments', ''),
      'x-mkt-signature': 'not base64!',
    };
    const reply = await env().trading.get('/v1/instruments', { headers });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_signature');
  });

  it('refuses an unknown fingerprint with 401 unknown_fingerprint', async () => {
    const headers = {
      ...signatureHeaders(user.signingKey, 'GET', '/v1/instruments', ''),
      'x-mkt-fingerprint': 'A'.repeat(43),
    };
    const reply = await env().trading.get('/v1/instruments', { headers });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('unknown_fingerprint');
  });

  it('refuses a request with no or partial signature headers with 401 missing_signature', async () => {
    const none = await env().trading.get('/v1/instruments');
    expect(none.status).to.equal(401);
    expect(none.body.errors.code).to.equal('missing_signature');
    const { 'x-mkt-timestamp': _, ...partial } = signatureHeaders(user.signingKey, 'GET', '/v1/instruments', '');
    const reply = await env().trading.get('/v1/instruments', { headers: partial });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('missing_signature');
    expect(reply.body.errors.detail).to.contain('x-mkt-timestamp');
  });

  it('refuses a timestamp that is not Unix seconds', async () => {
    const headers = {
      ...signatureHeaders(user.signingKey, 'GET', '/v1/instruments', ''),
      'x-mkt-timestamp': '2026-11-22T10:00:00Z',
    };
    const reply = await env().trading.get('/v1/instruments', { headers });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_signature');
  });

  it('fails on the very next request after the signing key is deleted', async () => {
    const other = await createTestUser(env().service.services);
    expect((await env().trading.get('/v1/markets', { sign: other.signingKey })).status).to.equal(200);
    await env().service.services.db('signing_keys').where({ id: other.signingKey.id }).delete();
    const reply = await env().trading.get('/v1/markets', { sign: other.signingKey });
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('unknown_fingerprint');
  });

  it('needs no authentication for GET /v1/health', async () => {
    const reply = await env().trading.get('/v1/health');
    expect(reply.status).to.equal(200);
    expect(reply.body.data.status).to.equal('ok');
  });
});
