import type { Db } from './knex.js';
import { firstRowOf, rowsOf } from './rows.js';
import type { RoutableEndpointRow } from './routing.js';

/**
 * When endpoints' canaries are due (migration 0031, `supplier_endpoints.canary_due_at_us`), and which instrument each
 * canary goes to. An endpoint is watched by canaries while it serves an instrument or the watch suspended it for one
 * (canaries are how it comes back); the operator's suspensions, endpoints that serve nothing, and simulated endpoints
 * (the house's own simulator: there is no upstream to measure) get none.
 */

export interface CanaryEndpointRow extends Omit<RoutableEndpointRow, 'best_ask'> {
  canary_due_at_us: number | string | null;
}

/** Instruments a canary may go to (`ei`): served, or suspended by the watch. */
const watchedInstrument = `(ei.qualification = 'qualified' OR (ei.qualification = 'suspended' AND ei.suspended_by = 'watch'))`;

/** Active endpoints with a watched instrument whose next canary is due by `nowUs`, or was never scheduled. */
export function dueCanaryEndpoints(db: Db, nowUs: number): Promise<CanaryEndpointRow[]> {
  return rowsOf<CanaryEndpointRow>(
    db('supplier_endpoints as e')
      .where('e.status', 'active')
      .where('e.simulated', false)
      .whereRaw('(e.canary_due_at_us IS NULL OR e.canary_due_at_us <= ?)', [nowUs])
      .whereRaw(`EXISTS (SELECT 1 FROM endpoint_instruments ei WHERE ei.endpoint_id = e.id AND ${watchedInstrument})`)
      .orderBy('e.id')
      .select(
        'e.id',
        'e.user_id',
        'e.base_url',
        'e.model',
        'e.upstream_key_ciphertext',
        'e.simulated',
        'e.updated_at_us',
        'e.canary_due_at_us',
      ),
  );
}

/**
 * Moves the endpoint's next canary from `fromUs` (as read) to `toUs`; true when this call moved it, false when another
 * process claimed it first.
 */
export async function claimCanary(
  db: Db,
  endpointId: string,
  fromUs: number | string | null,
  toUs: number,
): Promise<boolean> {
  const query = db('supplier_endpoints').where('id', endpointId);
  const changed = await (
    fromUs === null ? query.whereNull('canary_due_at_us') : query.where('canary_due_at_us', fromUs)
  ).update({
    canary_due_at_us: toUs,
  });
  return changed === 1;
}

/**
 * The endpoint's watched instrument whose last canary is oldest (never sent first), marked as sent at `nowUs`;
 * undefined when it has none any more.
 */
export async function nextCanaryInstrument(db: Db, endpointId: string, nowUs: number): Promise<string | undefined> {
  const row = await firstRowOf<{ instrument_id: string }>(
    db('endpoint_instruments as ei')
      .where('ei.endpoint_id', endpointId)
      .whereRaw(watchedInstrument)
      .orderByRaw('coalesce(ei.last_canary_at_us, 0), ei.instrument_id')
      .first('ei.instrument_id'),
  );
  if (row === undefined) return undefined;
  await db('endpoint_instruments')
    .where({ endpoint_id: endpointId, instrument_id: row.instrument_id })
    .update({ last_canary_at_us: nowUs });
  return row.instrument_id;
}
