import type { Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';

/** A positive whole number from a command-line flag, or a clear error naming the flag. */
export function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${flag} is a positive integer, got ${text}`);
  return value;
}

/** Units issued straight into the user's trading account, as a supplier's issuance would (as test/support/market-fixtures.ts giveUnits). */
export async function giveUnits(db: Db, userId: string, instrumentId: string, quantity: number): Promise<void> {
  const nowUs = systemClock.nowUs();
  await db.transaction(async (trx) => {
    const account = await ensureAccount(trx, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
    await post(trx, 'issuance', null, [
      { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -quantity },
      { accountId: account.id, bucket: 'available', asset: unitsOf(instrumentId), amount: quantity },
    ], nowUs);
  });
}
