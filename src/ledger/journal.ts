import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  accountExists,
  insertSystemAccount,
  insertUserAccount,
  userAccount,
  writeJournalEntry,
  type AccountKind,
  type Bucket,
  type LedgerAccountRow,
} from '../db/journal.js';
import { sqlOf, withSql, type Sql } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { keyOf, noteChangedAccounts } from './announcements.js';
import { usd, type SystemAccountName } from './assets.js';
import { JournalWriteSet, type Posting } from './write-set.js';

type Trx = Knex | Knex.Transaction;

export type { LedgerAccountRow } from '../db/journal.js';

export type { Posting } from './write-set.js';

/** A user's bucket would go below zero: the caller checked too little, or someone else got there first. */
export class LedgerShortfall extends Error {
  constructor(
    readonly accountId: string,
    readonly bucket: Bucket,
    readonly amount: number,
  ) {
    super(`ledger account ${accountId} lacks ${-amount} in its ${bucket} bucket`);
    this.name = 'LedgerShortfall';
  }
}

const idPrefix: Record<Exclude<AccountKind, 'system'>, string> = {
  currency: 'trading_account_',
  trading: 'trading_account_',
  consumption: 'consumption_account_',
  issuance: 'issuance_account_',
};

/** The user's account of this kind and asset, created on first use. */
export async function ensureAccount(
  trx: Trx,
  userId: string,
  kind: Exclude<AccountKind, 'system'>,
  asset: string,
  instrumentId: string | null,
  nowUs: number,
): Promise<LedgerAccountRow> {
  return withSql(trx, (sql) => ensureAccountOn(sql, userId, kind, asset, instrumentId, nowUs));
}

/** `ensureAccount` on the statements given (a transaction's, when the caller is inside one). */
export async function ensureAccountOn(
  sql: Sql,
  userId: string,
  kind: Exclude<AccountKind, 'system'>,
  asset: string,
  instrumentId: string | null,
  nowUs: number,
): Promise<LedgerAccountRow> {
  const existing = await userAccount(sql, userId, kind, asset);
  if (existing) return existing;
  await insertUserAccount(sql, {
    id: idPrefix[kind] + randomBytes(8).toString('hex'),
    userId,
    kind,
    asset,
    instrumentId,
    nowUs,
  });
  const opened = await userAccount(sql, userId, kind, asset);
  assert(opened !== undefined, `ledger account of ${userId} (${kind}, ${asset}) was just opened`);
  return opened;
}

/**
 * The system accounts known to exist, per database (keyed as announcements.ts keys one): system accounts are never
 * deleted, so one seen committed is not looked up again (every settlement names system:consumed).
 */
const knownSystemAccounts = new WeakMap<object, Set<string>>();

function knownIn(db: Trx): Set<string> {
  const key = keyOf(db);
  let known = knownSystemAccounts.get(key);
  if (!known) {
    known = new Set();
    knownSystemAccounts.set(key, known);
  }
  return known;
}

/** Remembers a system account once what showed it is committed (a transaction that made it may yet roll back). */
function rememberOnCommit(db: Trx, known: Set<string>, id: string): void {
  if (!db.isTransaction) {
    known.add(id);
    return;
  }
  let outermost = db as Knex.Transaction;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  outermost.executionPromise.then(
    () => known.add(id),
    () => undefined,
  );
}

/**
 * A system account (the outside world, fees, issuance …) for one asset, created on first use; `scope` makes one of
 * several of a name (`system:fees:<instrument>:usd`, a market's fees: ledger/fee-sweep.ts).
 */
export async function systemAccount(
  trx: Trx,
  name: SystemAccountName,
  asset: string,
  nowUs: number,
  scope?: string,
): Promise<string> {
  const id = scope === undefined ? `system:${name}:${asset}` : `system:${name}:${scope}:${asset}`;
  const known = knownIn(trx);
  if (known.has(id)) return id;
  return withSql(trx, async (sql) => {
    // Until one is seen, a plain read (which takes no lock) first; an insert-or-ignore on every fill would lock the
    // index and deadlock markets on PostgreSQL.
    if (await accountExists(sql, id)) rememberOnCommit(trx, known, id);
    else await insertSystemAccount(sql, id, asset, nowUs);
    return id;
  });
}

/** What left an account for good with an entry (tokens consumed): counted in its withdrawals by the entry's update. */
interface Withdrawal {
  accountId: string;
  amount: number;
}

/**
 * Writes one balanced journal entry and applies it to the materialised balances, in the caller's
 * transaction: one update per account, conditional on every bucket it debits, so a user's balance
 * can never go negative even when two processes race: the loser gets a LedgerShortfall and its
 * transaction rolls back.
 */
export async function post(
  trx: Knex.Transaction,
  kind: string,
  reference: string | null,
  postings: Posting[],
  nowUs: number,
  withdrawal?: Withdrawal,
): Promise<void> {
  const set = new JournalWriteSet();
  set.add(kind, reference, postings, nowUs);
  const [entry] = set.entries;
  if (entry === undefined) return;
  const changes = set
    .accountChanges()
    .map((change) =>
      change.accountId === withdrawal?.accountId ? { ...change, withdrawn: withdrawal.amount } : change,
    );
  const [refused] = await writeJournalEntry(await sqlOf(trx), entry, changes);
  if (refused !== undefined) {
    const { bucket, amount } = set.shortfallOf(refused);
    throw new LedgerShortfall(refused, bucket, amount);
  }
  noteChangedAccounts(trx, set.userAccountIds(), usdLowered(set.loweredAccountIds(), entry.postings));
}

/**
 * The lowered accounts that hold USD: what the committed-accounts watcher (auto-reload) looks at; a consumption
 * account lowered by every inference's reservation is none of its business.
 */
const usdLowered = (lowered: readonly string[], postings: readonly Posting[]): string[] =>
  lowered.filter((accountId) => postings.some((p) => p.accountId === accountId && p.asset === usd));

/** Postings that move `amount` between two buckets (of one account or two), in one asset. */
export function move(
  asset: string,
  from: { accountId: string; bucket: Bucket },
  to: { accountId: string; bucket: Bucket },
  amount: number,
): Posting[] {
  assert(amount >= 0, `a move is of a non-negative amount, got ${amount}`);
  return [
    { accountId: from.accountId, bucket: from.bucket, asset, amount: -amount },
    { accountId: to.accountId, bucket: to.bucket, asset, amount },
  ];
}
