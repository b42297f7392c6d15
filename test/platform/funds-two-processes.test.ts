import { expect } from 'chai';
import { createGrant, createUser } from '../../src/core/identity.js';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient } from '../support/http.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * The sandbox's daily cap holds across `mkt serve` processes on one PostgreSQL database: deposits
 * of one user sent to two processes at once, together over the cap, are credited exactly as far as
 * the cap allows (the check and the insert run under the user's locked settings row).
 */
if (databaseKinds.includes('postgres')) {
  describe('platform: the sandbox daily cap across two processes [postgres]', function () {
    this.timeout(90_000);
    let processes: ServeProcess[] = [];
    let db: Db;

    before(async () => {
      const databaseUrl = await freshDatabaseUrl('postgres');
      // One after the other: the first migrates the database.
      processes.push(await mktServe({ DATABASE_URL: databaseUrl, MKT_SANDBOX_DAILY_LIMIT_USD: '500.00' }));
      processes.push(await mktServe({ DATABASE_URL: databaseUrl, MKT_SANDBOX_DAILY_LIMIT_USD: '500.00' }));
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

    it('credits exactly the deposits that fit, whichever process took them', async () => {
      const user = await createUser(db, systemClock, {
        email: `two-processes-${systemClock.nowUs()}@example.com`,
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      const { accessToken } = await createGrant(db, systemClock, user.id, 'mkt-cli', ['account:read', 'account:write']);
      const hosts = processes.map((p) => new HostClient('platform', p.urls.platform!));
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          hosts[i % 2]!.post('/v1/deposits', { bearer: accessToken, body: { deposit: { amount_usd: '60.00' } } }),
        ),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(8); // 8 × 60.00 = 480.00 ≤ 500.00 < 540.00
      expect(statuses.filter((s) => s === 422)).to.have.length(4);
      for (const reply of replies.filter((r) => r.status === 422))
        expect(reply.body.errors.code).to.equal('deposit_limit_exceeded');
      const account = (await db('ledger_accounts').where({ user_id: user.id, kind: 'currency' }).first()) as {
        available: number;
      };
      expect(Number(account.available)).to.equal(480_000_000);
      const funding = (await hosts[1]!.get('/v1/funds', { bearer: accessToken })).body.data;
      expect(funding).to.deep.include({
        daily_limit_usd: '500.00',
        deposited_today_usd: '480.00',
        remaining_today_usd: '20.00',
      });
    });
  });
}
