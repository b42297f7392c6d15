import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { rowsOf } from './rows.js';
import type { Qualification, QualificationActor } from './supplier-endpoints.js';

/** The log of endpoints' qualification changes (migration 0031): who changed what, when and why. */

export interface QualificationEventRow {
  endpoint_id: string;
  instrument_id: string;
  event: 'registered' | 'vouched' | 'measured' | 'suspended' | 'restored';
  actor: QualificationActor;
  qualification: Qualification;
  reason: string | null;
  created_at_us: number | string;
}

export async function insertQualificationEvent(db: Db | Knex.Transaction, row: QualificationEventRow): Promise<void> {
  await db('qualification_events').insert(row);
}

/** The endpoint's events for the instrument, newest first, at most `limit`. */
export function qualificationEventsOf(
  db: Db,
  endpointId: string,
  instrumentId: string,
  limit: number,
): Promise<QualificationEventRow[]> {
  return rowsOf<QualificationEventRow>(
    db('qualification_events')
      .where({ endpoint_id: endpointId, instrument_id: instrumentId })
      .orderBy([
        { column: 'created_at_us', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('endpoint_id', 'instrument_id', 'event', 'actor', 'qualification', 'reason', 'created_at_us'),
  );
}
