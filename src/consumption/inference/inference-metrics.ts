import { Counter, type Gauge, type Histogram } from 'prom-client';
import { LabelledChildren } from '../../lib/metric-children.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Endpoint } from '../../core/inference-endpoint.js';
import type { RequestOutcome, RequestStatus, Settled } from './settle.js';
import type { Guarantee, SpecBreach } from './judgment.js';

/**
 * The inference pipeline's instruments (lib/metrics.ts, the OpenTelemetry GenAI names in Prometheus form), their
 * children looked up once per label values. Made once per process (app/services.ts) and carried on Services.
 */
export interface InferenceMetrics {
  /** By instrument, endpoint, then result. */
  requestDuration: LabelledChildren<LabelledChildren<LabelledChildren<Histogram.Internal<string>>>>;
  timeToFirstToken: LabelledChildren<Histogram.Internal<string>>;
  timePerOutputToken: LabelledChildren<Histogram.Internal<string>>;
  /** By instrument, then token type (input, output). */
  tokenUsage: LabelledChildren<LabelledChildren<Histogram.Internal<string>>>;
  /** By instrument, then cost status (settled, not_billed). */
  billedUsd: LabelledChildren<LabelledChildren<Counter.Internal>>;
  /** By instrument, then result (ok, failed, timeout, cooled_down). */
  supplierAttempts: LabelledChildren<LabelledChildren<Counter.Internal>>;
  supplierFailovers: LabelledChildren<Counter.Internal>;
  slotsInUse: LabelledChildren<Gauge.Internal<string>>;
  /** By instrument, then guarantee: the breaches of settled answers (judgment.ts). */
  specBreaches: LabelledChildren<LabelledChildren<Counter.Internal>>;
}

const guarantees: readonly Guarantee[] = ['time_to_first_token', 'token_throughput', 'max_output_length', 'tool_call'];

/**
 * `mkt_inference_spec_breaches_total`: registered here rather than in lib/metrics.ts, beside the only code that counts
 * it. An instrument's four series are made at 0 when it is first counted, so that `increase()` sees the first breach.
 */
function specBreachesCounter(metrics: Metrics): LabelledChildren<LabelledChildren<Counter.Internal>> {
  const counter = new Counter({
    name: 'mkt_inference_spec_breaches_total',
    help: "Breaches of the instrument's guarantees by settled answers (not billed), by instrument and guarantee.",
    labelNames: ['instrument', 'guarantee'],
    registers: [metrics.registry],
  });
  return new LabelledChildren((instrument) => {
    for (const guarantee of guarantees) counter.labels({ instrument, guarantee }).inc(0);
    return new LabelledChildren((guarantee) => counter.labels({ instrument, guarantee }));
  });
}

export function newInferenceMetrics(metrics: Metrics): InferenceMetrics {
  const byInstrument = <Child>(make: (instrument: string) => Child) => new LabelledChildren(make);
  return {
    requestDuration: byInstrument(
      (instrument) =>
        new LabelledChildren(
          (endpoint) =>
            new LabelledChildren((result) => metrics.genAiRequestDuration.labels({ instrument, endpoint, result })),
        ),
    ),
    timeToFirstToken: byInstrument((instrument) => metrics.genAiTimeToFirstToken.labels({ instrument })),
    timePerOutputToken: byInstrument((instrument) => metrics.genAiTimePerOutputToken.labels({ instrument })),
    tokenUsage: byInstrument(
      (instrument) => new LabelledChildren((token_type) => metrics.genAiTokenUsage.labels({ instrument, token_type })),
    ),
    billedUsd: byInstrument(
      (instrument) =>
        new LabelledChildren((cost_status) => metrics.inferenceBilledUsd.labels({ instrument, cost_status })),
    ),
    supplierAttempts: byInstrument(
      (instrument) => new LabelledChildren((result) => metrics.supplierAttempts.labels({ instrument, result })),
    ),
    supplierFailovers: byInstrument((instrument) => metrics.supplierFailovers.labels({ instrument })),
    slotsInUse: byInstrument((instrument) => metrics.inferenceSlotsInUse.labels({ instrument })),
    specBreaches: specBreachesCounter(metrics),
  };
}

/** The breaches of a settled answer, one count per guarantee broken. */
export function countBreaches(metrics: InferenceMetrics, instrumentId: string, breaches: readonly SpecBreach[]): void {
  for (const breach of breaches) metrics.specBreaches.of(instrumentId).of(breach.guarantee).inc();
}

/**
 * How a served request ended, for `gen_ai_server_request_duration_seconds`: a closed set. `ok` is an answer delivered
 * (a missed caller schema included: it is delivered and billed); `cancelled`, a client that went away; `supplier_failed`,
 * a stream its supplier broke; `no_supplier`, none answered; `not_settled`, an answer withheld because it could not be
 * billed.
 */
export type ServedResult = 'ok' | 'cancelled' | 'supplier_failed' | 'no_supplier' | 'not_settled';

const resultOfStatus: Record<RequestStatus, ServedResult> = {
  succeeded: 'ok',
  schema_mismatch: 'ok',
  cancelled: 'cancelled',
  failed: 'supplier_failed',
  out_of_spec: 'supplier_failed',
};

/** The result of a request that reached settlement (`settled` null: the answer was withheld). */
export const servedResultOf = (status: RequestStatus, settled: Settled | null): ServedResult =>
  settled === null ? 'not_settled' : resultOfStatus[status];

/** A served request's duration, from its admission to its answer (a stream: to its settlement). */
export function observeServed(
  metrics: InferenceMetrics,
  request: { instrument: { id: string }; endpoint: Endpoint },
  admittedAtUs: number,
  result: ServedResult,
  nowUs: number,
): void {
  const seconds = Math.max(0, nowUs - admittedAtUs) / 1e6;
  metrics.requestDuration.of(request.instrument.id).of(request.endpoint).of(result).observe(seconds);
}

/** A stream's time to its first chunk, and per output token after it. */
export function observeStreamed(
  metrics: InferenceMetrics,
  instrumentId: string,
  times: { firstChunkUs: number; lastChunkUs: number },
  admittedAtUs: number,
  completionTokens: number,
): void {
  metrics.timeToFirstToken.of(instrumentId).observe(Math.max(0, times.firstChunkUs - admittedAtUs) / 1e6);
  if (completionTokens > 1) {
    const perTokenUs = Math.max(0, times.lastChunkUs - times.firstChunkUs) / (completionTokens - 1);
    metrics.timePerOutputToken.of(instrumentId).observe(perTokenUs / 1e6);
  }
}

/**
 * A committed settlement, as its receipt records it: the USD charged by cost status, and the billable tokens (the
 * charge, prompt first: a charge capped at the reservation falls short on the output side). Not billed: no tokens.
 */
export function countSettled(
  metrics: InferenceMetrics,
  instrumentId: string,
  outcome: Pick<RequestOutcome, 'promptTokens'>,
  settled: Settled,
): void {
  metrics.billedUsd
    .of(instrumentId)
    .of(settled.costStatus)
    .inc(settled.costUsdMicros / 1e6);
  if (settled.costStatus === 'not_billed') return;
  const inputTokens = Math.min(outcome.promptTokens, settled.costTokens);
  const usage = metrics.tokenUsage.of(instrumentId);
  usage.of('input').observe(inputTokens);
  usage.of('output').observe(settled.costTokens - inputTokens);
}
