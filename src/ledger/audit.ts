import type { Knex } from 'knex';
import * as read from '../db/audit.js';
import type { Db } from '../db/knex.js';
import { unitsOf, usd } from './assets.js';

/**
 * The ledger's invariants, checked against the whole database (`mkt admin audit`, DESIGN.md §5):
 *
 * 1. entry_unbalanced — the postings of every journal entry sum to zero in each asset.
 * 2. posting_asset_mismatch — a posting is in the asset of the account it posts to.
 * 3. balance_differs_from_journal — each account's available and locked buckets equal the sums of
 *    its postings to that bucket (the materialised balances are the journal, summed).
 * 4. negative_balance — no user account has a negative bucket (system accounts may).
 * 5. lots_differ_from_balance — each consumption account's available + locked tokens equal the
 *    tokens_remaining of its lots (src/ledger/consumption.ts keeps them in step by design).
 * 6. locked_differs_from_orders — for each user and asset, the locked bucket equals the sum of
 *    `orders.reserved` over the user's open orders (active, pending, partially_filled,
 *    cancellation_pending): buy orders reserve USD, sell orders Units of the market's instrument.
 *    Consumption accounts are not checked here: their locked tokens are held by inference.
 * 7. deposit_differs_from_journal — a credited deposit (src/core/payments.ts) has exactly one
 *    `deposit` entry naming it, crediting its amount to the user; a pending or rejected one has none.
 *
 * Everything is read in one transaction (a repeatable-read snapshot on PostgreSQL), so a busy
 * market does not produce failures that are only reads straddling a commit.
 */
export type AuditCheck =
  | 'entry_unbalanced'
  | 'posting_asset_mismatch'
  | 'balance_differs_from_journal'
  | 'negative_balance'
  | 'lots_differ_from_balance'
  | 'locked_differs_from_orders'
  | 'deposit_differs_from_journal';

export interface AuditFailure {
  check: AuditCheck;
  /** The journal entry, posting or account that fails, or `<user_id> <asset>`. */
  subject: string;
  detail: string;
}

export interface AuditReport {
  ok: boolean;
  failures: AuditFailure[];
  checked: read.AuditCounts;
}

/** The failures of every invariant; an empty list means the ledger is clean. */
export async function auditLedger(db: Db): Promise<AuditFailure[]> {
  return (await runAudit(db)).failures;
}

/** The failures and what was looked at, as `mkt admin audit` prints them. */
export async function runAudit(db: Db): Promise<AuditReport> {
  return read.inAuditSnapshot(db, async (trx) => {
    const failures = [
      ...(await unbalancedEntries(trx)),
      ...(await postingAssetMismatches(trx)),
      ...(await balancesOffJournal(trx)),
      ...(await negativeBalances(trx)),
      ...(await lotsOffBalances(trx)),
      ...(await lockedOffOrders(trx)),
      ...(await depositsOffJournal(trx)),
    ];
    return { ok: failures.length === 0, failures, checked: await read.auditCounts(trx) };
  });
}

async function depositsOffJournal(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.depositsOffJournal(trx);
  return rows.map((r) => ({
    check: 'deposit_differs_from_journal',
    subject: r.id,
    detail: `a ${r.status} deposit of ${r.amount_micros} micro-dollars, named by ${r.entries} deposit entries that credit ${r.credited}`,
  }));
}

async function unbalancedEntries(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.unbalancedEntries(trx);
  return rows.map((r) => ({ check: 'entry_unbalanced', subject: `journal_entry ${r.entry_id}`, detail: `its ${r.asset} postings sum to ${r.total}, not 0` }));
}

async function postingAssetMismatches(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.postingAssetMismatches(trx);
  return rows.map((r) => ({
    check: 'posting_asset_mismatch',
    subject: `journal_posting ${r.id}`,
    detail: `entry ${r.entry_id} posts ${r.asset} to the ${r.bucket} bucket of ${r.account_id}, an account of ${r.account_asset}`,
  }));
}

async function balancesOffJournal(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.balancesOffJournal(trx);
  return rows.map((r) => ({
    check: 'balance_differs_from_journal',
    subject: r.id,
    detail: `balance available ${r.available}, locked ${r.locked}; its postings sum to available ${r.posted_available}, locked ${r.posted_locked}`,
  }));
}

async function negativeBalances(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.negativeBalances(trx);
  return rows.map((r) => ({ check: 'negative_balance', subject: r.id, detail: `a user account with available ${r.available}, locked ${r.locked}` }));
}

async function lotsOffBalances(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.lotsOffBalances(trx);
  return rows.map((r) => ({
    check: 'lots_differ_from_balance',
    subject: r.id,
    detail: `holds ${r.available + r.locked} tokens (available ${r.available}, locked ${r.locked}) but its lots hold ${r.in_lots}`,
  }));
}

async function lockedOffOrders(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const reservations = await read.openOrderReservations(trx);
  const expected = new Map<string, number>();
  for (const r of reservations) {
    const key = `${r.user_id} ${r.side === 'buy' ? usd : unitsOf(r.instrument_id)}`;
    expected.set(key, (expected.get(key) ?? 0) + r.reserved);
  }
  const lockedAccounts = await read.lockedTradingAccounts(trx);
  const actual = new Map(lockedAccounts.map((a) => [`${a.user_id} ${a.asset}`, a]));
  const failures: AuditFailure[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const reserved = expected.get(key) ?? 0;
    const account = actual.get(key);
    const locked = account?.locked ?? 0;
    if (reserved === locked) continue;
    failures.push({
      check: 'locked_differs_from_orders',
      subject: account?.id ?? key,
      detail: `locked ${locked} in ${key.split(' ')[1]}, but the user's open orders reserve ${reserved}`,
    });
  }
  return failures;
}
