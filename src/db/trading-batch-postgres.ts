import { lotColumns, transferColumns } from './consumption-lots.js';
import { eventsChannel } from './event-transport.js';
import type { AccountChange } from './journal.js';
import { legColumns, orderChangeColumns, orderColumns, tradeColumns } from './orders.js';
import { legCasts, lotCasts, orderCasts, tradeCasts, transferCasts, type Cast } from './trading-batch-casts.js';
import { bookVersions, type TradingWriteSet } from './trading-write-set.js';
import type { OrderRow } from './trading-rows.js';
import { statement, type Param, type Scalar, type Sql } from './sql.js';

/** The PostgreSQL form of a trading batch's write set (src/db/trading-batch.ts): one statement. */

/**
 * The write set as one PostgreSQL statement of fixed text, prepared once: each table's rows travel
 * as one array per column and come apart with unnest, so a batch of any size is the same statement.
 * Entry ids are drawn first (a CTE with nextval is evaluated once), so that postings name theirs.
 */
type Column = (set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]) => Scalar[];

class ArrayStatement {
  private readonly parts: string[] = [];
  private readonly columns: Column[] = [];

  /** `unnest($1::text[], $2::bigint[], …) AS alias (a, b, …)` over the columns given. */
  unnest<R>(
    alias: string,
    casts: Record<string, Cast>,
    rowsOf: (
      set: TradingWriteSet,
      accounts: readonly AccountChange[],
      notifications: readonly string[],
    ) => readonly R[],
    valueOf: (row: R, column: string) => Param = (row, c) => (row as Record<string, Param>)[c]!,
  ): string {
    const names = Object.keys(casts);
    const args = names.map((name) => {
      this.columns.push((set, accounts, notifications) =>
        rowsOf(set, accounts, notifications).map((row) => valueOf(row, name) as Scalar),
      );
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

  params(set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]): Param[] {
    return this.columns.map((column) => column(set, accounts, notifications));
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

/**
 * The accounts' changes, their rows locked in id order, and their conditional update; the statement ends by answering
 * the ids it changed, after the batch's notifications (a volatile CTE, read by a branch that returns no row).
 */
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
  s.add(
    `applied AS (UPDATE ledger_accounts a SET available = a.available + c.available, locked = a.locked + c.locked, ` +
      `last_deposit_at_us = COALESCE(c.last_deposit_at_us, a.last_deposit_at_us), last_withdrawal_at_us = COALESCE(c.last_withdrawal_at_us, a.last_withdrawal_at_us), ` +
      `last_trading_activity_at_us = COALESCE(c.last_trading_activity_at_us, a.last_trading_activity_at_us), last_transfer_at_us = COALESCE(c.last_transfer_at_us, a.last_transfer_at_us), ` +
      `total_transfers_in = a.total_transfers_in + c.transfers_in, updated_at_us = c.updated_at_us ` +
      `FROM change c JOIN held ON held.id = c.id ` +
      `WHERE a.id = c.id AND (a.kind = 'system' OR (a.available + c.available >= 0 AND a.locked + c.locked >= 0)) RETURNING a.id)`,
  );
  s.add(
    `notified AS (SELECT count(pg_notify('${eventsChannel}', n.payload)) AS sent FROM ${s.unnest(
      'n',
      { payload: 'text' },
      (_set, _accounts, notifications) => notifications,
      (payload) => payload,
    )})`,
  );
  return s.text('SELECT id FROM applied UNION ALL SELECT NULL FROM notified WHERE sent < 0');
}

const postgresWrite = (() => {
  const s = new ArrayStatement();
  addJournal(s);
  addOrders(s);
  addTradesAndBooks(s);
  const text = addAccountChanges(s);
  return {
    statement: statement('batch_write', '', text),
    params: (set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]) =>
      s.params(set, accounts, notifications),
  };
})();

export async function writePostgres(
  sql: Sql,
  set: TradingWriteSet,
  accounts: readonly AccountChange[],
  notifications: readonly string[],
): Promise<string[]> {
  const applied = await sql.all<{ id: string | null }>(
    postgresWrite.statement,
    postgresWrite.params(set, accounts, notifications),
  );
  const done = new Set(applied.map((r) => r.id));
  return accounts.filter((c) => !done.has(c.accountId)).map((c) => c.accountId);
}
