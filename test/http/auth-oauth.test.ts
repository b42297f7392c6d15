import { expect } from 'chai';
import { hashSecret } from '../../src/lib/secrets.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('authentication: OAuth access tokens on the platform API', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  it('accepts a live token with the scope, under /v1 and /api/v1', async () => {
    const { accessToken } = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    for (const path of ['/v1/api-keys', '/api/v1/api-keys']) {
      const reply = await env().platform.get(path, { bearer: accessToken });
      expect(reply.status, path).to.equal(200);
      expect(reply.body.data.map((k: { id: string }) => k.id)).to.include(user.apiKeyId);
    }
  });

  it('refuses a missing token with 401 invalid_token and a WWW-Authenticate challenge', async () => {
    const reply = await env().platform.get('/v1/api-keys');
    expect(reply.status).to.equal(401);
    expect(reply.body.errors.code).to.equal('invalid_token');
    expect(reply.headers.get('www-authenticate')).to.match(/^Bearer realm="mkt"/);
  });

  it('refuses an unknown, expired or revoked token with 401 invalid_token', async () => {
    const { db } = env().service.services;
    expect((await env().platform.get('/v1/api-keys', { bearer: 'mkt_at_unknown' })).body.errors.code).to.equal(
      'invalid_token',
    );

    const expired = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    await db('oauth_tokens')
      .where({ token_hash: hashSecret(expired.accessToken) })
      .update({ expires_at_us: Date.now() * 1000 - 1 });
    expect((await env().platform.get('/v1/api-keys', { bearer: expired.accessToken })).status).to.equal(401);

    const revoked = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    await db('oauth_grants')
      .where({ id: revoked.grantId })
      .update({ revoked_at_us: Date.now() * 1000 });
    expect((await env().platform.get('/v1/api-keys', { bearer: revoked.accessToken })).status).to.equal(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refreshToken } = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    const reply = await env().platform.get('/v1/api-keys', { bearer: refreshToken });
    expect(reply.status).to.equal(401);
  });

  it('refuses a token without the operation scope with 403 insufficient_scope', async () => {
    const { accessToken } = await grantTokens(env().service.services, user.userId, ['account:read']);
    const reply = await env().platform.get('/v1/api-keys', { bearer: accessToken });
    expect(reply.status).to.equal(403);
    expect(reply.body.errors.code).to.equal('insufficient_scope');
    expect(reply.body.errors.context.required_scopes).to.deep.equal(['keys:manage']);
  });

  it('stores tokens only as hashes', async () => {
    const { accessToken, refreshToken, grantId } = await grantTokens(env().service.services, user.userId, [
      'keys:manage',
    ]);
    const rows = await env().service.services.db('oauth_tokens').where({ grant_id: grantId });
    expect(rows).to.have.length(2);
    expect(JSON.stringify(rows)).not.to.contain(accessToken).and.not.to.contain(refreshToken);
  });
});
