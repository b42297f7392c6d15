import { expect } from 'chai';
import { createUser, type AccountMode } from '../../src/core/identity.js';
import { grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * The settings as the live service's CLI reads and writes them (grid-cli
 * src/sdk/exchange/client.ts, src/cli/commands/account/settings.tsx): under `/api/v1` of the OAuth
 * host with a Bearer token, flat field names, `{mode: 'easy' | 'advanced'}`, the auto top-up
 * toggle with no body, and `{auto_transfer_override: null}`. Its client requires `data` in every
 * answer it reads; `account settings show` prints the flat fields below.
 */

/** What `grid account settings show` reads, with the types of its ExchangeSystemSettings. */
const liveFields: [string, (value: unknown) => boolean][] = [
  ['account_mode', (v) => typeof v === 'string'],
  ['auto_transfer_enabled', (v) => typeof v === 'boolean'],
  ['auto_top_up_enabled', (v) => typeof v === 'boolean'],
  ['auto_top_up_quantity', (v) => v === null || Number.isInteger(v)],
  ['auto_top_up_trigger_threshold', (v) => v === null || Number.isInteger(v)],
  ['auto_reload_enabled', (v) => typeof v === 'boolean'],
  ['auto_reload_threshold_usd', (v) => v === null || typeof v === 'string'],
  ['auto_reload_amount_usd', (v) => v === null || typeof v === 'string'],
  ['auto_reload_monthly_limit_usd', (v) => v === null || typeof v === 'string'],
];

function expectLiveShape(data: Record<string, unknown>): void {
  for (const [field, fits] of liveFields)
    expect(fits(data[field]), `${field}: ${JSON.stringify(data[field])}`).to.equal(true);
}

