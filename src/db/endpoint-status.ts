import type { Db } from './knex.js';
import type { QualificationEventRow } from './qualification-events.js';
import { rowsOf } from './rows.js';

/**
 * What `mkt admin status` reads of the watch over endpoints (migration 0031; src/cli/admin-status-endpoints.ts): per
 * instrument, how many endpoints serve it, are suspended (by the watch, by an operator) or miss the contract, the
 * canaries sent and passed since a time, and the latest changes of qualification.
 */

type Count = number | string | null;

interface InstrumentEndpointsRow {
  instrumentId: string;
  modelName: string;
  qualified: number;
  suspendedByWatch: number;
  suspendedByOperator: number;
  misses: number;
  canariesSent: number;
  canariesPassed: number;
}

/** Counts per instrument of its endpoints × instrument, of endpoints not deleted, by qualification and standing. */
function endpointCounts(db: Db) {
  return rowsOf<{
    instrument_id: string;
    qualified: Count;
    suspended_by_watch: Count;
    suspended_by_operator: Count;
    misses: Count;
  }>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .whereNot('e.status', 'deleted')
      .groupBy('ei.instrument_id')
      .select('ei.instrument_id')
      .select(
        db.raw(`SUM(CASE WHEN ei.qualification = 'qualified' THEN 1 ELSE 0 END) AS qualified`),
        db.raw(
          `SUM(CASE WHEN ei.qualification = 'suspended' AND ei.suspended_by = 'watch' THEN 1 ELSE 0 END) AS suspended_by_watch`,
        ),
        // A suspension from before migration 0031 names nobody: only an operator could make one then.
        db.raw(
          `SUM(CASE WHEN ei.qualification = 'suspended' AND (ei.suspended_by IS NULL OR ei.suspended_by = 'operator') THEN 1 ELSE 0 END) AS suspended_by_operator`,
        ),
        db.raw(`SUM(CASE WHEN ei.standing = 'misses' THEN 1 ELSE 0 END) AS misses`),
      ),
  );
}

function canaryCounts(db: Db, sinceUs: number) {
  return rowsOf<{ instrument_id: string; sent: Count; passed: Count }>(
    db('canary_runs')
      .where('started_at_us', '>=', sinceUs)
      .groupBy('instrument_id')
      .select('instrument_id')
      .count({ sent: '*' })
      .select(db.raw(`SUM(CASE WHEN result = 'passed' THEN 1 ELSE 0 END) AS passed`)),
  );
}

/** Every instrument that has endpoints or canaries since `canariesSinceUs`, by model name. */
export async function instrumentEndpoints(db: Db, canariesSinceUs: number): Promise<InstrumentEndpointsRow[]> {
  const [endpoints, canaries, instruments] = await Promise.all([
    endpointCounts(db),
    canaryCounts(db, canariesSinceUs),
    rowsOf<{ id: string; model_name: string }>(db('instruments').select('id', 'model_name')),
  ]);
  const rows: InstrumentEndpointsRow[] = [];
  for (const instrument of instruments) {
    const counted = endpoints.find((row) => row.instrument_id === instrument.id);
    const sent = canaries.find((row) => row.instrument_id === instrument.id);
    if (counted === undefined && sent === undefined) continue;
    rows.push({
      instrumentId: instrument.id,
      modelName: instrument.model_name,
      qualified: Number(counted?.qualified ?? 0),
      suspendedByWatch: Number(counted?.suspended_by_watch ?? 0),
      suspendedByOperator: Number(counted?.suspended_by_operator ?? 0),
      misses: Number(counted?.misses ?? 0),
      canariesSent: Number(sent?.sent ?? 0),
      canariesPassed: Number(sent?.passed ?? 0),
    });
  }
  return rows.sort((a, b) => a.modelName.localeCompare(b.modelName) || a.instrumentId.localeCompare(b.instrumentId));
}

/** The latest changes of qualification over every endpoint and instrument, newest first, at most `limit`. */
export function latestQualificationEvents(db: Db, limit: number): Promise<QualificationEventRow[]> {
  return rowsOf<QualificationEventRow>(
    db('qualification_events')
      .orderBy([
        { column: 'created_at_us', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('endpoint_id', 'instrument_id', 'event', 'actor', 'qualification', 'reason', 'created_at_us'),
  );
}
