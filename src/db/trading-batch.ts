import type { ConsumptionLotRow } from './consumption-lots.js';
import { lotColumns, transferColumns } from './consumption-lots.js';
import { legColumns, orderChangeColumns, orderColumns, tradeColumns } from './orders.js';
import { assert } from '../lib/assert.js';
import type { AccountChange, JournalEntryWrite } from './journal.js';
import { legCasts, lotCasts, orderCasts, tradeCasts, transferCasts, type Cast } from './trading-batch-casts.js';
import { shapedStatement, statement, valuesList, type Param, type Scalar, type Sql, type Statement } from './sql.js';
import type { OrderRow, TradeLegRow, TradeRow, TransferRow } from './trading-rows.js';

/**
 * A group commit's write set: everything the trading commands of one transaction change, written
 * at its end. Journal entries as they were posted and one change per ledger account, whatever
 * number of entries moved it (both built by src/ledger/write-set.ts); orders, trades, legs, the
 * consumption lots and transfers of auto-transfers; and each market's book version and sequence.
 */
export interface MarketBookWrite {
  marketId: string;
  version: number;
  nextSequence: number;
}

export interface TradingWriteSet {
  entries: readonly JournalEntryWrite[];
  accounts: readonly AccountChange[];
  insertedOrders: readonly OrderRow[];
  updatedOrders: readonly OrderRow[];
  trades: readonly TradeRow[];
  legs: readonly TradeLegRow[];
  lots: readonly Omit<ConsumptionLotRow, 'id'>[];
  transfers: readonly TransferRow[];
  books: readonly MarketBookWrite[];
}

/**
 * Writes the set; resolves with the ids of the accounts whose change was refused because a user's
 * bucket would go below zero (another writer spent it since the batch read it): the caller rolls
 * the transaction back and runs the batch again. Accounts are changed in the order of their ids, so
 * batches of different markets (which share the traders' USD accounts and the fee account) cannot
 * deadlock on them.
 *
 * On PostgreSQL the whole set is one statement, one round trip. On SQLite, in process, a prepared
 * statement per entry and per account, and multi-row inserts.
 */
