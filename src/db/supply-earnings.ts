import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * What a supplier's books (GET /v1/supply/earnings) sum, per UTC day: read from the journal (issuance, trade and
 * withdrawal_paid entries on the supplier's own accounts) and from the settled receipts, so the books agree with
 * `mkt admin audit`. Days are whole numbers since 1970-01-01 (`*_at_us / usPerDay`, integer division in both
 * databases); the service folds them into weeks and months.
 */

/** A UTC day as these statements number it: microseconds since the epoch over the microseconds in a day. */
const dayOf = (column: string): string => `${column} / 86400000000`;

interface InstrumentDayRow {
  instrument_id: string;
  /** Days since 1970-01-01, UTC. */
  day: number;
}

interface IssuedDayRow extends InstrumentDayRow {
  units: number;
}

interface SoldDayRow extends InstrumentDayRow {
  units: number;
  /** Σ price × quantity of the fills, in ticks × Units. */
  notional_ticks: number;
  /** What reached the supplier's USD account: proceeds net of its fees. */
  net_micros: number;
}

interface ServedDayRow extends InstrumentDayRow {
  tokens: number;
  requests: number;
}

export interface WithdrawalDayRow {
  day: number;
  micros: number;
  count: number;
}

/** Issuance entries: the Units credited to the supplier's issuance account (or trading, `direct`). */
const issuedStatement = statement(
  'supply_earnings_issued',
  `SELECT a.instrument_id, ${dayOf('e.created_at_us')} AS day, SUM(p.amount) AS units
   FROM ledger_accounts a
   JOIN journal_postings p ON p.account_id = a.id
   JOIN journal_entries e ON e.id = p.entry_id
   WHERE a.user_id = ? AND a.kind IN ('issuance', 'trading') AND e.kind = 'issuance' AND p.amount > 0
   GROUP BY a.instrument_id, ${dayOf('e.created_at_us')}`,
);

/**
 * Trade entries where the supplier's Units left its trading account (it sold), with its USD account's posting of the
 * same entry (the proceeds net of its fee) and the trade's price (the gross).
 */
const soldStatement = statement(
  'supply_earnings_sold',
  `SELECT a.instrument_id, ${dayOf('e.created_at_us')} AS day, SUM(-u.amount) AS units,
     SUM(t.price_ticks * -u.amount) AS notional_ticks, SUM(c.amount) AS net_micros
   FROM ledger_accounts a
   JOIN journal_postings u ON u.account_id = a.id AND u.amount < 0
   JOIN journal_entries e ON e.id = u.entry_id AND e.kind = 'trade'
   JOIN trades t ON t.id = e.reference
   JOIN journal_postings c ON c.entry_id = e.id
   JOIN ledger_accounts usd ON usd.id = c.account_id AND usd.user_id = a.user_id AND usd.kind = 'currency'
   WHERE a.user_id = ? AND a.kind = 'trading'
   GROUP BY a.instrument_id, ${dayOf('e.created_at_us')}`,
);

/** Settled receipts of the inference the supplier's endpoints answered, by when they settled. */
const servedStatement = statement(
  'supply_earnings_served',
  `SELECT instrument_id, ${dayOf('completed_at_us')} AS day, SUM(cost_tokens) AS tokens, COUNT(*) AS requests
   FROM inference_requests
   WHERE supplier_user_id = ? AND cost_status = 'settled'
   GROUP BY instrument_id, ${dayOf('completed_at_us')}`,
);

/** withdrawal_paid entries: the USD that left the supplier's USD account (its locked bucket) for the payout account. */
const withdrawalsStatement = statement(
  'supply_earnings_withdrawals_paid',
  `SELECT ${dayOf('e.created_at_us')} AS day, SUM(-p.amount) AS micros, COUNT(DISTINCT e.id) AS count
   FROM ledger_accounts a
   JOIN journal_postings p ON p.account_id = a.id AND p.amount < 0
   JOIN journal_entries e ON e.id = p.entry_id AND e.kind = 'withdrawal_paid'
   WHERE a.user_id = ? AND a.kind = 'currency' AND e.created_at_us >= ?
   GROUP BY ${dayOf('e.created_at_us')}`,
);

// SUM and COUNT come back from PostgreSQL as strings (and a day as one too).
type Stored<T> = { [K in keyof T]: T[K] | string };

