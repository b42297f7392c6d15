import { expect } from 'chai';
import { resolveModel } from '../../src/core/reference.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';
import { password } from '../web/browser.js';
import { cookieNamed, sendPage } from '../web/form-client.js';

/**
 * Issue 11 item 11: the live service's CLI (grid-cli) logs in asking by default for
 * `account:read account:write trade:read trade:write supply:read supply:write keys:manage`
 * (src/sdk/auth/oauth-client.ts there), with a JSON body on /api/v1; once logged in, its supply
 * commands call the trading host's /v1/supply-issuances with the access token. The supply scopes
 * exist and guard exactly those two operations.
 */
const gridCliScopes = 'account:read account:write trade:read trade:write supply:read supply:write keys:manage';

describeEachDatabase("supply scopes: the grid CLI's login, and what its token may do", (env) => {
  const services = () => env().service.services;
  let supplier: TestUser;
  let textStandard: string;

  before(async () => {
    supplier = await createTestUser(services());
    textStandard = (await resolveModel(services(), 'text-standard'))!.id;
    await makeSupplier(services(), supplier.userId, [textStandard]);
  });

  it('logs in as grid-cli does, with supply:read and supply:write among the scopes, shown on the approval page and granted', async () => {
    const started = await env().platform.post('/api/v1/oauth/device/code', {
      body: { client_id: 'mkt-cli', scope: gridCliScopes },
    });
    expect(started.status, started.text).to.equal(200);

    const loggedIn = await sendPage(env().platform.baseUrl, 'POST', '/login', {
      form: { email: supplier.email, password },
    });
    const cookie = cookieNamed(loggedIn, 'mkt_session')!.split(';')[0]!;
    const page = await sendPage(env().platform.baseUrl, 'GET', `/device?user_code=${started.body.user_code}`, {
      cookie,
    });
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('<code>supply:read</code>List the Units you issued as a supplier.');
    expect(page.text).to.contain(
      '<code>supply:write</code>Issue Units of the instruments you supply, to sell them on the market.',
    );
    const csrfToken = /name="csrf-token" content="([^"]+)"/.exec(page.text)![1]!;
    const approved = await sendPage(env().platform.baseUrl, 'POST', '/device/approve', {
      cookie,
      form: { user_code: started.body.user_code, csrf_token: csrfToken },
    });
    expect(approved.status).to.equal(200);

    const tokens = await env().platform.post('/api/v1/oauth/token', {
      body: {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: 'mkt-cli',
        device_code: started.body.device_code,
      },
    });
    expect(tokens.status, tokens.text).to.equal(200);
    expect(tokens.body.scope.split(' ')).to.have.members(gridCliScopes.split(' '));
    const issued = await env().trading.post('/v1/supply-issuances', {
      bearer: tokens.body.access_token,
      body: { instrument_id: textStandard, quantity: 3 },
    });
    expect(issued.status, issued.text).to.equal(201);
  });

  it('lists the supply scopes in scope discovery and the server metadata', async () => {
    const scopes = await env().platform.get('/v1/oauth/scopes', { query: { client_id: 'mkt-cli' } });
    expect(scopes.body.data.map((s: { scope: string }) => s.scope)).to.include.members(['supply:read', 'supply:write']);
    const metadata = await env().platform.get('/.well-known/oauth-authorization-server');
    expect(metadata.body.scopes_supported).to.include.members(['supply:read', 'supply:write']);
  });

  it('issues with supply:write and lists with supply:read on the trading API, the access token in place of a signature', async () => {
    const { accessToken } = await grantTokens(services(), supplier.userId, ['supply:read', 'supply:write']);
    const issued = await env().trading.post('/v1/supply-issuances', {
      bearer: accessToken,
      body: { instrument_id: textStandard, quantity: 7 },
    });
    expect(issued.status, issued.text).to.equal(201);
    expect(issued.body.data).to.include({ instrument_id: textStandard, quantity: 7 });
    const listed = await env().trading.get('/v1/supply-issuances', { bearer: accessToken });
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.data.map((i: { issuance_id: string }) => i.issuance_id)).to.include(
      issued.body.data.issuance_id,
    );
    // The same list, signed, is the same supplier's.
    const signed = await env().trading.get('/v1/supply-issuances', { sign: supplier.signingKey });
    expect(signed.body.data).to.deep.equal(listed.body.data);
  });

  // Each row: the grant's scopes, the operation, and the answer.
  const guarded: { scopes: string[]; method: 'get' | 'post'; status: number; code?: string }[] = [
    { scopes: ['account:read', 'trade:read', 'trade:write'], method: 'get', status: 403, code: 'insufficient_scope' },
    { scopes: ['account:read', 'trade:read', 'trade:write'], method: 'post', status: 403, code: 'insufficient_scope' },
    { scopes: ['supply:read'], method: 'get', status: 200 },
    { scopes: ['supply:read'], method: 'post', status: 403, code: 'insufficient_scope' },
    { scopes: ['supply:write'], method: 'get', status: 403, code: 'insufficient_scope' },
    { scopes: ['supply:write'], method: 'post', status: 201 },
  ];
  for (const row of guarded) {
    it(`answers ${row.method.toUpperCase()} /v1/supply-issuances with ${row.status}${row.code ? ` ${row.code}` : ''} to a token of ${row.scopes.join(' ')}`, async () => {
      const { accessToken } = await grantTokens(services(), supplier.userId, row.scopes);
      const reply =
        row.method === 'get'
          ? await env().trading.get('/v1/supply-issuances', { bearer: accessToken })
          : await env().trading.post('/v1/supply-issuances', {
              bearer: accessToken,
              body: { instrument_id: textStandard, quantity: 1 },
            });
      expect(reply.status, reply.text).to.equal(row.status);
      if (row.code) {
        expect(reply.body.errors.code).to.equal(row.code);
        expect(reply.headers.get('www-authenticate')).to.contain('error="insufficient_scope"');
      }
    });
  }

  it('refuses a bad token with 401 invalid_token; the supply scopes open no other trading operation (those need trade:*)', async () => {
    const bad = await env().trading.post('/v1/supply-issuances', {
      bearer: 'mkt_at_not-a-token',
      body: { instrument_id: textStandard, quantity: 1 },
    });
    expect(bad.status).to.equal(401);
    expect(bad.body.errors.code).to.equal('invalid_token');
    const { accessToken } = await grantTokens(services(), supplier.userId, ['supply:read', 'supply:write']);
    for (const path of ['/v1/orders', '/v1/me', '/v1/instruments']) {
      const reply = await env().trading.get(path, { bearer: accessToken });
      expect(reply.status, path).to.equal(403);
      expect(reply.body.errors.code, path).to.equal('insufficient_scope');
      expect(reply.body.errors.context.required_scopes, path).to.deep.equal(['trade:read']);
    }
  });
});
