import { assert } from '../lib/assert.js';
import { parameterList, shapedStatement, statement, type Sql, type Statement } from './sql.js';

/**
 * The journal and the materialised balances (migration 0005): journal_entries, journal_postings and
 * the buckets of ledger_accounts. The ledger (src/ledger/journal.ts) decides what moves; this module
 * only writes it.
 */

/** `issuance`: a supplier's issued Units of one instrument, waiting to be transferred to trading. */
export type AccountKind = 'currency' | 'trading' | 'consumption' | 'issuance' | 'system';
export type Bucket = 'available' | 'locked';

export interface LedgerAccountRow {
  id: string;
  user_id: string | null;
  kind: AccountKind;
  asset: string;
  instrument_id: string | null;
  status: string;
  available: number;
  locked: number;
  deposited: number;
  last_deposit_at_us: number | null;
  last_withdrawal_at_us: number | null;
  last_trading_activity_at_us: number | null;
  last_transfer_at_us: number | null;
  last_commitment_at_us: number | null;
  total_deposits: number;
  total_transfers_in: number;
  total_withdrawals: number;
  total_commitments: number;
  created_at_us: number;
  updated_at_us: number;
}

/** One posting of an entry: signed, positive adds to the bucket, negative takes from it. */
export interface PostingWrite {
  accountId: string;
  bucket: Bucket;
  asset: string;
  amount: number;
}

/** A journal entry as it is written: its postings as they were posted. */
export interface JournalEntryWrite {
  kind: string;
  reference: string | null;
  createdAtUs: number;
  postings: readonly PostingWrite[];
}

/** The net change of one ledger account over a write set, and the activity it records. */
export interface AccountChange {
  accountId: string;
  available: number;
  locked: number;
  /** Null leaves the column as it is. */
  lastDepositAtUs: number | null;
  lastWithdrawalAtUs: number | null;
  lastTradingActivityAtUs: number | null;
  lastTransferAtUs: number | null;
  /** Units that arrived by transfer (consumption accounts). */
  transfersIn: number;
  updatedAtUs: number;
}

const insertEntry = statement(
  'journal_entry_insert',
  'INSERT INTO journal_entries (kind, reference, created_at_us) VALUES (?, ?, ?) RETURNING id',
);

/** An entry's postings are few (two to five): one named statement per count. */
function insertPostingsOf(count: number): Statement {
  return shapedStatement(`journal_postings_insert_${count}`, () => ({
    sqlite: `INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount) VALUES ${new Array<string>(count).fill('(?, ?, ?, ?, ?)').join(', ')}`,
  }));
}

/**
 * Moves both buckets of one account by signed amounts, unless that takes a user account's bucket
 * below zero (system accounts may go negative: the outside world, issuance). Balances of user
 * accounts are never negative (a CHECK holds it too), so the guard only ever refuses a debit.
 */
const applyToAccount = statement(
  'ledger_account_apply',
  `UPDATE ledger_accounts SET available = available + ?, locked = locked + ?, updated_at_us = ?
   WHERE id = ? AND (kind = 'system' OR (available + ? >= 0 AND locked + ? >= 0))`,
);

/** The same, also counting tokens that left the account for good (consumed): its withdrawals and their time. */
const applyWithdrawingToAccount = statement(
  'ledger_account_apply_withdrawing',
  `UPDATE ledger_accounts SET available = available + ?, locked = locked + ?, updated_at_us = ?, total_withdrawals = total_withdrawals + ?, last_withdrawal_at_us = ?
   WHERE id = ? AND (kind = 'system' OR (available + ? >= 0 AND locked + ? >= 0))`,
);

/** An account's change; `withdrawn`: what left it for good (counted in its withdrawals), when anything did. */
type BucketChange = Pick<AccountChange, 'accountId' | 'available' | 'locked'> & { withdrawn?: number };

