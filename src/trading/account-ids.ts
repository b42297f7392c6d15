import type { Knex } from 'knex';
import { traderAccountIds } from '../db/journal.js';
import { sqlOf } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { ensureAccount } from '../ledger/journal.js';
import { unitsOf, usd } from '../ledger/assets.js';

export interface TraderAccounts {
  /** The USD (currency) trading account. */
  usd: string;
  /** The Units trading account of the market's instrument. */
  units: string;
}

/**
 * Ledger account ids of traders, cached: an account is never deleted and its id never changes,
 * so the cache cannot make two processes disagree. Accounts are opened outside the matching
 * transaction (`open`), so inside it (`of`) they only need finding.
 */
export class AccountIds {
  private readonly cache = new Map<string, TraderAccounts>();

  async open(db: Knex, userId: string, instrumentId: string, nowUs: number): Promise<TraderAccounts> {
    const key = `${userId}|${instrumentId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const usdAccount = await ensureAccount(db, userId, 'currency', usd, null, nowUs);
    const unitsAccount = await ensureAccount(db, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const ids = { usd: usdAccount.id, units: unitsAccount.id };
    this.cache.set(key, ids);
    return ids;
  }

  async of(trx: Knex.Transaction, userId: string, instrumentId: string): Promise<TraderAccounts> {
    const key = `${userId}|${instrumentId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const rows = await traderAccountIds(await sqlOf(trx), userId, usd, unitsOf(instrumentId));
    const usdId = rows.find((r) => r.asset === usd)?.id;
    const unitsId = rows.find((r) => r.asset !== usd)?.id;
    assert(usdId && unitsId, `trader ${userId} has resting orders but no accounts for ${instrumentId}`);
    const ids = { usd: usdId, units: unitsId };
    this.cache.set(key, ids);
    return ids;
  }
}
