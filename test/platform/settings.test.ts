import { expect } from 'chai';
import { logIn } from '../../src/core/accounts.js';
import { createUser, type AccountMode } from '../../src/core/identity.js';
import { createTestUser, grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

interface UserState {
  mode?: AccountMode;
  verified?: boolean;
  acceptTerms?: boolean;
  status?: 'active' | 'inactive';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('platform: account settings and modes', (env) => {
  const services = () => env().service.services;
  const platform = () => env().platform;

  /** A user in the given state with an account:read + account:write token. */
  async function freshUser(state: UserState = {}) {
    const row = await createUser(services().db, services().clock, {
      email: `settings-${Math.random().toString(36).slice(2)}@example.com`,
      verified: state.verified ?? true,
      acceptTerms: state.acceptTerms ?? true,
      mode: state.mode ?? 'auto',
    });
    if (state.status === 'inactive') await services().db('users').where({ id: row.id }).update({ status: 'inactive' });
    const { accessToken } = await grantTokens(services(), row.id, ['account:read', 'account:write']);
    return { userId: row.id, token: accessToken, createdAt: row.created_at_us };
  }

  const read = (token: string) => platform().get('/v1/self/system-settings', { bearer: token });
  const setMode = (token: string, mode: string) =>
    platform().post('/v1/self/system-settings/account-mode', { bearer: token, body: { account_mode: mode } });
  const autoBuy = (token: string, value: boolean) =>
    platform().patch('/v1/self/system-settings/auto-buy', { bearer: token, body: { auto_buy_enabled: value } });
  const autoTransfer = (token: string, value: boolean) =>
    platform().patch('/v1/self/system-settings/auto-transfer', {
      bearer: token,
      body: { auto_transfer_enabled: value },
    });
  const autoReload = (token: string, body: Record<string, unknown>) =>
    platform().patch('/v1/self/system-settings/auto_reload', { bearer: token, body });

  it('shows an Auto Mode account: mode, managed fields forced on, auto-reload off', async () => {
    const owner = await freshUser();
    const reply = await read(owner.token);
    expect(reply.status).to.equal(200);
    expect(reply.body.data).to.deep.include({
      account_mode: 'auto',
      mode_managed_fields: ['auto_buy_enabled', 'auto_transfer_enabled'],
      auto_buy_enabled: true,
      auto_transfer_enabled: true,
      auto_reload: {
        enabled: false,
        threshold_usd: null,
        amount_usd: null,
        monthly_limit_usd: null,
        reloaded_this_month_usd: '0.00',
      },
    });
  });

  it('shows an Advanced Mode account with the platform defaults (false), under /v1 and /api/v1', async () => {
    const owner = await freshUser({ mode: 'advanced' });
    for (const path of ['/v1/self/system-settings', '/api/v1/self/system-settings']) {
      const reply = await platform().get(path, { bearer: owner.token });
      expect(reply.body.data, path).to.deep.include({
        account_mode: 'advanced',
        auto_buy_enabled: false,
        auto_transfer_enabled: false,
      });
    }
  });

  it('reads settings whatever the account state (no precondition on GET)', async () => {
    const owner = await freshUser({ verified: false, acceptTerms: false, status: 'inactive' });
    expect((await read(owner.token)).status).to.equal(200);
  });

  it('switches to Advanced Mode and back: the managed flags follow the mode, updated_at moves, the mode is stored on the user', async () => {
    const owner = await freshUser();
    const before = (await read(owner.token)).body.data;
    await pause(5);
    const advanced = await setMode(owner.token, 'advanced');
    expect(advanced.status).to.equal(200);
    expect(advanced.body.data).to.deep.include({
      account_mode: 'advanced',
      auto_buy_enabled: false,
      auto_transfer_enabled: false,
    });
    expect(advanced.body.data.updated_at > before.updated_at).to.equal(true);
    expect((await read(owner.token)).body.data).to.deep.equal(advanced.body.data);
    const user = await services().db('users').where({ id: owner.userId }).first();
    expect(user.account_mode).to.equal('advanced');

    const auto = await platform().post('/api/v1/self/system-settings/account-mode', {
      bearer: owner.token,
      body: { account_mode: 'auto' },
    });
    expect(auto.body.data).to.deep.include({
      account_mode: 'auto',
      auto_buy_enabled: true,
      auto_transfer_enabled: true,
    });
  });

  it('answers a request for the current mode with 200 and changes nothing', async () => {
    const owner = await freshUser({ mode: 'advanced' });
    const before = (await read(owner.token)).body.data;
    await pause(5);
    const same = await setMode(owner.token, 'advanced');
    expect(same.status).to.equal(200);
    expect(same.body.data).to.deep.equal(before);
  });

  it('refuses an unknown mode, a missing field and an unknown field with 422 validation_error', async () => {
    const owner = await freshUser();
    for (const body of [{ account_mode: 'manual' }, {}, { account_mode: 'auto', extra: true }]) {
      const reply = await platform().post('/v1/self/system-settings/account-mode', { bearer: owner.token, body });
      expect(reply.status, JSON.stringify(body)).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
    }
    for (const [path, body] of [
      ['/v1/self/system-settings/auto-buy', {}],
      ['/v1/self/system-settings/auto-transfer', { auto_transfer_enabled: true, x: 1 }],
      ['/v1/self/system-settings/auto_reload', {}],
      ['/v1/self/system-settings/auto_reload', { enabled: true, colour: 'red' }],
    ] as const) {
      const reply = await platform().patch(path, { bearer: owner.token, body });
      expect(reply.status, `${path} ${JSON.stringify(body)}`).to.equal(422);
    }
  });

  // Each row takes away one more readiness fact; the first missing one in the document's order answers.
  const preconditionRows: [string, UserState, string][] = [
    ['an inactive account', { status: 'inactive', verified: false, acceptTerms: false }, 'account_inactive'],
    ['an unverified email', { verified: false, acceptTerms: false }, 'email_unverified'],
    ['legal terms not accepted', { acceptTerms: false }, 'legal_terms_not_accepted'],
  ];
  const writes: [string, (token: string) => ReturnType<typeof read>][] = [
    ['account-mode', (token) => setMode(token, 'advanced')],
    ['auto-buy (a value the mode would refuse)', (token) => autoBuy(token, false)],
    ['auto-transfer (a value the mode would refuse)', (token) => autoTransfer(token, false)],
    ['auto_reload (a value the rules would refuse)', (token) => autoReload(token, { enabled: true })],
  ];
  for (const [state, userState, code] of preconditionRows) {
    it(`answers ${state} with 403 ${code} on every settings write, before the operation's own rules`, async () => {
      const owner = await freshUser(userState);
      for (const [what, write] of writes) {
        const reply = await write(owner.token);
        expect(reply.status, what).to.equal(403);
        expect(reply.body.errors.code, what).to.equal(code);
      }
      expect((await read(owner.token)).body.data.account_mode).to.equal('auto');
    });
  }

  it('checks the request body before the account preconditions', async () => {
    const owner = await freshUser({ verified: false });
    expect((await setMode(owner.token, 'manual')).status).to.equal(422);
    expect((await autoReload(owner.token, { threshold_usd: '1.005' })).status).to.equal(422);
  });

  // mode, field, value written → status (and code)
  const managedRows: [AccountMode, 'auto-buy' | 'auto-transfer', boolean, number][] = [
    ['auto', 'auto-buy', true, 200],
    ['auto', 'auto-buy', false, 403],
    ['auto', 'auto-transfer', true, 200],
    ['auto', 'auto-transfer', false, 403],
    ['advanced', 'auto-buy', false, 200],
    ['advanced', 'auto-buy', true, 403],
    ['advanced', 'auto-transfer', false, 200],
    ['advanced', 'auto-transfer', true, 403],
  ];
  for (const [mode, field, value, status] of managedRows) {
    it(`${mode} mode: writing ${field} = ${value} answers ${status}${status === 403 ? ' mode_managed_setting' : ' and changes nothing'}`, async () => {
      const owner = await freshUser({ mode });
      const before = (await read(owner.token)).body.data;
      await pause(5);
      const reply = field === 'auto-buy' ? await autoBuy(owner.token, value) : await autoTransfer(owner.token, value);
      expect(reply.status).to.equal(status);
      const name = field === 'auto-buy' ? 'auto_buy_enabled' : 'auto_transfer_enabled';
      if (status === 200) {
        expect(reply.body.data).to.deep.equal(before);
      } else {
        expect(reply.body.errors.code).to.equal('mode_managed_setting');
        expect(reply.body.errors.context).to.deep.equal({ field: name, account_mode: mode, required_value: !value });
        expect(reply.body.errors.detail).to.contain('account-mode');
      }
      expect((await read(owner.token)).body.data).to.deep.equal(before);
    });
  }

  it('sets auto-reload: amounts answered with two decimals, only the named fields change, updated_at moves', async () => {
    const owner = await freshUser();
    const before = (await read(owner.token)).body.data;
    await pause(5);
    const set = await autoReload(owner.token, {
      enabled: true,
      threshold_usd: '10',
      amount_usd: '25.5',
      monthly_limit_usd: '100.00',
    });
    expect(set.status).to.equal(200);
    // The new user holds no USD, below the threshold: saving reloads at once (sandbox payments, test/platform/funds.test.ts).
    expect(set.body.data.auto_reload).to.deep.equal({
      enabled: true,
      threshold_usd: '10.00',
      amount_usd: '25.50',
      monthly_limit_usd: '100.00',
      reloaded_this_month_usd: '25.50',
    });
    expect(set.body.data.updated_at > before.updated_at).to.equal(true);
    expect(set.body.data).to.deep.include({ account_mode: 'auto', auto_buy_enabled: true });

    const partial = await autoReload(owner.token, { amount_usd: '30.25' });
    expect(partial.body.data.auto_reload).to.include({
      enabled: true,
      threshold_usd: '10.00',
      amount_usd: '30.25',
      monthly_limit_usd: '100.00',
    });
    const row = await services().db('account_settings').where({ user_id: owner.userId }).first();
    expect(Number(row.auto_reload_amount_micros)).to.equal(30_250_000);

    const noLimit = await autoReload(owner.token, { monthly_limit_usd: null });
    expect(noLimit.body.data.auto_reload.monthly_limit_usd).to.equal(null);
    const off = await autoReload(owner.token, { enabled: false, threshold_usd: null, amount_usd: null });
    expect(off.body.data.auto_reload).to.include({ enabled: false, threshold_usd: null, amount_usd: null });
    expect((await read(owner.token)).body.data).to.deep.equal(off.body.data);
  });

  it('takes large amounts exactly (no floating point)', async () => {
    const owner = await freshUser();
    const reply = await autoReload(owner.token, {
      threshold_usd: '999999999.99',
      amount_usd: '0.01',
      monthly_limit_usd: '0.10',
    });
    expect(reply.body.data.auto_reload).to.include({
      threshold_usd: '999999999.99',
      amount_usd: '0.01',
      monthly_limit_usd: '0.10',
    });
  });

  it('a value set while auto-reload is disabled stays; a patch that changes nothing keeps updated_at', async () => {
    const owner = await freshUser();
    const set = (await autoReload(owner.token, { threshold_usd: '5.00' })).body.data;
    expect(set.auto_reload).to.include({ enabled: false, threshold_usd: '5.00' });
    await pause(5);
    const same = await autoReload(owner.token, { threshold_usd: '5', enabled: false });
    expect(same.status).to.equal(200);
    expect(same.body.data).to.deep.equal(set);
  });

  // Each row starts from {threshold 10, amount 25, limit 100, disabled} and names the field the 422 is about.
  const reloadRules: [string, Record<string, unknown>, string][] = [
    ['enabling without an amount', { enabled: true, amount_usd: null }, 'body.enabled'],
    ['enabling without a threshold', { enabled: true, threshold_usd: null }, 'body.enabled'],
    ['a zero threshold', { threshold_usd: '0' }, 'body.threshold_usd'],
    ['a zero amount', { amount_usd: '0.00' }, 'body.amount_usd'],
    ['a zero monthly limit', { monthly_limit_usd: '0.0' }, 'body.monthly_limit_usd'],
    ['an amount above the monthly limit', { amount_usd: '150.00' }, 'body.amount_usd'],
    ['a monthly limit below the amount', { monthly_limit_usd: '20.00' }, 'body.monthly_limit_usd'],
    ['more than two decimals', { threshold_usd: '10.005' }, 'body.threshold_usd'],
    ['a negative amount', { amount_usd: '-5.00' }, 'body.amount_usd'],
    ['a leading zero', { amount_usd: '05.00' }, 'body.amount_usd'],
  ];
  for (const [what, body, path] of reloadRules) {
    it(`auto_reload: refuses ${what} with 422 validation_error and leaves the settings as they were`, async () => {
      const owner = await freshUser();
      const start = (
        await autoReload(owner.token, { threshold_usd: '10.00', amount_usd: '25.00', monthly_limit_usd: '100.00' })
      ).body.data;
      const reply = await autoReload(owner.token, body);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.context.errors[0].path).to.equal(path);
      expect((await read(owner.token)).body.data).to.deep.equal(start);
    });
  }

  it('auto_reload: refuses clearing the threshold while enabled', async () => {
    const owner = await freshUser();
    await autoReload(owner.token, { enabled: true, threshold_usd: '10.00', amount_usd: '25.00' });
    const reply = await autoReload(owner.token, { threshold_usd: null });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.detail).to.contain('before enabling');
  });

  it('auto_reload: refuses an amount given as a JSON number', async () => {
    const owner = await freshUser();
    const reply = await autoReload(owner.token, { amount_usd: 25 });
    expect(reply.status).to.be.oneOf([400, 422]);
    expect((await read(owner.token)).body.data.auto_reload.amount_usd).to.equal(null);
  });

  it('takes the dashboard session for reads and, with its CSRF token, for writes', async () => {
    const user = await createTestUser(services(), { mode: 'auto' });
    const login = await logIn(services(), {
      email: user.email,
      password: 'correct horse battery staple',
      clientAddress: '127.0.0.1',
    });
    if (!login.ok) throw new Error(`log-in refused: ${login.reason}`);
    const cookie = `mkt_session=${login.session.id}`;
    expect((await platform().get('/v1/self/system-settings', { headers: { cookie } })).body.data.account_mode).to.equal(
      'auto',
    );
    const path = '/v1/self/system-settings/account-mode';
    const withoutCsrf = await platform().post(path, { headers: { cookie }, body: { account_mode: 'advanced' } });
    expect(withoutCsrf.status).to.equal(403);
    expect(withoutCsrf.body.errors.code).to.equal('csrf_token_invalid');
    const switched = await platform().post(path, {
      headers: { cookie, 'x-csrf-token': login.session.csrfToken },
      body: { account_mode: 'advanced' },
    });
    expect(switched.status).to.equal(200);
    expect(switched.body.data.account_mode).to.equal('advanced');
  });

  it('needs account:read to read and account:write to write (403 insufficient_scope)', async () => {
    const owner = await freshUser();
    const { accessToken: readOnly } = await grantTokens(services(), owner.userId, ['account:read', 'keys:manage']);
    const { accessToken: writeOnly } = await grantTokens(services(), owner.userId, ['account:write']);
    const refusedWrites = [
      await setMode(readOnly, 'advanced'),
      await autoBuy(readOnly, true),
      await autoTransfer(readOnly, true),
      await autoReload(readOnly, { enabled: false }),
      await read(writeOnly),
    ];
    for (const reply of refusedWrites) {
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('insufficient_scope');
    }
    expect((await read(readOnly)).status).to.equal(200);
    expect((await setMode(writeOnly, 'auto')).status).to.equal(200);
    expect((await platform().get('/v1/self/system-settings')).status).to.equal(401);
  });
});
