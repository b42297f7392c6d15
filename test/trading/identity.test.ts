import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

interface Check {
  name: string;
  status: string;
  code: string;
  next_action: string | null;
}

describeEachDatabase('trading: identity (GET /v1/me) and diagnostics', (env) => {
  const services = () => env().service.services;
  let advanced: TestUser;
  let auto: TestUser;
  before(async () => {
    advanced = await createTestUser(services(), { mode: 'advanced' });
    auto = await createTestUser(services(), { mode: 'auto' });
  });

  it('GET /v1/me names the user, the account mode, the readiness flags and the key that signed', async () => {
    const reply = await env().trading.get('/v1/me', { sign: advanced.signingKey });
    expect(reply.status).to.equal(200);
    expect(reply.body.data).to.deep.include({
      user_id: advanced.userId,
      email: advanced.email,
      account_mode: 'advanced',
      status: 'active',
      email_verified: true,
      legal_terms_accepted: true,
      is_supplier: false,
      signing_key: {
        id: advanced.signingKey.id,
        label: 'test signing key',
        fingerprint: advanced.signingKey.fingerprint,
      },
    });
    expect(reply.body.data.created_at).to.be.a('string');
  });

  it('GET /v1/me follows a mode switch on the platform API at once', async () => {
    const user = await createTestUser(services(), { mode: 'advanced' });
    const { accessToken } = await grantTokens(services(), user.userId, ['account:write']);
    const switched = await env().platform.post('/v1/self/system-settings/account-mode', {
      bearer: accessToken,
      body: { account_mode: 'auto' },
    });
    expect(switched.status).to.equal(200);
    expect((await env().trading.get('/v1/me', { sign: user.signingKey })).body.data.account_mode).to.equal('auto');
  });

  it('GET /v1/me and /v1/diagnostics need a signature (401) or a trade:read token (else 403), and a query parameter is refused (422)', async () => {
    for (const path of ['/v1/me', '/v1/diagnostics']) {
      const reply = await env().trading.get(path);
      expect(reply.status, path).to.equal(401);
      expect(reply.body.errors.code).to.equal('missing_signature');
      const tokenInstead = await env().trading.get(path, {
        bearer: (await grantTokens(services(), advanced.userId, ['trade:read'])).accessToken,
      });
      expect(tokenInstead.status).to.equal(200);
      const otherScope = await env().trading.get(path, {
        bearer: (await grantTokens(services(), advanced.userId, ['account:read'])).accessToken,
      });
      expect(otherScope.status).to.equal(403);
      expect(otherScope.body.errors.code).to.equal('insufficient_scope');
      const query = await env().trading.get(path, { sign: advanced.signingKey, query: { verbose: 1 } });
      expect(query.status, `${path}?verbose`).to.equal(422);
    }
  });

  it('diagnoses an Advanced Mode account: every check in order, no trading account yet (warn), nine routable markets', async () => {
    const reply = await env().trading.get('/v1/diagnostics', { sign: advanced.signingKey });
    expect(reply.status).to.equal(200);
    const data = reply.body.data;
    expect(data).to.include({ status: 'warn', service: 'trading' });
    expect(data.checks.map((c: Check) => [c.name, c.status, c.code])).to.deep.equal([
      ['Signed request', 'ok', 'signed_request_authenticated'],
      ['Account mode', 'ok', 'account_mode_advanced'],
      ['Account status', 'ok', 'account_active'],
      ['Trading accounts', 'warn', 'no_trading_accounts'],
      ['Markets', 'ok', 'markets_routable'],
      ['Order controls', 'ok', 'order_controls_ready'],
    ]);
    expect(data.checks[0].detail).to.contain(advanced.signingKey.fingerprint);
    // The way to USD that exists: the dashboard's Funds page, the user CLI, the API.
    const funds = (data.checks as Check[]).find((c) => c.code === 'no_trading_accounts')!.next_action;
    expect(funds)
      .to.contain('{platform_url}/funds')
      .and.to.contain('mkt funds add USD')
      .and.to.contain('POST {platform_url}/v1/deposits');
    for (const check of data.checks as Check[])
      expect(check.next_action === null, check.name).to.equal(check.status === 'ok');
    expect(data.summary).to.deep.equal({
      user_id: advanced.userId,
      signing_key_id: advanced.signingKey.id,
      fingerprint: advanced.signingKey.fingerprint,
      account_mode: 'advanced',
      account_status: 'active',
      trading_accounts: 0,
      routable_markets: 9,
      order_controls_ready: true,
    });
  });

  it('warns that Auto Mode refuses order writes (auto_mode_trading_restricted), with how to switch', async () => {
    const data = (await env().trading.get('/v1/diagnostics', { sign: auto.signingKey })).body.data;
    const mode = data.checks.find((c: Check) => c.name === 'Account mode');
    expect(mode).to.include({ status: 'warn', code: 'auto_mode_trading_restricted' });
    expect(mode.next_action).to.contain('/v1/self/system-settings/account-mode');
    expect(data.summary.account_mode).to.equal('auto');
  });

  it('fails for an inactive account (account_inactive) while reads still answer', async () => {
    const user = await createTestUser(services(), { mode: 'advanced' });
    await services().db('users').where({ id: user.userId }).update({ status: 'inactive' });
    const data = (await env().trading.get('/v1/diagnostics', { sign: user.signingKey })).body.data;
    expect(data.status).to.equal('fail');
    expect(data.checks.find((c: Check) => c.name === 'Account status')).to.include({
      status: 'fail',
      code: 'account_inactive',
    });
    expect((await env().trading.get('/v1/me', { sign: user.signingKey })).body.data.status).to.equal('inactive');
  });
});
