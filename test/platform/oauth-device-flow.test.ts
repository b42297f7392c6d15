import { expect } from 'chai';
import * as client from 'openid-client';
import { hashSecret } from '../../src/lib/secrets.js';
import { randomUUID } from 'node:crypto';
import * as oauth from '../../src/platform/oauth.js';
import { cryptoRandom, userCodeAlphabet, type DeviceRequest } from '../../src/platform/oauth.js';
import { checkContract } from '../support/contract.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import type { HostClient, RequestOptions } from '../support/http.js';
import { describeEachDatabase } from '../support/service.js';

const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code';
const allScopes = [
  'keys:manage',
  'account:read',
  'account:write',
  'trade:read',
  'trade:write',
  'supply:read',
  'supply:write',
  'funds:withdraw',
];
/** What a login that names no scope gets: everything but funds:withdraw, granted only by name. */
const defaultScopes = allScopes.filter((scope) => scope !== 'funds:withdraw');

type Encoding = 'form' | 'json';
/** The same fields as `application/x-www-form-urlencoded` (the RFC's encoding) or JSON. */
function encoded(encoding: Encoding, fields: Record<string, string>): RequestOptions {
  return encoding === 'json'
    ? { body: fields }
    : {
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
}

const startLogin = (
  platform: HostClient,
  fields: Record<string, string> = { client_id: 'mkt-cli' },
  encoding: Encoding = 'form',
) => platform.post('/v1/oauth/device/code', encoded(encoding, fields));

const poll = (platform: HostClient, deviceCode: string, encoding: Encoding = 'form') =>
  platform.post(
    '/v1/oauth/token',
    encoded(encoding, { grant_type: deviceGrant, device_code: deviceCode, client_id: 'mkt-cli' }),
  );

/**
 * openid-client's requests go through this fetch, so its replies are contract-checked like every
 * HostClient reply; `observe` sees each parsed reply first.
 */
function checkedFetch(observe: (path: string, body: any) => Promise<void> = async () => {}): client.CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options);
    const text = await response.clone().text();
    const body =
      (response.headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.parse(text) : undefined;
    const { pathname, search } = new URL(url);
    await checkContract({
      host: 'platform',
      method: options.method,
      path: pathname + search,
      status: response.status,
      headers: response.headers,
      body,
      text,
    });
    await observe(pathname, body);
    return response;
  };
}

