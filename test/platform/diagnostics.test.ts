import { expect } from 'chai';
import { logIn } from '../../src/core/accounts.js';
import { updateApiKey } from '../../src/core/keys.js';
import { createApiKey, createUser, type AccountMode } from '../../src/core/identity.js';
import { createTestUser, grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

interface Check {
  name: string;
  status: string;
  code: string;
  detail: string;
  next_action: string | null;
}

const checkNames = ['authentication', 'email', 'legal_terms', 'account_status', 'api_keys', 'account_mode'];

describeEachDatabase('platform: diagnostics', (env) => {
  const services = () => env().service.services;

  async function freshUser(
    state: { verified?: boolean; acceptTerms?: boolean; mode?: AccountMode; inactive?: boolean; apiKey?: boolean } = {},
  ) {
    const row = await createUser(services().db, services().clock, {
      email: `diag-${Math.random().toString(36).slice(2)}@example.com`,
      verified: state.verified ?? true,
      acceptTerms: state.acceptTerms ?? true,
      mode: state.mode ?? 'auto',
    });
    if (state.inactive) await services().db('users').where({ id: row.id }).update({ status: 'inactive' });
    const apiKey = state.apiKey ? await createApiKey(services().db, services().clock, row.id, 'diag') : undefined;
    return { userId: row.id, apiKeyId: apiKey?.row.id };
  }

  const diagnose = async (
    userId: string,
    scopes = ['keys:manage', 'account:read', 'account:write'],
    path = '/v1/diagnostics',
  ) => {
    const { accessToken } = await grantTokens(services(), userId, scopes);
    const reply = await env().platform.get(path, { bearer: accessToken });
    expect(reply.status).to.equal(200);
    return reply.body.data as {
      status: string;
      service: string;
      server_time: string;
      checks: Check[];
      summary: Record<string, unknown>;
    };
  };
  const codes = (checks: Check[]) => Object.fromEntries(checks.map((c) => [c.name, c.code]));

  it('answers ok for a ready account, with every check in the documented order and the summary', async () => {
    const user = await freshUser({ apiKey: true });
    const data = await diagnose(user.userId);
    expect(data).to.include({ status: 'ok', service: 'platform' });
    expect(Date.parse(data.server_time)).to.be.closeTo(Date.now(), 60_000);
    expect(data.checks.map((c) => c.name)).to.deep.equal(checkNames);
    expect(codes(data.checks)).to.deep.equal({
      authentication: 'oauth_authenticated',
      email: 'email_verified',
      legal_terms: 'legal_terms_accepted',
      account_status: 'account_active',
      api_keys: 'api_keys_present',
      account_mode: 'account_mode_auto',
    });
    for (const check of data.checks) expect(check).to.include({ status: 'ok', next_action: null });
    expect(data.checks[0]!.detail).to.contain('mkt-cli');
    expect(data.summary).to.deep.equal({
      user_id: user.userId,
      auth: 'oauth',
      scopes: ['keys:manage', 'account:read', 'account:write'],
      email_verified: true,
      legal_terms_accepted: true,
      account_status: 'active',
      account_mode: 'auto',
      active_api_keys: 1,
    });
  });

  it('warns, never fails, for an account that is not set up, with a next_action on each warn', async () => {
    const user = await freshUser({ verified: false, acceptTerms: false, inactive: true, mode: 'advanced' });
    const data = await diagnose(user.userId);
    expect(data.status).to.equal('warn');
    expect(codes(data.checks)).to.deep.equal({
      authentication: 'oauth_authenticated',
      email: 'email_unverified',
      legal_terms: 'legal_terms_not_accepted',
      account_status: 'account_inactive',
      api_keys: 'no_api_keys_present',
      account_mode: 'account_mode_advanced',
    });
    for (const check of data.checks) {
      if (check.status === 'warn') expect(check.next_action, check.name).to.be.a('string').and.not.empty;
      else expect(check.next_action, check.name).to.equal(null);
    }
    expect(data.checks.find((c) => c.name === 'account_mode')!.status).to.equal('ok');
    expect(data.summary).to.include({
      email_verified: false,
      legal_terms_accepted: false,
      account_status: 'inactive',
      account_mode: 'advanced',
      active_api_keys: 0,
    });
  });

  // One readiness fact missing per row; only that check warns.
  const rows: [string, Parameters<typeof freshUser>[0], string, string][] = [
    ['an unverified email', { verified: false, apiKey: true }, 'email', 'email_unverified'],
    ['legal terms not accepted', { acceptTerms: false, apiKey: true }, 'legal_terms', 'legal_terms_not_accepted'],
    ['an inactive account', { inactive: true, apiKey: true }, 'account_status', 'account_inactive'],
    ['no consumption key', {}, 'api_keys', 'no_api_keys_present'],
  ];
  for (const [what, state, name, code] of rows) {
    it(`warns about ${what} alone (${code})`, async () => {
      const user = await freshUser(state);
      const data = await diagnose(user.userId);
      expect(data.status).to.equal('warn');
      expect(data.checks.filter((c) => c.status !== 'ok').map((c) => [c.name, c.code])).to.deep.equal([[name, code]]);
    });
  }

  it('counts only active keys: deactivating the last one turns api_keys into no_api_keys_present', async () => {
    const user = await freshUser({ apiKey: true });
    expect(codes((await diagnose(user.userId)).checks).api_keys).to.equal('api_keys_present');
    await updateApiKey(services(), user.userId, user.apiKeyId!, { active: false });
    const data = await diagnose(user.userId);
    expect(codes(data.checks).api_keys).to.equal('no_api_keys_present');
    expect(data.summary.active_api_keys).to.equal(0);
  });

  it('takes any valid token, whatever its scopes, under /v1 and /api/v1, and reports those scopes', async () => {
    const user = await freshUser({ apiKey: true });
    const data = await diagnose(user.userId, ['trade:read'], '/api/v1/diagnostics');
    expect(data.summary.scopes).to.deep.equal(['trade:read']);
    expect(data.status).to.equal('ok');
  });

  it('takes the dashboard session cookie: session_authenticated, and every scope in the summary', async () => {
    const user = await createTestUser(services());
    const login = await logIn(services(), {
      email: user.email,
      password: 'correct horse battery staple',
      clientAddress: '127.0.0.1',
    });
    if (!login.ok) throw new Error(`log-in refused: ${login.reason}`);
    const reply = await env().platform.get('/v1/diagnostics', {
      headers: { cookie: `mkt_session=${login.session.id}` },
    });
    expect(reply.status).to.equal(200);
    expect(reply.body.data.checks[0]).to.include({
      name: 'authentication',
      status: 'ok',
      code: 'session_authenticated',
    });
    expect(reply.body.data.summary).to.include({ user_id: user.userId, auth: 'session', active_api_keys: 1 });
    expect(reply.body.data.summary.scopes).to.have.members([
      'keys:manage',
      'account:read',
      'account:write',
      'trade:read',
      'trade:write',
      'supply:read',
      'supply:write',
      'funds:withdraw',
    ]);
  });

  it('answers 401 invalid_token without a valid credential', async () => {
    const missing = await env().platform.get('/v1/diagnostics');
    expect(missing.status).to.equal(401);
    expect(missing.body.errors.code).to.equal('invalid_token');
    expect((await env().platform.get('/v1/diagnostics', { bearer: 'mkt_at_nope' })).status).to.equal(401);
  });
});
