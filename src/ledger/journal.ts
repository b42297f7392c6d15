import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  accountExists,
  insertSystemAccount,
  insertUserAccount,
  userAccount,
  writeJournalEntry,
  type BucketChange,
  type LedgerAccountRow,
} from '../db/journal.js';
import { sqlOf, withSql, type Sql } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { noteChangedAccounts } from '../core/announcements.js';
import type { AccountKind, Bucket, SystemAccountName } from './assets.js';

type Trx = Knex | Knex.Transaction;

export type { LedgerAccountRow } from '../db/journal.js';

export interface Posting {
  accountId: string;
  bucket: Bucket;
  asset: string;
  /** Signed: positive adds to the bucket, negative takes from it. */
  amount: number;
}

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
  return (await userAccount(sql, userId, kind, asset))!;
}

/** A system account (the outside world, fees, issuance …) for one asset, created on first use. */
const knownSystemAccounts = new Set<string>();

export async function systemAccount(trx: Trx, name: SystemAccountName, asset: string, nowUs: number): Promise<string> {
  const id = `system:${name}:${asset}`;
  return withSql(trx, async (sql) => {
    // System accounts are never deleted, so once one exists a plain read (which takes no lock) does;
    // an insert-or-ignore on every fill would lock the index and deadlock markets on PostgreSQL.
    if (knownSystemAccounts.has(id) && (await accountExists(sql, id))) return id;
    knownSystemAccounts.add(id);
    await insertSystemAccount(sql, id, asset, nowUs);
    return id;
  });
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
): Promise<void> {
  const live = postings.filter((p) => p.amount !== 0);
  if (live.length === 0) return;
  assertBalanced(live);
  // One conditional change per account, whichever of its buckets the entry moves.
  const changes = new Map<string, BucketChange>();
  for (const p of live) {
    const change = changes.get(p.accountId) ?? { accountId: p.accountId, available: 0, locked: 0 };
    change[p.bucket] += p.amount;
    changes.set(p.accountId, change);
  }
  const [refused] = await writeJournalEntry(await sqlOf(trx), kind, reference, live, [...changes.values()], nowUs);
  if (refused !== undefined) {
    const change = changes.get(refused)!;
    const bucket: Bucket = change.available < 0 ? 'available' : 'locked';
    throw new LedgerShortfall(refused, bucket, change[bucket]);
  }
  const lowered = [...changes.values()].filter((change) => change.available < 0).map((change) => change.accountId);
  noteChangedAccounts(trx, changes.keys(), lowered);
}

/** Every asset's postings sum to zero: an entry that does not balance is a bug. */
export function assertBalanced(postings: readonly Posting[]): void {
  const sums = new Map<string, number>();
  for (const p of postings) {
    assert(Number.isSafeInteger(p.amount), `posting amount must be a safe integer, got ${p.amount}`);
    sums.set(p.asset, (sums.get(p.asset) ?? 0) + p.amount);
  }
  for (const [asset, sum] of sums) assert(sum === 0, `journal entry does not balance in ${asset}: ${sum}`);
}

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
