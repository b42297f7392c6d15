import { expect } from 'chai';
import { approveDevice } from '../../src/platform/oauth.js';
import { hashSecret } from '../../src/lib/secrets.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import type { HostClient, RequestOptions } from '../support/http.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

type Encoding = 'form' | 'json';
function encoded(encoding: Encoding, fields: Record<string, string>): RequestOptions {
  return encoding === 'json'
    ? { body: fields }
    : {
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/** A device-flow login through the endpoints, approved as the dashboard would approve it. */
async function login(env: TestEnvironment, user: TestUser, scope?: string): Promise<Tokens> {
  const started = await env.platform.post(
    '/v1/oauth/device/code',
    encoded('form', scope === undefined ? { client_id: 'mkt-cli' } : { client_id: 'mkt-cli', scope }),
  );
  await approveDevice(env.service.services, started.body.user_code, user.userId);
  const reply = await env.platform.post(
    '/v1/oauth/token',
    encoded('form', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: started.body.device_code,
      client_id: 'mkt-cli',
    }),
  );
  expect(reply.status).to.equal(200);
  return reply.body;
}

const refresh = (
  platform: HostClient,
  refreshToken: string,
  encoding: Encoding = 'form',
  extra: Record<string, string> = {},
) =>
  platform.post(
    '/v1/oauth/token',
    encoded(encoding, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'mkt-cli', ...extra }),
  );

const revoke = (platform: HostClient, fields: Record<string, string>, encoding: Encoding = 'form') =>
  platform.post('/v1/oauth/revoke', encoded(encoding, fields));

/** Whether an access token still authenticates on the platform API. */
async function works(platform: HostClient, accessToken: string): Promise<boolean> {
  const reply = await platform.get('/v1/oauth/grants', { bearer: accessToken });
  expect(reply.status).to.be.oneOf([200, 401]);
  return reply.status === 200;
}