describeEachDatabase('platform: settings in the live service CLI shape', (env) => {
  const services = () => env().service.services;
  const platform = () => env().platform;

  async function freshUser(mode: AccountMode = 'auto') {
    const row = await createUser(services().db, services().clock, {
      email: `live-settings-${Math.random().toString(36).slice(2)}@example.com`,
      verified: true,
      acceptTerms: true,
      mode,
    });
    const { accessToken } = await grantTokens(services(), row.id, ['account:read', 'account:write']);
    return { userId: row.id, token: accessToken };
  }

  // The CLI's axios instance sends `Content-Type: application/json` on every request, a body or not.
  const cliHeaders = { 'content-type': 'application/json', 'user-agent': 'grid-cli/1.0' };
  const show = (token: string) =>
    platform().get('/api/v1/self/system-settings', { bearer: token, headers: cliHeaders });
  const cliPost = (token: string, path: string, body?: unknown) =>
    platform().post(`/api/v1/self/system-settings${path}`, { bearer: token, body, headers: cliHeaders });
  const cliPatch = (token: string, path: string, body: unknown) =>
    platform().patch(`/api/v1/self/system-settings${path}`, { bearer: token, body, headers: cliHeaders });

  it('`account settings show`: the flat fields beside the nested ones, each the same value', async () => {
    const owner = await freshUser();
    const reply = await show(owner.token);
    expect(reply.status).to.equal(200);
    const data = reply.body.data;
    expectLiveShape(data);
    expect(data).to.deep.include({
      auto_reload_enabled: false,
      auto_reload_threshold_usd: null,
      auto_top_up_enabled: false,
      auto_top_up_quantity: null,
      auto_top_up_trigger_threshold: null,
    });
    expect(data.auto_top_up).to.deep.equal({
      enabled: false,
      quantity: null,
      trigger_threshold: null,
      last_outcome: null,
      last_attempt_at: null,
    });
  });

  it('`account settings mode --easy|--advanced`: {mode} switches, easy is Auto Mode, answered as auto', async () => {
    const owner = await freshUser();
    const advanced = await cliPost(owner.token, '/account-mode', { mode: 'advanced' });
    expect(advanced.status).to.equal(200);
    expect(advanced.body.data).to.deep.include({
      account_mode: 'advanced',
      auto_buy_enabled: false,
      auto_transfer_enabled: false,
    });
    const easy = await cliPost(owner.token, '/account-mode', { mode: 'easy' });
    expect(easy.status).to.equal(200);
    expect(easy.body.data).to.deep.include({ account_mode: 'auto', auto_buy_enabled: true });
    expect((await services().db('users').where({ id: owner.userId }).first()).account_mode).to.equal('auto');
    // mkt's own spelling takes `easy` too, and both spellings may come together when they agree.
    expect(
      (await cliPost(owner.token, '/account-mode', { account_mode: 'advanced', mode: 'advanced' })).body.data
        .account_mode,
    ).to.equal('advanced');
    expect((await cliPost(owner.token, '/account-mode', { account_mode: 'easy' })).body.data.account_mode).to.equal(
      'auto',
    );
    expect((await cliPost(owner.token, '/account-mode', { account_mode: 'auto', mode: 'easy' })).status).to.equal(200);
  });

  // body → the paths the 422 names (nothing changes)
  const modeRefusals: [Record<string, unknown>, string[]][] = [
    [{ account_mode: 'advanced', mode: 'easy' }, ['body.account_mode', 'body.mode']],
    [{ mode: 'manual' }, ['body.mode']],
    [{ mode: 'Easy' }, ['body.mode']],
    [{}, ['body']],
  ];
  for (const [body, paths] of modeRefusals) {
    it(`account-mode: refuses ${JSON.stringify(body)} with 422 naming ${paths.join(' and ')}`, async () => {
      const owner = await freshUser();
      const reply = await cliPost(owner.token, '/account-mode', body);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      const named = (reply.body.errors.context.errors as { path: string }[]).map((e) => e.path);
      for (const path of paths) expect(named).to.include(path);
      expect((await show(owner.token)).body.data.account_mode).to.equal('auto');
    });
  }

  it('`account settings auto-reload`: flat fields written, answered flat and nested', async () => {
    const owner = await freshUser();
    const reply = await cliPatch(owner.token, '/auto_reload', {
      auto_reload_threshold_usd: '10',
      auto_reload_amount_usd: '25.50',
      auto_reload_monthly_limit_usd: '100',
    });
    expect(reply.status).to.equal(200);
    expectLiveShape(reply.body.data);
    expect(reply.body.data).to.deep.include({
      auto_reload_enabled: false,
      auto_reload_threshold_usd: '10.00',
      auto_reload_amount_usd: '25.50',
      auto_reload_monthly_limit_usd: '100.00',
    });
    expect(reply.body.data.auto_reload).to.include({
      threshold_usd: '10.00',
      amount_usd: '25.50',
      monthly_limit_usd: '100.00',
    });
    const enabled = await cliPatch(owner.token, '/auto_reload', { auto_reload_enabled: true });
    expect(enabled.status).to.equal(200);
    expect(enabled.body.data.auto_reload.enabled).to.equal(true);
    expect(enabled.body.data.auto_reload_enabled).to.equal(true);
    // Both spellings agreeing (the same cents) is one value.
    expect(
      (await cliPatch(owner.token, '/auto_reload', { amount_usd: '30', auto_reload_amount_usd: '30.00' })).body.data
        .auto_reload_amount_usd,
    ).to.equal('30.00');
  });

  // body → the paths the 422 names
  const reloadConflicts: [Record<string, unknown>, string[]][] = [
    [{ enabled: false, auto_reload_enabled: true }, ['body.enabled', 'body.auto_reload_enabled']],
    [
      { threshold_usd: '10.00', auto_reload_threshold_usd: '11.00' },
      ['body.threshold_usd', 'body.auto_reload_threshold_usd'],
    ],
    [
      { monthly_limit_usd: null, auto_reload_monthly_limit_usd: '100.00' },
      ['body.monthly_limit_usd', 'body.auto_reload_monthly_limit_usd'],
    ],
    [{ auto_reload_threshold_usd: '1.005' }, ['body.auto_reload_threshold_usd']],
  ];
  for (const [body, paths] of reloadConflicts) {
    it(`auto_reload: refuses ${JSON.stringify(body)} with 422 naming ${paths.join(' and ')}, nothing stored`, async () => {
      const owner = await freshUser();
      const before = (await show(owner.token)).body.data;
      const reply = await cliPatch(owner.token, '/auto_reload', body);
      expect(reply.status).to.equal(422);
      const named = (reply.body.errors.context.errors as { path: string }[]).map((e) => e.path);
      for (const path of paths) expect(named).to.include(path);
      expect((await show(owner.token)).body.data).to.deep.equal(before);
    });
  }

  it('`account settings auto-top-up`: the toggle takes no body, turns on with 1 Unit below 1 Unit, and off again', async () => {
    const owner = await freshUser();
    const on = await cliPost(owner.token, '/auto-top-up/toggle');
    expect(on.status).to.equal(200);
    expectLiveShape(on.body.data);
    expect(on.body.data).to.deep.include({
      auto_top_up_enabled: true,
      auto_top_up_quantity: 1,
      auto_top_up_trigger_threshold: 1,
    });
    expect(on.body.data.auto_top_up).to.include({ enabled: true, quantity: 1, trigger_threshold: 1 });
    // Without a Content-Type as well (a client that sends no header for no body).
    const off = await platform().post('/v1/self/system-settings/auto-top-up/toggle', { bearer: owner.token });
    expect(off.status).to.equal(200);
    expect(off.body.data).to.deep.include({
      auto_top_up_enabled: false,
      auto_top_up_quantity: 1,
      auto_top_up_trigger_threshold: 1,
    });
    // Values set before are kept by the toggle.
    await cliPatch(owner.token, '/auto-top-up', { auto_top_up_quantity: 7, auto_top_up_trigger_threshold: 3 });
    const again = await cliPost(owner.token, '/auto-top-up/toggle');
    expect(again.body.data).to.deep.include({
      auto_top_up_enabled: true,
      auto_top_up_quantity: 7,
      auto_top_up_trigger_threshold: 3,
    });
    expect((await show(owner.token)).body.data).to.deep.equal(again.body.data);
  });

  it('auto-top-up: flat and short spellings write the same settings; a patch that changes nothing keeps updated_at', async () => {
    const owner = await freshUser('advanced');
    const flat = await cliPatch(owner.token, '/auto-top-up', {
      auto_top_up_enabled: true,
      auto_top_up_quantity: 5,
      auto_top_up_trigger_threshold: 2,
    });
    expect(flat.status).to.equal(200);
    expect(flat.body.data.auto_top_up).to.include({ enabled: true, quantity: 5, trigger_threshold: 2 });
    const same = await cliPatch(owner.token, '/auto-top-up', { enabled: true, quantity: 5, auto_top_up_quantity: 5 });
    expect(same.status).to.equal(200);
    expect(same.body.data).to.deep.equal(flat.body.data);
    const row = await services().db('account_settings').where({ user_id: owner.userId }).first();
    expect([
      Number(row.auto_top_up_quantity_units),
      Number(row.auto_top_up_threshold_units),
      Boolean(row.auto_top_up_enabled),
    ]).to.deep.equal([5, 2, true]);
    const cleared = await cliPatch(owner.token, '/auto-top-up', { enabled: false, quantity: null });
    expect(cleared.body.data).to.deep.include({
      auto_top_up_enabled: false,
      auto_top_up_quantity: null,
      auto_top_up_trigger_threshold: 2,
    });
  });

  // Each row starts from {quantity 5, threshold 2, disabled}; body → the path the 422 names first.
  const topUpRefusals: [string, Record<string, unknown>, string][] = [
    ['a negative quantity', { quantity: -1 }, 'body.quantity'],
    ['a zero quantity', { auto_top_up_quantity: 0 }, 'body.auto_top_up_quantity'],
    ['a fractional quantity', { quantity: 1.5 }, 'body.quantity'],
    ['a quantity as a decimal string', { auto_top_up_quantity: '1.5' }, 'body.auto_top_up_quantity'],
    ['a negative threshold', { trigger_threshold: -2 }, 'body.trigger_threshold'],
    ['a threshold above the largest', { trigger_threshold: 1_000_000_001 }, 'body.trigger_threshold'],
    ['enabling without a quantity', { enabled: true, quantity: null }, 'body.enabled'],
    [
      'enabling without a threshold',
      { auto_top_up_enabled: true, auto_top_up_trigger_threshold: null },
      'body.enabled',
    ],
    ['two spellings of the quantity that differ', { quantity: 5, auto_top_up_quantity: 3 }, 'body.quantity'],
    ['two spellings of enabled that differ', { enabled: true, auto_top_up_enabled: false }, 'body.enabled'],
    ['an empty body', {}, 'body'],
    ['an unknown field', { enabled: true, colour: 'red' }, 'body'],
  ];
  for (const [what, body, path] of topUpRefusals) {
    it(`auto-top-up: refuses ${what} with 422 validation_error, nothing stored`, async () => {
      const owner = await freshUser();
      const start = (await cliPatch(owner.token, '/auto-top-up', { quantity: 5, trigger_threshold: 2 })).body.data;
      const reply = await cliPatch(owner.token, '/auto-top-up', body);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      const named = (reply.body.errors.context.errors as { path: string }[]).map((e) => e.path);
      expect(
        named.some((p) => p === path || p.startsWith(`${path}.`) || (path === 'body' && p.startsWith('body'))),
        JSON.stringify(named),
      ).to.equal(true);
      expect((await show(owner.token)).body.data).to.deep.equal(start);
    });
  }

  it('enabling without quantity then with it: a threshold alone cannot enable', async () => {
    const owner = await freshUser();
    const reply = await cliPatch(owner.token, '/auto-top-up', { enabled: true, trigger_threshold: 2 });
    expect(reply.status).to.equal(422);
    expect(reply.body.errors.detail).to.contain('before enabling');
    expect(
      (await cliPatch(owner.token, '/auto-top-up', { enabled: true, trigger_threshold: 2, quantity: 4 })).status,
    ).to.equal(200);
  });

  it('`account settings auto-transfer --default`: {auto_transfer_override: null} is the mode default, answered with the settings, in both modes', async () => {
    for (const mode of ['auto', 'advanced'] as const) {
      const owner = await freshUser(mode);
      const before = (await show(owner.token)).body.data;
      const reply = await cliPatch(owner.token, '/auto-transfer', { auto_transfer_override: null });
      expect(reply.status, mode).to.equal(200);
      expect(reply.body.data, mode).to.deep.equal(before);
      expect(reply.body.data.auto_transfer_enabled, mode).to.equal(mode === 'auto');
    }
  });

  // mode, body → status (and the paths a 422 names)
  const transferRows: [AccountMode, Record<string, unknown>, number, string[]][] = [
    ['advanced', { auto_transfer_enabled: false }, 200, []],
    ['advanced', { auto_transfer_override: false }, 200, []],
    ['advanced', { auto_transfer_override: true }, 403, []],
    ['auto', { auto_transfer_override: true, auto_transfer_enabled: true }, 200, []],
    ['auto', { auto_transfer_override: null, auto_transfer_enabled: false }, 403, []],
    [
      'advanced',
      { auto_transfer_override: true, auto_transfer_enabled: false },
      422,
      ['body.auto_transfer_enabled', 'body.auto_transfer_override'],
    ],
    ['auto', {}, 422, ['body']],
  ];
  for (const [mode, body, status, paths] of transferRows) {
    it(`auto-transfer in ${mode} mode: ${JSON.stringify(body)} answers ${status}`, async () => {
      const owner = await freshUser(mode);
      const reply = await cliPatch(owner.token, '/auto-transfer', body);
      expect(reply.status).to.equal(status);
      if (status === 403) expect(reply.body.errors.code).to.equal('mode_managed_setting');
      const named = status === 422 ? (reply.body.errors.context.errors as { path: string }[]).map((e) => e.path) : [];
      for (const path of paths) expect(named).to.include(path);
    });
  }

  it('every settings write answers the flat fields the CLI reads (`data` present)', async () => {
    const owner = await freshUser();
    const replies = [
      await cliPatch(owner.token, '/auto_reload', { auto_reload_threshold_usd: '5' }),
      await cliPatch(owner.token, '/auto-transfer', { auto_transfer_override: null }),
      await cliPost(owner.token, '/auto-top-up/toggle'),
      await cliPost(owner.token, '/account-mode', { mode: 'advanced' }),
    ];
    for (const reply of replies) {
      expect(reply.status).to.equal(200);
      expectLiveShape(reply.body.data);
    }
  });

  it('the toggle and the top-up patch need account:write and the account preconditions', async () => {
    const owner = await freshUser();
    const { accessToken: readOnly } = await grantTokens(services(), owner.userId, ['account:read']);
    const refused = await cliPost(readOnly, '/auto-top-up/toggle');
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('insufficient_scope');
    await services().db('users').where({ id: owner.userId }).update({ email_verified_at_us: null });
    for (const reply of [
      await cliPost(owner.token, '/auto-top-up/toggle'),
      await cliPatch(owner.token, '/auto-top-up', { quantity: 2 }),
    ]) {
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('email_unverified');
    }
    expect((await show(owner.token)).body.data.auto_top_up_enabled).to.equal(false);
  });
});
