import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { createUser } from '../../src/core/identity.js';
import { usd } from '../../src/ledger/assets.js';
import { move, post } from '../../src/ledger/journal.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { mkt } from '../support/processes.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { fundUser, journalOf, sumsByAsset } from '../support/trading-fixtures.js';

interface Funded extends TestUser {
  token: string;
}

/** Shared by the suites below: a verified user with terms accepted, a signing key and an account:read + account:write token. */
async function freshUser(env: TestEnvironment): Promise<Funded> {
  const user = await createTestUser(env.service.services);
  const { accessToken } = await grantTokens(env.service.services, user.userId, ['account:read', 'account:write']);
  return { ...user, token: accessToken };
}

const addFunds = (env: TestEnvironment, user: { token: string }, amount: unknown, key?: string) =>
  env.platform.post('/v1/deposits', {
    bearer: user.token,
    body: { deposit: { amount_usd: amount } },
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });

const depositsOf = async (
  env: TestEnvironment,
  user: { token: string },
  query: Record<string, string | number> = {},
) => {
  const reply = await env.platform.get('/v1/deposits', { bearer: user.token, query });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return reply.body as { data: Record<string, any>[]; paging: Record<string, any> };
};

/** The user's USD account as the trading API shows it, or undefined before any money arrived. */
async function usdAccount(env: TestEnvironment, user: TestUser): Promise<Record<string, any> | undefined> {
  const reply = await env.trading.get('/v1/currency-trading-accounts', { sign: user.signingKey });
  expect(reply.status).to.equal(200);
  return reply.body.data[0];
}

/** Runs `mkt admin …` against the test service's database. */
const admin = (env: TestEnvironment, args: string[]) =>
  mkt(['admin', ...args], { DATABASE_URL: env.service.services.config.databaseUrl });

describe('config: MKT_PAYMENTS and the sandbox limits', () => {
  it('defaults to sandbox, 1000.00 a day, 1.00 to 10000.00 a deposit, in micro-dollars', () => {
    expect(loadConfig({}).payments).to.deep.equal({
      method: 'sandbox',
      sandboxDailyLimitMicros: 1_000_000_000,
      depositMinMicros: 1_000_000,
      depositMaxMicros: 10_000_000_000,
    });
    expect(loadConfig({ MKT_PAYMENTS: 'manual', MKT_SANDBOX_DAILY_LIMIT_USD: '250.5' }).payments).to.include({
      method: 'manual',
      sandboxDailyLimitMicros: 250_500_000,
    });
  });

  // Each row: one variable set wrong, and what the refusal to start says.
  const refusals: [Record<string, string>, RegExp][] = [
    [{ MKT_PAYMENTS: 'stripe' }, /MKT_PAYMENTS must be sandbox or manual/],
    [{ MKT_SANDBOX_DAILY_LIMIT_USD: '0' }, /MKT_SANDBOX_DAILY_LIMIT_USD must be a positive USD amount/],
    [{ MKT_DEPOSIT_MIN_USD: '1.001' }, /at most 2 decimals/],
    [{ MKT_DEPOSIT_MIN_USD: '50.00', MKT_DEPOSIT_MAX_USD: '10.00' }, /must not exceed MKT_DEPOSIT_MAX_USD/],
  ];
  for (const [env, says] of refusals) {
    it(`refuses to start with ${JSON.stringify(env)}`, () => {
      expect(() => loadConfig(env)).to.throw(says);
    });
  }
});

