import type { components } from '../../../generated/types/trading.js';
import { specBreachesOf, toolCallErrorsOf } from '../../db/judgment-records.js';
import type { ScorecardReceiptRow } from '../../db/scorecards.js';
import { toIso } from '../../lib/clock.js';

/**
 * A scorecard window computed from receipts (pure): counts, rates by guarantee, and nearest-rank percentiles of what
 * the answering attempts measured (migration 0027's `attempt_measurements`; only streamed answers measure a first
 * token and an output rate, so only receipts that carry them count as samples).
 */

type ScorecardWindow = components['schemas']['ScorecardWindow'];
type Guarantee = ScorecardWindow['breaches'][number]['guarantee'];

interface WindowSpec {
  name: ScorecardWindow['window'];
  lengthUs: number;
}

/** The rolling windows every scorecard shows, longest last (the longest bounds what is read). */
export const scorecardWindows: readonly WindowSpec[] = [
  { name: '1h', lengthUs: 3_600_000_000 },
  { name: '24h', lengthUs: 86_400_000_000 },
];

const guarantees: readonly Guarantee[] = ['time_to_first_token', 'token_throughput', 'max_output_length', 'tool_call'];

/** The nearest-rank percentile `p` (0–100) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

const rateOf = (count: number, total: number): number =>
  total === 0 ? 0 : Math.round((count * 10_000) / total) / 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One measurement of a receipt's attempt, when it was recorded as a finite number. */
function measurementOf(text: string | null, field: 'time_to_first_token_ms' | 'tokens_per_second'): number | null {
  if (text === null || text === '') return null;
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed)) return null;
  const value = parsed[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const present = (values: (number | null)[]): number[] => values.filter((v): v is number => v !== null);

/**
 * The window `spec` ending at `nowUs` over `rows` (newest first, possibly more than the window holds); `capped` when
 * the rows read stopped at the cap inside this window.
 */
function scorecardWindow(
  rows: readonly ScorecardReceiptRow[],
  spec: WindowSpec,
  nowUs: number,
  cappedAt: number | null,
): ScorecardWindow {
  const fromUs = nowUs - spec.lengthUs;
  const inWindow = rows.filter((row) => Number(row.created_at_us) >= fromUs);
  const requests = inWindow.length;
  const breachSets = inWindow.map((row) => new Set(specBreachesOf(row.spec_breaches).map((b) => b.guarantee)));
  const toolErrors = inWindow.flatMap((row) => toolCallErrorsOf(row.tool_call_errors));
  const outOfSpec = inWindow.filter((row) => row.status === 'out_of_spec').length;
  const ttft = present(inWindow.map((row) => measurementOf(row.attempt_measurements, 'time_to_first_token_ms')));
  const rate = present(inWindow.map((row) => measurementOf(row.attempt_measurements, 'tokens_per_second')));
  const errorsOf = (kind: string) => toolErrors.filter((error) => error.kind === kind).length;
  return {
    window: spec.name,
    from: toIso(fromUs),
    to: toIso(nowUs),
    requests,
    capped: cappedAt !== null && cappedAt >= fromUs,
    out_of_spec: outOfSpec,
    out_of_spec_rate: rateOf(outOfSpec, requests),
    breaches: guarantees.map((guarantee) => {
      const count = breachSets.filter((set) => set.has(guarantee)).length;
      return { guarantee, count, rate: rateOf(count, requests) };
    }),
    time_to_first_token_ms: { samples: ttft.length, p50: percentile(ttft, 50), p95: percentile(ttft, 95) },
    output_tokens_per_second: { samples: rate.length, p50: percentile(rate, 50), p5: percentile(rate, 5) },
    tool_call_errors: {
      invalid_json: errorsOf('invalid_json'),
      unknown_tool: errorsOf('unknown_tool'),
      arguments_schema: errorsOf('arguments_schema'),
    },
    failures: inWindow.filter((row) => row.status === 'failed').length,
  };
}

/** Every window over the rows read for the longest one (`cap` rows at most, newest first). */
export function scorecardWindowsOf(
  rows: readonly ScorecardReceiptRow[],
  nowUs: number,
  cap: number,
): ScorecardWindow[] {
  const oldest = rows.at(-1);
  const cappedAt = rows.length >= cap && oldest !== undefined ? Number(oldest.created_at_us) : null;
  return scorecardWindows.map((spec) => scorecardWindow(rows, spec, nowUs, cappedAt));
}
