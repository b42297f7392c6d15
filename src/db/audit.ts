import type { Knex } from 'knex';
import { openStatuses } from './trading-rows.js';
import { rowsOf } from './rows.js';

/**
 * What `mkt admin audit` reads (src/ledger/audit.ts decides what fails): each check's offending rows,
 * whole-table aggregates built with knex, and how many rows were looked at.
 */

export { auditCounts, inAuditSnapshot, type AuditCounts } from './audit-snapshot.js';

// SUM over BIGINT is NUMERIC on PostgreSQL and comes back as a string: every sum goes through Number().

interface UnbalancedEntryRow {
  entry_id: number;
  asset: string;
  /** The sum of the entry's postings in the asset: not 0. */
  total: number;
}

export async function unbalancedEntries(trx: Knex.Transaction): Promise<UnbalancedEntryRow[]> {
  const rows = await rowsOf<{ entry_id: number; asset: string; total: number | string }>(
    trx('journal_postings')
      .select('entry_id', 'asset')
      .sum({ total: 'amount' })
      .groupBy('entry_id', 'asset')
      .havingRaw('SUM(amount) <> 0'),
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

interface PostingMismatchRow {
  id: number;
  entry_id: number;
  account_id: string;
  asset: string;
  bucket: string;
  account_asset: string;
}

/** Postings in another asset than their account's, or to a bucket that does not exist. */
export async function postingAssetMismatches(trx: Knex.Transaction): Promise<PostingMismatchRow[]> {
  return rowsOf<PostingMismatchRow>(
    trx('journal_postings as p')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .whereRaw('p.asset <> a.asset')
      .orWhereNotIn('p.bucket', ['available', 'locked'])
      .select('p.id', 'p.entry_id', 'p.account_id', 'p.asset', 'p.bucket', {
        account_asset: 'a.asset',
      }),
  );
}

interface BalanceOffJournalRow {
  id: string;
  available: number;
  locked: number;
  posted_available: number;
  posted_locked: number;
}

/** Accounts whose buckets differ from the sums of their postings to them. */
export async function balancesOffJournal(trx: Knex.Transaction): Promise<BalanceOffJournalRow[]> {
  const postedAvailable = "COALESCE(SUM(CASE WHEN p.bucket = 'available' THEN p.amount ELSE 0 END), 0)";
  const postedLocked = "COALESCE(SUM(CASE WHEN p.bucket = 'locked' THEN p.amount ELSE 0 END), 0)";
  const rows = await rowsOf<{
    id: string;
    available: number;
    locked: number;
    posted_available: number | string;
    posted_locked: number | string;
  }>(
    trx('ledger_accounts as a')
      .leftJoin('journal_postings as p', 'p.account_id', 'a.id')
      .groupBy('a.id', 'a.available', 'a.locked')
      .havingRaw(`a.available <> ${postedAvailable} OR a.locked <> ${postedLocked}`)
      .select(
        'a.id',
        'a.available',
        'a.locked',
        trx.raw(`${postedAvailable} AS posted_available`),
        trx.raw(`${postedLocked} AS posted_locked`),
      ),
  );
  return rows.map((r) => ({
    ...r,
    posted_available: Number(r.posted_available),
    posted_locked: Number(r.posted_locked),
  }));
}

interface AccountBucketsRow {
  id: string;
  available: number;
  locked: number;
}

/** User (not system) accounts with a bucket below zero. */
export async function negativeBalances(trx: Knex.Transaction): Promise<AccountBucketsRow[]> {
  return rowsOf<AccountBucketsRow>(
    trx('ledger_accounts')
      .whereNot('kind', 'system')
      .andWhere((w) => {
        w.where('available', '<', 0).orWhere('locked', '<', 0);
      })
      .select('id', 'available', 'locked'),
  );
}

interface LotsOffBalanceRow extends AccountBucketsRow {
  /** The tokens_remaining of the account's lots, summed. */
  in_lots: number;
}

/** Consumption accounts whose available + locked tokens differ from what their lots hold. */
export async function lotsOffBalances(trx: Knex.Transaction): Promise<LotsOffBalanceRow[]> {
  const inLots = 'COALESCE(SUM(l.tokens_remaining), 0)';
  const rows = await rowsOf<{
    id: string;
    available: number;
    locked: number;
    in_lots: number | string;
  }>(
    trx('ledger_accounts as a')
      .leftJoin('consumption_lots as l', 'l.account_id', 'a.id')
      .where('a.kind', 'consumption')
      .groupBy('a.id', 'a.available', 'a.locked')
      .havingRaw(`a.available + a.locked <> ${inLots}`)
      .select('a.id', 'a.available', 'a.locked', trx.raw(`${inLots} AS in_lots`)),
  );
  return rows.map((r) => ({ ...r, in_lots: Number(r.in_lots) }));
}

interface OpenReservationRow {
  user_id: string;
  side: string;
  instrument_id: string;
  /** `orders.reserved` summed over the user's open orders of that side and instrument. */
  reserved: number;
}

/** What open orders reserve, per user, side and instrument. */
export async function openOrderReservations(trx: Knex.Transaction): Promise<OpenReservationRow[]> {
  const rows = await rowsOf<{
    user_id: string;
    side: string;
    instrument_id: string;
    reserved: number | string;
  }>(
    trx('orders')
      .whereIn('status', openStatuses)
      .groupBy('user_id', 'side', 'instrument_id')
      .select('user_id', 'side', 'instrument_id')
      .sum({ reserved: 'reserved' }),
  );
  return rows.map((r) => ({ ...r, reserved: Number(r.reserved) }));
}

interface LockedAccountRow {
  id: string;
  user_id: string;
  asset: string;
  locked: number;
}

/** Currency and trading accounts that hold anything locked. */
export async function lockedTradingAccounts(trx: Knex.Transaction): Promise<LockedAccountRow[]> {
  return rowsOf<LockedAccountRow>(
    trx('ledger_accounts')
      .whereIn('kind', ['currency', 'trading'])
      .andWhereNot('locked', 0)
      .select('id', 'user_id', 'asset', 'locked'),
  );
}

interface DepositOffJournalRow {
  id: string;
  status: string;
  amount_micros: number;
  /** Journal entries of kind `deposit` that name the deposit. */
  entries: number;
  /** What those entries credited to user accounts. */
  credited: number;
}

/**
 * Deposits whose journal disagrees with their status: a credited one has exactly one `deposit`
 * entry naming it, crediting its amount to the user; a pending or rejected one has none.
 */
export async function depositsOffJournal(trx: Knex.Transaction): Promise<DepositOffJournalRow[]> {
  const rows = await rowsOf<{
    id: string;
    status: string;
    amount_micros: number | string;
    entries: number | string;
    credited: number | string | null;
  }>(
    trx('deposits as d')
      .leftJoin('journal_entries as e', function () {
        this.on('e.reference', '=', 'd.id').andOnVal('e.kind', '=', 'deposit');
      })
      .leftJoin('journal_postings as p', function () {
        this.on('p.entry_id', '=', 'e.id').andOn('p.account_id', 'not like', trx.raw('?', ['system:%']));
      })
      .select('d.id', 'd.status', 'd.amount_micros')
      .countDistinct({ entries: 'e.id' })
      .sum({ credited: 'p.amount' })
      .groupBy('d.id', 'd.status', 'd.amount_micros'),
  );
  return rows
    .map((r) => ({
      id: r.id,
      status: r.status,
      amount_micros: Number(r.amount_micros),
      entries: Number(r.entries),
      credited: Number(r.credited ?? 0),
    }))
    .filter((r) => (r.status === 'credited' ? r.entries !== 1 || r.credited !== r.amount_micros : r.entries !== 0));
}

// ---- reservations of inference requests in progress (migration 0019) ------------------------------------

interface InProgressRequestRow {
  id: string;
  consumption_account_id: string;
  reserved_tokens: number;
  /** JSON `[lot id, tokens, micro-dollars per Unit | null][]`; null for a request admitted before migration 0019. */
  reserved_lots: string | null;
  api_key_id: string;
  budget_reserved_micros: number | null;
  budget_period_start_us: number | null;
}

/** Requests admitted and not yet settled that hold tokens of a consumption account. */
export async function inProgressRequests(trx: Knex.Transaction): Promise<InProgressRequestRow[]> {
  const rows = await rowsOf<InProgressRequestRow>(
    trx('inference_requests')
      .where('status', 'in_progress')
      .whereNotNull('consumption_account_id')
      .select(
        'id',
        'consumption_account_id',
        'reserved_tokens',
        'reserved_lots',
        'api_key_id',
        'budget_reserved_micros',
        'budget_period_start_us',
      ),
  );
  return rows.map((r) => ({
    ...r,
    reserved_tokens: Number(r.reserved_tokens),
    budget_reserved_micros: r.budget_reserved_micros === null ? null : Number(r.budget_reserved_micros),
    budget_period_start_us: r.budget_period_start_us === null ? null : Number(r.budget_period_start_us),
  }));
}

interface ConsumptionHoldRow {
  id: string;
  locked: number;
  /** The tokens_reserved of the account's lots, summed. */
  reserved_in_lots: number;
}

/** Consumption accounts that hold anything locked or reserved in a lot. */
export async function consumptionHolds(trx: Knex.Transaction): Promise<ConsumptionHoldRow[]> {
  const inLots = 'COALESCE(SUM(l.tokens_reserved), 0)';
  const rows = await rowsOf<{
    id: string;
    locked: number | string;
    reserved_in_lots: number | string;
  }>(
    trx('ledger_accounts as a')
      .leftJoin('consumption_lots as l', 'l.account_id', 'a.id')
      .where('a.kind', 'consumption')
      .groupBy('a.id', 'a.locked')
      .havingRaw(`a.locked <> 0 OR ${inLots} <> 0`)
      .select('a.id', 'a.locked', trx.raw(`${inLots} AS reserved_in_lots`)),
  );
  return rows.map((r) => ({ id: r.id, locked: Number(r.locked), reserved_in_lots: Number(r.reserved_in_lots) }));
}

interface ReservedLotRow {
  id: number;
  tokens_remaining: number;
  tokens_reserved: number;
}

/** Lots with tokens reserved (or a reservation below zero). */
export async function reservedLots(trx: Knex.Transaction): Promise<ReservedLotRow[]> {
  const rows = await rowsOf<{
    id: number | string;
    tokens_remaining: number | string;
    tokens_reserved: number | string;
  }>(trx('consumption_lots').whereNot('tokens_reserved', 0).select('id', 'tokens_remaining', 'tokens_reserved'));
  return rows.map((r) => ({
    id: Number(r.id),
    tokens_remaining: Number(r.tokens_remaining),
    tokens_reserved: Number(r.tokens_reserved),
  }));
}

interface KeySpendReserveRow {
  api_key_id: string;
  period_start_us: number;
  reserved_micros: number;
}

/** Budget periods of keys with a reserve (or a reserve below zero). */
export async function keySpendReserves(trx: Knex.Transaction): Promise<KeySpendReserveRow[]> {
  const rows = await rowsOf<{
    api_key_id: string;
    period_start_us: number | string;
    reserved_micros: number | string;
  }>(trx('api_key_spend').whereNot('reserved_micros', 0).select('api_key_id', 'period_start_us', 'reserved_micros'));
  return rows.map((r) => ({
    api_key_id: r.api_key_id,
    period_start_us: Number(r.period_start_us),
    reserved_micros: Number(r.reserved_micros),
  }));
}

// ---- issuance accounts (migration 0020) -------------------------------------------------------------

interface IssuanceAccountOffRecordsRow {
  id: string;
  available: number;
  locked: number;
  /** Units of the issuances into it, summed. */
  issued: number;
  /** Units of the transfers out of it, summed. */
  transferred: number;
}

/** Issuance accounts whose balance is not issued − transferred, or that hold anything locked. */
export async function issuanceAccountsOffRecords(trx: Knex.Transaction): Promise<IssuanceAccountOffRecordsRow[]> {
  const issued = trx('supply_issuances')
    .select('issuance_account_id')
    .sum({ total: 'quantity' })
    .groupBy('issuance_account_id')
    .as('s');
  const transferred = trx('issuance_transfers')
    .select('issuance_account_id')
    .sum({ total: 'quantity' })
    .groupBy('issuance_account_id')
    .as('t');
  const rows = await rowsOf<{
    id: string;
    available: number | string;
    locked: number | string;
    issued: number | string;
    transferred: number | string;
  }>(
    trx('ledger_accounts as a')
      .leftJoin(issued, 's.issuance_account_id', 'a.id')
      .leftJoin(transferred, 't.issuance_account_id', 'a.id')
      .where('a.kind', 'issuance')
      .select(
        'a.id',
        'a.available',
        'a.locked',
        trx.raw('COALESCE(s.total, 0) AS issued'),
        trx.raw('COALESCE(t.total, 0) AS transferred'),
      ),
  );
  return rows
    .map((r) => ({
      id: r.id,
      available: Number(r.available),
      locked: Number(r.locked),
      issued: Number(r.issued),
      transferred: Number(r.transferred),
    }))
    .filter((r) => r.locked !== 0 || r.available !== r.issued - r.transferred);
}
