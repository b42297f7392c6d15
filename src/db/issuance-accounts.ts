import type { Db } from './knex.js';
import { poolSql, statement, type Sql, type Statement } from './sql.js';

/**
 * Issuance accounts and the transfers out of them (migration 0020), and what supplier liability
 * sums: the supplier's sell fills and the tokens its inference served.
 */

export interface IssuanceTransferRow {
  id: string;
  user_id: string;
  instrument_id: string;
  issuance_account_id: string;
  trading_account_id: string;
  quantity: number;
  client_transfer_id: string | null;
  /** The issuance it was made with (`MKT_SUPPLY_ISSUANCE=direct`); null for a transfer the supplier asked for. */
  issuance_id: string | null;
  created_at_us: number;
}

const insertTransferStatement = statement(
  'issuance_transfer_insert',
  `INSERT INTO issuance_transfers (id, user_id, instrument_id, issuance_account_id, trading_account_id, quantity, client_transfer_id, issuance_id, created_at_us)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

export async function insertIssuanceTransfer(sql: Sql, row: IssuanceTransferRow): Promise<void> {
  await sql.run(insertTransferStatement, [
    row.id,
    row.user_id,
    row.instrument_id,
    row.issuance_account_id,
    row.trading_account_id,
    row.quantity,
    row.client_transfer_id,
    row.issuance_id,
    row.created_at_us,
  ]);
}

const transferByClientIdStatement = statement(
  'issuance_transfer_by_client_id',
  'SELECT * FROM issuance_transfers WHERE user_id = ? AND client_transfer_id = ?',
);

export const issuanceTransferByClientId = (
  sql: Sql,
  userId: string,
  clientTransferId: string,
): Promise<IssuanceTransferRow | undefined> =>
  sql.get<IssuanceTransferRow>(transferByClientIdStatement, [userId, clientTransferId]);

/** An issuance account with its instrument and the totals of what went in and out of it. */
export interface IssuanceAccountRow {
  id: string;
  user_id: string;
  instrument_id: string;
  symbol: string;
  name: string;
  status: string;
  /** The balance: Units issued and not yet transferred. */
  available: number;
  total_issued: number;
  issuance_count: number;
  last_issued_at_us: number | null;
  total_transferred: number;
  transfer_count: number;
  last_transfer_at_us: number | null;
  created_at_us: number;
  updated_at_us: number;
}

type StoredIssuanceAccountRow = { [K in keyof IssuanceAccountRow]: IssuanceAccountRow[K] | string };

const totalsOf = (table: string) =>
  `(SELECT issuance_account_id, SUM(quantity) AS total, COUNT(*) AS n, MAX(created_at_us) AS last_at_us FROM ${table} WHERE user_id = ? GROUP BY issuance_account_id)`;

const issuanceAccountsStatement = statement(
  'issuance_accounts_of_user',
  `SELECT a.id, a.user_id, a.instrument_id, i.symbol, i.name, a.status, a.available, a.created_at_us, a.updated_at_us,
     COALESCE(s.total, 0) AS total_issued, COALESCE(s.n, 0) AS issuance_count, s.last_at_us AS last_issued_at_us,
     COALESCE(t.total, 0) AS total_transferred, COALESCE(t.n, 0) AS transfer_count, t.last_at_us AS last_transfer_at_us
   FROM ledger_accounts a
   JOIN instruments i ON i.id = a.instrument_id
   LEFT JOIN ${totalsOf('supply_issuances')} s ON s.issuance_account_id = a.id
   LEFT JOIN ${totalsOf('issuance_transfers')} t ON t.issuance_account_id = a.id
   WHERE a.user_id = ? AND a.kind = 'issuance'
   ORDER BY i.symbol`,
);

// SUM and COUNT come back from PostgreSQL as strings.
const nullableNumber = (value: unknown): number | null => (value === null ? null : Number(value));

function decodeAccount(row: StoredIssuanceAccountRow): IssuanceAccountRow {
  return {
    id: String(row.id),
    user_id: String(row.user_id),
    instrument_id: String(row.instrument_id),
    symbol: String(row.symbol),
    name: String(row.name),
    status: String(row.status),
    available: Number(row.available),
    total_issued: Number(row.total_issued),
    issuance_count: Number(row.issuance_count),
    last_issued_at_us: nullableNumber(row.last_issued_at_us),
    total_transferred: Number(row.total_transferred),
    transfer_count: Number(row.transfer_count),
    last_transfer_at_us: nullableNumber(row.last_transfer_at_us),
    created_at_us: Number(row.created_at_us),
    updated_at_us: Number(row.updated_at_us),
  };
}

/** The user's issuance accounts, by instrument symbol. */
export async function issuanceAccountsOfUser(db: Db, userId: string): Promise<IssuanceAccountRow[]> {
  return (await poolSql(db).all<StoredIssuanceAccountRow>(issuanceAccountsStatement, [userId, userId, userId])).map(
    decodeAccount,
  );
}

// ---- supplier liability ------------------------------------------------------------------------------

export interface InstrumentQuantityRow {
  instrument_id: string;
  quantity: number;
  count: number;
}

const unitsSoldStatement = statement(
  'supplier_units_sold',
  `SELECT m.instrument_id, SUM(l.quantity) AS quantity, COUNT(*) AS count
   FROM trade_legs l JOIN markets m ON m.id = l.market_id
   WHERE l.user_id = ? AND l.side = 'sell'
   GROUP BY m.instrument_id`,
);

const tokensServedStatement = statement(
  'supplier_tokens_served',
  `SELECT instrument_id, SUM(cost_tokens) AS quantity, COUNT(*) AS count
   FROM inference_requests
   WHERE supplier_user_id = ? AND cost_status = 'settled'
   GROUP BY instrument_id`,
);

const unitsIssuedStatement = statement(
  'supplier_units_issued',
  'SELECT instrument_id, SUM(quantity) AS quantity, COUNT(*) AS count FROM supply_issuances WHERE user_id = ? GROUP BY instrument_id',
);

async function perInstrument(db: Db, which: Statement, userId: string): Promise<Map<string, InstrumentQuantityRow>> {
  const rows = await poolSql(db).all<{ instrument_id: string; quantity: number | string; count: number | string }>(
    which,
    [userId],
  );
  return new Map(
    rows.map((r) => [
      r.instrument_id,
      { instrument_id: r.instrument_id, quantity: Number(r.quantity), count: Number(r.count) },
    ]),
  );
}

/** Units the user sold, per instrument: its sell fills, summed. */
export const unitsSoldByInstrument = (db: Db, userId: string) => perInstrument(db, unitsSoldStatement, userId);

/** Tokens the user's inference served and callers were billed for (settled receipts), per instrument. */
export const tokensServedByInstrument = (db: Db, userId: string) => perInstrument(db, tokensServedStatement, userId);

/** Units the user issued as a supplier, per instrument. */
export const unitsIssuedByInstrument = (db: Db, userId: string) => perInstrument(db, unitsIssuedStatement, userId);
