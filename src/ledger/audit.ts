import type { Knex } from 'knex';
import { kindOf, type Db } from '../db/knex.js';
import { openStatuses } from '../db/trading-rows.js';
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
  | 'locked_differs_from_orders';

export interface AuditFailure {
  check: AuditCheck;
  /** The journal entry, posting or account that fails, or `<user_id> <asset>`. */
  subject: string;
  detail: string;
}

export interface AuditReport {
  ok: boolean;
  failures: AuditFailure[];
  checked: { journal_entries: number; journal_postings: number; ledger_accounts: number; consumption_lots: number; open_orders: number };
}

/** The failures of every invariant; an empty list means the ledger is clean. */
export async function auditLedger(db: Db): Promise<AuditFailure[]> {
  return (await runAudit(db)).failures;
}

/** The failures and what was looked at, as `mkt admin audit` prints them. */
export async function runAudit(db: Db): Promise<AuditReport> {
  const config: Knex.TransactionConfig = kindOf(db) === 'postgres' ? { isolationLevel: 'repeatable read', readOnly: true } : {};
  return db.transaction(async (trx) => {
    const failures = [
      ...(await unbalancedEntries(trx)),
      ...(await postingAssetMismatches(trx)),
      ...(await balancesOffJournal(trx)),
      ...(await negativeBalances(trx)),
      ...(await lotsOffBalances(trx)),
      ...(await lockedOffOrders(trx)),
    ];
    const checked = {
      journal_entries: await count(trx('journal_entries')),
      journal_postings: await count(trx('journal_postings')),
      ledger_accounts: await count(trx('ledger_accounts')),
      consumption_lots: await count(trx('consumption_lots')),
      open_orders: await count(trx('orders').whereIn('status', openStatuses)),
    };
    return { ok: failures.length === 0, failures, checked };
  }, config);
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

// SUM over BIGINT is NUMERIC on PostgreSQL and comes back as a string: every sum goes through Number().

async function unbalancedEntries(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = (await trx('journal_postings')
    .select('entry_id', 'asset')
    .sum({ total: 'amount' })
    .groupBy('entry_id', 'asset')
    .havingRaw('SUM(amount) <> 0')) as { entry_id: number; asset: string; total: number | string }[];
  return rows.map((r) => ({ check: 'entry_unbalanced', subject: `journal_entry ${r.entry_id}`, detail: `its ${r.asset} postings sum to ${Number(r.total)}, not 0` }));
}

async function postingAssetMismatches(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = (await trx('journal_postings as p')
    .join('ledger_accounts as a', 'a.id', 'p.account_id')
    .whereRaw('p.asset <> a.asset')
    .orWhereNotIn('p.bucket', ['available', 'locked'])
    .select('p.id', 'p.entry_id', 'p.account_id', 'p.asset', 'p.bucket', { account_asset: 'a.asset' })) as {
    id: number;
    entry_id: number;
    account_id: string;
    asset: string;
    bucket: string;
    account_asset: string;
  }[];
  return rows.map((r) => ({
    check: 'posting_asset_mismatch',
    subject: `journal_posting ${r.id}`,
    detail: `entry ${r.entry_id} posts ${r.asset} to the ${r.bucket} bucket of ${r.account_id}, an account of ${r.account_asset}`,
  }));
}

async function balancesOffJournal(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const postedAvailable = "COALESCE(SUM(CASE WHEN p.bucket = 'available' THEN p.amount ELSE 0 END), 0)";
  const postedLocked = "COALESCE(SUM(CASE WHEN p.bucket = 'locked' THEN p.amount ELSE 0 END), 0)";
  const rows = (await trx('ledger_accounts as a')
    .leftJoin('journal_postings as p', 'p.account_id', 'a.id')
    .groupBy('a.id', 'a.available', 'a.locked')
    .havingRaw(`a.available <> ${postedAvailable} OR a.locked <> ${postedLocked}`)
    .select('a.id', 'a.available', 'a.locked', trx.raw(`${postedAvailable} AS posted_available`), trx.raw(`${postedLocked} AS posted_locked`))) as {
    id: string;
    available: number;
    locked: number;
    posted_available: number | string;
    posted_locked: number | string;
  }[];
  return rows.map((r) => ({
    check: 'balance_differs_from_journal',
    subject: r.id,
    detail: `balance available ${r.available}, locked ${r.locked}; its postings sum to available ${Number(r.posted_available)}, locked ${Number(r.posted_locked)}`,
  }));
}

async function negativeBalances(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = (await trx('ledger_accounts')
    .whereNot('kind', 'system')
    .andWhere((w) => w.where('available', '<', 0).orWhere('locked', '<', 0))
    .select('id', 'available', 'locked')) as { id: string; available: number; locked: number }[];
  return rows.map((r) => ({ check: 'negative_balance', subject: r.id, detail: `a user account with available ${r.available}, locked ${r.locked}` }));
}

async function lotsOffBalances(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const inLots = 'COALESCE(SUM(l.tokens_remaining), 0)';
  const rows = (await trx('ledger_accounts as a')
    .leftJoin('consumption_lots as l', 'l.account_id', 'a.id')
    .where('a.kind', 'consumption')
    .groupBy('a.id', 'a.available', 'a.locked')
    .havingRaw(`a.available + a.locked <> ${inLots}`)
    .select('a.id', 'a.available', 'a.locked', trx.raw(`${inLots} AS in_lots`))) as { id: string; available: number; locked: number; in_lots: number | string }[];
  return rows.map((r) => ({
    check: 'lots_differ_from_balance',
    subject: r.id,
    detail: `holds ${r.available + r.locked} tokens (available ${r.available}, locked ${r.locked}) but its lots hold ${Number(r.in_lots)}`,
  }));
}

async function lockedOffOrders(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const reservations = (await trx('orders')
    .whereIn('status', openStatuses)
    .groupBy('user_id', 'side', 'instrument_id')
    .select('user_id', 'side', 'instrument_id')
    .sum({ reserved: 'reserved' })) as { user_id: string; side: string; instrument_id: string; reserved: number | string }[];
  const expected = new Map<string, number>();
  for (const r of reservations) {
    const key = `${r.user_id} ${r.side === 'buy' ? usd : unitsOf(r.instrument_id)}`;
    expected.set(key, (expected.get(key) ?? 0) + Number(r.reserved));
  }
  const lockedAccounts = (await trx('ledger_accounts').whereIn('kind', ['currency', 'trading']).andWhereNot('locked', 0).select('id', 'user_id', 'asset', 'locked')) as {
    id: string;
    user_id: string;
    asset: string;
    locked: number;
  }[];
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
