import type { Knex } from 'knex';
import type { Db } from './knex.js';
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