describeEachDatabase('platform: funds, sandbox payments', (env) => {
  it('describes the payment path: sandbox, its limits, nothing deposited yet', async () => {
    const user = await freshUser(env());
    const reply = await env().platform.get('/v1/funds', { bearer: user.token });
    expect(reply.status).to.equal(200);
    expect(reply.body.data).to.deep.equal({
      method: 'sandbox',
      sandbox: true,
      min_amount_usd: '1.00',
      max_amount_usd: '10000.00',
      daily_limit_usd: '1000.00',
      deposited_today_usd: '0.00',
      remaining_today_usd: '1000.00',
      pending_usd: '0.00',
      withdrawals: {
        min_amount_usd: '1.00',
        max_amount_usd: '10000.00',
        daily_limit_usd: '5000.00',
        withdrawn_today_usd: '0.00',
        remaining_today_usd: '5000.00',
        withdrawable_usd: '0.00',
        pending_usd: '0.00',
        cooling_off_seconds: 86400,
        reauthentication_seconds: 300,
      },
    });
  });

  it('credits a sandbox deposit at once, as one balanced journal entry: the balance, the tier and today’s room follow', async () => {
    const user = await freshUser(env());
    const reply = await addFunds(env(), user, '25.00');
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    const deposit = reply.body.data;
    expect(deposit).to.deep.include({
      amount_usd: '25.00',
      status: 'credited',
      method: 'sandbox',
      sandbox: true,
      origin: 'request',
      reason: null,
    });
    expect(deposit.id).to.match(/^deposit_[0-9a-f-]{36}$/);
    expect(deposit.decided_at).to.equal(deposit.created_at);

    const account = await usdAccount(env(), user);
    expect(account).to.deep.include({
      available_balance: '25.000000',
      total_balance: '25.000000',
      deposited_total: '25.000000',
    });
    const [entry, ...more] = await journalOf(env().service.services, deposit.id);
    expect(more).to.deep.equal([]);
    expect(entry!.kind).to.equal('deposit');
    expect(sumsByAsset(entry!)).to.deep.equal({ usd: 0 });
    expect(entry!.postings.find((p) => p.account_id === account!.account_id)?.amount).to.equal(25_000_000);

    expect((await env().platform.get(`/v1/deposits/${deposit.id}`, { bearer: user.token })).body.data).to.deep.equal(
      deposit,
    );
    const funding = (await env().platform.get('/v1/funds', { bearer: user.token })).body.data;
    expect(funding).to.deep.include({
      deposited_today_usd: '25.00',
      remaining_today_usd: '975.00',
      pending_usd: '0.00',
    });
  });

  // Each row: one amount and what answers it. The schema refuses the shapes; the service the range.
  const invalidAmounts: [string, unknown, RegExp][] = [
    ['below the minimum', '0.50', /at least 1\.00/],
    ['zero', '0', /at least 1\.00/],
    ['above the maximum', '10000.01', /at most 10000\.00/],
    ['three decimals', '1.005', /amount_usd/],
    ['not a number', 'ten', /amount_usd/],
    ['a JSON number', 25, /amount_usd/],
    ['negative', '-5.00', /amount_usd/],
  ];
  for (const [name, amount, says] of invalidAmounts) {
    it(`refuses an amount ${name} with 422 validation_error and credits nothing`, async () => {
      const user = await freshUser(env());
      const reply = await addFunds(env(), user, amount);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(JSON.stringify(reply.body.errors)).to.match(says);
      expect(await usdAccount(env(), user)).to.equal(undefined);
    });
  }

  it('refuses bodies of the wrong shape with 422', async () => {
    const user = await freshUser(env());
    for (const body of [
      {},
      { deposit: {} },
      { deposit: { amount_usd: '5.00', currency: 'eur' } },
      { deposit: { amount_usd: '5.00' }, extra: 1 },
    ]) {
      const reply = await env().platform.post('/v1/deposits', { bearer: user.token, body });
      expect(reply.status, JSON.stringify(body)).to.equal(422);
    }
  });

  it('holds the daily sandbox cap: what is left today, then 422 deposit_limit_exceeded with the room in its context', async () => {
    const user = await freshUser(env());
    expect((await addFunds(env(), user, '900.00')).status).to.equal(201);
    const refused = await addFunds(env(), user, '100.01');
    expect(refused.status).to.equal(422);
    expect(refused.body.errors.code).to.equal('deposit_limit_exceeded');
    expect(refused.body.errors.context).to.deep.equal({
      daily_limit_usd: '1000.00',
      deposited_today_usd: '900.00',
      remaining_today_usd: '100.00',
    });
    expect((await addFunds(env(), user, '100.00')).status).to.equal(201);
    expect((await env().platform.get('/v1/funds', { bearer: user.token })).body.data).to.deep.include({
      deposited_today_usd: '1000.00',
      remaining_today_usd: '0.00',
    });
    expect((await addFunds(env(), user, '1.00')).status).to.equal(422);
    expect((await usdAccount(env(), user))!.available_balance).to.equal('1000.000000');
  });

  it('holds the cap under parallel requests: exactly the deposits that fit succeed', async () => {
    const user = await freshUser(env());
    const replies = await Promise.all(Array.from({ length: 10 }, () => addFunds(env(), user, '150.00')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).to.deep.equal([201, 201, 201, 201, 201, 201, 422, 422, 422, 422]);
    expect((await usdAccount(env(), user))!.available_balance).to.equal('900.000000');
    expect((await depositsOf(env(), user)).data).to.have.length(6);
  });

  it('makes a retry with the same Idempotency-Key safe: 200 with the first deposit; another amount is 409', async () => {
    const user = await freshUser(env());
    const first = await addFunds(env(), user, '30.00', 'retry-7c1f');
    expect(first.status).to.equal(201);
    const again = await addFunds(env(), user, '30.00', 'retry-7c1f');
    expect(again.status).to.equal(200);
    expect(again.body.data).to.deep.equal(first.body.data);
    const other = await addFunds(env(), user, '31.00', 'retry-7c1f');
    expect(other.status).to.equal(409);
    expect(other.body.errors.code).to.equal('idempotency_key_reused');
    expect(other.body.errors.context).to.deep.equal({ deposit_id: first.body.data.id, amount_usd: '30.00' });
    expect((await usdAccount(env(), user))!.available_balance).to.equal('30.000000');
    // Keys are per user: another user's same key is a deposit of its own.
    const stranger = await freshUser(env());
    expect((await addFunds(env(), stranger, '31.00', 'retry-7c1f')).status).to.equal(201);
    // Parallel retries with one key make one deposit.
    const parallel = await Promise.all(Array.from({ length: 4 }, () => addFunds(env(), user, '5.00', 'parallel-key')));
    expect(parallel.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 201]);
    expect(new Set(parallel.map((r) => r.body.data.id)).size).to.equal(1);
    expect((await usdAccount(env(), user))!.available_balance).to.equal('35.000000');
  });

  it('refuses an Idempotency-Key that is not 1–128 visible ASCII characters', async () => {
    const user = await freshUser(env());
    for (const key of ['has space', 'x'.repeat(129)]) {
      const reply = await addFunds(env(), user, '5.00', key);
      expect(reply.status, key).to.equal(422);
    }
  });

  // Each row takes away one more readiness fact; the first missing one in the document's order answers.
  const preconditionRows: [string, { status?: 'inactive'; verified: boolean; acceptTerms: boolean }, string][] = [
    ['an inactive account', { status: 'inactive', verified: false, acceptTerms: false }, 'account_inactive'],
    ['an unverified email', { verified: false, acceptTerms: false }, 'email_unverified'],
    ['legal terms not accepted', { verified: true, acceptTerms: false }, 'legal_terms_not_accepted'],
  ];
  for (const [name, state, code] of preconditionRows) {
    it(`refuses adding funds for ${name} with 403 ${code}`, async () => {
      const services = env().service.services;
      const row = await createUser(services.db, services.clock, {
        email: `funds-${code}-${services.clock.nowUs()}@example.com`,
        verified: state.verified,
        acceptTerms: state.acceptTerms,
        mode: 'advanced',
      });
      if (state.status === 'inactive') await services.db('users').where({ id: row.id }).update({ status: 'inactive' });
      const { accessToken } = await grantTokens(services, row.id, ['account:read', 'account:write']);
      const reply = await addFunds(env(), { token: accessToken }, '5.00');
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal(code);
      expect(
        (await env().platform.get('/v1/funds', { bearer: accessToken })).status,
        'reads need no precondition',
      ).to.equal(200);
    });
  }

  it('needs account:write to add funds and account:read to read', async () => {
    const user = await freshUser(env());
    const { accessToken: readOnly } = await grantTokens(env().service.services, user.userId, ['account:read']);
    const refused = await addFunds(env(), { token: readOnly }, '5.00');
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('insufficient_scope');
    expect((await env().platform.get('/v1/deposits', { bearer: readOnly })).status).to.equal(200);
    const { accessToken: keysOnly } = await grantTokens(env().service.services, user.userId, ['keys:manage']);
    for (const path of ['/v1/funds', '/v1/deposits']) {
      const reply = await env().platform.get(path, { bearer: keysOnly });
      expect(reply.status, path).to.equal(403);
      expect(reply.body.errors.code).to.equal('insufficient_scope');
    }
    expect((await env().platform.get('/v1/funds')).status).to.equal(401);
  });

  it('answers 404 for another user’s deposit and for none, 422 for a malformed id', async () => {
    const owner = await freshUser(env());
    const other = await freshUser(env());
    const deposit = (await addFunds(env(), owner, '5.00')).body.data;
    expect((await env().platform.get(`/v1/deposits/${deposit.id}`, { bearer: other.token })).status).to.equal(404);
    expect(
      (await env().platform.get('/v1/deposits/deposit_00000000-0000-4000-8000-000000000000', { bearer: owner.token }))
        .status,
    ).to.equal(404);
    expect((await env().platform.get('/v1/deposits/not-a-deposit', { bearer: owner.token })).status).to.equal(422);
    expect((await depositsOf(env(), other)).data).to.deep.equal([]);
  });

  it('lists deposits newest first, in pages both ways, filtered by status', async () => {
    const user = await freshUser(env());
    const ids: string[] = [];
    for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) {
      ids.push((await addFunds(env(), user, amount)).body.data.id);
      await new Promise((resolve) => setTimeout(resolve, 2)); // a millisecond of its own: created_at orders them
    }
    const newestFirst = [...ids].reverse();
    const first = await depositsOf(env(), user, { limit: 2 });
    expect(first.data.map((d) => d.id)).to.deep.equal(newestFirst.slice(0, 2));
    expect(first.paging).to.include({ has_more: true, prev_cursor: null });
    const second = await depositsOf(env(), user, { limit: 2, next: first.paging.next_cursor });
    expect(second.data.map((d) => d.id)).to.deep.equal(newestFirst.slice(2, 4));
    const third = await depositsOf(env(), user, { limit: 2, next: second.paging.next_cursor });
    expect(third.data.map((d) => d.id)).to.deep.equal(newestFirst.slice(4));
    expect(third.paging).to.include({ has_more: false, next_cursor: null });
    const back = await depositsOf(env(), user, { limit: 2, prev: third.paging.prev_cursor });
    expect(back.data.map((d) => d.id)).to.deep.equal(newestFirst.slice(2, 4));
    expect((await depositsOf(env(), user, { status: 'credited' })).data).to.have.length(5);
    expect((await depositsOf(env(), user, { status: 'pending' })).data).to.deep.equal([]);
    expect(
      (await env().platform.get('/v1/deposits', { bearer: user.token, query: { status: 'lost' } })).status,
    ).to.equal(422);
  });

  describe('auto-reload', () => {
    let market: MarketRef;
    before(async () => {
      market = await marketOf(env().service.services, 'text-standard');
    });

    const settingsOf = async (user: Funded) =>
      (await env().platform.get('/v1/self/system-settings', { bearer: user.token })).body.data.auto_reload;
    const setAutoReload = (user: Funded, body: Record<string, unknown>) =>
      env().platform.patch('/v1/self/system-settings/auto_reload', { bearer: user.token, body });
    /** A resting bid that locks price × quantity + fee of the user's USD, through the trading batch. */
    const bid = (user: Funded, quantity: number) =>
      placed(env(), user, { market_id: market.marketId, side: 'buy', price: '0.4000', quantity });
    const reloadsOf = async (user: Funded) =>
      (await depositsOf(env(), user)).data.filter((d) => d.origin === 'auto_reload');

    it('deposits amount_usd when a trade leaves the balance below the threshold, within the monthly limit', async () => {
      const user = await freshUser(env());
      expect((await addFunds(env(), user, '20.00')).status).to.equal(201);
      const saved = await setAutoReload(user, {
        enabled: true,
        threshold_usd: '10.00',
        amount_usd: '25.00',
        monthly_limit_usd: '60.00',
      });
      expect(saved.status).to.equal(200);
      expect(saved.body.data.auto_reload.reloaded_this_month_usd).to.equal('0.00');

      await bid(user, 30); // locks 12.06: 7.94 available
      await env().service.autoReloads.idle();
      const [first, ...none] = await reloadsOf(user);
      expect(none).to.deep.equal([]);
      expect(first).to.deep.include({ amount_usd: '25.00', status: 'credited', sandbox: true, origin: 'auto_reload' });
      expect((await usdAccount(env(), user))!.available_balance).to.equal('32.940000');
      expect((await settingsOf(user)).reloaded_this_month_usd).to.equal('25.00');

      await bid(user, 60); // locks 24.12: 8.82 available
      await env().service.autoReloads.idle();
      expect(await reloadsOf(user)).to.have.length(2);
      expect((await usdAccount(env(), user))!.available_balance).to.equal('33.820000');

      await bid(user, 60); // 9.70 available; a third reload would pass the monthly limit (75.00 > 60.00)
      await env().service.autoReloads.idle();
      expect(await reloadsOf(user)).to.have.length(2);
      expect((await settingsOf(user)).reloaded_this_month_usd).to.equal('50.00');
      expect((await usdAccount(env(), user))!.available_balance).to.equal('9.700000');
      // Reloads count toward the daily sandbox cap.
      expect((await env().platform.get('/v1/funds', { bearer: user.token })).body.data.deposited_today_usd).to.equal(
        '70.00',
      );
    });

    it('checks at once when the settings are saved with the balance already below the threshold', async () => {
      const user = await freshUser(env());
      const saved = await setAutoReload(user, { enabled: true, threshold_usd: '5.00', amount_usd: '10.00' });
      expect(saved.status).to.equal(200);
      expect(saved.body.data.auto_reload.reloaded_this_month_usd).to.equal('10.00');
      expect((await usdAccount(env(), user))!.available_balance).to.equal('10.000000');
      expect(await reloadsOf(user)).to.have.length(1);
      // Saving again does not reload the same dip (the balance is above the threshold now).
      await setAutoReload(user, { threshold_usd: '6.00' });
      expect(await reloadsOf(user)).to.have.length(1);
    });

    it('hears journal entries outside the trading batch too: a debit of available USD committed through post()', async () => {
      const services = env().service.services;
      const user = await freshUser(env());
      expect((await addFunds(env(), user, '20.00')).status).to.equal(201);
      await setAutoReload(user, { enabled: true, threshold_usd: '10.00', amount_usd: '25.00' });
      const accountId = (await usdAccount(env(), user))!.account_id as string;
      const hold = (from: 'available' | 'locked', to: 'available' | 'locked', micros: number) =>
        services.db.transaction((trx) =>
          post(
            trx,
            'test_hold',
            null,
            move(usd, { accountId, bucket: from }, { accountId, bucket: to }, micros),
            services.clock.nowUs(),
          ),
        );
      await hold('available', 'locked', 15_000_000); // 5.00 available
      // The check runs after the commit, off this call's path: poll for it, with a deadline.
      const deadline = Date.now() + 10_000;
      let reloads = await reloadsOf(user);
      while (reloads.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        reloads = await reloadsOf(user);
      }
      expect(reloads.map((d) => [d.amount_usd, d.status])).to.deep.equal([['25.00', 'credited']]);
      await hold('locked', 'available', 15_000_000); // a credit: no check, and the audit finds nothing locked without an order
      await env().service.autoReloads.idle();
      expect((await usdAccount(env(), user))!.available_balance).to.equal('45.000000');
    });

    it('does nothing while disabled', async () => {
      const user = await freshUser(env());
      expect((await addFunds(env(), user, '20.00')).status).to.equal(201);
      await setAutoReload(user, { threshold_usd: '10.00', amount_usd: '25.00' });
      await bid(user, 30);
      await env().service.autoReloads.idle();
      expect(await reloadsOf(user)).to.deep.equal([]);
    });
  });
});

