import type { Db } from './knex.js';
import { rowsOf } from './rows.js';

/**
 * Supplier attempts that failed before their first byte (migration 0031): routing failed over, so no receipt names the
 * endpoint. Scorecards count them, and the watch counts them against the endpoint.
 */

export type AttemptFailureKind = 'timeout' | 'failed';

export interface AttemptFailureRow {
  endpoint_id: string;
  instrument_id: string;
  request_id: string | null;
  kind: AttemptFailureKind;
  created_at_us: number;
}

export async function insertAttemptFailure(db: Db, row: AttemptFailureRow): Promise<void> {
  await db('attempt_failures').insert(row);
}

/** How many attempts of the endpoint for the instrument failed since `sinceUs`, by kind. */
export async function attemptFailuresSince(
  db: Db,
  endpointId: string,
  instrumentId: string,
  sinceUs: number,
): Promise<Record<AttemptFailureKind, number>> {
  const rows = await rowsOf<{ kind: AttemptFailureKind; count: number | string }>(
    db('attempt_failures')
      .where({ endpoint_id: endpointId, instrument_id: instrumentId })
      .where('created_at_us', '>=', sinceUs)
      .groupBy('kind')
      .select('kind')
      .count({ count: '*' }),
  );
  const counts: Record<AttemptFailureKind, number> = { timeout: 0, failed: 0 };
  for (const row of rows) counts[row.kind] = Number(row.count);
  return counts;
}