describeEachDatabase('OAuth device authorization grant (RFC 8628)', (env) => {
  let user: TestUser;
  /** A dashboard session of its own for each lookup, so that the user-code throttle stays out of these tests. */
  const guesser = () => ({ clientAddress: '192.0.2.1', sessionIdHash: randomUUID() });
  async function found(typed: string): Promise<DeviceRequest> {
    const lookup = await oauth.findDeviceRequest(env().service.services, typed, guesser());
    if (!lookup.ok) throw new Error(`no device request for ${typed}: ${lookup.reason}`);
    return lookup.device;
  }
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  it('logs in with openid-client: device code, polls through authorization_pending, approval, then tokens that authenticate, refresh and revoke', async function () {
    this.timeout(40_000); // the client waits the 5-second interval before each poll: two polls
    const { services } = env().service;
    const base = env().platform.baseUrl;
    let userCode = '';
    let pendingSeen = 0;
    const config = new client.Configuration(
      {
        issuer: base,
        device_authorization_endpoint: `${base}/v1/oauth/device/code`,
        token_endpoint: `${base}/v1/oauth/token`,
        revocation_endpoint: `${base}/v1/oauth/revoke`,
      },
      'mkt-cli',
      undefined,
      client.None(),
    );
    client.allowInsecureRequests(config);
    // The user approves on the dashboard while the command line polls: after its first poll was told to wait.
    config[client.customFetch] = checkedFetch(async (path, body) => {
      if (path === '/v1/oauth/token' && body?.error === 'authorization_pending') {
        pendingSeen += 1;
        if (pendingSeen === 1)
          await oauth.approveDevice(services, userCode.toLowerCase().replace('-', ''), user.userId);
      }
    });

    const authorization = await client.initiateDeviceAuthorization(config, {
      scope: 'keys:manage account:read account:write',
    });
    userCode = authorization.user_code;
    expect(authorization.user_code).to.match(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(authorization.verification_uri).to.equal(`${base}/device`);
    expect(authorization.verification_uri_complete).to.equal(`${base}/device?user_code=${userCode}`);
    expect(authorization.expires_in).to.equal(600);
    expect(authorization.interval).to.equal(5);

    const tokens = await client.pollDeviceAuthorizationGrant(config, authorization);
    expect(pendingSeen).to.equal(1);
    expect(tokens.access_token).to.match(/^mkt_at_[A-Za-z0-9]{32,}$/);
    expect(tokens.refresh_token).to.match(/^mkt_rt_[A-Za-z0-9]{32,}$/);
    expect(tokens.token_type).to.equal('bearer'); // openid-client normalises the case
    expect(tokens.expires_in).to.equal(3600);
    expect(tokens.scope).to.equal('keys:manage account:read account:write');

    // The token authenticates: the grants list answers, and key management gets past authentication.
    const grants = await env().platform.get('/v1/oauth/grants', { bearer: tokens.access_token });
    expect(grants.status).to.equal(200);
    expect(grants.body.data).to.have.length(1);
    expect(grants.body.data[0]).to.include({ client_id: 'mkt-cli' });
    expect(grants.body.data[0].scopes).to.deep.equal(['keys:manage', 'account:read', 'account:write']);
    const keys = await env().platform.get('/v1/api-keys', { bearer: tokens.access_token });
    expect(keys.status, 'a 501 (not built yet) or 200 proves authentication; 401 would not').to.be.oneOf([200, 501]);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token)
      .to.match(/^mkt_rt_/)
      .and.not.equal(tokens.refresh_token);
    expect(refreshed.access_token).not.to.equal(tokens.access_token);
    expect((await env().platform.get('/v1/oauth/grants', { bearer: refreshed.access_token })).status).to.equal(200);

    await client.tokenRevocation(config, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
    for (const accessToken of [tokens.access_token, refreshed.access_token]) {
      const reply = await env().platform.get('/v1/oauth/grants', { bearer: accessToken });
      expect(reply.status).to.equal(401);
      expect(reply.body.errors.code).to.equal('invalid_token');
    }
  });

  it('discovers the endpoints from the authorization server metadata, as openid-client does (RFC 8414)', async () => {
    const base = env().platform.baseUrl;
    const reply = await env().platform.get('/.well-known/oauth-authorization-server');
    expect(reply.status).to.equal(200);
    expect(reply.body).to.deep.equal({
      issuer: base,
      device_authorization_endpoint: `${base}/v1/oauth/device/code`,
      token_endpoint: `${base}/v1/oauth/token`,
      revocation_endpoint: `${base}/v1/oauth/revoke`,
      grant_types_supported: [deviceGrant, 'refresh_token'],
      response_types_supported: [],
      scopes_supported: allScopes,
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
    });

    const discovered = await client.discovery(new URL(base), 'mkt-cli', undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
      [client.customFetch]: checkedFetch(),
    });
    expect(discovered.serverMetadata().device_authorization_endpoint).to.equal(`${base}/v1/oauth/device/code`);
  });

  for (const encoding of ['form', 'json'] as const) {
    it(`issues a device code from a ${encoding} body: consonant user code, 600 s, 5 s interval, no-store`, async () => {
      const reply = await startLogin(env().platform, { client_id: 'mkt-cli', scope: 'account:read' }, encoding);
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('cache-control')).to.equal('no-store');
      expect(reply.body.user_code).to.match(/^[A-Z]{4}-[A-Z]{4}$/);
      for (const letter of reply.body.user_code.replace('-', '')) expect(userCodeAlphabet).to.include(letter);
      expect(reply.body).to.include({ expires_in: 600, interval: 5 });
      expect(reply.body.verification_uri_complete).to.equal(
        `${reply.body.verification_uri}?user_code=${reply.body.user_code}`,
      );

      // Stored only as its hash.
      const { db } = env().service.services;
      const row = await db('device_codes').where({ user_code: reply.body.user_code }).first();
      expect(row.device_code_hash).to.equal(hashSecret(reply.body.device_code));
      expect(JSON.stringify(row)).not.to.contain(reply.body.device_code);
      expect(row.scopes).to.equal('account:read');
    });

    it(`refuses a missing client_id (${encoding}) with 400 invalid_request in the RFC body`, async () => {
      const reply = await startLogin(env().platform, { scope: 'account:read' }, encoding);
      expect(reply.status).to.equal(400);
      expect(reply.body.error).to.equal('invalid_request');
      expect(reply.body.error_description).to.contain('client_id');
    });

    it(`refuses a token request without device_code (${encoding}) with 400 invalid_request`, async () => {
      const reply = await env().platform.post(
        '/v1/oauth/token',
        encoded(encoding, { grant_type: deviceGrant, client_id: 'mkt-cli' }),
      );
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error: 'invalid_request',
        error_description: 'Missing required parameter: device_code.',
      });
      expect(reply.headers.get('cache-control')).to.equal('no-store');
      expect(reply.headers.get('pragma')).to.equal('no-cache');
    });
  }

  it("requests the client's scope list but funds:withdraw when scope is omitted, in catalogue order without duplicates", async () => {
    const services = env().service.services;
    const full = await startLogin(env().platform);
    expect((await found(full.body.user_code)).scopes.map((s) => s.scope)).to.deep.equal(defaultScopes);
    const some = await startLogin(env().platform, {
      client_id: 'mkt-cli',
      scope: 'account:write keys:manage account:write',
    });
    expect((await found(some.body.user_code)).scopes.map((s) => s.scope)).to.deep.equal([
      'keys:manage',
      'account:write',
    ]);
  });

  it('refuses an unknown client with 401 invalid_client and an unknown scope with 400 invalid_scope', async () => {
    const client401 = await startLogin(env().platform, { client_id: 'my-app' });
    expect(client401.status).to.equal(401);
    expect(client401.body).to.deep.equal({
      error: 'invalid_client',
      error_description: 'Unknown client_id: my-app. The public client is mkt-cli.',
    });

    const scope400 = await startLogin(env().platform, { client_id: 'mkt-cli', scope: 'keys:manage keys:read' }, 'json');
    expect(scope400.status).to.equal(400);
    expect(scope400.body.error).to.equal('invalid_scope');
    expect(scope400.body.error_description).to.contain('keys:read');

    const token401 = await env().platform.post(
      '/v1/oauth/token',
      encoded('form', { grant_type: deviceGrant, device_code: 'anything', client_id: 'my-app' }),
    );
    expect(token401.status).to.equal(401);
    expect(token401.body.error).to.equal('invalid_client');
  });

  it('answers authorization_pending until the user decides, and slow_down (interval + 5 s) when polled too soon', async () => {
    const { db } = env().service.services;
    const login = await startLogin(env().platform);
    const first = await poll(env().platform, login.body.device_code);
    expect(first.status).to.equal(400);
    expect(first.body.error).to.equal('authorization_pending');
    expect(first.headers.get('cache-control')).to.equal('no-store');

    const tooSoon = await poll(env().platform, login.body.device_code, 'json');
    expect(tooSoon.status).to.equal(400);
    expect(tooSoon.body).to.deep.equal({
      error: 'slow_down',
      error_description: 'Polling too fast. Wait at least 10 seconds between requests.',
    });
    expect((await db('device_codes').where({ user_code: login.body.user_code }).first()).interval_seconds).to.equal(10);

    const stillTooSoon = await poll(env().platform, login.body.device_code);
    expect(stillTooSoon.body.error).to.equal('slow_down');
    expect((await db('device_codes').where({ user_code: login.body.user_code }).first()).interval_seconds).to.equal(15);

    // Once the interval has passed, the answer is authorization_pending again.
    await db('device_codes')
      .where({ user_code: login.body.user_code })
      .update({ last_polled_at_us: Date.now() * 1000 - 15_000_000 });
    expect((await poll(env().platform, login.body.device_code)).body.error).to.equal('authorization_pending');
  });

  it('answers access_denied once the user denies, on every later poll', async () => {
    const services = env().service.services;
    const login = await startLogin(env().platform);
    await oauth.denyDevice(services, login.body.user_code, user.userId);
    for (const encoding of ['form', 'json'] as const) {
      const reply = await poll(env().platform, login.body.device_code, encoding);
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error: 'access_denied',
        error_description: 'The user denied the authorization request.',
      });
    }
  });

  it('answers expired_token once the device code has expired, approved or not', async () => {
    const services = env().service.services;
    const { db } = services;
    const pending = await startLogin(env().platform);
    const approved = await startLogin(env().platform);
    await oauth.approveDevice(services, approved.body.user_code, user.userId);
    await db('device_codes')
      .whereIn('user_code', [pending.body.user_code, approved.body.user_code])
      .update({ expires_at_us: Date.now() * 1000 - 1 });
    for (const login of [pending, approved]) {
      const reply = await poll(env().platform, login.body.device_code);
      expect(reply.status).to.equal(400);
      expect(reply.body.error).to.equal('expired_token');
    }
    expect(await oauth.findDeviceRequest(services, pending.body.user_code, guesser())).to.deep.equal({
      ok: false,
      reason: 'unknown',
    });
  });

  it('issues the tokens once: a second poll after success answers invalid_grant', async () => {
    const services = env().service.services;
    const login = await startLogin(env().platform, { client_id: 'mkt-cli', scope: 'account:read' });
    await oauth.approveDevice(services, login.body.user_code, user.userId);
    const tokens = await poll(env().platform, login.body.device_code, 'json');
    expect(tokens.status).to.equal(200);
    expect(tokens.headers.get('cache-control')).to.equal('no-store');
    expect(tokens.headers.get('pragma')).to.equal('no-cache');
    expect(tokens.body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'account:read' });

    const again = await poll(env().platform, login.body.device_code);
    expect(again.status).to.equal(400);
    expect(again.body.error).to.equal('invalid_grant');
    expect((await found(login.body.user_code)).status).to.equal('consumed');
  });

  it('lets exactly one of several simultaneous polls of an approved code have the tokens', async () => {
    const services = env().service.services;
    const login = await startLogin(env().platform);
    await oauth.approveDevice(services, login.body.user_code, user.userId);
    const replies = await Promise.all([1, 2, 3, 4].map(() => poll(env().platform, login.body.device_code)));
    expect(replies.filter((r) => r.status === 200)).to.have.length(1);
    expect(replies.filter((r) => r.status === 400).map((r) => r.body.error)).to.deep.equal([
      'invalid_grant',
      'invalid_grant',
      'invalid_grant',
    ]);
  });

  it('refuses an unknown device code with invalid_grant', async () => {
    const reply = await poll(env().platform, 'not-a-device-code');
    expect(reply.status).to.equal(400);
    expect(reply.body.error).to.equal('invalid_grant');
  });

  it('answers unsupported_grant_type for any other grant_type', async () => {
    const reply = await env().platform.post(
      '/v1/oauth/token',
      encoded('form', { grant_type: 'password', client_id: 'mkt-cli', username: 'a', password: 'b' }),
    );
    expect(reply.status).to.equal(400);
    expect(reply.body.error).to.equal('unsupported_grant_type');
  });

  it('answers malformed JSON on the RFC endpoints with 400 invalid_request in the RFC body', async () => {
    for (const path of ['/v1/oauth/device/code', '/v1/oauth/token', '/v1/oauth/revoke']) {
      const reply = await env().platform.post(path, { rawBody: '{"client_id": ' });
      expect(reply.status, path).to.equal(400);
      expect(reply.body.error, path).to.equal('invalid_request');
      expect(reply.headers.get('cache-control')).to.equal('no-store');
    }
  });

  it('serves the metadata at the root only, not under the /api alias', async () => {
    expect((await env().platform.get('/.well-known/oauth-authorization-server')).status).to.equal(200);
    expect((await env().platform.get('/api/.well-known/oauth-authorization-server')).status).to.equal(404);
  });

  describe("the dashboard's side: finding, approving and denying a request by user code", () => {
    it('finds a request by its user code in any case, with or without the dash', async () => {
      const services = env().service.services;
      const login = await startLogin(env().platform, { client_id: 'mkt-cli', scope: 'keys:manage' });
      const code: string = login.body.user_code;
      for (const typed of [code, code.toLowerCase(), code.replace('-', ''), code.toLowerCase().replace('-', '')]) {
        const device = await found(typed);
        expect(device, typed).to.deep.include({
          userCode: code,
          clientId: 'mkt-cli',
          clientName: 'mkt command line',
          status: 'pending',
        });
        expect(device.scopes).to.deep.equal([
          {
            scope: 'keys:manage',
            description: 'Create, list, update and delete consumption API keys and trading signing keys.',
          },
        ]);
      }
      expect(await oauth.findDeviceRequest(services, 'BCDF-GHJ', guesser())).to.deep.equal({
        ok: false,
        reason: 'unknown',
      });
      expect(await oauth.findDeviceRequest(services, 'AEIO-UAEI', guesser())).to.deep.equal({
        ok: false,
        reason: 'unknown',
      });
    });

    it('refuses an unknown or expired code, and a request once it was decided', async () => {
      const services = env().service.services;
      const { db } = services;
      expect(await oauth.approveDevice(services, 'BBBB-BBBB', user.userId)).to.equal('unknown_code');

      const login = await startLogin(env().platform);
      expect(await oauth.approveDevice(services, login.body.user_code, user.userId)).to.equal('decided');
      expect(await oauth.approveDevice(services, login.body.user_code, user.userId)).to.equal('already_decided');
      expect(await oauth.denyDevice(services, login.body.user_code, user.userId)).to.equal('already_decided');

      const stale = await startLogin(env().platform);
      await db('device_codes')
        .where({ user_code: stale.body.user_code })
        .update({ expires_at_us: Date.now() * 1000 - 1 });
      expect(await oauth.denyDevice(services, stale.body.user_code, user.userId)).to.equal('unknown_code');
    });

    it('draws another user code when the first collides with a stored one', async () => {
      const { db, clock } = env().service.services;
      const codes = ['QQQQ-QQQQ', 'QQQQ-QQQQ', 'WWWW-WWWW'];
      const deps = { db, clock, oauthRandom: { deviceCode: cryptoRandom.deviceCode, userCode: () => codes.shift()! } };
      const first = await oauth.startDeviceAuthorization(deps, 'mkt-cli', undefined, '192.0.2.1');
      const second = await oauth.startDeviceAuthorization(deps, 'mkt-cli', undefined, '192.0.2.1');
      expect(first).to.include({ ok: true, userCode: 'QQQQ-QQQQ' });
      expect(second).to.include({ ok: true, userCode: 'WWWW-WWWW' });
    });
  });
});
