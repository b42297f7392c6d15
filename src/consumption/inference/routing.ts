import { insertAttemptFailure, type AttemptFailureRow } from '../../db/attempt-failures.js';
import type { Db } from '../../db/knex.js';
import type { RoutableEndpointRow } from '../../db/routing.js';
import { routableEndpoints } from './routing-cache.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import { createOpenAiUpstream, upstreamTimeoutDefaults } from '../suppliers/openai-upstream.js';
import { createSimulator } from '../suppliers/simulator.js';
import { mayFailOver, SupplierError, type Supplier } from '../suppliers/types.js';
import type { UpstreamKeyring } from '../../core/upstream-keys.js';
import type { InferenceMetrics } from './inference-metrics.js';
import type { Counter } from 'prom-client';
import type { LabelledChildren } from '../../lib/metric-children.js';
import type { Logger } from '../../lib/logger.js';
import type { Tracer } from '../../lib/tracer.js';
import { attemptFailed, startAttempt, type SupplierAttempt } from './attempt-spans.js';

export interface RoutingOptions {
  /** Suppliers tried for one request before it fails (the first included). */
  attemptsMax: number;
  /** How long an endpoint that failed is passed over while others remain. */
  cooldownMs: number;
  /** Pacing of the built-in simulated suppliers. */
  simulator: { timeToFirstTokenMs: number; tokensPerSecond: number };
  /** How long HTTP upstreams may take: to a stream's first chunk, to a whole answer, and silent mid-stream. */
  upstream: typeof upstreamTimeoutDefaults;
}

/**
 * No supplier could serve the request (mapped in handlers/failures.ts): nothing was sent to the caller, and nothing is
 * billed.
 */
export type RoutingFailure = 'no_supplier';

/** What a supplier answered, after how many attempts, and which supplier and endpoint it was. */
export interface Routed<T> {
  value: T;
  attempts: number;
  supplierUserId: string;
  endpointId: string;
}

/** Who answered a routed request, as its receipt records it (settle.ts RequestOutcome). */
export const answeredBy = ({ supplierUserId, endpointId }: Routed<unknown>) => ({ supplierUserId, endpointId });

/** An endpoint that failed: passed over until `untilMs` while others remain; whose it is (process-status.ts). */
export interface EndpointCooling {
  untilMs: number;
  supplierUserId: string;
}

/**
 * What routing keeps between requests, made once per process (app/services.ts): an adapter per
 * endpoint (rebuilt when its row changes) with the supplier it belongs to, and the endpoints that failed, by endpoint
 * id: a supplier's other endpoints keep serving while one of them cools down.
 */
export interface RoutingState {
  adapters: Map<string, { version: number; userId: string; supplier: Supplier }>;
  cooling: Map<string, EndpointCooling>;
}

export const newRoutingState = (): RoutingState => ({ adapters: new Map(), cooling: new Map() });

/** What routing takes; Services carries all of it. */
export interface RoutingDeps {
  db: Db;
  clock: Clock;
  routingState: RoutingState;
  config: { routing: RoutingOptions };
  inferenceMetrics: InferenceMetrics;
  tracer: Tracer;
  logger: Logger;
  /** Opens the endpoints' sealed upstream keys (core/upstream-keys.ts), once per adapter built. */
  upstreamKeys: UpstreamKeyring;
}

/** The endpoint's adapter: cached by endpoint id until its row changes (`updated_at_us`); canaries use it too. */
export async function adapterOf(
  { routingState: { adapters }, config: { routing: options }, upstreamKeys }: RoutingDeps,
  row: RoutableEndpointRow,
): Promise<Supplier> {
  const cached = adapters.get(row.id);
  if (cached && cached.version === Number(row.updated_at_us)) return cached.supplier;
  const apiKey =
    row.upstream_key_ciphertext === null ? null : await upstreamKeys.open(row.id, row.upstream_key_ciphertext);
  const supplier =
    Boolean(row.simulated) || row.base_url === null
      ? createSimulator({
          id: row.user_id,
          timeToFirstTokenMs: options.simulator.timeToFirstTokenMs,
          tokensPerSecond: options.simulator.tokensPerSecond,
        })
      : createOpenAiUpstream({
          id: row.user_id,
          baseUrl: row.base_url,
          model: row.model ?? 'default',
          ...options.upstream,
          ...(apiKey !== null && { apiKey }),
        });
  adapters.set(row.id, { version: Number(row.updated_at_us), userId: row.user_id, supplier });
  return supplier;
}

/** True while the endpoint is passed over after a failure. */
const coolingDown = (state: RoutingState, endpointId: string, nowMs: number): boolean =>
  (state.cooling.get(endpointId)?.untilMs ?? 0) > nowMs;

/**
 * The active endpoints qualified for the instrument, of enabled suppliers, in this order: those cooling down go last;
 * before them, those the watch found to miss the contract go after those that meet it or are not judged yet; within
 * each, the supplier whose Units the caller consumes first, then the best (lowest) resting ask.
 */
