import { announceApiKeysChanged } from './api-key-revocations.js';
import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';
import { poolSql, statement, type Sql } from './sql.js';
import type { SupplierRow, SupplyIssuanceRow } from './trading-rows.js';

/** Suppliers and their issuances of Units (migrations 0005 and 0020). */

/** A supplier with its user's email, its instrument ids decoded from their JSON text. */
export interface SupplierWithEmailRow extends Omit<SupplierRow, 'instrument_ids'> {
  email: string;
  instrument_ids: string[];
}

type StoredSupplierWithEmailRow = SupplierRow & { email: string };

const decodeSupplier = (row: StoredSupplierWithEmailRow): SupplierWithEmailRow => ({
  ...row,
  instrument_ids: JSON.parse(row.instrument_ids) as string[],
});

const suppliersWithEmail = 'SELECT s.*, u.email FROM suppliers s JOIN users u ON u.id = s.user_id';
const supplierOfUserStatement = statement('supplier_of_user', `${suppliersWithEmail} WHERE s.user_id = ?`);
const suppliersStatement = statement('suppliers_by_age', `${suppliersWithEmail} ORDER BY s.created_at_us, s.user_id`);

export async function supplierOfUser(db: Db, userId: string): Promise<SupplierWithEmailRow | undefined> {
  const row = await poolSql(db).get<StoredSupplierWithEmailRow>(supplierOfUserStatement, [userId]);
  return row && decodeSupplier(row);
}

/** Every supplier, oldest first. */
export async function suppliersByAge(db: Db): Promise<SupplierWithEmailRow[]> {
  return (await poolSql(db).all<StoredSupplierWithEmailRow>(suppliersStatement)).map(decodeSupplier);
}

/** A registration writes the whole row; registering again keeps the user and creation time and replaces the rest. */
const upsertSupplierStatement = statement(
  'supplier_upsert',
  `INSERT INTO suppliers (user_id, instrument_ids, base_url, model, upstream_api_key, simulated, status, created_at_us, updated_at_us) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (user_id) DO UPDATE SET instrument_ids = excluded.instrument_ids, base_url = excluded.base_url, model = excluded.model,
     upstream_api_key = excluded.upstream_api_key, simulated = excluded.simulated, status = excluded.status, updated_at_us = excluded.updated_at_us`,
);

export async function upsertSupplier(db: Db, row: SupplierRow & { simulated: boolean }): Promise<void> {
  await poolSql(db).run(upsertSupplierStatement, [
    row.user_id,
    row.instrument_ids,
    row.base_url,
    row.model,
    row.upstream_api_key,
    row.simulated,
    row.status,
    row.created_at_us,
    row.updated_at_us,
  ]);
  announceApiKeysChanged(db); // routing's cache of this process forgets at once (migration 0035 tells the others)
}

/**
 * Makes the user a supplier with no operator-registered instruments if it is none yet (an endpoint registered through
 * the API); a supplier row that exists, enabled or disabled by the operator, stays as it is.
 */
export async function ensureSupplierRow(trx: Knex.Transaction, userId: string, nowUs: number): Promise<void> {
  await trx('suppliers')
    .insert({
      user_id: userId,
      instrument_ids: '[]',
      base_url: null,
      model: null,
      upstream_api_key: null,
      simulated: false,
      status: 'enabled',
      created_at_us: nowUs,
      updated_at_us: nowUs,
    })
    .onConflict('user_id')
    .ignore();
}

const disableSupplierStatement = statement(
  'supplier_disable',
  "UPDATE suppliers SET status = 'disabled', updated_at_us = ? WHERE user_id = ?",
);

/** Disables the user's supplier registration; false when the user is no supplier. */
export async function disableSupplier(db: Db, userId: string, nowUs: number): Promise<boolean> {
  const disabled = (await poolSql(db).run(disableSupplierStatement, [nowUs, userId])) > 0;
  announceApiKeysChanged(db); // routing's cache of this process forgets at once (migration 0035 tells the others)
  return disabled;
}

const insertIssuanceStatement = statement(
  'supply_issuance_insert',
  'INSERT INTO supply_issuances (id, user_id, instrument_id, trading_account_id, issuance_account_id, quantity, created_at_us) VALUES (?, ?, ?, ?, ?, ?, ?)',
);

export async function insertIssuance(sql: Sql, row: SupplyIssuanceRow): Promise<void> {
  await sql.run(insertIssuanceStatement, [
    row.id,
    row.user_id,
    row.instrument_id,
    row.trading_account_id,
    row.issuance_account_id,
    row.quantity,
    row.created_at_us,
  ]);
}

export interface IssuanceFilter {
  instrumentId?: string | undefined;
}

/** One page of the user's issuances, newest first. */
export function issuancePage(
  db: Db,
  userId: string,
  filter: IssuanceFilter,
  page: PageParams,
): Promise<Page<SupplyIssuanceRow>> {
  const query = db('supply_issuances').select('*').where('user_id', userId);
  if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
  return keysetPage<SupplyIssuanceRow>(
    query,
    { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' },
    page,
    (row) => [row.created_at_us, row.id],
  );
}
