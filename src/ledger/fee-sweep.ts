import type { Knex } from 'knex';
import { lockHouseFees, marketFeeBalances } from '../db/fee-accounts.js';
import { sqlOf } from '../db/sql.js';
import { usd } from './assets.js';
import { post, systemAccount, type Posting } from './journal.js';

/**
 * Fees are credited per market (`system:fees:<instrument>:usd`), so that two markets' batches never wait on one fee
 * row; the background moves what each holds into the house's `system:fees:usd`, in one journal entry of kind
 * `fee_sweep` (issue 33, item 2). Each market's row is locked only for that entry's update, about once a minute.
 * The audit needs nothing new: the entry balances, and every fee account equals its postings.
 */
export async function sweepMarketFees(db: Knex, nowUs: number): Promise<number> {
  return db.transaction(async (trx: Knex.Transaction) => {
    const house = await systemAccount(trx, 'fees', usd, nowUs);
    const sql = await sqlOf(trx);
    await lockHouseFees(sql, house);
    const balances = await marketFeeBalances(sql, house);
    const swept = balances.reduce((sum, b) => sum + b.available, 0);
    if (balances.length === 0) return 0;
    const postings: Posting[] = balances.flatMap(({ id, available }) => [
      { accountId: id, bucket: 'available', asset: usd, amount: -available },
      { accountId: house, bucket: 'available', asset: usd, amount: available },
    ]);
    await post(trx, 'fee_sweep', null, postings, nowUs);
    return swept;
  });
}
