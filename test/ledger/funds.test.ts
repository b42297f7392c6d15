import { expect } from 'chai';
import { usd } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { deposit, findCurrencyAccount, tierBalanceMicros } from '../../src/ledger/funds.js';
import { move, post } from '../../src/ledger/journal.js';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { journalOf, sumsByAsset } from '../support/trading-fixtures.js';

describeEachDatabase('ledger: deposits and bonuses', (env) => {
  const services = () => env().service.services;
  const credit = (userId: string, usdMicros: number, source: 'deposit' | 'bonus') =>
    services().db.transaction((trx) => deposit(trx, { userId, usdMicros, source, nowUs: services().clock.nowUs() }));

  // Each row: what arrives, in order, and the account after it.
  const cases: {
    name: string;
    credits: [number, 'deposit' | 'bonus'][];
    available: number;
    deposited: number;
    lastDepositSet: boolean;
  }[] = [
    {
      name: 'one deposit',
      credits: [[100_000_000, 'deposit']],
      available: 100_000_000,
      deposited: 100_000_000,
      lastDepositSet: true,
    },
    { name: 'one bonus', credits: [[5_000_000, 'bonus']], available: 5_000_000, deposited: 0, lastDepositSet: false },
    {
      name: 'a bonus, then a deposit',
      credits: [
        [5_000_000, 'bonus'],
        [20_000_000, 'deposit'],
      ],
      available: 25_000_000,
      deposited: 20_000_000,
      lastDepositSet: true,
    },
    {
      name: 'two deposits of odd micro-dollars',
      credits: [
        [1, 'deposit'],
        [999_999, 'deposit'],
      ],
      available: 1_000_000,
      deposited: 1_000_000,
      lastDepositSet: true,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: USD from system:deposits into available; only deposits count as deposited`, async () => {
      const user = await createTestUser(services());
      let account = await findCurrencyAccount(services().db, user.userId);
      expect(account).to.equal(undefined);
      for (const [amount, source] of c.credits) account = await credit(user.userId, amount, source);
      expect(account!.id).to.match(/^trading_account_[0-9a-f]+$/);
      expect(account).to.deep.include({
        kind: 'currency',
        asset: usd,
        available: c.available,
        locked: 0,
        deposited: c.deposited,
      });
      expect(account!.last_deposit_at_us !== null).to.equal(c.lastDepositSet);

      const entries = await journalOf(services(), account!.id);
      expect(entries.map((e) => e.kind)).to.deep.equal(c.credits.map(([, source]) => source));
      for (const [i, entry] of entries.entries()) {
        expect(sumsByAsset(entry)).to.deep.equal({ usd: 0 });
        expect(entry.postings).to.deep.include({
          account_id: account!.id,
          bucket: 'available',
          asset: usd,
          amount: c.credits[i]![0],
        });
        expect(entry.postings).to.deep.include({
          account_id: 'system:deposits:usd',
          bucket: 'available',
          asset: usd,
          amount: -c.credits[i]![0],
        });
      }
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });
  }

  it('sets the tier balance to min(deposited, total): a bonus never raises it, spending lowers it', async () => {
    const user = await createTestUser(services());
    expect(await tierBalanceMicros(services().db, user.userId)).to.equal(0);
    await credit(user.userId, 50_000_000, 'bonus');
    expect(await tierBalanceMicros(services().db, user.userId)).to.equal(0);
    const account = await credit(user.userId, 30_000_000, 'deposit');
    expect(await tierBalanceMicros(services().db, user.userId)).to.equal(30_000_000);
    // Spend 70 of the 80 USD (to the fee account, standing in for any purchase).
    await services().db.transaction((trx) =>
      post(
        trx,
        'test_spend',
        account.id,
        move(
          usd,
          { accountId: account.id, bucket: 'available' },
          { accountId: 'system:deposits:usd', bucket: 'available' },
          70_000_000,
        ),
        1,
      ),
    );
    expect(await tierBalanceMicros(services().db, user.userId)).to.equal(10_000_000);
  });

  it('refuses a zero or negative amount as a programmer error, writing nothing', async () => {
    const user = await createTestUser(services());
    for (const amount of [0, -1, 1.5]) {
      let thrown: unknown;
      await credit(user.userId, amount, 'deposit').catch((error: unknown) => (thrown = error));
      expect((thrown as Error | undefined)?.name, String(amount)).to.equal('AssertionFailed');
    }
    expect(await findCurrencyAccount(services().db, user.userId)).to.equal(undefined);
  });
});
