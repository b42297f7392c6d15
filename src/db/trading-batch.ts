import { writePostgres } from './trading-batch-postgres.js';
import { bookVersions, type TradingWriteSet } from './trading-write-set.js';

import { lotColumns, transferColumns } from './consumption-lots.js';
import { legColumns, orderChangeColumns, orderColumns, tradeColumns } from './orders.js';
import { assert } from '../lib/assert.js';
import type { AccountChange, JournalEntryWrite } from './journal.js';
import { shapedStatement, valuesList, type Param, type Scalar, type Sql, type Statement } from './sql.js';

/**
 * Writes the set; resolves with the ids of the accounts whose change was refused because a user's
 * bucket would go below zero (another writer spent it since the batch read it): the caller rolls
 * the transaction back and runs the batch again. Accounts are changed in the order of their ids, so
 * batches of different markets (which share the traders' USD accounts and the fee account) cannot
 * deadlock on them.
 *
 * On PostgreSQL the whole set is one statement, one round trip, which also NOTIFYs `notifications` (the batch's
 * events: src/db/event-transport.ts inStatement). On SQLite, in process, a prepared statement per entry and per
 * account, and multi-row inserts.
 */
export async function writeTradingBatch(
  sql: Sql,
  set: TradingWriteSet,
  notifications: readonly string[] = [],
): Promise<string[]> {
  const accounts = [...set.accounts].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  if (sql.kind === 'postgres') return writePostgres(sql, set, accounts, notifications);
  assert(notifications.length === 0, 'SQLite sends no notifications');
  await insertEntries(sql, set.entries);
  const refused = await applyAccountChanges(sql, accounts);
  if (refused.length > 0) return refused;
  const versionOf = bookVersions(set);
  await insertMany(
    sql,
    'orders',
    [...orderColumns, 'book_version'],
    set.insertedOrders.map((order) => ({ ...order, book_version: versionOf(order) })),
  );
  await updateRows(sql, updatedOrdersOf, set.updatedOrders, (order) => [
    order.id,
    ...orderChangeColumns.map((c) => order[c]),
    versionOf(order),
  ]);
  await insertMany(sql, 'trades', tradeColumns, set.trades);
  await insertMany(sql, 'trade_legs', legColumns, set.legs);
  await insertMany(sql, 'consumption_lots', lotColumns, set.lots);
  await insertMany(sql, 'transfers', transferColumns, set.transfers);
  await updateRows(sql, advancedBooksOf, set.books, (book) => [book.marketId, book.version, book.nextSequence]);
  return [];
}

// ---- SQLite ---------------------------------------------------------------------------------------------

/**
 * An UPDATE of `count` rows from a values list whose first column is the row's key: SQLite names
 * the list's columns column1, column2, …, so `set` maps each updated column to its list column.
 */
const updateFromValues = (name: string, table: string, key: string, set: readonly string[]) => (count: number) =>
  shapedStatement(`${name}_${count}`, () => ({
    sqlite: `UPDATE ${table} SET ${set.map((c, i) => `${c} = v.column${i + 2}`).join(', ')} FROM (VALUES ${valuesList(count, set.length + 1)}) AS v WHERE ${table}.${key} = v.column1`,
  }));

const updatedOrdersOf = updateFromValues('batch_orders_update', 'orders', 'id', [
  ...orderChangeColumns,
  'book_version',
]);
const advancedBooksOf = updateFromValues('batch_market_books_advance', 'market_books', 'market_id', [
  'version',
  'next_sequence',
]);

/** Rows changed a run at a time, each run one statement. */
async function updateRows<R>(
  sql: Sql,
  statementOf: (count: number) => Statement,
  rows: readonly R[],
  paramsOf: (row: R) => Param[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const run = rows.slice(start, start + rowsPerInsert);
    await sql.run(statementOf(run.length), run.flatMap(paramsOf));
  }
}

/**
 * Moves both buckets of each account by signed amounts and records its activity, unless that takes
 * a user account's bucket below zero (system accounts may go negative: the outside world, issuance):
 * one statement per run of accounts, answering the ids it changed. The values list's columns are
 * those of `accountChangeParams`.
 */
