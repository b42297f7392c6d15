import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams, type Sort } from './paging.js';
import { poolSql, statement, valuesList, type Sql } from './sql.js';

/** Withdrawals (migration 0032): money asked to go out, held, then paid or returned. */
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected' | 'cancelled';
export type WithdrawalMethod = 'sandbox' | 'manual';

export interface WithdrawalRow {
  id: string;
  user_id: string;
  destination_id: string;
  amount_micros: number;
  status: WithdrawalStatus;
  method: WithdrawalMethod;
  idempotency_key: string | null;
  payout_reference: string | null;
  reason: string | null;
  created_at_us: number;
  decided_at_us: number | null;
}

const columns = [
  'id',
  'user_id',
  'destination_id',
  'amount_micros',
  'status',
  'method',
  'idempotency_key',
  'payout_reference',
  'reason',
  'created_at_us',
  'decided_at_us',
] as const satisfies readonly (keyof WithdrawalRow)[];

const insertStatement = statement(
  'withdrawal_insert',
  `INSERT INTO withdrawals (${columns.join(', ')}) VALUES ${valuesList(1, columns.length)}`,
);
const byIdStatement = statement('withdrawal_by_id', 'SELECT * FROM withdrawals WHERE id = ?');
const ofUserStatement = statement('withdrawal_of_user', 'SELECT * FROM withdrawals WHERE id = ? AND user_id = ?');
const byKeyStatement = statement(
  'withdrawal_by_idempotency_key',
  'SELECT * FROM withdrawals WHERE user_id = ? AND idempotency_key = ?',
);
/** Pending and paid withdrawals count against the day's limit; returned ones do not. */
const takenSinceStatement = statement(
  'withdrawals_taken_since',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM withdrawals WHERE user_id = ? AND status IN ('pending', 'paid') AND created_at_us >= ?",
);
const pendingStatement = statement(
  'withdrawals_pending_sum',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM withdrawals WHERE user_id = ? AND status = 'pending'",
);
const sandboxOutStatement = statement(
  'withdrawals_sandbox_out',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM withdrawals WHERE user_id = ? AND method = 'sandbox' AND status IN ('pending', 'paid')",
);
const sandboxInStatement = statement(
  'withdrawals_sandbox_deposits',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM deposits WHERE user_id = ? AND method = 'sandbox' AND status = 'credited'",
);
/** Bonuses reference the account they credit (src/ledger/funds.ts), so the reference index finds them. */
const bonusesStatement = statement(
  'withdrawals_bonuses_credited',
  `SELECT COALESCE(SUM(p.amount), 0) AS micros FROM journal_entries e JOIN journal_postings p ON p.entry_id = e.id
   WHERE e.reference = ? AND e.kind = 'bonus' AND p.account_id = ?`,
);
const decideStatement = statement(
  'withdrawal_decide',
  "UPDATE withdrawals SET status = ?, payout_reference = ?, reason = ?, decided_at_us = ? WHERE id = ? AND status = 'pending'",
);

const micros = (row: { micros: number | string } | undefined): number => Number(row?.micros ?? 0);

export async function insertWithdrawal(sql: Sql, row: WithdrawalRow): Promise<void> {
  await sql.run(
    insertStatement,
    columns.map((column) => row[column]),
  );
}

/** Any user's withdrawal (operators, and the decisions' reads). */
export const withdrawalById = (sql: Sql, id: string): Promise<WithdrawalRow | undefined> =>
  sql.get<WithdrawalRow>(byIdStatement, [id]);

/** The user's withdrawal; another user's is undefined. */
export const withdrawalOfUser = (db: Db, userId: string, id: string): Promise<WithdrawalRow | undefined> =>
  poolSql(db).get<WithdrawalRow>(ofUserStatement, [id, userId]);

export const withdrawalByIdempotencyKey = (sql: Sql, userId: string, key: string): Promise<WithdrawalRow | undefined> =>
  sql.get<WithdrawalRow>(byKeyStatement, [userId, key]);

/** What the user's withdrawals made since `sinceUs` (the UTC day's start) take, pending and paid. */
export const withdrawnSince = async (sql: Sql, userId: string, sinceUs: number): Promise<number> =>
  micros(await sql.get(takenSinceStatement, [userId, sinceUs]));

/** What the user's pending withdrawals hold. */
export const pendingWithdrawals = async (sql: Sql, userId: string): Promise<number> =>
  micros(await sql.get(pendingStatement, [userId]));

/** The sandbox money still in the account's keeping: credited sandbox deposits less sandbox withdrawals not returned. */
export async function sandboxMoneyLeft(sql: Sql, userId: string): Promise<number> {
  const credited = micros(await sql.get(sandboxInStatement, [userId]));
  return Math.max(0, credited - micros(await sql.get(sandboxOutStatement, [userId])));
}

/** Every bonus the USD account was credited. */
export const bonusesCredited = async (sql: Sql, accountId: string): Promise<number> =>
  micros(await sql.get(bonusesStatement, [accountId, accountId]));

interface Decision {
  status: Exclude<WithdrawalStatus, 'pending'>;
  payoutReference: string | null;
  reason: string | null;
  nowUs: number;
}

/** Decides a pending withdrawal; false when it was not pending (decided already, or none): each phase happens once. */
export async function decideWithdrawal(sql: Sql, id: string, decision: Decision): Promise<boolean> {
  const { status, payoutReference, reason, nowUs } = decision;
  return (await sql.run(decideStatement, [status, payoutReference, reason, nowUs, id])) > 0;
}

const newestFirst: Sort = { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' };

/** One page of the user's withdrawals (or everyone's, `userId` null: operators), newest first, of one status or all. */
export function withdrawalsPage(
  db: Db,
  filter: { userId: string | null; status?: WithdrawalStatus | undefined },
  page: PageParams,
): Promise<Page<WithdrawalRow>> {
  const query = db('withdrawals').select('*');
  if (filter.userId !== null) query.where({ user_id: filter.userId });
  if (filter.status !== undefined) query.where({ status: filter.status });
  return keysetPage<WithdrawalRow>(query, newestFirst, page, (row) => [Number(row.created_at_us), row.id]);
}
