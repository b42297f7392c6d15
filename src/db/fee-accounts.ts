import { statement, type Sql } from './sql.js';

/**
 * The fee accounts (migration 0005's ledger_accounts, kind `system`): one per market, `system:fees:<instrument>:usd`,
 * which fills credit, and the house's `system:fees:usd`, which only the sweep (ledger/fee-sweep.ts) credits.
 */
const lockHouse = statement(
  'fee_accounts_lock_house',
  'UPDATE ledger_accounts SET updated_at_us = updated_at_us WHERE id = ?',
);
const marketBalances = statement(
  'fee_accounts_market_balances',
  "SELECT id, available FROM ledger_accounts WHERE kind = 'system' AND id LIKE 'system:fees:%:usd' AND id <> ? AND available <> 0 ORDER BY id",
);

/**
 * Takes the house fee account's row lock (PostgreSQL) or the write lock (SQLite) for the transaction: sweeps in two
 * processes then run one after the other, and the second reads what the first left.
 */
export async function lockHouseFees(sql: Sql, houseId: string): Promise<void> {
  await sql.run(lockHouse, [houseId]);
}

/** The markets' fee accounts that hold anything, with what they hold. */
export async function marketFeeBalances(sql: Sql, houseId: string): Promise<{ id: string; available: number }[]> {
  const rows = await sql.all<{ id: string; available: number | string }>(marketBalances, [houseId]);
  return rows.map((r) => ({ id: r.id, available: Number(r.available) }));
}
