import type { Knex } from 'knex';
import * as read from '../db/audit.js';
import type { Db } from '../db/knex.js';
import { pendingWithdrawalHolds } from '../db/audit-withdrawals.js';
import { unitsOf, usd } from './assets.js';
import { withdrawalsOffJournal, type WithdrawalAuditCheck } from './audit-withdrawals.js';

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
 *    cancellation_pending): buy orders reserve USD, sell orders Units of the market's instrument;
 *    the user's pending withdrawals hold USD too (checks 13 and 14: ledger/audit-withdrawals.ts).
 *    Consumption accounts are not checked here: their locked tokens are held by inference.
 * 7. deposit_differs_from_journal — a credited deposit (src/core/payments.ts) has exactly one
 *    `deposit` entry naming it, crediting its amount to the user; a pending or rejected one has none.
 *
 * The reservations of inference requests in progress (migration 0019; src/consumption/capacity/capacity.ts
 * takes them in admission's transaction, settle.ts gives them back in settlement's):
 *
 * 8. locked_differs_from_requests — each consumption account's locked tokens equal the
 *    reserved_tokens of its requests in progress.
 * 9. lot_reservations_exceed_locked — the tokens_reserved of an account's lots sum to at most its
 *    locked tokens (a request admitted before migration 0019 holds locked tokens in no lot).
 * 10. lot_reserved_differs_from_requests — each lot's tokens_reserved equals what the requests in
 *    progress reserve from it (their reserved_lots), and is at most its tokens_remaining.
 * 11. budget_reserved_differs_from_requests — each key's reserved_micros of a budget period
 *    (api_key_spend) equals the budget_reserved_micros of its requests in progress of that period.
 *
 * Issuance accounts (migration 0020; src/trading/supply/supply.ts and issuance-accounts.ts):
 *
 * 12. issuance_differs_from_records — each issuance account's available Units equal the Units
 *    issued into it (supply_issuances) minus those transferred out (issuance_transfers), and it
 *    holds nothing locked. Check 3 holds its balance to the journal.
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
  | 'deposit_differs_from_journal'
  | 'locked_differs_from_requests'
  | 'lot_reservations_exceed_locked'
  | 'lot_reserved_differs_from_requests'
  | 'budget_reserved_differs_from_requests'
  | 'issuance_differs_from_records'
  | WithdrawalAuditCheck;

interface AuditFailure {
  check: AuditCheck;
  /** The journal entry, posting or account that fails, or `<user_id> <asset>`. */
  subject: string;
  detail: string;
}

interface AuditReport {
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
      ...(await reservationsOffRequests(trx)),
      ...(await issuanceOffRecords(trx)),
      ...(await withdrawalsOffJournal(trx)),
    ];
    return { ok: failures.length === 0, failures, checked: await read.auditCounts(trx) };
  });
}

async function issuanceOffRecords(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const rows = await read.issuanceAccountsOffRecords(trx);
  return rows.map((r) => ({
    check: 'issuance_differs_from_records',
    subject: r.id,
    detail: `holds ${r.available} Units available and ${r.locked} locked, but ${r.issued} were issued into it and ${r.transferred} transferred out`,
  }));
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
  return rows.map((r) => ({
    check: 'entry_unbalanced',
    subject: `journal_entry ${r.entry_id}`,
    detail: `its ${r.asset} postings sum to ${r.total}, not 0`,
  }));
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
  return rows.map((r) => ({
    check: 'negative_balance',
    subject: r.id,
    detail: `a user account with available ${r.available}, locked ${r.locked}`,
  }));
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
  for (const hold of await pendingWithdrawalHolds(trx)) {
    const key = `${hold.user_id} ${usd}`;
    expected.set(key, (expected.get(key) ?? 0) + hold.held);
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
      detail: `locked ${locked} in ${key.split(' ')[1]}, but the user's open orders and pending withdrawals reserve ${reserved}`,
    });
  }
  return failures;
}

/**
 * What the requests in progress reserve: locked tokens per consumption account, tokens per lot, micro-dollars per key
 * budget period.
 */
interface RequestReservations {
  locked: Map<string, number>;
  fromLots: Map<number, number>;
  fromBudgets: Map<string, number>;
}

const addTo = <K>(sums: Map<K, number>, key: K, amount: number): void => {
  sums.set(key, (sums.get(key) ?? 0) + amount);
};

