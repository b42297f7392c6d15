import { expect } from 'chai';
import { createGrant, createUser } from '../../src/core/identity.js';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { deposit } from '../../src/ledger/funds.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient } from '../support/http.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * Twenty withdrawals of one user at once, over two `mkt serve` processes on one PostgreSQL, together for more than the
 * balance: what is paid never exceeds what was there, each refusal holds nothing, and the audit is clean.
 */
if (databaseKinds.includes('postgres')) {
  describe('platform: withdrawals racing across two processes [postgres]', function () {
    this.timeout(90_000);
    let processes: ServeProcess[] = [];
    let db: Db;

    before(async () => {
      const databaseUrl = await freshDatabaseUrl('postgres');
      const env = { DATABASE_URL: databaseUrl, MKT_WITHDRAWAL_COOLOFF_S: '0' };
      processes.push(await mktServe(env)); // the first migrates the database
      processes.push(await mktServe(env));
      db = openDatabase(databaseUrl);
    });
    after(async () => {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      processes = [];
      const failures = db ? await auditLedger(db) : [];
      await db?.destroy();
      expect(failures).to.deep.equal([]);
    });

    it('pays exactly what the balance covers, whichever process took each', async () => {
      const user = await createUser(db, systemClock, {
        email: `withdraw-race-${systemClock.nowUs()}@example.com`,
        verified: true,
        acceptTerms: true,
      });
      const nowUs = systemClock.nowUs();
      await db.transaction((trx) => deposit(trx, { userId: user.id, usdMicros: 95_000_000, source: 'deposit', nowUs }));
      const { accessToken } = await createGrant(db, systemClock, user.id, 'mkt-cli', [
        'account:read',
        'funds:withdraw',
      ]);
      const hosts = processes.map((p) => new HostClient('platform', p.urls.platform!));
      const destination = (
        await hosts[0]!.post('/v1/payout-destinations', {
          bearer: accessToken,
          body: { payout_destination: { label: 'Sandbox' } },
        })
      ).body.data;
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          hosts[i % 2]!.post('/v1/withdrawals', {
            bearer: accessToken,
            body: { withdrawal: { amount_usd: '10.00', destination_id: destination.id } },
          }),
        ),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(9); // 9 × 10.00 ≤ 95.00 < 100.00
      expect(statuses.filter((s) => s === 422)).to.have.length(11);
      for (const reply of replies.filter((r) => r.status === 422))
        expect(reply.body.errors.code).to.equal('insufficient_balance');
      const account = await db('ledger_accounts').where({ user_id: user.id, kind: 'currency' }).first();
      expect([Number(account.available), Number(account.locked), Number(account.total_withdrawals)]).to.deep.equal([
        5_000_000, 0, 90_000_000,
      ]);
      const paid = await db('withdrawals').where({ user_id: user.id, status: 'paid' }).count({ n: '*' }).first();
      expect(Number(paid?.n)).to.equal(9);
    });
  });
}
