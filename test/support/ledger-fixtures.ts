import type { Knex } from 'knex';
import { unitsOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';

/**
 * One Unit of the instrument issued to the user and moved to consumption, in one transaction on a database the test
 * holds itself (tests of several `mkt serve` processes have no in-process Services to buy with).
 */
export async function unitInConsumption(db: Knex, userId: string, instrumentId: string, nowUs: number): Promise<void> {
  await db.transaction(async (trx) => {
    const trading = await ensureAccount(trx, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
    await post(
      trx,
      'issuance',
      null,
      [
        { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -1 },
        { accountId: trading.id, bucket: 'available', asset: unitsOf(instrumentId), amount: 1 },
      ],
      nowUs,
    );
    await transferToConsumption(trx, { userId, instrumentId, quantity: 1, orderId: null, nowUs });
  });
}
