import type { Knex } from 'knex';
import { rowsOf } from './rows.js';

/** The withdrawals as the audit reads them (src/ledger/audit-withdrawals.ts), in its snapshot. */

interface PendingHoldRow {
  user_id: string;
  held: number;
}

/** What pending withdrawals hold, per user: part of the USD the user's currency account has locked. */
export async function pendingWithdrawalHolds(trx: Knex.Transaction): Promise<PendingHoldRow[]> {
  const rows = await rowsOf<{ user_id: string; held: number | string }>(
    trx('withdrawals').where({ status: 'pending' }).groupBy('user_id').select('user_id').sum({ held: 'amount_micros' }),
  );
  return rows.map((r) => ({ user_id: r.user_id, held: Number(r.held) }));
}

export interface WithdrawalJournalRow {
  id: string;
  status: string;
  amount_micros: number;
  /** Entries naming it, by kind. */
  holds: number;
  payouts: number;
  voids: number;
  /** Net change its entries made to the user's available and locked USD, and to the payouts account. */
  available: number;
  locked: number;
  paid_out: number;
}

const counted = (kind: string) => `COUNT(DISTINCT CASE WHEN e.kind = '${kind}' THEN e.id END)`;
const summed = (condition: string) => `COALESCE(SUM(CASE WHEN ${condition} THEN p.amount ELSE 0 END), 0)`;

/** Every withdrawal with what its journal entries did. */
export async function withdrawalsWithJournal(trx: Knex.Transaction): Promise<WithdrawalJournalRow[]> {
  const rows = await rowsOf<Record<keyof WithdrawalJournalRow, number | string>>(
    trx('withdrawals as w')
      .leftJoin('journal_entries as e', 'e.reference', 'w.id')
      .leftJoin('journal_postings as p', 'p.entry_id', 'e.id')
      .groupBy('w.id', 'w.status', 'w.amount_micros')
      .select('w.id', 'w.status', 'w.amount_micros')
      .select(
        trx.raw(`${counted('withdrawal_hold')} AS holds`),
        trx.raw(`${counted('withdrawal_paid')} AS payouts`),
        trx.raw(`${counted('withdrawal_void')} AS voids`),
        trx.raw(`${summed("p.account_id NOT LIKE 'system:%' AND p.bucket = 'available'")} AS available`),
        trx.raw(`${summed("p.account_id NOT LIKE 'system:%' AND p.bucket = 'locked'")} AS locked`),
        trx.raw(`${summed("p.account_id = 'system:payouts:usd'")} AS paid_out`),
      ),
  );
  return rows.map((r) => ({
    id: String(r.id),
    status: String(r.status),
    amount_micros: Number(r.amount_micros),
    holds: Number(r.holds),
    payouts: Number(r.payouts),
    voids: Number(r.voids),
    available: Number(r.available),
    locked: Number(r.locked),
    paid_out: Number(r.paid_out),
  }));
}

interface WithdrawalTotalRow {
  id: string;
  total_withdrawals: number;
  paid: number;
}

/** Currency accounts whose total withdrawals differ from the withdrawals paid out of them. */
export async function withdrawalTotalsOffRecords(trx: Knex.Transaction): Promise<WithdrawalTotalRow[]> {
  const rows = await rowsOf<{ id: string; total_withdrawals: number | string; paid: number | string | null }>(
    trx('ledger_accounts as a')
      .leftJoin('withdrawals as w', function () {
        this.on('w.user_id', '=', 'a.user_id').andOnVal('w.status', '=', 'paid');
      })
      .where('a.kind', 'currency')
      .groupBy('a.id', 'a.total_withdrawals')
      .select('a.id', 'a.total_withdrawals')
      .sum({ paid: 'w.amount_micros' }),
  );
  return rows
    .map((r) => ({ id: r.id, total_withdrawals: Number(r.total_withdrawals), paid: Number(r.paid ?? 0) }))
    .filter((r) => r.total_withdrawals !== r.paid);
}
