import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { createDeposit } from '../../src/core/payments.js';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { systemClock } from '../../src/lib/clock.js';
import { newMetrics } from '../../src/lib/metrics.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt, mktJson } from '../support/processes.js';

for (const database of databaseKinds) {
  describe(`mkt admin deposit list | approve | reject [${database}]`, function () {
    this.timeout(60_000);
    let env: Record<string, string>;
    let db: Db;
    let userId: string;
    const payments = loadConfig({ MKT_PAYMENTS: 'manual' }).payments;

    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(database) };
      userId = (
        await mktJson(['admin', 'user', 'create', '--email', 'ada@example.com', '--verified', '--accept-terms'], env)
      ).id as string; // migrates the database too
      db = openDatabase(env.DATABASE_URL!);
    });
    after(async () => {
      await db?.destroy();
    });

    /** A request made through the payment path, as POST /v1/deposits makes it under MKT_PAYMENTS=manual. */
    const request = async (amount: string) =>
      (
        await createDeposit(
          { db, clock: systemClock, config: { payments }, metrics: newMetrics() },
          userId,
          amount,
          undefined,
        )
      ).deposit.id;

    const run = async (args: string[]) => {
      const result = await mkt(['admin', ...args], env);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      return JSON.parse(result.stdout) as Record<string, any>;
    };

    it('lists requests newest first, by status, in pages; approves and rejects them', async () => {
      const first = await request('10.00');
      await new Promise((resolve) => setTimeout(resolve, 2));
      const second = await request('20.00');
      const all = await run(['deposit', 'list']);
      expect(all.deposits.map((d: { id: string }) => d.id)).to.deep.equal([second, first]);
      expect(all.deposits[0]).to.deep.include({
        amount_usd: '20.00',
        status: 'pending',
        method: 'manual',
        sandbox: false,
        origin: 'request',
        user_id: userId,
      });

      const page = await run(['deposit', 'list', '--limit', '1']);
      expect(page.deposits).to.have.length(1);
      expect(page.paging.has_more).to.equal(true);
      expect(
        (await run(['deposit', 'list', '--limit', '1', '--next', page.paging.next_cursor])).deposits[0].id,
      ).to.equal(first);

      expect((await run(['deposit', 'approve', first])).deposit).to.deep.include({ id: first, status: 'credited' });
      expect(
        (await run(['deposit', 'reject', second, '--reason', 'no such transfer arrived'])).deposit,
      ).to.deep.include({ id: second, status: 'rejected', reason: 'no such transfer arrived' });
      expect((await run(['deposit', 'list', '--status', 'pending'])).deposits).to.deep.equal([]);
      expect(
        (await run(['deposit', 'list', '--status', 'credited'])).deposits.map((d: { id: string }) => d.id),
      ).to.deep.equal([first]);
    });

    it('credits once when two operators approve the same request at the same time', async () => {
      const id = await request('30.00');
      const results = await Promise.all([
        mkt(['admin', 'deposit', 'approve', id], env),
        mkt(['admin', 'deposit', 'approve', id], env),
      ]);
      expect(results.map((r) => r.code).sort()).to.deep.equal([0, 1]);
      const refused = results.find((r) => r.code === 1)!;
      expect(JSON.parse(refused.stderr).error).to.deep.include({ code: 'conflict' });
      const entries = await db('journal_entries').where({ reference: id });
      expect(entries).to.have.length(1);
    });

    it('keeps the direct operator deposit (mkt admin deposit --email --usd), and the ledger audits clean', async () => {
      const direct = await run(['deposit', '--email', 'ada@example.com', '--usd', '5.00']);
      expect(direct).to.deep.include({ source: 'deposit', amount: '5.000000', available_balance: '45.000000' }); // 10.00 + 30.00 approved before
      const clean = await run(['audit']);
      expect(clean.ok).to.equal(true);
      expect(clean.checked.deposits).to.equal(3);

      // A credited deposit marked pending behind the ledger's back: its journal entry no longer matches.
      const credited = (await db('deposits').where({ status: 'credited' }).first()) as {
        id: string;
        amount_micros: number | string;
      };
      const micros = Number(credited.amount_micros);
      await db('deposits').where({ id: credited.id }).update({ status: 'pending' });
      const dirty = await mkt(['admin', 'audit'], env);
      expect(dirty.code).to.equal(1);
      expect(JSON.parse(dirty.stdout).failures).to.deep.equal([
        {
          check: 'deposit_differs_from_journal',
          subject: credited.id,
          detail: `a pending deposit of ${micros} micro-dollars, named by 1 deposit entries that credit ${micros}`,
        },
      ]);
      await db('deposits').where({ id: credited.id }).update({ status: 'credited' });
      expect((await run(['audit'])).ok).to.equal(true);
    });

    // Each row: a mistake in how the command was called — exit 2 and a message naming what to fix.
    const usageMistakes: { args: string[]; says: RegExp }[] = [
      { args: ['deposit', 'approve'], says: /exactly one deposit id/ },
      { args: ['deposit', 'approve', 'deposit_a', 'deposit_b'], says: /exactly one deposit id/ },
      { args: ['deposit', 'reject', '--reason', 'late'], says: /exactly one deposit id/ },
      { args: ['deposit', 'approve', 'order_123'], says: /exactly one deposit id/ },
      { args: ['deposit', 'list', '--status', 'lost'], says: /--status is pending, credited or rejected/ },
      { args: ['deposit', 'list', '--limit', '0'], says: /--limit is a whole number/ },
    ];
    for (const m of usageMistakes) {
      it(`exits 2 on: mkt admin ${m.args.join(' ')}`, async () => {
        const result = await mkt(['admin', ...m.args], env);
        expect(result.code, result.stderr).to.equal(2);
        expect(result.stderr).to.match(m.says);
      });
    }
  });
}
