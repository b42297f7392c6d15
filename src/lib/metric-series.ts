import type { Counter, Gauge, Histogram, LabelValues } from 'prom-client';

/**
 * Series that exist from the start, at 0 (issue 34 §2). A counter or histogram series that first appears with its first
 * increment loses that increment to Prometheus's `rate()` and `increase()`, which see only changes between samples:
 * every label set known when the process starts is therefore created at 0 before the process serves. Each instrument
 * declares, in lib/metrics.ts, which of the known values below its labels take and how they combine; the composition
 * root (app/known-labels.ts) finds the values; `startAtZero` creates the combinations. Label values learnt later
 * (a market created while the process runs) start at their first increment, as before.
 */
export interface KnownLabels {
  /** The hosts this process serves (`consumption`, `messages`, `trading`, `platform`). */
  hosts: readonly string[];
  /** Each served operation, with the status classes its document says it answers (`2xx`, `4xx`, …). */
  operations: readonly KnownOperation[];
  /** Market ids and instrument ids of the reference data. */
  markets: readonly string[];
  instruments: readonly string[];
  /** The (order type, result) pairs a placement can end with on a known market: a refusal only with its types. */
  orderOutcomes: readonly { type: string; result: string }[];
  /** The inference endpoints, the results of a served request, the token types and the cost statuses of billing. */
  endpoints: readonly string[];
  servedResults: readonly string[];
  tokenTypes: readonly string[];
  costStatuses: readonly string[];
  /** The results of one upstream supplier attempt. */
  attemptResults: readonly string[];
  depositMethods: readonly string[];
  /** core/withdrawals.ts counts a paid withdrawal by its method. */
  withdrawalMethods: readonly string[];
  /** The close codes `mkt_stream_closed_total` labels. */
  closeCodes: readonly string[];
  /** The database this process runs on (`sqlite` or `postgres`). */
  databases: readonly string[];
}

export interface KnownOperation {
  host: string;
  operation: string;
  /** As the request line carries it (upper case). */
  method: string;
  statusClasses: readonly string[];
}

/** One factor of a combination: the partial label sets it contributes (one label's values, or pairs that go together). */
type Factor = readonly Readonly<Record<string, string>>[];

/** One label's values as a factor. */
export const valuesOf = (label: string, values: readonly string[]): Factor =>
  values.map((value) => ({ [label]: value }));

/** Every combination of the factors: each label set of the first with each of the second, and so on. */
export function combine(...factors: Factor[]): Record<string, string>[] {
  return factors.reduce<Record<string, string>[]>(
    (sets, factor) => sets.flatMap((set) => factor.map((more) => ({ ...set, ...more }))),
    [{}],
  );
}

/** An instrument's series at 0, given what is known; made by `counterAtZero` and the others below. */
export interface SeriesAtZero {
  start(known: KnownLabels): Promise<void>;
}

type LabelSets<T extends string> = (known: KnownLabels) => LabelValues<T>[];

/** Adding 0 creates a counter's series, and leaves one that counted already as it is. */
export function counterAtZero<T extends string>(counter: Counter<T>, sets: LabelSets<T>): SeriesAtZero {
  return {
    start: (known) => {
      for (const labels of sets(known)) counter.inc(labels, 0);
      return Promise.resolve();
    },
  };
}

/** The same for a gauge moved by `inc`/`dec` (not for one set at scrape). */
export function gaugeAtZero<T extends string>(gauge: Gauge<T>, sets: LabelSets<T>): SeriesAtZero {
  return {
    start: (known) => {
      for (const labels of sets(known)) gauge.inc(labels, 0);
      return Promise.resolve();
    },
  };
}

/**
 * A histogram's series with every bucket at 0. prom-client's `zero` replaces a series that has observations, so the
 * series that exist already (the process observed before it served, say a group commit at start) are left alone.
 */
export function histogramAtZero<T extends string>(histogram: Histogram<T>, sets: LabelSets<T>): SeriesAtZero {
  return {
    start: async (known) => {
      const { values } = await histogram.get();
      const existing = new Set(values.map((value) => keyOf(value.labels, 'le')));
      for (const labels of sets(known)) if (!existing.has(keyOf(labels))) histogram.zero(labels);
    },
  };
}

/** A label set as one key, its pairs sorted by name, without `skipped` (a bucket's `le`). */
function keyOf(labels: Readonly<Record<string, string | number | undefined>>, skipped?: string): string {
  return Object.keys(labels)
    .filter((name) => name !== skipped)
    .sort()
    .map((name) => `${name}=${JSON.stringify(String(labels[name]))}`)
    .join(',');
}

/** Creates every declared series at 0. */
export async function startAtZero(declared: readonly SeriesAtZero[], known: KnownLabels): Promise<void> {
  for (const series of declared) await series.start(known);
}