describeEachDatabase(
  'platform: funds, manual payments',
  (env) => {
    it('describes the manual path: no daily limit', async () => {
      const user = await freshUser(env());
      const reply = await env().platform.get('/v1/funds', { bearer: user.token });
      expect(reply.body.data).to.deep.include({
        method: 'manual',
        sandbox: false,
        daily_limit_usd: null,
        remaining_today_usd: null,
        pending_usd: '0.00',
      });
    });

    it('stores a request pending; an operator approves it with the binary: credited once, never twice', async () => {
      const user = await freshUser(env());
      const reply = await addFunds(env(), user, '250.00');
      expect(reply.status).to.equal(201);
      const pending = reply.body.data;
      expect(pending).to.deep.include({
        amount_usd: '250.00',
        status: 'pending',
        method: 'manual',
        sandbox: false,
        origin: 'request',
        decided_at: null,
      });
      expect(await usdAccount(env(), user)).to.equal(undefined);
      expect((await env().platform.get('/v1/funds', { bearer: user.token })).body.data).to.deep.include({
        pending_usd: '250.00',
        deposited_today_usd: '0.00',
      });

      const listed = await admin(env(), ['deposit', 'list', '--status', 'pending']);
      expect(listed.code, listed.stderr).to.equal(0);
      const ids = (JSON.parse(listed.stdout) as { deposits: { id: string; status: string }[] }).deposits.map(
        (d) => d.id,
      );
      expect(ids).to.include(pending.id);

      const approved = await admin(env(), ['deposit', 'approve', pending.id]);
      expect(approved.code, approved.stderr).to.equal(0);
      expect(JSON.parse(approved.stdout).deposit).to.deep.include({
        id: pending.id,
        status: 'credited',
        sandbox: false,
        user_id: user.userId,
      });
      const now = (await env().platform.get(`/v1/deposits/${pending.id}`, { bearer: user.token })).body.data;
      expect(now).to.deep.include({ status: 'credited' });
      expect(now.decided_at).to.be.a('string');
      expect((await usdAccount(env(), user))!).to.deep.include({
        available_balance: '250.000000',
        deposited_total: '250.000000',
      });
      expect(await journalOf(env().service.services, pending.id)).to.have.length(1);

      for (const args of [
        ['approve', pending.id],
        ['reject', pending.id],
      ]) {
        const again = await admin(env(), ['deposit', ...args]);
        expect(again.code, args.join(' ')).to.equal(1);
        expect(JSON.parse(again.stderr).error).to.deep.include({ code: 'conflict' });
        expect(JSON.parse(again.stderr).error.detail).to.match(/is credited/);
      }
      expect((await usdAccount(env(), user))!.available_balance).to.equal('250.000000');
      expect(await journalOf(env().service.services, pending.id)).to.have.length(1);
    });

    it('rejects with a reason: nothing credited, and a rejected deposit cannot be approved', async () => {
      const user = await freshUser(env());
      const pending = (await addFunds(env(), user, '40.00')).body.data;
      const rejected = await admin(env(), ['deposit', 'reject', pending.id, '--reason', 'card declined']);
      expect(rejected.code, rejected.stderr).to.equal(0);
      const now = (await env().platform.get(`/v1/deposits/${pending.id}`, { bearer: user.token })).body.data;
      expect(now).to.deep.include({ status: 'rejected', reason: 'card declined' });
      const approve = await admin(env(), ['deposit', 'approve', pending.id]);
      expect(approve.code).to.equal(1);
      expect(JSON.parse(approve.stderr).error.detail).to.match(/is rejected/);
      expect(await usdAccount(env(), user)).to.equal(undefined);
      expect((await depositsOf(env(), user, { status: 'rejected' })).data.map((d) => d.id)).to.deep.equal([pending.id]);
      const unknown = await admin(env(), ['deposit', 'approve', 'deposit_00000000-0000-4000-8000-000000000000']);
      expect(unknown.code).to.equal(1);
      expect(JSON.parse(unknown.stderr).error.code).to.equal('not_found');
    });

    it('auto-reload makes one pending request, and no second while it is pending', async () => {
      const market = await marketOf(env().service.services, 'text-standard');
      const user = await freshUser(env());
      await fundUser(env().service.services, user.userId, '20.00');
      const saved = await env().platform.patch('/v1/self/system-settings/auto_reload', {
        bearer: user.token,
        body: { enabled: true, threshold_usd: '10.00', amount_usd: '25.00' },
      });
      expect(saved.status).to.equal(200);
      await placed(env(), user, { market_id: market.marketId, side: 'buy', price: '0.4000', quantity: 30 }); // 7.94 available
      await env().service.autoReloads.idle();
      await placed(env(), user, { market_id: market.marketId, side: 'buy', price: '0.4000', quantity: 10 }); // 3.92 available
      await env().service.autoReloads.idle();
      const reloads = (await depositsOf(env(), user)).data.filter((d) => d.origin === 'auto_reload');
      expect(reloads).to.have.length(1);
      expect(reloads[0]).to.deep.include({ status: 'pending', amount_usd: '25.00', sandbox: false });
      const settings = (await env().platform.get('/v1/self/system-settings', { bearer: user.token })).body.data
        .auto_reload;
      expect(settings.reloaded_this_month_usd).to.equal('25.00');
      expect((await usdAccount(env(), user))!.available_balance).to.equal('3.920000');

      expect((await admin(env(), ['deposit', 'approve', reloads[0]!.id])).code).to.equal(0);
      expect((await usdAccount(env(), user))!.available_balance).to.equal('28.920000');
    });
  },
  { env: { MKT_PAYMENTS: 'manual' } },
);
