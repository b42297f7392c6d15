import type { LedgerAccountRow } from './journal.js';
import { statement, type Sql } from './sql.js';

/**
 * USD accounts as deposits see them (migration 0005): the deposit totals of ledger_accounts, beside
 * the balances the journal moves (src/db/journal.ts).
 */
const addDeposit = statement(
  'funds_account_add_deposit',
  'UPDATE ledger_accounts SET deposited = deposited + ?, total_deposits = total_deposits + 1, last_deposit_at_us = ? WHERE id = ?',
);
const accountById = statement('funds_account_by_id', 'SELECT * FROM ledger_accounts WHERE id = ?');
const currencyAccount = statement(
  'funds_currency_account',
  "SELECT * FROM ledger_accounts WHERE user_id = ? AND kind = 'currency' AND asset = ? LIMIT 1",
);

/** Counts a real deposit of `usdMicros` (the tier balance's `deposited`); a bonus is not one. */
export async function recordDeposit(sql: Sql, accountId: string, usdMicros: number, nowUs: number): Promise<void> {
  await sql.run(addDeposit, [usdMicros, nowUs, accountId]);
}

export const ledgerAccountById = (sql: Sql, accountId: string): Promise<LedgerAccountRow | undefined> =>
  sql.get<LedgerAccountRow>(accountById, [accountId]);

/** The user's currency account of `asset`, or undefined before any money arrived. */
export const currencyAccountOf = (sql: Sql, userId: string, asset: string): Promise<LedgerAccountRow | undefined> =>
  sql.get<LedgerAccountRow>(currencyAccount, [userId, asset]);
