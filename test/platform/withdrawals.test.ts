import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { fundUser, journalOf, ManualClock, sumsByAsset } from '../support/trading-fixtures.js';
import { PageSession } from '../web/supplier-session.js';

/**
 * Money out on the sandbox path (platform.yaml tag "Funds", DESIGN.md §16): payout destinations that cool off and
 * are mailed, withdrawals held and paid at once in balanced entries, and every refusal leaving the balance untouched.
 */
interface Withdrawer extends TestUser {
  token: string;
  readToken: string;
}

const day = 86_400 * 1_000_000;

/** A token that may withdraw, and one that reads the trading API. */
async function tokensOf(env: TestEnvironment, userId: string): Promise<{ token: string; readToken: string }> {
  const withdrawing = await grantTokens(env.service.services, userId, ['account:read', 'funds:withdraw']);
  const reading = await grantTokens(env.service.services, userId, ['trade:read']);
  return { token: withdrawing.accessToken, readToken: reading.accessToken };
}

async function withdrawer(env: TestEnvironment, usd = '100.00'): Promise<Withdrawer> {
  const user = await createTestUser(env.service.services);
  await fundUser(env.service.services, user.userId, usd);
  return { ...user, ...(await tokensOf(env, user.userId)) };
}

const addDestination = (env: TestEnvironment, user: { token: string }, label = 'Sandbox wallet') =>
  env.platform.post('/v1/payout-destinations', { bearer: user.token, body: { payout_destination: { label } } });

const withdraw = (
  env: TestEnvironment,
  user: { token: string },
  amount: unknown,
  destinationId: string,
  key?: string,
) =>
  env.platform.post('/v1/withdrawals', {
    bearer: user.token,
    body: { withdrawal: { amount_usd: amount, destination_id: destinationId } },
    ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  });

/** The user's USD account as the trading API shows it. */
async function usdAccount(env: TestEnvironment, user: Withdrawer): Promise<Record<string, any>> {
  const reply = await env.trading.get('/v1/currency-trading-accounts', { bearer: user.readToken });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return reply.body.data[0];
}

const funding = async (env: TestEnvironment, user: { token: string }) => {
  const reply = await env.platform.get('/v1/funds', { bearer: user.token });
  expect(reply.status).to.equal(200);
  return reply.body.data.withdrawals as Record<string, any>;
};

describe('config: withdrawals', () => {
  it('defaults to 1.00 to 10000.00 a withdrawal, 5000.00 a day, 24 h of cooling-off, 5 minutes since sign-in', () => {
    expect(loadConfig({}).withdrawals).to.deep.equal({
      minMicros: 1_000_000,
      maxMicros: 10_000_000_000,
      dailyLimitMicros: 5_000_000_000,
      coolOffS: 86_400,
      reauthenticationS: 300,
    });
  });
  it('refuses to start with a malformed or inverted limit', () => {
    expect(() => loadConfig({ MKT_WITHDRAWAL_MIN_USD: '0.001' })).to.throw(/MKT_WITHDRAWAL_MIN_USD/);
    expect(() => loadConfig({ MKT_WITHDRAWAL_MIN_USD: '50', MKT_WITHDRAWAL_MAX_USD: '10' })).to.throw(
      /must not exceed MKT_WITHDRAWAL_MAX_USD/,
    );
    expect(() => loadConfig({ MKT_WITHDRAWAL_COOLOFF_S: '-1' })).to.throw(/MKT_WITHDRAWAL_COOLOFF_S/);
  });
});

