import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';
import type { SupplierRow } from './trading-rows.js';
import { rowsOf } from './rows.js';

/** Suppliers (migration 0005) as inference routing reads them: who may serve an instrument, at what ask. */
export interface RoutableSupplierRow extends SupplierRow {
  /** The supplier's best (lowest) resting ask on the instrument's market, in ticks; null when it has none. */
  best_ask: number | null;
}

/** Each enabled supplier with its best resting ask on the instrument's market, in one statement. */
const enabledWithBestAsk = statement(
  'routing_suppliers_enabled',
  `SELECT s.*,
     (SELECT min(o.price_ticks) FROM orders o JOIN markets m ON m.id = o.market_id
      WHERE o.user_id = s.user_id AND m.instrument_id = ? AND o.side = 'sell' AND o.remaining_quantity > 0) AS best_ask
   FROM suppliers s
   WHERE s.status = 'enabled'`,
);

/** Enabled suppliers qualified for the instrument (it is among their instrument_ids), in no particular order. */
export async function enabledSuppliersOf(db: Db, instrumentId: string): Promise<RoutableSupplierRow[]> {
  const rows = await poolSql(db).all<SupplierRow & { best_ask: number | string | null }>(enabledWithBestAsk, [
    instrumentId,
  ]);
  return rows
    .filter((row) => (JSON.parse(row.instrument_ids) as string[]).includes(instrumentId))
    .map((row) => ({ ...row, best_ask: row.best_ask === null ? null : Number(row.best_ask) }));
}

/**
 * The model names of instruments by id (`mkt admin supplier …` shows a supplier's instruments); ids not found are left
 * out.
 */
export async function instrumentNames(db: Db, instrumentIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await rowsOf<{
    id: string;
    model_name: string;
  }>(db('instruments').whereIn('id', instrumentIds).select('id', 'model_name'));
  return new Map(rows.map((row) => [row.id, row.model_name]));
}