export async function unitsIssuedByDay(db: Db, userId: string): Promise<IssuedDayRow[]> {
  const rows = await poolSql(db).all<Stored<IssuedDayRow>>(issuedStatement, [userId]);
  return rows.map((r) => ({ instrument_id: String(r.instrument_id), day: Number(r.day), units: Number(r.units) }));
}

export async function unitsSoldByDay(db: Db, userId: string): Promise<SoldDayRow[]> {
  const rows = await poolSql(db).all<Stored<SoldDayRow>>(soldStatement, [userId]);
  return rows.map((r) => ({
    instrument_id: String(r.instrument_id),
    day: Number(r.day),
    units: Number(r.units),
    notional_ticks: Number(r.notional_ticks),
    net_micros: Number(r.net_micros),
  }));
}

export async function tokensServedByDay(db: Db, userId: string): Promise<ServedDayRow[]> {
  const rows = await poolSql(db).all<Stored<ServedDayRow>>(servedStatement, [userId]);
  return rows.map((r) => ({
    instrument_id: String(r.instrument_id),
    day: Number(r.day),
    tokens: Number(r.tokens),
    requests: Number(r.requests),
  }));
}

/** USD paid out to the user by withdrawals (journal entries `withdrawal_paid`) from `fromUs` on, per day. */
export async function withdrawalsPaidByDay(db: Db, userId: string, fromUs: number): Promise<WithdrawalDayRow[]> {
  const rows = await poolSql(db).all<Stored<WithdrawalDayRow>>(withdrawalsStatement, [userId, fromUs]);
  return rows.map((r) => ({ day: Number(r.day), micros: Number(r.micros), count: Number(r.count) }));
}

// ---- what buyers drew from lots holding the supplier's Units ----------------------------------------------

interface SupplierLotRow {
  id: number;
  instrument_id: string;
}

/** A settled receipt that drew tokens from a consumption account holding some of the supplier's lots. */
export interface DrawingReceiptRow {
  completed_at_us: number;
  cost_tokens: number;
  /** JSON `[lot id, tokens, micro-dollars per Unit][]`, in the order the lots are drawn (migration 0019). */
  reserved_lots: string;
}

const supplierLotsStatement = statement(
  'supply_earnings_lots',
  `SELECT l.id, a.instrument_id FROM consumption_lots l JOIN ledger_accounts a ON a.id = l.account_id
   WHERE l.supplier_user_id = ? AND l.expires_at_us > ?`,
);

const drawingReceiptsStatement = statement(
  'supply_earnings_drawing_receipts',
  `SELECT completed_at_us, cost_tokens, reserved_lots FROM inference_requests
   WHERE cost_status = 'settled' AND cost_tokens > 0 AND reserved_lots IS NOT NULL AND completed_at_us >= ?
     AND consumption_account_id IN (SELECT account_id FROM consumption_lots WHERE supplier_user_id = ? AND expires_at_us > ?)`,
);

/** The lots credited to the supplier (automatic transfers of buys it sold most of) that expire after `expiringAfterUs`. */
export async function lotsOfSupplier(db: Db, userId: string, expiringAfterUs: number): Promise<SupplierLotRow[]> {
  const rows = await poolSql(db).all<Stored<SupplierLotRow>>(supplierLotsStatement, [userId, expiringAfterUs]);
  return rows.map((r) => ({ id: Number(r.id), instrument_id: String(r.instrument_id) }));
}

/**
 * Settled receipts from `fromUs` on of the consumption accounts holding the supplier's lots that expire after
 * `expiringAfterUs`: those that may have drawn from its lots (the caller keeps the draws that did).
 */
export async function receiptsDrawingFromSupplierLots(
  db: Db,
  userId: string,
  fromUs: number,
  expiringAfterUs: number,
): Promise<DrawingReceiptRow[]> {
  const rows = await poolSql(db).all<Stored<DrawingReceiptRow>>(drawingReceiptsStatement, [
    fromUs,
    userId,
    expiringAfterUs,
  ]);
  return rows.map((r) => ({
    completed_at_us: Number(r.completed_at_us),
    cost_tokens: Number(r.cost_tokens),
    reserved_lots: String(r.reserved_lots),
  }));
}
