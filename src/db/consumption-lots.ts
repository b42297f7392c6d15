import type { LedgerAccountRow } from '../ledger/journal.js';
import { statement, type Sql } from './sql.js';

/**
 * Consumption lots (migrations 0005 and 0008) and the consumption account rows settlement and
 * expiry lock: the statements of the inference settlement path, prepared once.
 */
export interface ConsumptionLotRow {
  id: number;
  account_id: string;
  tokens_total: number;
  tokens_remaining: number;
  /** The transfer that brought the tokens. */
  source: string | null;
  arrived_at_us: number;
  expires_at_us: number;
  usd_micros_per_unit: number | null;
  /** The supplier whose Units these are, when known. */
  supplier_user_id: string | null;
}

const lockAccountStatement = statement('ledger_account_lock', 'SELECT * FROM ledger_accounts WHERE id = ?', 'SELECT * FROM ledger_accounts WHERE id = ? FOR UPDATE');

/** The account row, locked until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
export const lockLedgerAccount = (sql: Sql, accountId: string): Promise<LedgerAccountRow | undefined> => sql.get<LedgerAccountRow>(lockAccountStatement, [accountId]);

const lotsHolding = statement('consumption_lots_holding', 'SELECT * FROM consumption_lots WHERE account_id = ? AND tokens_remaining > 0 ORDER BY expires_at_us, id');
const lotsExpired = statement(
  'consumption_lots_expired',
  'SELECT * FROM consumption_lots WHERE account_id = ? AND expires_at_us <= ? AND tokens_remaining > 0 ORDER BY expires_at_us, id',
);
const setRemaining = statement('consumption_lot_set_remaining', 'UPDATE consumption_lots SET tokens_remaining = ? WHERE id = ?');
const addWithdrawal = statement(
  'ledger_account_add_withdrawal',
  'UPDATE ledger_accounts SET total_withdrawals = total_withdrawals + ?, last_withdrawal_at_us = ? WHERE id = ?',
);

/** The account's lots that still hold tokens, oldest first (the order they are drawn in). */
export const lotsHoldingTokens = (sql: Sql, accountId: string): Promise<ConsumptionLotRow[]> => sql.all<ConsumptionLotRow>(lotsHolding, [accountId]);

/** The account's lots expired by `nowUs` that still hold tokens, oldest first. */
export const expiredLotsHoldingTokens = (sql: Sql, accountId: string, nowUs: number): Promise<ConsumptionLotRow[]> => sql.all<ConsumptionLotRow>(lotsExpired, [accountId, nowUs]);

export async function setLotRemaining(sql: Sql, lotId: number, tokensRemaining: number): Promise<void> {
  await sql.run(setRemaining, [tokensRemaining, lotId]);
}

/** Counts tokens that left the account (consumed or written off). */
export async function recordWithdrawal(sql: Sql, accountId: string, tokens: number, nowUs: number): Promise<void> {
  await sql.run(addWithdrawal, [tokens, nowUs, accountId]);
}
