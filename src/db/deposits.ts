import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams, type Sort } from './paging.js';
import { parameterList, poolSql, shapedStatement, sqlIn, statement, valuesList, type Sql } from './sql.js';

/** Deposits (migration 0015): money asked to come in, and what became of it. */
export type DepositStatus = 'pending' | 'credited' | 'rejected';
export type DepositMethod = 'sandbox' | 'manual';
export type DepositOrigin = 'request' | 'auto_reload';

export interface DepositRow {
  id: string;
  user_id: string;
  amount_micros: number;
  status: DepositStatus;
  method: DepositMethod;
  origin: DepositOrigin;
  idempotency_key: string | null;
  reason: string | null;
  created_at_us: number;
  decided_at_us: number | null;
}

type Trx = Knex | Knex.Transaction;

const depositColumns = [
  'id',
  'user_id',
  'amount_micros',
  'status',
  'method',
  'origin',
  'idempotency_key',
  'reason',
  'created_at_us',
  'decided_at_us',
] as const satisfies readonly (keyof DepositRow)[];

const insertStatement = statement(
  'deposit_insert',
  `INSERT INTO deposits (${depositColumns.join(', ')}) VALUES ${valuesList(1, depositColumns.length)}`,
);
const byIdStatement = statement('deposit_by_id', 'SELECT * FROM deposits WHERE id = ?');
const ofUserStatement = statement('deposit_of_user', 'SELECT * FROM deposits WHERE id = ? AND user_id = ?');
const byKeyStatement = statement(
  'deposit_by_idempotency_key',
  'SELECT * FROM deposits WHERE user_id = ? AND idempotency_key = ?',
);
const creditedSinceStatement = statement(
  'deposit_credited_since',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM deposits WHERE user_id = ? AND status = 'credited' AND decided_at_us >= ?",
);
const pendingStatement = statement(
  'deposit_pending_sum',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros, COUNT(*) AS count FROM deposits WHERE user_id = ? AND status = 'pending'",
);
const reloadsSinceStatement = statement(
  'deposit_auto_reloads_since',
  `SELECT COALESCE(SUM(CASE WHEN status <> 'rejected' AND created_at_us >= ? THEN amount_micros ELSE 0 END), 0) AS micros,
     COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0) AS pending,
     COALESCE(MAX(created_at_us), 0) AS last_at_us
   FROM deposits WHERE user_id = ? AND origin = 'auto_reload'`,
);
const sandboxCreditedStatement = statement(
  'deposit_sandbox_credited',
  "SELECT COALESCE(SUM(amount_micros), 0) AS micros FROM deposits WHERE user_id = ? AND method = 'sandbox' AND status = 'credited'",
);
const decideStatement = statement(
  'deposit_decide',
  "UPDATE deposits SET status = ?, reason = ?, decided_at_us = ? WHERE id = ? AND status = 'pending'",
);

const count = (value: number | string | null | undefined): number => Number(value ?? 0);

export async function insertDeposit(sql: Sql, row: DepositRow): Promise<void> {
  await sql.run(
    insertStatement,
    depositColumns.map((column) => row[column]),
  );
}

/** Any user's deposit (operators). */
export async function depositById(db: Trx, id: string): Promise<DepositRow | undefined> {
  return (await sqlIn(db)).get<DepositRow>(byIdStatement, [id]);
}

/** The user's deposit; another user's is undefined. */
export const depositOfUser = (db: Db, userId: string, id: string): Promise<DepositRow | undefined> =>
  poolSql(db).get<DepositRow>(ofUserStatement, [id, userId]);

export const depositByIdempotencyKey = (sql: Sql, userId: string, key: string): Promise<DepositRow | undefined> =>
  sql.get<DepositRow>(byKeyStatement, [userId, key]);

/** What the user's deposits credited since `sinceUs` (the start of the UTC day). */
export async function creditedSince(sql: Sql, userId: string, sinceUs: number): Promise<number> {
  return count((await sql.get<{ micros: number | string }>(creditedSinceStatement, [userId, sinceUs]))?.micros);
}

/** The user's deposits waiting for an operator: their sum and number. */
export async function pendingOf(sql: Sql, userId: string): Promise<{ micros: number; count: number }> {
  const row = await sql.get<{ micros: number | string; count: number | string }>(pendingStatement, [userId]);
  return { micros: count(row?.micros), count: count(row?.count) };
}

/**
 * The user's auto-reloads: the sum of those made since `sinceUs` (the start of the UTC month) that
 * are credited or pending; how many are pending (any month); when the last one was made (0: never).
 */
export async function autoReloadsSince(
  sql: Sql,
  userId: string,
  sinceUs: number,
): Promise<{ micros: number; pending: number; lastAtUs: number }> {
  const row = await sql.get<{ micros: number | string; pending: number | string; last_at_us: number | string }>(
    reloadsSinceStatement,
    [sinceUs, userId],
  );
  return { micros: count(row?.micros), pending: count(row?.pending), lastAtUs: count(row?.last_at_us) };
}

/** All the sandbox money the user was ever credited. */
export async function sandboxCreditedOf(db: Db, userId: string): Promise<number> {
  return count((await poolSql(db).get<{ micros: number | string }>(sandboxCreditedStatement, [userId]))?.micros);
}

/** Marks a pending deposit credited or rejected; false when it was not pending (decided already, or none). */
export async function decideDeposit(
  sql: Sql,
  id: string,
  status: Exclude<DepositStatus, 'pending'>,
  reason: string | null,
  nowUs: number,
): Promise<boolean> {
  return (await sql.run(decideStatement, [status, reason, nowUs, id])) > 0;
}

const newestFirst: Sort = { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' };

/** One page of the user's deposits (or of everyone's, `userId` null: operators), newest first, of one status or all. */
export function depositsPage(
  db: Db,
  filter: { userId: string | null; status?: DepositStatus | undefined },
  page: PageParams,
): Promise<Page<DepositRow>> {
  const query = db('deposits').select('*');
  if (filter.userId !== null) query.where({ user_id: filter.userId });
  if (filter.status !== undefined) query.where({ status: filter.status });
  return keysetPage<DepositRow>(query, newestFirst, page, (row) => [Number(row.created_at_us), row.id]);
}

/** Ids of a batch of changed accounts, at most this many per statement. */
const inListMax = 16;

/**
 * The users among the owners of these ledger accounts whose USD account it is and who have
 * auto-reload on: the ones a committed change may have taken below their threshold.
 */
export async function autoReloadUsersOf(db: Db, accountIds: readonly string[]): Promise<string[]> {
  const sql = poolSql(db);
  const users = new Set<string>();
  for (let start = 0; start < accountIds.length; start += inListMax) {
    const run = accountIds.slice(start, start + inListMax);
    const found = shapedStatement(`deposit_auto_reload_users_${run.length}`, () => ({
      sqlite: `SELECT DISTINCT a.user_id FROM ledger_accounts a JOIN account_settings s ON s.user_id = a.user_id
        WHERE a.id IN (${parameterList(run.length)}) AND a.kind = 'currency' AND s.auto_reload_enabled = ?`,
    }));
    for (const row of await sql.all<{ user_id: string }>(found, [...run, true])) users.add(row.user_id);
  }
  return [...users];
}
