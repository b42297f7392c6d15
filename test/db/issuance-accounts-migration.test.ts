import { expect } from 'chai';
import { createUser } from '../../src/core/identity.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { ensureAccount, move, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { newIssuanceId } from '../../src/lib/ids.js';
import { listIssuanceAccounts } from '../../src/trading/supply/issuance-accounts.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';

/**
 * Migration 0020 gives the issuances made before it (straight into the trading account) their
 * issuance accounts, recorded as issued and transferred, so the audit's new check holds on an
 * existing database and the supplier sees its history in GET /v1/issuance-accounts.
 */
const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;

/** An issuance as src/trading/supply/supply.ts wrote it before migration 0020. */
async function issueTheOldWay(db: Db, userId: string, quantity: number, nowUs: number): Promise<void> {
  await db.transaction(async (trx) => {
    const units = unitsOf(textStandard);
    const account = await ensureAccount(trx, userId, 'trading', units, textStandard, nowUs);
    const issuance = await systemAccount(trx, 'issuance', units, nowUs);
    const id = newIssuanceId();
    await post(
      trx,
      'issuance',
      id,
      move(
        units,
        { accountId: issuance, bucket: 'available' },
        { accountId: account.id, bucket: 'available' },
        quantity,
      ),
      nowUs,
    );
    await trx('supply_issuances').insert({
      id,
      user_id: userId,
      instrument_id: textStandard,
      trading_account_id: account.id,
      quantity,
      created_at_us: nowUs,
    });
  });
}

for (const database of databaseKinds) {
  describe(`migration 0020: issuance accounts for earlier issuances [${database}]`, function () {
    this.timeout(60_000);
    let db: Db;
    after(async () => db?.destroy());

    it('records each earlier issuance as issued and transferred, with a clean audit', async () => {
      db = openDatabase(await freshDatabaseUrl(database));
      while (true) {
        const [, pending] = (await db.migrate.list()) as [unknown, { file?: string; name?: string }[] | string[]];
        const next = pending[0];
        const name = typeof next === 'string' ? next : (next?.name ?? next?.file);
        if (name === undefined || name === '0020_issuance_accounts') break;
        await db.migrate.up();
      }
      const user = await createUser(db, systemClock, {
        email: `migration-0020-${Date.now()}@example.com`,
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      const nowUs = systemClock.nowUs();
      await issueTheOldWay(db, user.id, 30, nowUs - 2_000_000);
      await issueTheOldWay(db, user.id, 12, nowUs - 1_000_000);
      expect(await migrateLatest(db)).to.include('0020_issuance_accounts');
      const [account, ...others] = await listIssuanceAccounts({ db }, user.id);
      expect(others).to.deep.equal([]);
      expect(account).to.deep.include({
        instrument_id: textStandard,
        available: 0,
        total_issued: 42,
        issuance_count: 2,
        total_transferred: 42,
        transfer_count: 2,
        last_issued_at_us: nowUs - 1_000_000,
      });
      const issuances = (await db('supply_issuances').where('user_id', user.id).select('issuance_account_id')) as {
        issuance_account_id: string;
      }[];
      expect(issuances.map((i) => i.issuance_account_id)).to.deep.equal([account!.id, account!.id]);
      expect(await auditLedger(db)).to.deep.equal([]);
    });
  });
}