describeEachDatabase(
  'platform: withdrawals, sandbox payments',
  (env) => {
    const clock = () => env().service.services.clock as ManualClock;

    /** A user with a destination that has cooled off. */
    async function ready(usd = '100.00'): Promise<Withdrawer & { destinationId: string }> {
      const user = await withdrawer(env(), usd);
      const added = await addDestination(env(), user);
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
      clock().advance(day + 1);
      // Access tokens live an hour: the day that passed expired the first ones.
      return { ...user, ...(await tokensOf(env(), user.userId)), destinationId: added.body.data.id };
    }

    it('adds a sandbox destination that cools off for a day, and mails the address', async () => {
      const user = await withdrawer(env());
      const added = await addDestination(env(), user, 'My sandbox');
      expect(added.status).to.equal(201);
      const destination = added.body.data;
      expect(destination).to.include({
        kind: 'sandbox',
        label: 'My sandbox',
        bank_reference_hint: null,
        usable: false,
      });
      expect(Date.parse(destination.usable_from) - Date.parse(destination.created_at)).to.equal(86_400_000);
      const mail = env().log!.lines.find((l) => l.mail_to === user.email);
      expect(mail?.subject).to.equal('A payout destination was added on your mkt account');
      const early = await withdraw(env(), user, '10.00', destination.id);
      expect(early.status).to.equal(403);
      expect(early.body.errors.code).to.equal('destination_cooling_off');
      expect(early.body.errors.detail).to.contain(destination.usable_from);
      expect(early.body.errors.context.usable_from).to.equal(destination.usable_from);
      expect((await usdAccount(env(), user)).available_balance).to.equal('100.000000');
      clock().advance(day);
      const { token } = await tokensOf(env(), user.userId);
      const listed = await env().platform.get('/v1/payout-destinations', { bearer: token });
      expect(listed.body.data.map((d: { id: string; usable: boolean }) => [d.id, d.usable])).to.deep.equal([
        [destination.id, true],
      ]);
    });

    it('pays a sandbox withdrawal at once: a hold and a payout, each balanced, and the account counts it', async () => {
      const user = await ready();
      const reply = await withdraw(env(), user, '20.00', user.destinationId);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      const withdrawal = reply.body.data;
      expect(withdrawal).to.include({ amount_usd: '20.00', status: 'paid', method: 'sandbox', sandbox: true });
      expect(withdrawal.destination).to.deep.equal({
        id: user.destinationId,
        kind: 'sandbox',
        label: 'Sandbox wallet',
      });
      const entries = await journalOf(env().service.services, withdrawal.id);
      expect(entries.map((e) => e.kind)).to.deep.equal(['withdrawal_hold', 'withdrawal_paid']);
      for (const entry of entries) expect(sumsByAsset(entry)).to.deep.equal({ usd: 0 });
      const account = await usdAccount(env(), user);
      expect(account).to.include({
        available_balance: '80.000000',
        locked_balance: '0.000000',
        total_withdrawals: '20.000000',
      });
      expect(account.last_withdrawal_at).to.equal(withdrawal.decided_at);
      const room = await funding(env(), user);
      expect(room).to.include({ withdrawn_today_usd: '20.00', withdrawable_usd: '80.00', pending_usd: '0.00' });
      const counted = (await env().service.services.metrics.withdrawalsUsd.get()).values;
      expect(counted.find((v) => v.labels.method === 'sandbox')?.value).to.be.at.least(20);
      const read = await env().platform.get(`/v1/withdrawals/${withdrawal.id}`, { bearer: user.token });
      expect(read.body.data).to.deep.equal(withdrawal);
      const cancel = await env().platform.post(`/v1/withdrawals/${withdrawal.id}/cancel`, { bearer: user.token });
      expect(cancel.status).to.equal(409);
      expect(cancel.body.errors.context.status).to.equal('paid');
    });

    it('refuses more than the available USD with 422 insufficient_balance, and holds nothing', async () => {
      const user = await ready('30.00');
      const reply = await withdraw(env(), user, '30.01', user.destinationId);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('insufficient_balance');
      expect(reply.body.errors.context).to.include({ requested_usd: '30.01', withdrawable_usd: '30.00' });
      expect(await usdAccount(env(), user)).to.include({ available_balance: '30.000000', locked_balance: '0.000000' });
      const listed = await env().platform.get('/v1/withdrawals', { bearer: user.token });
      expect(listed.body.data).to.deep.equal([]);
    });

    it('never lets a bonus out: bonuses are spent last', async () => {
      const user = await ready('10.00');
      await fundUser(env().service.services, user.userId, '5.00', 'bonus');
      expect((await funding(env(), user)).withdrawable_usd).to.equal('10.00');
      const over = await withdraw(env(), user, '10.50', user.destinationId);
      expect(over.status).to.equal(422);
      expect(over.body.errors.context).to.include({ available_usd: '15.00', not_withdrawable_usd: '5.00' });
      expect(over.body.errors.detail).to.contain('bonuses');
      expect((await withdraw(env(), user, '10.00', user.destinationId)).status).to.equal(201);
      expect((await usdAccount(env(), user)).available_balance).to.equal('5.000000');
      expect((await funding(env(), user)).withdrawable_usd).to.equal('0.00');
    });

    it('needs funds:withdraw, which a token gets only by name', async () => {
      const user = await ready();
      const { accessToken } = await grantTokens(env().service.services, user.userId, ['account:read', 'account:write']);
      for (const reply of [
        await withdraw(env(), { token: accessToken }, '5.00', user.destinationId),
        await addDestination(env(), { token: accessToken }),
      ]) {
        expect(reply.status).to.equal(403);
        expect(reply.body.errors.code).to.equal('insufficient_scope');
        expect(reply.body.errors.context.required_scopes).to.deep.equal(['funds:withdraw']);
      }
      const device = await env().platform.post('/v1/oauth/device/code', { body: { client_id: 'mkt-cli' } });
      expect(device.status).to.equal(200);
      const asked = await env().platform.post('/v1/oauth/device/code', {
        body: { client_id: 'mkt-cli', scope: 'account:read funds:withdraw' },
      });
      expect(asked.status).to.equal(200);
      const rows = await env()
        .service.services.db('device_codes')
        .whereIn('user_code', [device.body.user_code, asked.body.user_code])
        .select('user_code', 'scopes');
      const scopesOf = (code: string) => rows.find((r: { user_code: string }) => r.user_code === code)?.scopes;
      expect(scopesOf(device.body.user_code)).not.to.contain('funds:withdraw');
      expect(scopesOf(asked.body.user_code)).to.equal('account:read funds:withdraw');
    });

    const malformed: [string, unknown][] = [
      ['with three decimals', '5.001'],
      ['negative', '-5.00'],
      ['zero', '0'],
      ['a number, not a string', 5],
      ['below the minimum', '0.50'],
    ];
    for (const [name, amount] of malformed) {
      it(`refuses an amount ${name} with 422, holding nothing`, async () => {
        const user = await ready('20.00');
        const reply = await withdraw(env(), user, amount, user.destinationId);
        expect(reply.status, JSON.stringify(reply.body)).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
        expect((await usdAccount(env(), user)).available_balance).to.equal('20.000000');
      });
    }

    it('makes a retry with the same Idempotency-Key safe; the key with another body is 409', async () => {
      const user = await ready();
      const first = await withdraw(env(), user, '15.00', user.destinationId, 'retry-key-1');
      expect(first.status).to.equal(201);
      const again = await withdraw(env(), user, '15.00', user.destinationId, 'retry-key-1');
      expect(again.status).to.equal(200);
      expect(again.body.data).to.deep.equal(first.body.data);
      const other = await withdraw(env(), user, '16.00', user.destinationId, 'retry-key-1');
      expect(other.status).to.equal(409);
      expect(other.body.errors.code).to.equal('idempotency_key_reused');
      expect((await usdAccount(env(), user)).available_balance).to.equal('85.000000');
    });

    it('holds the daily limit: what is left, then 422 withdrawal_limit_exceeded', async () => {
      const user = await ready('100.00');
      expect((await withdraw(env(), user, '40.00', user.destinationId)).status).to.equal(201);
      const over = await withdraw(env(), user, '20.01', user.destinationId);
      expect(over.status).to.equal(422);
      expect(over.body.errors.code).to.equal('withdrawal_limit_exceeded');
      expect(over.body.errors.context).to.deep.equal({
        daily_limit_usd: '60.00',
        withdrawn_today_usd: '40.00',
        remaining_today_usd: '20.00',
      });
      expect((await withdraw(env(), user, '20.00', user.destinationId)).status).to.equal(201);
    });

    it('refuses a removed destination, and mails its removal', async () => {
      const user = await ready();
      const removed = await env().platform.delete(`/v1/payout-destinations/${user.destinationId}`, {
        bearer: user.token,
      });
      expect(removed.status).to.equal(204);
      expect(env().log!.lines.some((l) => l.mail_to === user.email && String(l.subject).includes('removed'))).to.equal(
        true,
      );
      const reply = await withdraw(env(), user, '5.00', user.destinationId);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.context.errors[0].message).to.equal('was removed');
      const again = await env().platform.delete(`/v1/payout-destinations/${user.destinationId}`, {
        bearer: user.token,
      });
      expect(again.status).to.equal(404);
      expect((await env().platform.get('/v1/payout-destinations', { bearer: user.token })).body.data).to.deep.equal([]);
    });

    it('refuses a bank reference in sandbox mode, and another user’s destination', async () => {
      const other = await ready();
      const user = await ready(); // second: its tokens are the fresh ones
      const bank = await env().platform.post('/v1/payout-destinations', {
        bearer: user.token,
        body: { payout_destination: { label: 'Bank', bank_reference: 'DE89370400440532013000' } },
      });
      expect(bank.status).to.equal(422);
      const foreign = await withdraw(env(), user, '5.00', other.destinationId);
      expect(foreign.status).to.equal(422);
      expect(foreign.body.errors.context.errors[0].path).to.equal('body.withdrawal.destination_id');
      const missing = await env().platform.get(`/v1/withdrawals/withdrawal_00000000-0000-4000-8000-000000000000`, {
        bearer: user.token,
      });
      expect(missing.status).to.equal(404);
    });

    it('needs a recent sign-in from a dashboard session', async () => {
      const user = await ready();
      const session = await PageSession.logIn(env().service.urls.platform!, user.email);
      const send = () =>
        env().platform.post('/v1/withdrawals', {
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
          body: { withdrawal: { amount_usd: '5.00', destination_id: user.destinationId } },
        });
      const fresh = await send();
      expect(fresh.status, JSON.stringify(fresh.body)).to.equal(201);
      clock().advance(301 * 1_000_000);
      const stale = await send();
      expect(stale.status).to.equal(403);
      expect(stale.body.errors.code).to.equal('reauthentication_required');
      expect(stale.body.errors.context.reauthentication_seconds).to.equal(300);
      expect((await usdAccount(env(), user)).available_balance).to.equal('95.000000');
    });
  },
  {
    clock: () => new ManualClock(),
    captureLog: true,
    env: { MKT_WITHDRAWAL_MAX_USD: '50.00', MKT_WITHDRAWAL_DAILY_LIMIT_USD: '60.00' },
  },
);
