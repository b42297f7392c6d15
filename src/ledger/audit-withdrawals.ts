import type { Knex } from 'knex';
import * as read from '../db/audit-withdrawals.js';
import type { WithdrawalJournalRow } from '../db/audit-withdrawals.js';

/**
 * The withdrawals' invariants (`mkt admin audit`; ledger/withdrawals.ts writes the entries):
 *
 * 13. withdrawal_differs_from_journal — every withdrawal has one `withdrawal_hold` entry naming it; a paid one one
 *     `withdrawal_paid` and no void, a rejected or cancelled one one `withdrawal_void` and no payout, a pending one
 *     neither. Together they leave the user's USD as its status says: pending holds the amount (available −amount,
 *     locked +amount), paid has paid it out (available −amount, locked 0, payouts +amount), returned changes nothing.
 * 14. withdrawals_total_differs — each currency account's `total_withdrawals` equals the withdrawals paid out of it.
 *
 * Check 6 (locked_differs_from_orders) counts pending withdrawals with open orders: both hold locked USD.
 */
export type WithdrawalAuditCheck = 'withdrawal_differs_from_journal' | 'withdrawals_total_differs';

interface Expected {
  payouts: number;
  voids: number;
  available: number;
  locked: number;
  paidOut: number;
}

function expectedOf(row: WithdrawalJournalRow): Expected | undefined {
  const amount = row.amount_micros;
  switch (row.status) {
    case 'pending':
      return { payouts: 0, voids: 0, available: -amount, locked: amount, paidOut: 0 };
    case 'paid':
      return { payouts: 1, voids: 0, available: -amount, locked: 0, paidOut: amount };
    case 'rejected':
    case 'cancelled':
      return { payouts: 0, voids: 1, available: 0, locked: 0, paidOut: 0 };
    default:
      return undefined;
  }
}

const matches = (row: WithdrawalJournalRow, expected: Expected): boolean =>
  row.holds === 1 &&
  row.payouts === expected.payouts &&
  row.voids === expected.voids &&
  row.available === expected.available &&
  row.locked === expected.locked &&
  row.paid_out === expected.paidOut;

export async function withdrawalsOffJournal(trx: Knex.Transaction) {
  const failures: { check: WithdrawalAuditCheck; subject: string; detail: string }[] = [];
  for (const row of await read.withdrawalsWithJournal(trx)) {
    const expected = expectedOf(row);
    if (expected !== undefined && matches(row, expected)) continue;
    failures.push({
      check: 'withdrawal_differs_from_journal',
      subject: row.id,
      detail: `a ${row.status} withdrawal of ${row.amount_micros} has ${row.holds} hold, ${row.payouts} payout and ${row.voids} void entries, moving available ${row.available}, locked ${row.locked}, paid out ${row.paid_out}`,
    });
  }
  for (const row of await read.withdrawalTotalsOffRecords(trx))
    failures.push({
      check: 'withdrawals_total_differs',
      subject: row.id,
      detail: `total_withdrawals ${row.total_withdrawals}, but its paid withdrawals sum to ${row.paid}`,
    });
  return failures;
}
