import type { components } from '../../../generated/types/trading.js';
import type { QualificationRunRow } from '../../db/qualification-runs.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';

type Schemas = components['schemas'];
type Report = Schemas['QualificationReport'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored report as the document shows it (consumption/qualification/types.ts wrote it): its fields, without the
 * run's own timestamps (the run carries them). A stored value that is no report is a bug: it fails loudly.
 */
function isReport(value: unknown): value is Report {
  return (
    isRecord(value) &&
    typeof value.instrument_id === 'string' &&
    typeof value.qualified === 'boolean' &&
    Array.isArray(value.probes) &&
    Array.isArray(value.guarantees)
  );
}

function reportsOf(json: string | null): Report[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  const items = Array.isArray(parsed) ? parsed : [];
  return items.filter(isReport).map((report) => ({
    instrument_id: report.instrument_id,
    seed: report.seed,
    status: report.status,
    failure: report.failure,
    quality_score: report.quality_score,
    min_performance_benchmark: report.min_performance_benchmark,
    qualified: report.qualified,
    probes: report.probes,
    guarantees: report.guarantees,
  }));
}

export function qualificationRunView(row: QualificationRunRow): Schemas['QualificationRun'] {
  return {
    qualification_id: row.id,
    endpoint_id: row.endpoint_id,
    status: row.status,
    failure: row.failure,
    reports: reportsOf(row.reports),
    started_at: toIso(row.started_at_us),
    finished_at: toIsoOrNull(row.finished_at_us),
  };
}