/**
 * Writes an entry, its postings and the balance changes it makes; resolves with the ids of the
 * accounts whose change was refused (a user bucket would go negative), empty when all applied. A
 * refusal leaves the entry written: the caller rolls its transaction (or savepoint) back.
 *
 * Accounts are locked in the order of their ids, so two transactions that move the same accounts
 * (fee and system accounts are shared by every market) cannot deadlock on them (FOR NO KEY UPDATE:
 * it does not conflict with the KEY SHARE locks that the postings' foreign keys take). On PostgreSQL it is
 * one statement, one round trip, named per shape; on SQLite, in process, one statement per row.
 */
export async function writeJournalEntry(
  sql: Sql,
  entry: JournalEntryWrite,
  changes: readonly BucketChange[],
): Promise<string[]> {
  const { kind, reference, postings, createdAtUs: nowUs } = entry;
  const ordered = [...changes].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  if (sql.kind === 'postgres') {
    const params: (string | number | null)[] = [kind, reference, nowUs];
    for (const p of postings) params.push(p.accountId, p.bucket, p.asset, p.amount);
    for (const c of ordered) params.push(c.accountId, c.available, c.locked, c.withdrawn ?? 0);
    const applied = await sql.all<{ id: string }>(postgresEntryOf(postings.length, ordered.length), params);
    const done = new Set(applied.map((r) => r.id));
    return ordered.filter((c) => !done.has(c.accountId)).map((c) => c.accountId);
  }
  await insertJournalEntry(sql, kind, reference, postings, nowUs);
  const refused: string[] = [];
  for (const c of ordered) if (!(await applyBucketChanges(sql, c, nowUs))) refused.push(c.accountId);
  return refused;
}

/** The whole entry as one PostgreSQL statement, for `postings` postings over `accounts` accounts. */
function postgresEntryOf(postings: number, accounts: number): Statement {
  return shapedStatement(`journal_entry_${postings}_${accounts}`, () => {
    const postingValues = new Array<string>(postings).fill('(?::text, ?::text, ?::text, ?::bigint)').join(', ');
    const changeValues = new Array<string>(accounts).fill('(?::text, ?::bigint, ?::bigint, ?::bigint)').join(', ');
    const text = `WITH entry AS (
  INSERT INTO journal_entries (kind, reference, created_at_us) VALUES (?, ?, ?::bigint) RETURNING id, created_at_us
), postings AS (
  INSERT INTO journal_postings (entry_id, account_id, bucket, asset, amount)
  SELECT entry.id, v.account_id, v.bucket, v.asset, v.amount FROM entry, (VALUES ${postingValues}) AS v (account_id, bucket, asset, amount)
), change AS (
  SELECT * FROM (VALUES ${changeValues}) AS c (id, available, locked, withdrawn)
), held AS (
  SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT id FROM change) ORDER BY a.id FOR NO KEY UPDATE
)
UPDATE ledger_accounts a SET available = a.available + change.available, locked = a.locked + change.locked, updated_at_us = (SELECT created_at_us FROM entry),
  total_withdrawals = a.total_withdrawals + change.withdrawn,
  last_withdrawal_at_us = CASE WHEN change.withdrawn > 0 THEN (SELECT created_at_us FROM entry) ELSE a.last_withdrawal_at_us END
FROM change JOIN held ON held.id = change.id
WHERE a.id = change.id AND (a.kind = 'system' OR (a.available + change.available >= 0 AND a.locked + change.locked >= 0))
RETURNING a.id`;
    return { sqlite: '', postgres: text };
  });
}

/** Inserts the entry and its postings; resolves with the entry's id. */
async function insertJournalEntry(
  sql: Sql,
  kind: string,
  reference: string | null,
  postings: readonly PostingWrite[],
  nowUs: number,
): Promise<number> {
  const entry = await sql.get<{ id: number | bigint }>(insertEntry, [kind, reference, nowUs]);
  assert(entry !== undefined, 'an insert RETURNING id returns the row');
  const entryId = Number(entry.id);
  const params: (string | number)[] = [];
  for (const p of postings) params.push(entryId, p.accountId, p.bucket, p.asset, p.amount);
  await sql.run(insertPostingsOf(postings.length), params);
  return entryId;
}

