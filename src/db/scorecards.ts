import type { Db } from './knex.js';
import { rowsOf } from './rows.js';
import type { EndpointInstrumentRow, EndpointStandingRow, EndpointStatus } from './supplier-endpoints.js';

/**
 * What suppliers' scorecards read (src/trading/supply/scorecards.ts computes them): the receipts an endpoint answered
 * for an instrument, newest first and bounded, and the endpoints × instruments a scorecard shows, with what the watch
 * found of them (migration 0031). Canaries and attempts that failed before their first byte are read through
 * db/canary-runs.ts and db/attempt-failures.ts.
 */

/** The most receipts read for one endpoint × instrument and window: a scorecard's cost stays bounded. */
export const scorecardRowCap = 5_000;

export interface ScorecardReceiptRow {
  status: string;
  spec_breaches: string | null;
  tool_call_errors: string | null;
  attempt_measurements: string | null;
  created_at_us: number | string;
}

/**
 * The settled receipts answered (or failed) by the endpoint for the instrument since `sinceUs`, newest first, at most
 * `limit` of them.
 */
export function scorecardReceipts(
  db: Db,
  endpointId: string,
  instrumentId: string,
  sinceUs: number,
  limit: number,
): Promise<ScorecardReceiptRow[]> {
  return rowsOf<ScorecardReceiptRow>(
    db('inference_requests')
      .where({ endpoint_id: endpointId, instrument_id: instrumentId })
      .where('created_at_us', '>=', sinceUs)
      .whereNot('status', 'in_progress')
      .orderBy([
        { column: 'created_at_us', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('status', 'spec_breaches', 'tool_call_errors', 'attempt_measurements', 'created_at_us'),
  );
}

/** An endpoint × instrument as a scorecard shows it: its qualification, the watch's standing, its endpoint's status. */
export type ScorecardPairRow = EndpointInstrumentRow & EndpointStandingRow & { status: EndpointStatus };

/** The instrument's endpoints × instrument in these qualifications, whose endpoint is not deleted. */
export function endpointsOfInstrument(
  db: Db,
  instrumentId: string,
  qualifications: readonly EndpointInstrumentRow['qualification'][],
): Promise<ScorecardPairRow[]> {
  return rowsOf<ScorecardPairRow>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .where('ei.instrument_id', instrumentId)
      .whereIn('ei.qualification', qualifications)
      .whereNot('e.status', 'deleted')
      .orderBy('ei.endpoint_id')
      .select('ei.*', 'e.status'),
  );
}

/** The supplier's endpoints × instruments, of endpoints not deleted, oldest endpoint first. */
export function endpointsOfSupplier(db: Db, userId: string): Promise<ScorecardPairRow[]> {
  return rowsOf<ScorecardPairRow>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .where('e.user_id', userId)
      .whereNot('e.status', 'deleted')
      .orderBy([{ column: 'e.created_at_us' }, { column: 'e.id' }, { column: 'ei.instrument_id' }])
      .select('ei.*', 'e.status'),
  );
}
