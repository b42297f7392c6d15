import { expect } from 'chai';
import { depositIn } from '../../src/core/payments.js';
import { createGrant, createUser } from '../../src/core/identity.js';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { sqlOf } from '../../src/db/sql.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { deposit } from '../../src/ledger/funds.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { HostClient } from '../support/http.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { mkt, mktJson, mktServe, type ServeProcess } from '../support/processes.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { fundUser, journalOf } from '../support/trading-fixtures.js';

/**
 * Money out on the manual path: a withdrawal is held and waits; an operator pays it (with the payment's reference) or
 * rejects it, once; the user may cancel it while it waits. Sandbox money never leaves to a bank.
 */
interface Holder extends TestUser {
  token: string;
  destinationId: string;
}

const manual = { MKT_PAYMENTS: 'manual', MKT_WITHDRAWAL_COOLOFF_S: '0' };

async function holder(env: TestEnvironment, usd = '100.00'): Promise<Holder> {
  const user = await createTestUser(env.service.services);
  if (usd !== '0') await fundUser(env.service.services, user.userId, usd);
  const { accessToken } = await grantTokens(env.service.services, user.userId, ['account:read', 'funds:withdraw']);
  const added = await env.platform.post('/v1/payout-destinations', {
    bearer: accessToken,
    body: { payout_destination: { label: 'Main bank', bank_reference: 'DE89 3704 0044 0532 0130 00' } },
  });
  expect(added.status, JSON.stringify(added.body)).to.equal(201);
  expect(added.body.data).to.include({ kind: 'bank_transfer', bank_reference_hint: '…0 00', usable: true });
  return { ...user, token: accessToken, destinationId: added.body.data.id };
}

const withdraw = (env: TestEnvironment, user: Holder, amount: string) =>
  env.platform.post('/v1/withdrawals', {
    bearer: user.token,
    body: { withdrawal: { amount_usd: amount, destination_id: user.destinationId } },
  });

const admin = (env: TestEnvironment, args: string[]) =>
  mkt(['admin', ...args], { DATABASE_URL: env.service.services.config.databaseUrl, ...manual });

async function usdBuckets(env: TestEnvironment, userId: string) {
  const row = await env.service.services.db('ledger_accounts').where({ user_id: userId, kind: 'currency' }).first();
  return { available: Number(row.available), locked: Number(row.locked), withdrawn: Number(row.total_withdrawals) };
}

describeEachDatabase(
  'platform: withdrawals, manual payments',
  (env) => {
    it('needs a bank reference for a destination', async () => {
      const user = await createTestUser(env().service.services);
      const { accessToken } = await grantTokens(env().service.services, user.userId, ['funds:withdraw']);
      const reply = await env().platform.post('/v1/payout-destinations', {
        bearer: accessToken,
        body: { payout_destination: { label: 'Bank' } },
      });
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.context.errors[0].path).to.equal('body.payout_destination.bank_reference');
    });

    it('holds a withdrawal pending; the operator pays it once, with the payment reference', async () => {
      const user = await holder(env());
      const reply = await withdraw(env(), user, '30.00');
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      const withdrawal = reply.body.data;
      expect(withdrawal).to.include({ status: 'pending', method: 'manual', sandbox: false, decided_at: null });
      expect(await usdBuckets(env(), user.userId)).to.deep.equal({ available: 70e6, locked: 30e6, withdrawn: 0 });
      const funds = (await env().platform.get('/v1/funds', { bearer: user.token })).body.data.withdrawals;
      expect(funds).to.include({ pending_usd: '30.00', withdrawable_usd: '70.00' });
      const listed = await admin(env(), ['withdrawal', 'list', '--status', 'pending']);
      const pending = JSON.parse(listed.stdout).withdrawals;
      expect(pending.map((w: { id: string }) => w.id)).to.include(withdrawal.id);
      expect(pending.find((w: { id: string }) => w.id === withdrawal.id).bank_reference).to.equal(
        'DE89 3704 0044 0532 0130 00',
      );
      const approved = await admin(env(), [
        'withdrawal',
        'approve',
        withdrawal.id,
        '--reference',
        'SEPA-2026-12-07-001',
      ]);
      expect(approved.code, approved.stderr).to.equal(0);
      expect(JSON.parse(approved.stdout).withdrawal).to.include({
        status: 'paid',
        payout_reference: 'SEPA-2026-12-07-001',
      });
      const twice = await admin(env(), ['withdrawal', 'approve', withdrawal.id, '--reference', 'again']);
      expect(twice.code).to.not.equal(0);
      expect(twice.stderr).to.contain('is paid');
      const rejectPaid = await admin(env(), ['withdrawal', 'reject', withdrawal.id, '--reason', 'late']);
      expect(rejectPaid.code).to.not.equal(0);
      const entries = await journalOf(env().service.services, withdrawal.id);
      expect(entries.map((e) => e.kind)).to.deep.equal(['withdrawal_hold', 'withdrawal_paid']);
      expect(await usdBuckets(env(), user.userId)).to.deep.equal({ available: 70e6, locked: 0, withdrawn: 30e6 });
      const read = await env().platform.get(`/v1/withdrawals/${withdrawal.id}`, { bearer: user.token });
      expect(read.body.data).to.include({ status: 'paid', payout_reference: 'SEPA-2026-12-07-001' });
    });

    it('returns the hold when the operator rejects it or the user cancels it, each once', async () => {
      const user = await holder(env());
      const first = (await withdraw(env(), user, '10.00')).body.data;
      const second = (await withdraw(env(), user, '15.00')).body.data;
      expect(await usdBuckets(env(), user.userId)).to.include({ available: 75e6, locked: 25e6 });
      const rejected = await admin(env(), ['withdrawal', 'reject', first.id, '--reason', 'name does not match']);
      expect(rejected.code, rejected.stderr).to.equal(0);
      const cancel = await env().platform.post(`/v1/withdrawals/${second.id}/cancel`, { bearer: user.token });
      expect(cancel.status).to.equal(200);
      expect(cancel.body.data).to.include({ status: 'cancelled', reason: 'Cancelled by the user.' });
      const again = await env().platform.post(`/v1/withdrawals/${second.id}/cancel`, { bearer: user.token });
      expect(again.status).to.equal(409);
      const approveRejected = await admin(env(), ['withdrawal', 'approve', first.id, '--reference', 'x']);
      expect(approveRejected.code).to.not.equal(0);
      expect(await usdBuckets(env(), user.userId)).to.deep.equal({ available: 100e6, locked: 0, withdrawn: 0 });
      const statuses = (await env().platform.get('/v1/withdrawals', { bearer: user.token })).body.data.map(
        (w: { status: string }) => w.status,
      );
      expect(statuses).to.deep.equal(['cancelled', 'rejected']);
      for (const id of [first.id, second.id])
        expect((await journalOf(env().service.services, id)).map((e) => e.kind)).to.deep.equal([
          'withdrawal_hold',
          'withdrawal_void',
        ]);
    });

    it('keeps sandbox money from a bank destination', async () => {
      const user = await holder(env(), '20.00');
      const { services } = env().service;
      await services.db.transaction(async (trx) =>
        depositIn(trx, await sqlOf(trx), 'sandbox', {
          userId: user.userId,
          amountMicros: 50_000_000,
          origin: 'request',
          idempotencyKey: null,
          nowUs: services.clock.nowUs(),
        }),
      );
      const over = await withdraw(env(), user, '20.01');
      expect(over.status).to.equal(422);
      expect(over.body.errors.context).to.include({ available_usd: '70.00', not_withdrawable_usd: '50.00' });
      expect(over.body.errors.detail).to.contain('sandbox money');
      expect((await withdraw(env(), user, '20.00')).status).to.equal(201);
    });

    it('refuses what open orders hold, and says so', async () => {
      const user = await holder(env(), '10.00');
      const market = await marketOf(env().service.services, 'text-standard');
      await placed(env(), user, { market_id: market.marketId, side: 'buy', price: '0.2000', quantity: 20 });
      const { available } = await usdBuckets(env(), user.userId);
      const over = await withdraw(env(), user, '9.00');
      expect(over.status).to.equal(422);
      expect(over.body.errors.code).to.equal('insufficient_balance');
      expect(Number(over.body.errors.context.held_by_orders_usd)).to.be.greaterThan(4);
      expect(over.body.errors.detail).to.contain('open orders hold');
      expect((await usdBuckets(env(), user.userId)).available).to.equal(available);
    });
  },
  { env: manual },
);