describeEachDatabase('OAuth tokens: refresh with rotation, revocation (RFC 7009), grants', (env) => {
  let user: TestUser;
  let other: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
    other = await createTestUser(env().service.services);
  });

  describe('refresh', () => {
    for (const encoding of ['form', 'json'] as const) {
      it(`rotates the refresh token on every refresh (${encoding}); earlier access tokens stay valid`, async () => {
        const first = await login(env(), user);
        const second = await refresh(env().platform, first.refresh_token, encoding);
        expect(second.status).to.equal(200);
        expect(second.headers.get('cache-control')).to.equal('no-store');
        expect(second.headers.get('pragma')).to.equal('no-cache');
        expect(second.body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: first.scope });
        expect(second.body.refresh_token).not.to.equal(first.refresh_token);
        const third = await refresh(env().platform, second.body.refresh_token, encoding);
        expect(third.status).to.equal(200);
        expect(third.body.refresh_token).not.to.equal(second.body.refresh_token);
        for (const accessToken of [first.access_token, second.body.access_token, third.body.access_token])
          expect(await works(env().platform, accessToken)).to.equal(true);

        const rows = await env()
          .service.services.db('oauth_tokens')
          .whereIn('token_hash', [third.body.access_token, third.body.refresh_token].map(hashSecret));
        expect(rows).to.have.length(2);
        expect(JSON.stringify(rows))
          .not.to.contain(third.body.access_token)
          .and.not.to.contain(third.body.refresh_token);
      });
    }

    it('treats a rotated refresh token presented again as theft: invalid_grant, and the whole grant is revoked', async () => {
      const first = await login(env(), user);
      const second = (await refresh(env().platform, first.refresh_token)).body as Tokens;

      const reuse = await refresh(env().platform, first.refresh_token, 'json');
      expect(reuse.status).to.equal(400);
      expect(reuse.body).to.deep.equal({
        error: 'invalid_grant',
        error_description: 'This refresh token was already used. The grant has been revoked for safety; log in again.',
      });

      expect(await works(env().platform, first.access_token)).to.equal(false);
      expect(await works(env().platform, second.access_token)).to.equal(false);
      const successor = await refresh(env().platform, second.refresh_token);
      expect(successor.status).to.equal(400);
      expect(successor.body.error).to.equal('invalid_grant');
    });

    it('lets exactly one of several simultaneous refreshes of one token succeed', async () => {
      const tokens = await login(env(), user);
      const replies = await Promise.all([1, 2, 3].map(() => refresh(env().platform, tokens.refresh_token)));
      expect(replies.filter((r) => r.status === 200)).to.have.length(1);
      expect(replies.filter((r) => r.status === 400).map((r) => r.body.error)).to.deep.equal([
        'invalid_grant',
        'invalid_grant',
      ]);
    });

    it('narrows the scope of the new access token, never widens it; the grant keeps its scope', async () => {
      const tokens = await login(env(), user, 'keys:manage account:read');
      const narrowed = await refresh(env().platform, tokens.refresh_token, 'form', { scope: 'account:read' });
      expect(narrowed.status).to.equal(200);
      expect(narrowed.body.scope).to.equal('account:read');
      const keys = await env().platform.get('/v1/api-keys', { bearer: narrowed.body.access_token });
      expect(keys.status).to.equal(403);
      expect(keys.body.errors.code).to.equal('insufficient_scope');
      expect(await works(env().platform, narrowed.body.access_token)).to.equal(true);

      const widened = await refresh(env().platform, narrowed.body.refresh_token, 'json', {
        scope: 'account:read trade:write',
      });
      expect(widened.status).to.equal(400);
      expect(widened.body).to.deep.equal({
        error: 'invalid_scope',
        error_description: 'The requested scope exceeds the scope of the grant: trade:write.',
      });
      const unknown = await refresh(env().platform, narrowed.body.refresh_token, 'json', { scope: 'keys:read' });
      expect(unknown.body.error).to.equal('invalid_scope');

      // A refused refresh does not rotate; without scope, the next one has the grant's scope again.
      const restored = await refresh(env().platform, narrowed.body.refresh_token);
      expect(restored.status).to.equal(200);
      expect(restored.body.scope).to.equal('keys:manage account:read');
    });

    it('refuses an expired, revoked or unknown refresh token with invalid_grant', async () => {
      const { db } = env().service.services;
      const expired = await login(env(), user);
      await db('oauth_tokens')
        .where({ token_hash: hashSecret(expired.refresh_token) })
        .update({ expires_at_us: Date.now() * 1000 - 1 });
      const revoked = await login(env(), user);
      await revoke(env().platform, { token: revoked.refresh_token });
      for (const token of [expired.refresh_token, revoked.refresh_token, 'mkt_rt_unknown', expired.access_token]) {
        const reply = await refresh(env().platform, token);
        expect(reply.status, token).to.equal(400);
        expect(reply.body).to.deep.equal({
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid, expired or revoked. Log in again.',
        });
      }
    });

    it('refuses a missing refresh_token with invalid_request and an unknown client with 401 invalid_client', async () => {
      for (const encoding of ['form', 'json'] as const) {
        const missing = await env().platform.post(
          '/v1/oauth/token',
          encoded(encoding, { grant_type: 'refresh_token', client_id: 'mkt-cli' }),
        );
        expect(missing.status).to.equal(400);
        expect(missing.body).to.deep.equal({
          error: 'invalid_request',
          error_description: 'Missing required parameter: refresh_token.',
        });
        const noGrantType = await env().platform.post(
          '/v1/oauth/token',
          encoded(encoding, { refresh_token: 'mkt_rt_x', client_id: 'mkt-cli' }),
        );
        expect(noGrantType.status).to.equal(400);
        expect(noGrantType.body.error).to.equal('invalid_request');
      }
      const tokens = await login(env(), user);
      const stranger = await refresh(env().platform, tokens.refresh_token, 'form', { client_id: 'my-app' });
      expect(stranger.status).to.equal(401);
      expect(stranger.body.error).to.equal('invalid_client');
      expect(
        (await refresh(env().platform, tokens.refresh_token)).status,
        'the refused request did not use up the token',
      ).to.equal(200);
    });
  });

  describe('revocation (RFC 7009)', () => {
    it('revokes a refresh token with its whole grant, and an access token by itself', async () => {
      const a = await login(env(), user);
      const b = await login(env(), user);
      const bRefreshed = (await refresh(env().platform, b.refresh_token)).body as Tokens;

      const first = await revoke(env().platform, { token: a.access_token, token_type_hint: 'access_token' });
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({});
      expect(await works(env().platform, a.access_token)).to.equal(false);
      expect((await refresh(env().platform, a.refresh_token)).status, 'the grant lives on').to.equal(200);

      // The hint is advisory: a wrong one does not stop the refresh token from being found.
      expect(
        (await revoke(env().platform, { token: bRefreshed.refresh_token, token_type_hint: 'access_token' }, 'json'))
          .body,
      ).to.deep.equal({});
      expect(await works(env().platform, b.access_token)).to.equal(false);
      expect(await works(env().platform, bRefreshed.access_token)).to.equal(false);
      expect((await refresh(env().platform, bRefreshed.refresh_token)).status).to.equal(400);
    });

    it('always answers 200 {}: unknown, already revoked, odd hints', async () => {
      const tokens = await login(env(), user);
      const cases: Record<string, string>[] = [
        { token: 'mkt_at_unknown' },
        { token: 'whatever', token_type_hint: 'something_else' },
        { token: tokens.refresh_token, client_id: 'anyone' },
        { token: tokens.refresh_token },
      ];
      for (const fields of cases) {
        for (const encoding of ['form', 'json'] as const) {
          const reply = await revoke(env().platform, fields, encoding);
          expect(reply.status, JSON.stringify(fields)).to.equal(200);
          expect(reply.body).to.deep.equal({});
        }
      }
    });

    it('answers 400 invalid_request only when token is missing', async () => {
      for (const encoding of ['form', 'json'] as const) {
        const reply = await revoke(env().platform, { token_type_hint: 'refresh_token' }, encoding);
        expect(reply.status).to.equal(400);
        expect(reply.body.error).to.equal('invalid_request');
      }
    });
  });

  describe('grants', () => {
    it("lists the caller's live grants, oldest first, paged; never revoked ones or other users'", async () => {
      const fresh = await createTestUser(env().service.services);
      const first = await login(env(), fresh, 'account:read');
      const second = await login(env(), fresh, 'account:read account:write');
      const third = await login(env(), fresh, 'keys:manage account:read');
      const gone = await login(env(), fresh, 'account:read');
      await revoke(env().platform, { token: gone.refresh_token });
      await login(env(), other, 'account:read');

      const all = await env().platform.get('/v1/oauth/grants', { bearer: first.access_token });
      expect(all.status).to.equal(200);
      expect(all.body.data.map((g: { scopes: string[] }) => g.scopes)).to.deep.equal([
        ['account:read'],
        ['account:read', 'account:write'],
        ['keys:manage', 'account:read'],
      ]);
      expect(all.body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
      const grant = all.body.data[0];
      expect(grant.client_id).to.equal('mkt-cli');
      expect(grant.last_used_at, 'the token just used is noted').to.be.a('string');
      const expiresInDays = (Date.parse(grant.expires_at) - Date.now()) / 86_400_000;
      expect(expiresInDays).to.be.within(29.9, 30.1);

      const page1 = await env().platform.get('/v1/oauth/grants', { bearer: second.access_token, query: { limit: 2 } });
      expect(page1.body.data.map((g: { grant_id: string }) => g.grant_id)).to.deep.equal(
        all.body.data.slice(0, 2).map((g: { grant_id: string }) => g.grant_id),
      );
      expect(page1.body.paging.has_more).to.equal(true);
      const page2 = await env().platform.get('/v1/oauth/grants', {
        bearer: third.access_token,
        query: { limit: 2, next: page1.body.paging.next_cursor },
      });
      expect(page2.body.data.map((g: { grant_id: string }) => g.grant_id)).to.deep.equal([all.body.data[2].grant_id]);
      expect(page2.body.paging.has_more).to.equal(false);
    });

    it("deletes a grant: every token of it stops at once, the caller's own included; another user's grant is 404", async () => {
      const fresh = await createTestUser(env().service.services);
      const tokens = await login(env(), fresh, 'account:read account:write');
      const grants = await env().platform.get('/v1/oauth/grants', { bearer: tokens.access_token });
      const grantId: string = grants.body.data[0].grant_id;

      const othersTokens = await login(env(), other, 'account:read account:write');
      const foreign = await env().platform.delete(`/v1/oauth/grants/${grantId}`, { bearer: othersTokens.access_token });
      expect(foreign.status).to.equal(404);
      expect(foreign.body.errors).to.include({ code: 'not_found', detail: `No OAuth grant with id ${grantId}.` });
      expect(await works(env().platform, tokens.access_token)).to.equal(true);

      const deleted = await env().platform.delete(`/v1/oauth/grants/${grantId}`, { bearer: tokens.access_token });
      expect(deleted.status).to.equal(204);
      expect(deleted.text).to.equal('');
      expect(await works(env().platform, tokens.access_token)).to.equal(false);
      expect((await refresh(env().platform, tokens.refresh_token)).body.error).to.equal('invalid_grant');

      const again = await env().platform.delete(`/v1/oauth/grants/${grantId}`, { bearer: othersTokens.access_token });
      expect(again.status).to.equal(404);
      expect(
        (
          await env().platform.delete('/v1/oauth/grants/grant_00000000-0000-0000-0000-000000000000', {
            bearer: othersTokens.access_token,
          })
        ).status,
      ).to.equal(404);
    });

    it('needs account:read to list and account:write to delete', async () => {
      const readOnly = await grantTokens(env().service.services, user.userId, ['account:read']);
      const keysOnly = await grantTokens(env().service.services, user.userId, ['keys:manage']);
      expect((await env().platform.get('/v1/oauth/grants', { bearer: keysOnly.accessToken })).status).to.equal(403);
      const refused = await env().platform.delete(`/v1/oauth/grants/${readOnly.grantId}`, {
        bearer: readOnly.accessToken,
      });
      expect(refused.status).to.equal(403);
      expect(refused.body.errors.code).to.equal('insufficient_scope');
      expect((await env().platform.get('/v1/oauth/grants', { bearer: readOnly.accessToken })).status).to.equal(200);
    });
  });

  describe('scope discovery', () => {
    it('lists the scopes mkt-cli may request, with the descriptions the approval page shows, paged', async () => {
      const all = await env().platform.get('/v1/oauth/scopes', { query: { client_id: 'mkt-cli' } });
      expect(all.status).to.equal(200);
      expect(all.body.data.map((s: { scope: string }) => s.scope)).to.deep.equal([
        'keys:manage',
        'account:read',
        'account:write',
        'trade:read',
        'trade:write',
        'supply:read',
        'supply:write',
        'funds:withdraw',
      ]);
      expect(all.body.data[1]).to.deep.equal({
        scope: 'account:read',
        description: 'Read account settings and OAuth grants.',
      });

      const first = await env().platform.get('/api/v1/oauth/scopes', { query: { client_id: 'mkt-cli', limit: 2 } });
      expect(first.body.paging).to.include({ has_more: true, prev_cursor: null });
      const second = await env().platform.get('/v1/oauth/scopes', {
        query: { client_id: 'mkt-cli', limit: 2, next: first.body.paging.next_cursor },
      });
      expect(second.body.data.map((s: { scope: string }) => s.scope)).to.deep.equal(['account:write', 'trade:read']);
      const back = await env().platform.get('/v1/oauth/scopes', {
        query: { client_id: 'mkt-cli', limit: 2, prev: second.body.paging.prev_cursor },
      });
      expect(back.body.data).to.deep.equal(first.body.data);
      expect(back.body.paging.has_more).to.equal(false);
    });

    it('answers 422 validation_error for a missing or unknown client_id', async () => {
      const unknown = await env().platform.get('/v1/oauth/scopes', { query: { client_id: 'my-app' } });
      expect(unknown.status).to.equal(422);
      expect(unknown.body.errors).to.include({
        code: 'validation_error',
        detail: 'Unknown OAuth client: my-app. The public client is mkt-cli.',
      });
      expect(unknown.body.errors.context.errors[0]).to.deep.equal({
        path: 'query.client_id',
        message: 'unknown client',
        value: 'my-app',
      });
      const missing = await env().platform.get('/v1/oauth/scopes');
      expect(missing.status).to.equal(422);
      expect(missing.body.errors.code).to.equal('validation_error');
      const badCursor = await env().platform.get('/v1/oauth/scopes', {
        query: { client_id: 'mkt-cli', next: 'bm9wZQ' },
      });
      expect(badCursor.status).to.equal(422);
      expect(badCursor.body.errors.code).to.equal('invalid_cursor');
    });
  });
});