async function requestReservations(trx: Knex.Transaction): Promise<RequestReservations> {
  const reservations: RequestReservations = { locked: new Map(), fromLots: new Map(), fromBudgets: new Map() };
  for (const request of await read.inProgressRequests(trx)) {
    addTo(reservations.locked, request.consumption_account_id, request.reserved_tokens);
    const lots = request.reserved_lots === null ? [] : (JSON.parse(request.reserved_lots) as [number, number][]);
    for (const [lotId, tokens] of lots) addTo(reservations.fromLots, lotId, tokens);
    if (request.budget_reserved_micros !== null)
      addTo(
        reservations.fromBudgets,
        `${request.api_key_id} ${request.budget_period_start_us}`,
        request.budget_reserved_micros,
      );
  }
  return reservations;
}

/**
 * Checks 8 to 11: what consumption accounts, lots and key budgets hold for requests in progress, against those
 * requests.
 */
async function reservationsOffRequests(trx: Knex.Transaction): Promise<AuditFailure[]> {
  const reservations = await requestReservations(trx);
  return [
    ...(await holdsOffRequests(trx, reservations.locked)),
    ...(await lotsOffRequests(trx, reservations.fromLots)),
    ...(await budgetsOffRequests(trx, reservations.fromBudgets)),
  ];
}

/** Checks 8 and 9. */
async function holdsOffRequests(trx: Knex.Transaction, locked: ReadonlyMap<string, number>): Promise<AuditFailure[]> {
  const failures: AuditFailure[] = [];
  const holds = new Map((await read.consumptionHolds(trx)).map((h) => [h.id, h]));
  for (const accountId of new Set([...locked.keys(), ...holds.keys()])) {
    const hold = holds.get(accountId) ?? { locked: 0, reserved_in_lots: 0 };
    const expected = locked.get(accountId) ?? 0;
    if (hold.locked !== expected) {
      failures.push({
        check: 'locked_differs_from_requests',
        subject: accountId,
        detail: `locked ${hold.locked} tokens, but its requests in progress reserve ${expected}`,
      });
    }
    if (hold.reserved_in_lots > hold.locked) {
      failures.push({
        check: 'lot_reservations_exceed_locked',
        subject: accountId,
        detail: `its lots have ${hold.reserved_in_lots} tokens reserved, more than the ${hold.locked} it holds locked`,
      });
    }
  }
  return failures;
}

/** Check 10. */
async function lotsOffRequests(trx: Knex.Transaction, fromLots: ReadonlyMap<number, number>): Promise<AuditFailure[]> {
  const failures: AuditFailure[] = [];
  const lots = new Map((await read.reservedLots(trx)).map((l) => [l.id, l]));
  for (const lotId of new Set([...fromLots.keys(), ...lots.keys()])) {
    const lot = lots.get(lotId);
    const reserved = lot?.tokens_reserved ?? 0;
    const expected = fromLots.get(lotId) ?? 0;
    if (reserved === expected && reserved <= (lot?.tokens_remaining ?? 0)) continue;
    failures.push({
      check: 'lot_reserved_differs_from_requests',
      subject: `consumption_lot ${lotId}`,
      detail: `has ${reserved} tokens reserved of ${lot?.tokens_remaining ?? 'its'} remaining, but requests in progress reserve ${expected} from it`,
    });
  }
  return failures;
}

/** Check 11. */
async function budgetsOffRequests(
  trx: Knex.Transaction,
  fromBudgets: ReadonlyMap<string, number>,
): Promise<AuditFailure[]> {
  const failures: AuditFailure[] = [];
  const budgets = new Map(
    (await read.keySpendReserves(trx)).map((b) => [`${b.api_key_id} ${b.period_start_us}`, b.reserved_micros]),
  );
  for (const key of new Set([...fromBudgets.keys(), ...budgets.keys()])) {
    const reserved = budgets.get(key) ?? 0;
    const expected = fromBudgets.get(key) ?? 0;
    if (reserved === expected) continue;
    const [apiKeyId, periodStartUs] = key.split(' ');
    failures.push({
      check: 'budget_reserved_differs_from_requests',
      subject: `api_key_spend ${apiKeyId} ${periodStartUs}`,
      detail: `reserves ${reserved} micro-dollars of the key's budget, but its requests in progress of the period reserve ${expected}`,
    });
  }
  return failures;
}