/** What a process killed between the hold and the payout leaves: the hold, pending and visible, then decided. */
describe('platform: a withdrawal survives its process being killed', function () {
  this.timeout(120_000);
  for (const database of databaseKinds) {
    it(`keeps the hold pending, then pays it once [${database}]`, async () => {
      const databaseUrl = await freshDatabaseUrl(database);
      const env = { DATABASE_URL: databaseUrl, ...manual };
      let serving: ServeProcess = await mktServe(env);
      const db: Db = openDatabase(databaseUrl);
      try {
        const user = await createUser(db, systemClock, {
          email: `killed-${systemClock.nowUs()}@example.com`,
          verified: true,
          acceptTerms: true,
        });
        await db.transaction((trx) =>
          deposit(trx, { userId: user.id, usdMicros: 50e6, source: 'deposit', nowUs: systemClock.nowUs() }),
        );
        const { accessToken } = await createGrant(db, systemClock, user.id, 'mkt-cli', [
          'account:read',
          'funds:withdraw',
        ]);
        const platform = new HostClient('platform', serving.urls.platform!);
        const destination = (
          await platform.post('/v1/payout-destinations', {
            bearer: accessToken,
            body: { payout_destination: { label: 'Bank', bank_reference: 'GB29NWBK60161331926819' } },
          })
        ).body.data;
        const held = await platform.post('/v1/withdrawals', {
          bearer: accessToken,
          body: { withdrawal: { amount_usd: '40.00', destination_id: destination.id } },
        });
        expect(held.status).to.equal(201);
        serving.child.kill('SIGKILL');
        await serving.exited;
        serving = await mktServe(env);
        const after = new HostClient('platform', serving.urls.platform!);
        const seen = await after.get(`/v1/withdrawals/${held.body.data.id}`, { bearer: accessToken });
        expect(seen.body.data.status).to.equal('pending');
        expect(await auditLedger(db)).to.deep.equal([]);
        const paid = await mktJson(['admin', 'withdrawal', 'approve', held.body.data.id, '--reference', 'R-1'], env);
        expect(paid.withdrawal.status).to.equal('paid');
        const account = await db('ledger_accounts').where({ user_id: user.id, kind: 'currency' }).first();
        expect([Number(account.available), Number(account.locked), Number(account.total_withdrawals)]).to.deep.equal([
          10e6, 0, 40e6,
        ]);
        expect(await auditLedger(db)).to.deep.equal([]);
      } finally {
        serving.child.kill('SIGTERM');
        await serving.exited;
        await db.destroy();
      }
    });
  }
});
