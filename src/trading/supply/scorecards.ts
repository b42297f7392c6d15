import type { components } from '../../../generated/types/trading.js';
import type { AttemptFailureKind } from '../../db/attempt-failures.js';
import type { CanaryRunRow } from '../../db/canary-runs.js';
import { specBreachesOf, toolCallErrorsOf } from '../../db/judgment-records.js';
import type { ScorecardReceiptRow } from '../../db/scorecards.js';
import { toIso } from '../../lib/clock.js';

/**
 * A scorecard window computed from receipts, canaries and attempts that failed before their first byte (pure):
 * counts, rates by guarantee, and nearest-rank percentiles of what the answering attempts measured (migration 0027's
 * `attempt_measurements`, which canaries record in the same shape; only streamed answers measure a first token and an
 * output rate, so only rows that carry them count as samples).
 */

type ScorecardWindow = components['schemas']['ScorecardWindow'];

/** What one endpoint × instrument's windows are computed from, each read over the longest window. */
interface ScorecardSources {
  /** Newest first, at most `cap`. */
  receipts: readonly ScorecardReceiptRow[];
  /** Newest first. */
  canaries: readonly Pick<CanaryRunRow, 'result' | 'quality_passed' | 'attempt_measurements' | 'started_at_us'>[];
  /** Attempts failed before their first byte in each window, by window name (counted by the database). */
  failedBeforeFirstByte: ReadonlyMap<ScorecardWindow['window'], Record<AttemptFailureKind, number>>;
}
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

/** The canaries of a window by result; their Quality Score is the share passing their check among those checked. */
function canariesOf(canaries: ScorecardSources['canaries']): ScorecardWindow['canaries'] {
  const count = (result: CanaryRunRow['result']) => canaries.filter((run) => run.result === result).length;
  const checked = canaries.filter((run) => run.quality_passed !== null);
  const passedCheck = checked.filter((run) => Boolean(run.quality_passed)).length;
  return {
    runs: canaries.length,
    passed: count('passed'),
    failed: count('failed'),
    out_of_spec: count('out_of_spec'),
    errors: count('error'),
    quality_score: checked.length === 0 ? null : Math.round((passedCheck * 100) / checked.length),
  };
}

/**
 * The window `spec` ending at `nowUs` over `sources` (newest first, possibly more than the window holds); `capped`
 * when the receipts read stopped at the cap inside this window.
 */
function scorecardWindow(
  sources: ScorecardSources,
  spec: WindowSpec,
  nowUs: number,
  cappedAt: number | null,
): ScorecardWindow {
  const fromUs = nowUs - spec.lengthUs;
  const inWindow = sources.receipts.filter((row) => Number(row.created_at_us) >= fromUs);
  const canaries = sources.canaries.filter((run) => Number(run.started_at_us) >= fromUs);
  const measured = [...inWindow, ...canaries].map((row) => row.attempt_measurements);
  const requests = inWindow.length;
  const breachSets = inWindow.map((row) => new Set(specBreachesOf(row.spec_breaches).map((b) => b.guarantee)));
  const toolErrors = inWindow.flatMap((row) => toolCallErrorsOf(row.tool_call_errors));
  const outOfSpec = inWindow.filter((row) => row.status === 'out_of_spec').length;
  const ttft = present(measured.map((text) => measurementOf(text, 'time_to_first_token_ms')));
  const rate = present(measured.map((text) => measurementOf(text, 'tokens_per_second')));
  const failedEarly = sources.failedBeforeFirstByte.get(spec.name) ?? { timeout: 0, failed: 0 };
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
    failed_before_first_byte: { timeouts: failedEarly.timeout, failed: failedEarly.failed },
    canaries: canariesOf(canaries),
  };
}

/** Every window over the sources read for the longest one (`cap` receipts at most, newest first). */
export function scorecardWindowsOf(sources: ScorecardSources, nowUs: number, cap: number): ScorecardWindow[] {
  const oldest = sources.receipts.at(-1);
  const cappedAt = sources.receipts.length >= cap && oldest !== undefined ? Number(oldest.created_at_us) : null;
  return scorecardWindows.map((spec) => scorecardWindow(sources, spec, nowUs, cappedAt));
}
