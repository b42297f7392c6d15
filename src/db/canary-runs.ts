import type { Db } from './knex.js';
import { rowsOf } from './rows.js';

/** Canaries sent to endpoints (migration 0031), as the canary runner writes them and the watch and scorecards read them. */

export type CanaryResult = 'passed' | 'failed' | 'out_of_spec' | 'error';

export interface CanaryRunRow {
  id: string;
  endpoint_id: string;
  instrument_id: string;
  /** The probe sent: `suite.kind#n` (src/consumption/qualification/types.ts Probe.id). */
  probe: string;
  result: CanaryResult;
  /** The probe's own check of the answer; null when no answer came. */
  quality_passed: boolean | number | null;
  /** JSON: the judgment's breaches (judgment-records.ts), null when none. */
  spec_breaches: string | null;
  /** JSON: the attempt's measurements as receipts record them (judgment-answers.ts attemptRecordOf). */
  attempt_measurements: string | null;
  detail: string;
  started_at_us: number | string;
  finished_at_us: number | string;
}

export async function insertCanaryRun(db: Db, row: CanaryRunRow): Promise<void> {
  await db('canary_runs').insert({
    ...row,
    quality_passed: row.quality_passed === null ? null : Boolean(row.quality_passed),
  });
}

/** The endpoint's canaries for the instrument since `sinceUs`, newest first, at most `limit`. */
export function canaryRunsSince(
  db: Db,
  endpointId: string,
  instrumentId: string,
  sinceUs: number,
  limit: number,
): Promise<CanaryRunRow[]> {
  return rowsOf<CanaryRunRow>(
    db('canary_runs')
      .where({ endpoint_id: endpointId, instrument_id: instrumentId })
      .where('started_at_us', '>=', sinceUs)
      .orderBy([
        { column: 'started_at_us', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('*'),
  );
}
