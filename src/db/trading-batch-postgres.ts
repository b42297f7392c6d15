import { eventsChannel } from './event-transport.js';
import type { AccountChange } from './journal.js';
import { orderChangeColumns, orderColumns } from './orders.js';
import { legCasts, lotCasts, orderCasts, tradeCasts, transferCasts, type Cast } from './trading-batch-casts.js';
import { bookVersions, type TradingWriteSet } from './trading-write-set.js';
import type { OrderRow } from './trading-rows.js';
import { statement, type Param, type Sql } from './sql.js';

/** The PostgreSQL form of a trading batch's write set (src/db/trading-batch.ts): one statement. */

/**
 * The write set as one PostgreSQL statement of fixed text, prepared once: each table's rows travel as one JSON
 * parameter and come apart with json_to_recordset, so a batch of any size is the same statement. JSON, not one array
 * per column: JSON.stringify is one native call per table, where node-postgres escapes an array element by element.
 * Keys not in a record's column list are ignored, so rows go as they are; camelCase fields are quoted column names.
 * Entry ids are drawn first (a CTE with nextval is evaluated once), so that postings name theirs.
 */
type Records = (set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]) => unknown;
type Value = (set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]) => Param;

class RecordsStatement {
  private readonly parts: string[] = [];
  private readonly values: Value[] = [];

  /** `?::json`: what `valueOf` gives, as JSON. */
  json(valueOf: Records): string {
    this.values.push((set, accounts, notifications) => JSON.stringify(valueOf(set, accounts, notifications)));
    return '?::json';
  }

  /**
   * `?::text[]`: the keys of the rows an UPDATE joins. The planner takes a function scan of JSON for 100 rows and an
   * array parameter for 10: with the keys as `column = ANY(keys)` it reads the few rows by their index, where a join
   * with the JSON alone hashed a sequential scan of the table while it had fewer than some 45,000 rows.
   */
  keys(keysOf: (set: TradingWriteSet, accounts: readonly AccountChange[]) => string[]): string {
    this.values.push(keysOf);
    return '?::text[]';
  }

  /** `json_to_recordset(?::json) AS alias (a type, b type, …)`: the rows `recordsOf` gives. */
  records(alias: string, casts: Record<string, Cast>, recordsOf: Records): string {
    const columns = Object.entries(casts).map(([name, cast]) => `${name} ${cast}`);
    return `json_to_recordset(${this.json(recordsOf)}) AS ${alias} (${columns.join(', ')})`;
  }

  add(part: string): void {
    this.parts.push(part);
  }

  text(final: string): string {
    return `WITH ${this.parts.join(', ')} ${final}`;
  }

  params(set: TradingWriteSet, accounts: readonly AccountChange[], notifications: readonly string[]): Param[] {
    return this.values.map((valueOf) => valueOf(set, accounts, notifications));
  }
}

/** The columns of each row's object named as JSON has them: a camelCase field is a quoted column name. */
const quoted = (casts: Record<string, Cast>): Record<string, Cast> =>
  Object.fromEntries(Object.entries(casts).map(([name, cast]) => [`"${name}"`, cast]));

/** The journal: entries with ids drawn first (in the order given), and their postings naming them. */
function addJournal(s: RecordsStatement): void {
  s.add(
    `entry AS (SELECT v.*, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id FROM ` +
      `${s.records('v', quoted({ kind: 'text', reference: 'text', createdAtUs: 'bigint', postings: 'json' }), (set) => set.entries)})`,
  );
  s.add(
    'entered AS (INSERT INTO journal_entries (id, kind, reference, created_at_us) SELECT id, kind, reference, "createdAtUs" FROM entry)',
  );
  s.add(
    `posted AS (INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount) SELECT entry.id, p."accountId", p.bucket, p.asset, p.amount ` +
      `FROM entry CROSS JOIN LATERAL json_to_recordset(entry.postings) AS p ("accountId" text, bucket text, asset text, amount bigint))`,
  );
}

/** Orders inserted and updated, each with its market's new book version. */
function addOrders(s: RecordsStatement): void {
  const versioned = (set: TradingWriteSet, orders: readonly OrderRow[]) => {
    const versionOf = bookVersions(set);
    return orders.map((order) => ({ ...order, book_version: versionOf(order) }));
  };
  s.add(
    `inserted AS (INSERT INTO orders (${orderColumns.join(', ')}, book_version) SELECT ${orderColumns.join(', ')}, book_version ` +
      `FROM ${s.records('v', { ...orderCasts, book_version: 'bigint' }, (set) => versioned(set, set.insertedOrders))})`,
  );
  const changeCasts: Record<string, Cast> = { id: 'text' };
  for (const c of orderChangeColumns) changeCasts[c] = orderCasts[c];
  changeCasts.book_version = 'bigint';
  s.add(
    `updated AS (UPDATE orders o SET ${[...orderChangeColumns, 'book_version'].map((c) => `${c} = v.${c}`).join(', ')} ` +
      `FROM ${s.records('v', changeCasts, (set) => versioned(set, set.updatedOrders))} ` +
      `WHERE o.id = v.id AND o.id = ANY(${s.keys((set) => set.updatedOrders.map((order) => order.id))}))`,
  );
}