export async function writeTradingBatch(sql: Sql, set: TradingWriteSet): Promise<string[]> {
  const accounts = [...set.accounts].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  if (sql.kind === 'postgres') return writePostgres(sql, set, accounts);
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

/** Each order is written with the version its market's book reaches with this batch (migration 0013). */
function bookVersions(set: TradingWriteSet): (order: OrderRow) => number {
  const versions = new Map(set.books.map((book) => [book.marketId, book.version]));
  return (order) => {
    const version = versions.get(order.market_id);
    if (version === undefined)
      throw new Error(`order ${order.id} of market ${order.market_id} is written without its market's book`);
    return version;
  };
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

// ---- PostgreSQL -----------------------------------------------------------------------------------------

/**
 * The write set as one PostgreSQL statement of fixed text, prepared once: each table's rows travel
 * as one array per column and come apart with unnest, so a batch of any size is the same statement.
 * Entry ids are drawn first (a CTE with nextval is evaluated once), so that postings name theirs.
 */
class ArrayStatement {
  private readonly parts: string[] = [];
  private readonly columns: ((set: TradingWriteSet, accounts: readonly AccountChange[]) => Scalar[])[] = [];

  /** `unnest($1::text[], $2::bigint[], …) AS alias (a, b, …)` over the columns given. */
  unnest<R>(
    alias: string,
    casts: Record<string, Cast>,
    rowsOf: (set: TradingWriteSet, accounts: readonly AccountChange[]) => readonly R[],
    valueOf: (row: R, column: string) => Param = (row, c) => (row as Record<string, Param>)[c]!,
  ): string {
    const names = Object.keys(casts);
    const args = names.map((name) => {
      this.columns.push((set, accounts) => rowsOf(set, accounts).map((row) => valueOf(row, name) as Scalar));
      return `?::${casts[name]}[]`;
    });
    return `unnest(${args.join(', ')}) AS ${alias} (${names.join(', ')})`;
  }

  add(part: string): void {
    this.parts.push(part);
  }

  text(final: string): string {
    return `WITH ${this.parts.join(', ')} ${final}`;
  }

  params(set: TradingWriteSet, accounts: readonly AccountChange[]): Param[] {
    return this.columns.map((column) => column(set, accounts));
  }
}

interface EntryRow {
  ord: number;
  kind: string;
  reference: string | null;
  created_at_us: number;
}
interface PostingArrayRow {
  ord: number;
  account_id: string;
  bucket: string;
  asset: string;
  amount: number;
}

const entryRows = (set: TradingWriteSet): EntryRow[] =>
  set.entries.map((e, ord) => ({ ord, kind: e.kind, reference: e.reference, created_at_us: e.createdAtUs }));
const postingRows = (set: TradingWriteSet): PostingArrayRow[] =>
  set.entries.flatMap((e, ord) =>
    e.postings.map((p) => ({ ord, account_id: p.accountId, bucket: p.bucket, asset: p.asset, amount: p.amount })),
  );

const accountChangeColumns: Record<string, [Cast, (c: AccountChange) => Param]> = {
  id: ['text', (c) => c.accountId],
  available: ['bigint', (c) => c.available],
  locked: ['bigint', (c) => c.locked],
  last_deposit_at_us: ['bigint', (c) => c.lastDepositAtUs],
  last_withdrawal_at_us: ['bigint', (c) => c.lastWithdrawalAtUs],
  last_trading_activity_at_us: ['bigint', (c) => c.lastTradingActivityAtUs],
  last_transfer_at_us: ['bigint', (c) => c.lastTransferAtUs],
  transfers_in: ['bigint', (c) => c.transfersIn],
  updated_at_us: ['bigint', (c) => c.updatedAtUs],
};

/** The journal: entries with ids drawn first, and their postings naming them. */
function addJournal(s: ArrayStatement): void {
  s.add(
    `entry AS (SELECT v.*, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id FROM ${s.unnest('v', { ord: 'int', kind: 'text', reference: 'text', created_at_us: 'bigint' }, entryRows)})`,
  );
  s.add(
    'entered AS (INSERT INTO journal_entries (id, kind, reference, created_at_us) SELECT id, kind, reference, created_at_us FROM entry)',
  );
  s.add(
    `posted AS (INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount) SELECT entry.id, p.account_id, p.bucket, p.asset, p.amount ` +
      `FROM ${s.unnest('p', { ord: 'int', account_id: 'text', bucket: 'text', asset: 'text', amount: 'bigint' }, postingRows)} JOIN entry ON entry.ord = p.ord)`,
  );
}

/** Orders inserted and updated, each with its market's new book version. */
function addOrders(s: ArrayStatement): void {
  const versioned = (set: TradingWriteSet, orders: readonly OrderRow[]) => {
    const versionOf = bookVersions(set);
    return orders.map((order) => ({ ...order, book_version: versionOf(order) }));
  };
  s.add(
    `inserted AS (INSERT INTO orders (${orderColumns.join(', ')}, book_version) SELECT * FROM ${s.unnest('v', { ...orderCasts, book_version: 'bigint' }, (set) => versioned(set, set.insertedOrders))})`,
  );
  const changeCasts: Record<string, Cast> = { id: 'text' };
  for (const c of orderChangeColumns) changeCasts[c] = orderCasts[c];
  changeCasts.book_version = 'bigint';
  s.add(
    `updated AS (UPDATE orders o SET ${[...orderChangeColumns, 'book_version'].map((c) => `${c} = v.${c}`).join(', ')} FROM ${s.unnest('v', changeCasts, (set) => versioned(set, set.updatedOrders))} WHERE o.id = v.id)`,
  );
}

/** Trades, legs, the lots and transfers of auto-transfers, and each market's book version. */
function addTradesAndBooks(s: ArrayStatement): void {
  s.add(
    `traded AS (INSERT INTO trades (${tradeColumns.join(', ')}) SELECT * FROM ${s.unnest('v', tradeCasts, (set) => set.trades)})`,
  );
  s.add(
    `legged AS (INSERT INTO trade_legs (${legColumns.join(', ')}) SELECT * FROM ${s.unnest('v', legCasts, (set) => set.legs)})`,
  );
  s.add(
    `lotted AS (INSERT INTO consumption_lots (${lotColumns.join(', ')}) SELECT * FROM ${s.unnest('v', lotCasts, (set) => set.lots)})`,
  );
  s.add(
    `transferred AS (INSERT INTO transfers (${transferColumns.join(', ')}) SELECT * FROM ${s.unnest('v', transferCasts, (set) => set.transfers)})`,
  );
  s.add(
    `booked AS (UPDATE market_books b SET version = v.version, next_sequence = v.next_sequence ` +
      `FROM ${s.unnest(
        'v',
        { market_id: 'text', version: 'bigint', next_sequence: 'bigint' },
        (set) => set.books,
        (book, c) => (c === 'market_id' ? book.marketId : c === 'version' ? book.version : book.nextSequence),
      )} ` +
      `WHERE b.market_id = v.market_id)`,
  );
}

/** The accounts' changes, their rows locked in id order; the statement ends with their conditional update. */
function addAccountChanges(s: ArrayStatement): string {
  const changeColumnCasts = Object.fromEntries(
    Object.entries(accountChangeColumns).map(([name, [cast]]) => [name, cast]),
  );
  s.add(
    `change AS (SELECT * FROM ${s.unnest(
      'c',
      changeColumnCasts,
      (_set, accounts) => accounts,
      (change, name) => accountChangeColumns[name]![1](change),
    )})`,
  );
  // NO KEY UPDATE, not UPDATE: the postings' foreign keys take KEY SHARE locks on these rows in
  // posting order, which UPDATE would conflict with; so only the id order of these locks matters.
  s.add(
    'held AS (SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT id FROM change) ORDER BY a.id FOR NO KEY UPDATE)',
  );
  return s.text(
    `UPDATE ledger_accounts a SET available = a.available + c.available, locked = a.locked + c.locked, ` +
      `last_deposit_at_us = COALESCE(c.last_deposit_at_us, a.last_deposit_at_us), last_withdrawal_at_us = COALESCE(c.last_withdrawal_at_us, a.last_withdrawal_at_us), ` +
      `last_trading_activity_at_us = COALESCE(c.last_trading_activity_at_us, a.last_trading_activity_at_us), last_transfer_at_us = COALESCE(c.last_transfer_at_us, a.last_transfer_at_us), ` +
      `total_transfers_in = a.total_transfers_in + c.transfers_in, updated_at_us = c.updated_at_us ` +
      `FROM change c JOIN held ON held.id = c.id ` +
      `WHERE a.id = c.id AND (a.kind = 'system' OR (a.available + c.available >= 0 AND a.locked + c.locked >= 0)) RETURNING a.id`,
  );
}

const postgresWrite = (() => {
  const s = new ArrayStatement();
  addJournal(s);
  addOrders(s);
  addTradesAndBooks(s);
  const text = addAccountChanges(s);
  return {
    statement: statement('batch_write', '', text),
    params: (set: TradingWriteSet, accounts: readonly AccountChange[]) => s.params(set, accounts),
  };
})();

async function writePostgres(sql: Sql, set: TradingWriteSet, accounts: readonly AccountChange[]): Promise<string[]> {
  const applied = await sql.all<{ id: string }>(postgresWrite.statement, postgresWrite.params(set, accounts));
  const done = new Set(applied.map((r) => r.id));
  return accounts.filter((c) => !done.has(c.accountId)).map((c) => c.accountId);
}
