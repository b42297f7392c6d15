import type { Knex } from 'knex';
import { traderAccountIds } from '../../db/journal.js';
import type { Sql } from '../../db/sql.js';
import { assert } from '../../lib/assert.js';
import { ensureAccount, ensureAccountOn, systemAccount } from '../../ledger/journal.js';
import { tokensOf, unitsOf, usd } from '../../ledger/assets.js';

export interface TraderAccounts {
  /** The USD (currency) trading account. */
  usd: string;
  /** The Units trading account of the market's instrument. */
  units: string;
}

/** The system accounts a market's settlement posts to. */
interface MarketSystemAccounts {
  fees: string;
  conversion: { units: string; tokens: string };
}

/**
 * Ledger account ids of traders, cached: an account is never deleted and its id never changes,
 * so the cache cannot make two processes disagree. Accounts are opened outside the matching
 * transaction (`open`, `openSystem`), so inside it (`of`, `consumptionOf`, `system`) they only need finding.
 */
export class AccountIds {
  private readonly traders = new Map<string, TraderAccounts>();
  private readonly consumption = new Map<string, string>();
  private readonly systems = new Map<string, MarketSystemAccounts>();

  /** Opens the trader's accounts for the instrument, and its consumption account when its buys auto-transfer. */
  async open(
    db: Knex,
    userId: string,
    instrumentId: string,
    nowUs: number,
    options: { consumption: boolean },
  ): Promise<TraderAccounts> {
    const key = `${userId}|${instrumentId}`;
    let ids = this.traders.get(key);
    if (!ids) {
      const usdAccount = await ensureAccount(db, userId, 'currency', usd, null, nowUs);
      const unitsAccount = await ensureAccount(db, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
      ids = { usd: usdAccount.id, units: unitsAccount.id };
      this.traders.set(key, ids);
    }
    if (options.consumption && !this.consumption.has(key)) {
      this.consumption.set(
        key,
        (await ensureAccount(db, userId, 'consumption', tokensOf(instrumentId), instrumentId, nowUs)).id,
      );
    }
    return ids;
  }

  /** Opens the fee and conversion accounts of the instrument. */
  async openSystem(db: Knex, instrumentId: string, nowUs: number): Promise<MarketSystemAccounts> {
    let found = this.systems.get(instrumentId);
    if (!found) {
      found = {
        // A fee account per market (one market per instrument), so that batches of two markets share no row; the
        // background sweeps them into system:fees:usd (ledger/fee-sweep.ts).
        fees: await systemAccount(db, 'fees', usd, nowUs, instrumentId),
        conversion: {
          units: await systemAccount(db, 'conversion', unitsOf(instrumentId), nowUs),
          tokens: await systemAccount(db, 'conversion', tokensOf(instrumentId), nowUs),
        },
      };
      this.systems.set(instrumentId, found);
    }
    return found;
  }

  /** The instrument's system accounts, which `openSystem` opened before the transaction. */
  system(instrumentId: string): MarketSystemAccounts {
    const found = this.systems.get(instrumentId);
    assert(found, `the system accounts of ${instrumentId} were not opened before trading`);
    return found;
  }

  async of(sql: Sql, userId: string, instrumentId: string): Promise<TraderAccounts> {
    const key = `${userId}|${instrumentId}`;
    const cached = this.traders.get(key);
    if (cached) return cached;
    const rows = await traderAccountIds(sql, userId, usd, unitsOf(instrumentId));
    const usdId = rows.find((r) => r.asset === usd)?.id;
    const unitsId = rows.find((r) => r.asset !== usd)?.id;
    assert(usdId && unitsId, `trader ${userId} has resting orders but no accounts for ${instrumentId}`);
    const ids = { usd: usdId, units: unitsId };
    this.traders.set(key, ids);
    return ids;
  }

  /**
   * The consumption account of a buyer whose order auto-transfers. Opened with the order, unless
   * the order rested from before that rule: then it is opened here, inside the transaction.
   */
  async consumptionOf(sql: Sql, userId: string, instrumentId: string, nowUs: number): Promise<string> {
    const key = `${userId}|${instrumentId}`;
    let id = this.consumption.get(key);
    if (id === undefined) {
      id = (await ensureAccountOn(sql, userId, 'consumption', tokensOf(instrumentId), instrumentId, nowUs)).id;
      this.consumption.set(key, id);
    }
    return id;
  }
}
