import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';
import type { EndpointRow, Standing } from './supplier-endpoints.js';
import { rowsOf } from './rows.js';

/**
 * Endpoints (migration 0028) as inference routing reads them: which may serve an instrument, whose they are, how the
 * watch last found them (migration 0031), at what ask.
 */
export interface RoutableEndpointRow extends Pick<
  EndpointRow,
  'id' | 'user_id' | 'base_url' | 'model' | 'upstream_key_ciphertext' | 'simulated' | 'updated_at_us'
> {
  /** What the watch last found of the endpoint for the instrument: those that `misses` the contract go later. */
  standing: Standing;
  /** The supplier's best (lowest) resting ask on the instrument's market, in ticks; null when it has none. */
  best_ask: number | null;
}

/**
 * The active endpoints qualified for the instrument, of enabled suppliers, each with its standing for the instrument and
 * its supplier's best resting ask on the instrument's market, in one statement.
 */
const qualifiedWithBestAsk = statement(
  'routing_endpoints_qualified',
  `SELECT e.id, e.user_id, e.base_url, e.model, e.upstream_key_ciphertext, e.simulated, e.updated_at_us, ei.standing,
     (SELECT min(o.price_ticks) FROM orders o JOIN markets m ON m.id = o.market_id
      WHERE o.user_id = e.user_id AND m.instrument_id = ei.instrument_id AND o.side = 'sell' AND o.remaining_quantity > 0) AS best_ask
   FROM endpoint_instruments ei
   JOIN supplier_endpoints e ON e.id = ei.endpoint_id
   JOIN suppliers s ON s.user_id = e.user_id
   WHERE ei.instrument_id = ? AND ei.qualification = 'qualified' AND e.status = 'active' AND s.status = 'enabled'`,
);

/** The endpoints that may serve the instrument, in no particular order. */
export async function qualifiedEndpointsOf(db: Db, instrumentId: string): Promise<RoutableEndpointRow[]> {
  const rows = await poolSql(db).all<RoutableEndpointRow & { best_ask: number | string | null }>(qualifiedWithBestAsk, [
    instrumentId,
  ]);
  return rows.map((row) => ({ ...row, best_ask: row.best_ask === null ? null : Number(row.best_ask) }));
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
