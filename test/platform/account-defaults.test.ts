import { expect } from 'chai';
import { createUser, type AccountMode } from '../../src/core/identity.js';
import { grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

interface UserState {
  mode?: AccountMode;
  verified?: boolean;
  acceptTerms?: boolean;
  status?: 'active' | 'inactive';
}

type Body = Record<string, unknown>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first database's refusal of each bad-input row, for the next database to answer the same. */
const refusals = new Map<string, unknown>();

/**
 * Issue 20, the account defaults of items 2 and 6: `auto_buy_max_price` (set with
 * PATCH /v1/self/system-settings/auto-buy) and `self_trade_prevention` (PATCH
 * /v1/self/system-settings/trading), shown by GET /v1/self/system-settings.
 */
describeEachDatabase('platform: account defaults (auto-buy price cap, self-trade prevention)', (env) => {
  const services = () => env().service.services;
  const platform = () => env().platform;

  async function freshUser(state: UserState = {}) {
    const row = await createUser(services().db, services().clock, {
      email: `defaults-${Math.random().toString(36).slice(2)}@example.com`,
      verified: state.verified ?? true,
      acceptTerms: state.acceptTerms ?? true,
      mode: state.mode ?? 'auto',
    });
    if (state.status === 'inactive') await services().db('users').where({ id: row.id }).update({ status: 'inactive' });
    const { accessToken } = await grantTokens(services(), row.id, ['account:read', 'account:write']);
    return { userId: row.id, token: accessToken };
  }

  const read = async (token: string) => (await platform().get('/v1/self/system-settings', { bearer: token })).body.data;
  const autoBuy = (token: string, body: Body) =>
    platform().patch('/v1/self/system-settings/auto-buy', { bearer: token, body });
  const trading = (token: string, body: Body) =>
    platform().patch('/v1/self/system-settings/trading', { bearer: token, body });
  const stored = async (userId: string) => services().db('account_settings').where({ user_id: userId }).first();

  it('a new account has no price cap and expire_taker, in either mode', async () => {
    for (const mode of ['auto', 'advanced'] as const) {
      const owner = await freshUser({ mode });
      expect(await read(owner.token)).to.deep.include({
        auto_buy_max_price: null,
        self_trade_prevention: 'expire_taker',
      });
    }
  });

  // what is sent → what is shown, and the ticks stored
  const priceRows: [string, string, number][] = [
    ['0.45', '0.4500', 4_500],
    ['1', '1.0000', 10_000],
    ['0.0001', '0.0001', 1],
    ['12.3456', '12.3456', 123_456],
    ['1000000', '1000000.0000', 10_000_000_000],
  ];
  for (const [sent, shown, ticks] of priceRows) {
    it(`sets auto_buy_max_price ${sent}: shown as ${shown}, stored as ${ticks} ticks, updated_at moves`, async () => {
      const owner = await freshUser();
      const before = await read(owner.token);
      await pause(5);
      const reply = await autoBuy(owner.token, { auto_buy_max_price: sent });
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.include({
        auto_buy_max_price: shown,
        auto_buy_enabled: true,
        account_mode: 'auto',
      });
      expect(reply.body.data.updated_at > before.updated_at).to.equal(true);
      expect(await read(owner.token)).to.deep.equal(reply.body.data);
      expect(Number((await stored(owner.userId)).auto_buy_max_price_ticks)).to.equal(ticks);
    });
  }

  it('null removes the cap; setting the cap it already has changes nothing, not even updated_at', async () => {
    const owner = await freshUser();
    const set = (await autoBuy(owner.token, { auto_buy_max_price: '0.5' })).body.data;
    await pause(5);
    expect((await autoBuy(owner.token, { auto_buy_max_price: '0.5000' })).body.data).to.deep.equal(set);
    const cleared = (await autoBuy(owner.token, { auto_buy_max_price: null })).body.data;
    expect(cleared.auto_buy_max_price).to.equal(null);
    expect(cleared.updated_at > set.updated_at).to.equal(true);
    expect((await stored(owner.userId)).auto_buy_max_price_ticks).to.equal(null);
  });

  it('takes auto_buy_enabled and the cap together; the cap may be set in Advanced Mode too', async () => {
    const auto = await freshUser();
    expect(
      (await autoBuy(auto.token, { auto_buy_enabled: true, auto_buy_max_price: '0.42' })).body.data,
    ).to.deep.include({ auto_buy_enabled: true, auto_buy_max_price: '0.4200' });
    const advanced = await freshUser({ mode: 'advanced' });
    expect((await autoBuy(advanced.token, { auto_buy_max_price: '0.42' })).body.data).to.deep.include({
      auto_buy_enabled: false,
      auto_buy_max_price: '0.4200',
    });
    expect(
      (await autoBuy(advanced.token, { auto_buy_enabled: false, auto_buy_max_price: '0.43' })).body.data
        .auto_buy_max_price,
    ).to.equal('0.4300');
  });

  it('a flag the mode refuses (403 mode_managed_setting) stores no cap either', async () => {
    const owner = await freshUser({ mode: 'advanced' });
    const reply = await autoBuy(owner.token, { auto_buy_enabled: true, auto_buy_max_price: '0.42' });
    expect(reply.status).to.equal(403);
    expect(reply.body.errors.code).to.equal('mode_managed_setting');
    expect((await read(owner.token)).auto_buy_max_price).to.equal(null);
  });

  it('the cap survives a change of the account mode', async () => {
    const owner = await freshUser();
    await autoBuy(owner.token, { auto_buy_max_price: '0.61' });
    const switched = await platform().post('/v1/self/system-settings/account-mode', {
      bearer: owner.token,
      body: { account_mode: 'advanced' },
    });
    expect(switched.body.data).to.deep.include({ account_mode: 'advanced', auto_buy_max_price: '0.6100' });
  });

  const badPrices: [string, unknown, string][] = [
    ['zero', '0', 'must be a positive decimal with at most 4 decimals'],
    ['five decimals', '0.45001', 'must be a positive decimal with at most 4 decimals'],
    ['a negative price', '-0.10', 'must be a positive decimal with at most 4 decimals'],
    ['words', 'cheap', 'must be a positive decimal with at most 4 decimals'],
    ['an empty string', '', 'must be a positive decimal with at most 4 decimals'],
    ['more than 1000000', '1000000.0001', 'must be a positive decimal with at most 4 decimals'],
    ['a JSON number', 0.45, 'must be string,null'],
  ];
  for (const [what, price, message] of badPrices) {
    it(`refuses auto_buy_max_price as ${what} with 422, the same on both databases, and stores nothing`, async () => {
      const owner = await freshUser();
      const before = await read(owner.token);
      const reply = await autoBuy(owner.token, { auto_buy_max_price: price });
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.context.errors[0]).to.include({ path: 'body.auto_buy_max_price', message });
      const { server_time: _time, ...refusal } = reply.body.errors;
      if (refusals.has(what)) expect(refusal).to.deep.equal(refusals.get(what));
      refusals.set(what, refusal);
      expect(await read(owner.token)).to.deep.equal(before);
    });
  }

  it('refuses an empty body and unknown fields on auto-buy with 422', async () => {
    const owner = await freshUser();
    for (const body of [{}, { auto_buy_max_price: '0.5', colour: 'red' }]) {
      expect((await autoBuy(owner.token, body)).status, JSON.stringify(body)).to.equal(422);
    }
  });

  for (const mode of ['expire_taker', 'expire_maker', 'expire_both', 'decrement'] as const) {
    it(`sets self_trade_prevention ${mode}: shown, stored, and read back`, async () => {
      const owner = await freshUser({ mode: 'advanced' });
      const reply = await trading(owner.token, { self_trade_prevention: mode });
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.include({ self_trade_prevention: mode, account_mode: 'advanced' });
      expect(await read(owner.token)).to.deep.equal(reply.body.data);
      expect((await stored(owner.userId)).self_trade_prevention).to.equal(mode);
    });
  }

  it('self_trade_prevention: the current value changes nothing, a new one moves updated_at; /api/v1 serves it too', async () => {
    const owner = await freshUser();
    const start = await read(owner.token);
    await pause(5);
    expect((await trading(owner.token, { self_trade_prevention: 'expire_taker' })).body.data).to.deep.equal(start);
    const changed = await platform().patch('/api/v1/self/system-settings/trading', {
      bearer: owner.token,
      body: { self_trade_prevention: 'decrement' },
    });
    expect(changed.body.data.self_trade_prevention).to.equal('decrement');
    expect(changed.body.data.updated_at > start.updated_at).to.equal(true);
  });

  it('refuses an unknown mode, a missing field and an unknown field with 422, storing nothing', async () => {
    const owner = await freshUser();
    for (const body of [
      { self_trade_prevention: 'cancel_newest' },
      {},
      { self_trade_prevention: 'decrement', extra: 1 },
      { self_trade_prevention: null },
    ]) {
      const reply = await trading(owner.token, body);
      expect(reply.status, JSON.stringify(body)).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
    }
    const unknown = await trading(owner.token, { self_trade_prevention: 'cancel_newest' });
    expect(unknown.body.errors.context.errors[0]).to.deep.equal({
      path: 'body.self_trade_prevention',
      message: 'must be one of expire_taker, expire_maker, expire_both, decrement',
      value: 'cancel_newest',
    });
    expect((await read(owner.token)).self_trade_prevention).to.equal('expire_taker');
  });

  const preconditionRows: [string, UserState, string][] = [
    ['an inactive account', { status: 'inactive', verified: false, acceptTerms: false }, 'account_inactive'],
    ['an unverified email', { verified: false, acceptTerms: false }, 'email_unverified'],
    ['legal terms not accepted', { acceptTerms: false }, 'legal_terms_not_accepted'],
  ];
  for (const [state, userState, code] of preconditionRows) {
    it(`answers ${state} with 403 ${code} on both writes, storing nothing`, async () => {
      const owner = await freshUser(userState);
      for (const reply of [
        await autoBuy(owner.token, { auto_buy_max_price: '0.5' }),
        await trading(owner.token, { self_trade_prevention: 'expire_both' }),
      ]) {
        expect(reply.status).to.equal(403);
        expect(reply.body.errors.code).to.equal(code);
      }
      expect(await read(owner.token)).to.deep.include({
        auto_buy_max_price: null,
        self_trade_prevention: 'expire_taker',
      });
    });
  }

  it('checks the body before the account preconditions', async () => {
    const owner = await freshUser({ verified: false });
    expect((await autoBuy(owner.token, { auto_buy_max_price: '0.00001' })).status).to.equal(422);
    expect((await trading(owner.token, { self_trade_prevention: 'sideways' })).status).to.equal(422);
  });

  it('needs account:write to write (403 insufficient_scope)', async () => {
    const owner = await freshUser();
    const { accessToken: readOnly } = await grantTokens(services(), owner.userId, ['account:read']);
    for (const reply of [
      await autoBuy(readOnly, { auto_buy_max_price: '0.5' }),
      await trading(readOnly, { self_trade_prevention: 'decrement' }),
    ]) {
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('insufficient_scope');
    }
  });
});