/** Rows inserted into `table` as they are: its columns, in order, each of its cast. */
function addInsert(s: RecordsStatement, alias: string, table: string, casts: Record<string, Cast>, recordsOf: Records) {
  const columns = Object.keys(casts).join(', ');
  s.add(`${alias} AS (INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${s.records('v', casts, recordsOf)})`);
}

/** Trades, legs, the lots and transfers of auto-transfers, and each market's book version. */
function addTradesAndBooks(s: RecordsStatement): void {
  addInsert(s, 'traded', 'trades', tradeCasts, (set) => set.trades);
  addInsert(s, 'legged', 'trade_legs', legCasts, (set) => set.legs);
  addInsert(s, 'lotted', 'consumption_lots', lotCasts, (set) => set.lots);
  addInsert(s, 'transferred', 'transfers', transferCasts, (set) => set.transfers);
  s.add(
    `booked AS (UPDATE market_books b SET version = v.version, next_sequence = v."nextSequence" ` +
      `FROM ${s.records('v', quoted({ marketId: 'text', version: 'bigint', nextSequence: 'bigint' }), (set) => set.books)} ` +
      `WHERE b.market_id = v."marketId" AND b.market_id = ANY(${s.keys((set) => set.books.map((book) => book.marketId))}))`,
  );
}

const accountChangeCasts = quoted({
  accountId: 'text',
  available: 'bigint',
  locked: 'bigint',
  lastDepositAtUs: 'bigint',
  lastWithdrawalAtUs: 'bigint',
  lastTradingActivityAtUs: 'bigint',
  lastTransferAtUs: 'bigint',
  transfersIn: 'bigint',
  updatedAtUs: 'bigint',
} satisfies Record<keyof AccountChange, Cast>);

/**
 * The accounts' changes, their rows locked in id order, and their conditional update; the statement ends by answering
 * the ids it changed, after the batch's notifications (a volatile CTE, read by a branch that returns no row).
 */
function addAccountChanges(s: RecordsStatement): string {
  const accountIds = (_set: TradingWriteSet, accounts: readonly AccountChange[]) => accounts.map((c) => c.accountId);
  s.add(`change AS (SELECT * FROM ${s.records('c', accountChangeCasts, (_set, accounts) => accounts)})`);
  // NO KEY UPDATE, not UPDATE: the postings' foreign keys take KEY SHARE locks on these rows in
  // posting order, which UPDATE would conflict with; so only the id order of these locks matters.
  s.add(
    `held AS (SELECT a.id FROM ledger_accounts a WHERE a.id = ANY(${s.keys(accountIds)}) ORDER BY a.id FOR NO KEY UPDATE)`,
  );
  s.add(
    `applied AS (UPDATE ledger_accounts a SET available = a.available + c.available, locked = a.locked + c.locked, ` +
      `last_deposit_at_us = COALESCE(c."lastDepositAtUs", a.last_deposit_at_us), last_withdrawal_at_us = COALESCE(c."lastWithdrawalAtUs", a.last_withdrawal_at_us), ` +
      `last_trading_activity_at_us = COALESCE(c."lastTradingActivityAtUs", a.last_trading_activity_at_us), last_transfer_at_us = COALESCE(c."lastTransferAtUs", a.last_transfer_at_us), ` +
      `total_transfers_in = a.total_transfers_in + c."transfersIn", updated_at_us = c."updatedAtUs" ` +
      `FROM change c JOIN held ON held.id = c."accountId" ` +
      `WHERE a.id = c."accountId" AND a.id = ANY(${s.keys(accountIds)}) AND (a.kind = 'system' OR (a.available + c.available >= 0 AND a.locked + c.locked >= 0)) RETURNING a.id)`,
  );
  s.add(
    `notified AS (SELECT count(pg_notify('${eventsChannel}', n.payload)) AS sent ` +
      `FROM json_array_elements_text(${s.json((_set, _accounts, notifications) => notifications)}) AS n (payload))`,
  );
  return s.text('SELECT id FROM applied UNION ALL SELECT NULL FROM notified WHERE sent < 0');
}

const postgresWrite = (() => {
  const s = new RecordsStatement();
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