/** Applies signed bucket changes to one account; false when a user bucket would go negative (nothing changed). */
async function applyBucketChanges(sql: Sql, change: BucketChange, nowUs: number): Promise<boolean> {
  const { accountId, available, locked, withdrawn = 0 } = change;
  const params =
    withdrawn > 0
      ? [available, locked, nowUs, withdrawn, nowUs, accountId, available, locked]
      : [available, locked, nowUs, accountId, available, locked];
  return (await sql.run(withdrawn > 0 ? applyWithdrawingToAccount : applyToAccount, params)) === 1;
}

const systemAccountExists = statement('ledger_system_account_exists', 'SELECT id FROM ledger_accounts WHERE id = ?');

export async function accountExists(sql: Sql, accountId: string): Promise<boolean> {
  return (await sql.get(systemAccountExists, [accountId])) !== undefined;
}

const availableOf = statement('ledger_account_available', 'SELECT available FROM ledger_accounts WHERE id = ?');

/** An account's available bucket. */
export async function availableBalance(sql: Sql, accountId: string): Promise<number> {
  const row = await sql.get<{ available: number }>(availableOf, [accountId]);
  if (!row) throw new Error(`ledger account ${accountId} does not exist`);
  return row.available;
}

const userAccountStatement = statement(
  'ledger_user_account',
  'SELECT * FROM ledger_accounts WHERE user_id = ? AND kind = ? AND asset = ?',
);
const insertUserAccountStatement = statement(
  'ledger_user_account_insert',
  'INSERT INTO ledger_accounts (id, user_id, kind, asset, instrument_id, created_at_us, updated_at_us) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, kind, asset) DO NOTHING',
);
const insertSystemAccountStatement = statement(
  'ledger_system_account_insert',
  "INSERT INTO ledger_accounts (id, user_id, kind, asset, created_at_us, updated_at_us) VALUES (?, NULL, 'system', ?, ?, ?) ON CONFLICT (id) DO NOTHING",
);
const traderAccounts = statement(
  'ledger_trader_accounts',
  "SELECT id, asset FROM ledger_accounts WHERE user_id = ? AND asset IN (?, ?) AND kind IN ('currency', 'trading')",
);

/** The user's account of this kind and asset, if opened. */
export const userAccount = (
  sql: Sql,
  userId: string,
  kind: string,
  asset: string,
): Promise<LedgerAccountRow | undefined> => sql.get<LedgerAccountRow>(userAccountStatement, [userId, kind, asset]);

/** Opens the account unless the user has one of this kind and asset already (then nothing happens). */
export async function insertUserAccount(
  sql: Sql,
  account: { id: string; userId: string; kind: string; asset: string; instrumentId: string | null; nowUs: number },
): Promise<void> {
  await sql.run(insertUserAccountStatement, [
    account.id,
    account.userId,
    account.kind,
    account.asset,
    account.instrumentId,
    account.nowUs,
    account.nowUs,
  ]);
}

export async function insertSystemAccount(sql: Sql, id: string, asset: string, nowUs: number): Promise<void> {
  await sql.run(insertSystemAccountStatement, [id, asset, nowUs, nowUs]);
}

/** The ids of a trader's USD and Units trading accounts among `assets`, with their assets. */
export const traderAccountIds = (
  sql: Sql,
  userId: string,
  usdAsset: string,
  unitsAsset: string,
): Promise<{ id: string; asset: string }[]> =>
  sql.all<{ id: string; asset: string }>(traderAccounts, [userId, usdAsset, unitsAsset]);

/** A ledger account's buckets as a trading batch reads them. */
export interface AccountBalanceRow {
  id: string;
  available: number;
  locked: number;
}

/** The buckets of accounts by id, in runs of at most `inListMax` (a named statement per run length). */
const inListMax = 16;

export async function accountBalances(sql: Sql, ids: readonly string[]): Promise<AccountBalanceRow[]> {
  const rows: AccountBalanceRow[] = [];
  for (let start = 0; start < ids.length; start += inListMax) {
    const run = ids.slice(start, start + inListMax);
    const found = shapedStatement(`ledger_account_balances_${run.length}`, () => ({
      sqlite: `SELECT id, available, locked FROM ledger_accounts WHERE id IN (${parameterList(run.length)})`,
    }));
    rows.push(...(await sql.all<AccountBalanceRow>(found, run)));
  }
  return rows;
}