const accountChangesOf = (count: number): Statement =>
  shapedStatement(`batch_ledger_accounts_apply_${count}`, () => ({
    sqlite: `UPDATE ledger_accounts AS a SET available = a.available + c.column2, locked = a.locked + c.column3,
     last_deposit_at_us = COALESCE(c.column4, a.last_deposit_at_us), last_withdrawal_at_us = COALESCE(c.column5, a.last_withdrawal_at_us),
     last_trading_activity_at_us = COALESCE(c.column6, a.last_trading_activity_at_us), last_transfer_at_us = COALESCE(c.column7, a.last_transfer_at_us),
     total_transfers_in = a.total_transfers_in + c.column8, updated_at_us = c.column9
   FROM (VALUES ${valuesList(count, 9)}) AS c
   WHERE a.id = c.column1 AND (a.kind = 'system' OR (a.available + c.column2 >= 0 AND a.locked + c.column3 >= 0))
   RETURNING id`,
  }));

const accountChangeParams = (c: AccountChange): Param[] => [
  c.accountId,
  c.available,
  c.locked,
  c.lastDepositAtUs,
  c.lastWithdrawalAtUs,
  c.lastTradingActivityAtUs,
  c.lastTransferAtUs,
  c.transfersIn,
  c.updatedAtUs,
];

/** The ids of the accounts whose change was refused (a user's bucket would go below zero). */
async function applyAccountChanges(sql: Sql, accounts: readonly AccountChange[]): Promise<string[]> {
  const applied = new Set<string>();
  for (let start = 0; start < accounts.length; start += rowsPerInsert) {
    const run = accounts.slice(start, start + rowsPerInsert);
    const rows = await sql.all<{ id: string }>(accountChangesOf(run.length), run.flatMap(accountChangeParams));
    for (const row of rows) applied.add(row.id);
  }
  return accounts.filter((c) => !applied.has(c.accountId)).map((c) => c.accountId);
}

const insertEntriesOf = (count: number): Statement =>
  shapedStatement(`batch_journal_entries_insert_${count}`, () => ({
    sqlite: `INSERT INTO journal_entries (kind, reference, created_at_us) VALUES ${valuesList(count, 3)} RETURNING id`,
  }));

/**
 * The entries, a run at a time, then all their postings. The ids of one insert are drawn one after
 * the other in the order of its rows (the write lock is held, and AUTOINCREMENT never reuses one),
 * so its ids in ascending order are its rows' in order, whatever order RETURNING gives them in.
 */
async function insertEntries(sql: Sql, entries: readonly JournalEntryWrite[]): Promise<void> {
  const postings: Record<(typeof postingColumns)[number], Scalar>[] = [];
  for (let start = 0; start < entries.length; start += rowsPerInsert) {
    const run = entries.slice(start, start + rowsPerInsert);
    const returned = await sql.all<{ id: number | bigint }>(
      insertEntriesOf(run.length),
      run.flatMap((entry) => [entry.kind, entry.reference, entry.createdAtUs]),
    );
    assert(returned.length === run.length, 'an insert RETURNING id returns each row');
    const ids = returned.map((row) => Number(row.id)).sort((a, b) => a - b);
    run.forEach((entry, i) => {
      const entryId = ids[i];
      assert(entryId !== undefined, 'each entry of a run has its id');
      for (const p of entry.postings)
        postings.push({
          entry_id: entryId,
          account_id: p.accountId,
          bucket: p.bucket,
          asset: p.asset,
          amount: p.amount,
        });
    });
  }
  await insertMany(sql, 'journal_postings', postingColumns, postings);
}

const postingColumns = ['entry_id', 'account_id', 'bucket', 'asset', 'amount'] as const;

/** Rows per multi-row insert: a batch's rows go in a few statements, each prepared once per size. */
const rowsPerInsert = 32;

async function insertMany<C extends string>(
  sql: Sql,
  table: string,
  columns: readonly C[],
  rows: readonly Readonly<Record<C, Scalar>>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const run = rows.slice(start, start + rowsPerInsert);
    const params: Param[] = [];
    for (const row of run) for (const c of columns) params.push(row[c]);
    await sql.runText(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(run.length, columns.length)}`,
      params,
    );
  }
}