async function candidates(
  deps: RoutingDeps,
  instrumentId: string,
  preferredUserId: string | null,
): Promise<RoutableEndpointRow[]> {
  const rows = await routableEndpoints(deps.db, instrumentId);
  const askOf = (row: RoutableEndpointRow) => row.best_ask ?? Number.MAX_SAFE_INTEGER;
  const nowMs = deps.clock.nowUs() / 1000;
  const cooling = (row: RoutableEndpointRow) => coolingDown(deps.routingState, row.id, nowMs);
  const misses = (row: RoutableEndpointRow) => row.standing === 'misses';
  return rows.sort(
    (a, b) =>
      Number(cooling(a)) - Number(cooling(b)) ||
      Number(misses(a)) - Number(misses(b)) ||
      Number(b.user_id === preferredUserId) - Number(a.user_id === preferredUserId) ||
      askOf(a) - askOf(b) ||
      a.user_id.localeCompare(b.user_id) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * Chooses endpoints for an instrument and fails over between them (DESIGN.md §7): the qualified endpoints of enabled
 * suppliers, those that meet the contract (or are not judged yet) before those that miss it, then the one whose
 * supplier's Units the caller consumes first, then the best ask; a failure before the first byte (connect error,
 * timeout, 5xx, 429) moves on to the next, at most `attemptsMax` in all, cools the failing endpoint down and is
 * recorded against it (`attempt_failures`, without waiting for the write). A failure after the first byte is the
 * caller's to report.
 *
 * Runs `call` on endpoints in turn until one answers; 503 supplier_unavailable when none does. Each attempt is a span
 * (attempt-spans.ts) that `call` sends on as the upstream's `traceparent` and ends when it answers.
 * `preferredUserId` is the supplier whose Units the caller consumes, tried first when it qualifies; `requestId` names
 * the request on the failures recorded.
 */
export async function route<T>(
  deps: RoutingDeps,
  instrument: { id: string; model_name: string },
  preferredUserId: string | null,
  call: (supplier: Supplier, attempt: SupplierAttempt) => Promise<T>,
  onAttempt?: (attempts: number) => void,
  requestId: string | null = null,
): Promise<Routed<T>> {
  const { attemptsMax, cooldownMs } = deps.config.routing;
  const { cooling } = deps.routingState;
  const ranked = await candidates(deps, instrument.id, preferredUserId);
  const rows = ranked.slice(0, attemptsMax);
  const counted = deps.inferenceMetrics.supplierAttempts.of(instrument.id);
  let attempts = 0;
  for (const row of rows) {
    attempts += 1;
    if (attempts > 1) deps.inferenceMetrics.supplierFailovers.of(instrument.id).inc();
    onAttempt?.(attempts);
    const attempt = startAttempt(deps.tracer, row, row.model ?? instrument.model_name);
    try {
      const value = await call(await adapterOf(deps, row), attempt);
      counted.of('ok').inc();
      countPassedOver(deps, counted, ranked, attempts);
      cooling.delete(row.id);
      return { value, attempts, supplierUserId: row.user_id, endpointId: row.id };
    } catch (error) {
      attemptFailed(attempt, error);
      counted.of(attemptResultOf(error)).inc();
      if (!(error instanceof SupplierError)) throw error;
      // The request's own abort (its client left, its slot was lost) is not the supplier's failure: it neither cools a
      // healthy supplier down nor moves on to another for nobody. The upstream's own deadline ('timeout') still does.
      if (!mayFailOver(error)) break;
      cooling.set(row.id, { untilMs: deps.clock.nowUs() / 1000 + cooldownMs, supplierUserId: row.user_id });
      recordAttemptFailure(deps, { endpointId: row.id, instrumentId: instrument.id, requestId }, error);
    }
  }
  countPassedOver(deps, counted, ranked, attempts);
  throw new Failure<RoutingFailure>(
    'no_supplier',
    `No supplier for ${instrument.model_name} is available right now; this request is not billed. Retry in 1 to 3 seconds.`,
    { headers: { 'retry-after': '1' } },
  );
}

/**
 * Records an attempt that failed before its first byte against its endpoint (scorecards and the watch count them),
 * without holding up the failover: the write is not awaited, and a write that fails is logged, never the request's
 * failure.
 */
function recordAttemptFailure(
  deps: RoutingDeps,
  attempt: { endpointId: string; instrumentId: string; requestId: string | null },
  error: SupplierError,
): void {
  const row: AttemptFailureRow = {
    endpoint_id: attempt.endpointId,
    instrument_id: attempt.instrumentId,
    request_id: attempt.requestId,
    kind: error.failure === 'timeout' ? 'timeout' : 'failed',
    created_at_us: deps.clock.nowUs(),
  };
  insertAttemptFailure(deps.db, row).catch((writeError: unknown) => {
    deps.logger.warn(
      { err: writeError, endpoint_id: row.endpoint_id, request_id: row.request_id },
      'a failed supplier attempt could not be recorded',
    );
  });
}

/** How an attempt that threw counts: the upstream's deadline, the request's own abort, or any other failure. */
function attemptResultOf(error: unknown): 'timeout' | 'aborted' | 'failed' {
  if (!(error instanceof SupplierError)) return 'failed';
  return error.failure === 'timeout' || error.failure === 'aborted' ? error.failure : 'failed';
}

/**
 * `cooled_down`: each endpoint of the request's candidates left untried while cooling down (ranked last for it), once
 * the request is answered or given up after `attempted` of them. Checked against the cool-downs as they stand then.
 */
function countPassedOver(
  deps: RoutingDeps,
  counted: LabelledChildren<Counter.Internal>,
  ranked: readonly RoutableEndpointRow[],
  attempted: number,
): void {
  if (deps.routingState.cooling.size === 0) return;
  const nowMs = deps.clock.nowUs() / 1000;
  for (let i = attempted; i < ranked.length; i++) {
    const row = ranked[i];
    if (row !== undefined && coolingDown(deps.routingState, row.id, nowMs)) counted.of('cooled_down').inc();
  }
}
