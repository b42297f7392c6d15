import type { Db } from './knex.js';
import { rowsOf } from './rows.js';
import type { EndpointInstrumentRow, Standing } from './supplier-endpoints.js';

/** What the watch over endpoints reads and writes (migration 0031; src/trading/supply/watch.ts). */

export interface WatchedRow extends Pick<
  EndpointInstrumentRow,
  | 'endpoint_id'
  | 'instrument_id'
  | 'qualification'
  | 'basis'
  | 'suspended_by'
  | 'judged_since_us'
  | 'created_at_us'
  | 'updated_at_us'
> {
  standing: Standing;
}

/** The endpoints × instruments that serve or are suspended, of active endpoints. */
export function watchedEndpoints(db: Db): Promise<WatchedRow[]> {
  return rowsOf<WatchedRow>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .whereIn('ei.qualification', ['qualified', 'suspended'])
      .where('e.status', 'active')
      .orderBy(['ei.endpoint_id', 'ei.instrument_id'])
      .select(
        'ei.endpoint_id',
        'ei.instrument_id',
        'ei.qualification',
        'ei.basis',
        'ei.suspended_by',
        'ei.judged_since_us',
        'ei.created_at_us',
        'ei.updated_at_us',
        'ei.standing',
      ),
  );
}

/** The receipts the endpoint settled for the instrument since `sinceUs`: all, out of spec, failed. */
export async function receiptCountsSince(
  db: Db,
  endpointId: string,
  instrumentId: string,
  sinceUs: number,
): Promise<{ receipts: number; outOfSpec: number; failed: number }> {
  const rows = await rowsOf<{ status: string; count: number | string }>(
    db('inference_requests')
      .where({ endpoint_id: endpointId, instrument_id: instrumentId })
      .where('created_at_us', '>=', sinceUs)
      .whereNot('status', 'in_progress')
      .groupBy('status')
      .select('status')
      .count({ count: '*' }),
  );
  const countOf = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return {
    receipts: rows.reduce((sum, row) => sum + Number(row.count), 0),
    outOfSpec: countOf('out_of_spec'),
    failed: countOf('failed'),
  };
}

/**
 * Records the watch's standing of the endpoint for the instrument, unless another process changed it first (the
 * standing it read is compared); true when this call changed it.
 */
export async function changeStanding(
  db: Db,
  key: { endpointId: string; instrumentId: string; from: Standing },
  to: { standing: Standing; reason: string; atUs: number },
): Promise<boolean> {
  const changed = await db('endpoint_instruments')
    .where({ endpoint_id: key.endpointId, instrument_id: key.instrumentId, standing: key.from })
    .update({ standing: to.standing, standing_reason: to.reason, standing_at_us: to.atUs });
  return changed === 1;
}

/** The instrument's active endpoints that serve or the watch suspended, and how many of them the watch suspended. */
export async function watchSuspensionsOf(
  db: Db,
  instrumentId: string,
): Promise<{ endpoints: number; suspended: number }> {
  const rows = await rowsOf<{ qualification: string; suspended_by: string | null }>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .where('ei.instrument_id', instrumentId)
      .where('e.status', 'active')
      .whereIn('ei.qualification', ['qualified', 'suspended'])
      .select('ei.qualification', 'ei.suspended_by'),
  );
  const byWatch = rows.filter((row) => row.qualification === 'suspended' && row.suspended_by === 'watch').length;
  const serving = rows.filter((row) => row.qualification === 'qualified').length;
  return { endpoints: serving + byWatch, suspended: byWatch };
}
