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
  for (const entry of set.entries) await insertEntry(sql, entry);
  const refused: string[] = [];
  for (const change of accounts)
    if ((await sql.run(applyAccountChange, accountChangeParams(change))) !== 1) refused.push(change.accountId);
  if (refused.length > 0) return refused;
  const versionOf = bookVersions(set);
  for (const order of set.insertedOrders)
    await sql.run(insertOrder, [...orderColumns.map((c) => order[c]), versionOf(order)]);
  for (const order of set.updatedOrders)
    await sql.run(updateOrder, [...orderChangeColumns.map((c) => order[c]), versionOf(order), order.id]);
  await insertMany(sql, 'trades', tradeColumns, set.trades);
  await insertMany(sql, 'trade_legs', legColumns, set.legs);
  await insertMany(sql, 'consumption_lots', lotColumns, set.lots);
  await insertMany(sql, 'transfers', transferColumns, set.transfers);
  for (const book of set.books) await sql.run(advanceBook, [book.version, book.nextSequence, book.marketId]);
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

const insertEntryStatement = statement(
  'batch_journal_entry_insert',
  'INSERT INTO journal_entries (kind, reference, created_at_us) VALUES (?, ?, ?) RETURNING id',
);
const insertOrder = statement(
  'batch_order_insert',
  `INSERT INTO orders (${orderColumns.join(', ')}, book_version) VALUES ${valuesList(1, orderColumns.length + 1)}`,
);
const updateOrder = statement(
  'batch_order_update',
  `UPDATE orders SET ${orderChangeColumns.map((c) => `${c} = ?`).join(', ')}, book_version = ? WHERE id = ?`,
);
const advanceBook = statement(
  'batch_market_book_advance',
  'UPDATE market_books SET version = ?, next_sequence = ? WHERE market_id = ?',
);

/**
 * Moves both buckets of one account by signed amounts and records its activity, unless that takes
 * a user account's bucket below zero (system accounts may go negative: the outside world, issuance).
 */
const applyAccountChange = statement(
  'batch_ledger_account_apply',
  `UPDATE ledger_accounts SET available = available + ?, locked = locked + ?,
     last_deposit_at_us = COALESCE(?, last_deposit_at_us), last_withdrawal_at_us = COALESCE(?, last_withdrawal_at_us),
     last_trading_activity_at_us = COALESCE(?, last_trading_activity_at_us), last_transfer_at_us = COALESCE(?, last_transfer_at_us),
     total_transfers_in = total_transfers_in + ?, updated_at_us = ?
   WHERE id = ? AND (kind = 'system' OR (available + ? >= 0 AND locked + ? >= 0))`,
);

const accountChangeParams = (c: AccountChange): Param[] => [
  c.available,
  c.locked,
  c.lastDepositAtUs,
  c.lastWithdrawalAtUs,
  c.lastTradingActivityAtUs,
  c.lastTransferAtUs,
  c.transfersIn,
  c.updatedAtUs,
  c.accountId,
  c.available,
  c.locked,
];

/** An entry's postings are few (two to five): one named statement per count. */
function insertPostingsOf(count: number): Statement {
  return shapedStatement(`batch_journal_postings_insert_${count}`, () => ({
    sqlite: `INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount) VALUES ${valuesList(count, 5)}`,
  }));
}

async function insertEntry(sql: Sql, entry: JournalEntryWrite): Promise<void> {
  const row = await sql.get<{ id: number | bigint }>(insertEntryStatement, [
    entry.kind,
    entry.reference,
    entry.createdAtUs,
  ]);
  assert(row !== undefined, 'an insert RETURNING id returns the row');
  const entryId = Number(row.id);
  const params: Param[] = [];
  for (const p of entry.postings) params.push(entryId, p.accountId, p.bucket, p.asset, p.amount);
  await sql.run(insertPostingsOf(entry.postings.length), params);
}

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
