import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('authentication: consumption API keys', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  const expectInvalidKey = (reply: { status: number; body: any }) => {
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_api_key');
    expect(Date.parse(reply.body.errors.server_time)).to.be.closeTo(Date.now(), 60_000);
  };

  it('accepts a key as Bearer on the consumption host', async () => {
    const reply = await env().consumption.get('/v1/models', { bearer: user.apiKey });
    expect(reply.status).to.equal(200);
  });

  it('refuses a missing key with 401 invalid_api_key and server_time', async () => {
    expectInvalidKey(await env().consumption.get('/v1/models'));
  });

  it('refuses an unknown key, a malformed header and a key with one character changed', async () => {
    expectInvalidKey(await env().consumption.get('/v1/models', { bearer: 'mkt_ck_' + 'A'.repeat(43) }));
    expectInvalidKey(await env().consumption.get('/v1/models', { headers: { authorization: `Basic ${user.apiKey}` } }));
    const last = user.apiKey.at(-1) === 'A' ? 'B' : 'A';
    expectInvalidKey(await env().consumption.get('/v1/models', { bearer: user.apiKey.slice(0, -1) + last }));
  });

  it('does not take x-api-key on the consumption host, where keys are Bearer', async () => {
    expectInvalidKey(await env().consumption.get('/v1/models', { headers: { 'x-api-key': user.apiKey } }));
  });

  it('refuses an OAuth access token on the consumption API', async () => {
    const tokens = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    const reply = await env().consumption.get('/v1/models', { bearer: tokens.accessToken });
    expectInvalidKey(reply);
    expect(reply.body.errors.detail).to.contain('consumption key');
  });

  it('accepts the key as x-api-key or as Bearer on the messages host', async () => {
    const body = { model: 'text-standard', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] };
    const byHeader = await env().messages.post('/v1/messages', { body, headers: { 'x-api-key': user.apiKey } });
    const byBearer = await env().messages.post('/v1/messages', { body, bearer: user.apiKey });
    const without = await env().messages.post('/v1/messages', { body });
    // Authenticated either way: the next check is capacity, and this user holds no tokens.
    expect(byHeader.status, JSON.stringify(byHeader.body)).to.equal(402);
    expect(byBearer.status, JSON.stringify(byBearer.body)).to.equal(402);
    expectInvalidKey(without);
    expectInvalidKey(await env().messages.post('/v1/messages', { body, headers: { 'x-api-key': 'mkt_ck_nope' } }));
  });

  it('stops accepting a key once it is deactivated or deleted', async () => {
    const other = await createTestUser(env().service.services);
    const { db } = env().service.services;
    await db('api_keys').where({ id: other.apiKeyId }).update({ active: false });
    expectInvalidKey(await env().consumption.get('/v1/models', { bearer: other.apiKey }));
    await db('api_keys').where({ id: other.apiKeyId }).update({ active: true });
    expect((await env().consumption.get('/v1/models', { bearer: other.apiKey })).status).to.equal(200);
    await db('api_keys').where({ id: other.apiKeyId }).delete();
    expectInvalidKey(await env().consumption.get('/v1/models', { bearer: other.apiKey }));
  });

  it('stores only a hash of the key', async () => {
    const rows = await env().service.services.db('api_keys').where({ id: user.apiKeyId });
    expect(JSON.stringify(rows)).not.to.contain(user.apiKey);
    expect(rows[0].key_prefix).to.equal(user.apiKey.slice(0, 11)); // mkt_ck_ and four characters (platform.yaml ApiKeyPrefix)
  });
});
