import type { components } from '../../../generated/types/consumption.js';
import type { AutoTopUpPort } from '../../core/trading-port.js';
import type { Db } from '../../db/knex.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import type { Logger } from '../../lib/logger.js';
import type { SlotState } from '../capacity/admission-terms.js';
import { chatToMessage } from '../formats/messages.js';
import { chatToResponse } from '../formats/responses.js';
import type { InlineCost } from '../formats/sse.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { costUnitsMicros, unitsScale } from '../usage.js';
import { fitsSchema, type JsonSchemas } from './json-schemas.js';
import { releaseLease, type Lease } from '../capacity/leases.js';
import type { Prepared } from './inference-prepare.js';
import { answeredBy, route, type Routed, type RoutingDeps } from './routing.js';
import { contextRefusalAsFailure } from './context-refusal.js';
import { attemptRecordOf, judgedStatus, judgePrepared, wholeMeasurements } from './judgment-answers.js';
import { completedIn } from './attempt-spans.js';
import { billedUsage } from './billed-usage.js';
import { settleRequest, type OpenRequest, type RequestOutcome, type RequestStatus, type Settled } from './settle.js';
import type { ChatCompletion, ChatRequest } from '../suppliers/types.js';
import {
  countBreaches,
  countSettled,
  observeServed,
  servedResultOf,
  type InferenceMetrics,
} from './inference-metrics.js';
import { databaseUnavailability, logUnavailable, unavailableRetryAfterSeconds } from '../../db/unavailable.js';

/**
 * The last steps of an admitted request (DESIGN.md §7): route it with failover, answer in the
 * caller's format (JSON here; an event stream in inference-stream.ts), and settle what was used.
 */

type Schemas = components['schemas'];

/** An answer that cannot be given because its request could not be billed (mapped in handlers/failures.ts). */
export type AnswerFailure = 'not_settled';

/** What the handler sends back: a JSON body or an event stream, and the slot headers. */
export interface InferenceAnswer {
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A request admitted: what settlement needs, whose Units it consumes first (routing prefers that supplier), and its
 * slot's lease.
 */
export interface Admitted extends OpenRequest {
  lotSupplierUserId: string | null;
  lease: Lease;
}

/** What settling takes: the port to auto top-up, told of each settlement once committed, and what counts them. */
interface SettleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  autoTopUp: AutoTopUpPort;
  inferenceMetrics: InferenceMetrics;
}

/** What answering an admitted request takes; Services carries all of it. */
export interface AnswerDeps extends SettleDeps, RoutingDeps {
  jsonSchemas: JsonSchemas;
}

export function slotHeaders(slots: SlotState): Record<string, string> {
  return { 'x-ratelimit-limit': String(slots.limit), 'x-ratelimit-remaining': String(Math.max(0, slots.remaining)) };
}

/**
 * How a delivered answer ended: `schema_mismatch` when it misses the output format the caller
 * chose (not JSON, or not fitting its schema), else `succeeded`. Both are billed (DESIGN.md §7):
 * specification part 1 exempts an answer that misses the instrument's specification, which the
 * supplier answers for, not one that misses a schema the caller wrote. Were a missed schema
 * free, any caller could ask for an impossible one and take the answer for nothing.
 */
export function deliveredStatus(
  jsonSchemas: JsonSchemas,
  chat: ChatRequest,
  content: string | null | undefined,
): RequestStatus {
  const format = chat.response_format;
  if (!format || format.type === 'text') return 'succeeded';
  const text = content ?? '';
  if (format.type === 'json_object') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return 'schema_mismatch';
    }
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? 'succeeded' : 'schema_mismatch';
  }
  const schema = format.json_schema.schema;
  return fitsSchema(jsonSchemas, schema, text) ? 'succeeded' : 'schema_mismatch';
}

/** What `usage` says a settled request cost: the receipt's `cost_usd` and `cost_units` (usage.ts), to the micro. */
export function inlineCost(settled: Settled, instrument: Prepared['instrument']): InlineCost {
  return {
    cost_usd: formatDecimal(settled.costUsdMicros, usdScale),
    cost_units: formatDecimal(costUnitsMicros(settled.costTokens, Number(instrument.tokens_per_unit)), unitsScale),
    ...(settled.specBreaches.length > 0 && { spec_breaches: [...settled.specBreaches] }),
  };
}

function answerOf(prepared: Prepared, completion: ChatCompletion, requestId: string, cost: InlineCost): unknown {
  const suffix = requestId.replace(/^req_/, '');
  switch (prepared.endpoint) {
    case 'chat.completions':
      return {
        ...completion,
        id: `chatcmpl-${suffix}`,
        model: prepared.model,
        usage: { ...completion.usage, ...cost },
      };
    case 'responses':
      return chatToResponse(completion, {
        id: `resp_${suffix}`,
        model: prepared.model,
        createdAt: completion.created,
        request: prepared.body as Schemas['ResponseRequest'],
        cost,
      });
    case 'messages':
      return chatToMessage(completion, {
        id: `msg_${suffix}`,
        model: prepared.model,
        request: prepared.body as Schemas['MessageRequest'],
        cost,
      });
  }
}

/**
 * Settles, then lets the slot's lease go (renewed until then: a slow settlement is not taken for
 * abandoned). Answers what it cost when this call settled it; null when a sweep had settled it
 * first, or when settlement failed. A committed settlement is passed on to auto top-up, which
 * checks the account off this path, unless its account had auto top-up off when it was admitted.
 */
export async function settleHeld(
  deps: SettleDeps,
  open: OpenRequest,
  outcome: RequestOutcome,
  lease?: Lease,
): Promise<Settled | null> {
  try {
    const settled = await settleRequest(deps.db, open, outcome, deps.clock.nowUs());
    if (settled !== null) countSettled(deps.inferenceMetrics, open.instrument.id, outcome, settled);
    if (settled !== null) countBreaches(deps.inferenceMetrics, open.instrument.id, settled.specBreaches);
    if (settled !== null && open.autoTopUp !== false) deps.autoTopUp.settled(open.accountId, open.instrument.id);
    return settled;
  } catch (error) {
    // The reservation stays locked and the receipt in progress until the lease runs out and a
    // sweep settles it: `mkt admin audit` still balances.
    if (databaseUnavailability(error) === undefined)
      deps.logger.error({ err: error, request_id: open.requestId }, 'inference settlement failed');
    else
      logUnavailable(deps.logger, error, { request_id: open.requestId }, 'database unavailable: inference not settled');
    return null;
  } finally {
    if (lease) releaseLease(lease);
  }
}

/** A request no supplier answered: not billed. */
export const failed = (prepared: Prepared, attempts: number): RequestOutcome => ({
  status: 'failed',
  promptTokens: prepared.promptTokens,
  completionTokens: 0,
  reasoningTokens: 0,
  timeToFirstTokenMs: null,
  tokensPerSecond: null,
  supplierAttempts: attempts,
  supplierUserId: null,
  specBreaches: [],
  toolCallErrors: [],
  measurements: null,
});

/**
 * How a whole answer ended: what its content made it (deliveredStatus), judged against the instrument from the
 * attempt that answered (its request sent at `sentUs`), `out_of_spec` when it broke a guarantee.
 */
function wholeOutcome(
  deps: AnswerDeps,
  prepared: Prepared,
  routed: Routed<ChatCompletion>,
  times: { admittedAtUs: number; sentUs: number },
): RequestOutcome {
  const { admittedAtUs, sentUs } = times;
  const completion = routed.value;
  const usage = completion.usage;
  const nowUs = deps.clock.nowUs();
  const measured = wholeMeasurements(completion, (nowUs - sentUs) / 1000);
  const judgment = judgePrepared(deps.jsonSchemas, prepared, measured);
  const delivered = deliveredStatus(deps.jsonSchemas, prepared.chat, completion.choices[0]?.message.content);
  return {
    status: judgedStatus(delivered, judgment),
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    timeToFirstTokenMs: Math.round((nowUs - admittedAtUs) / 1000),
    tokensPerSecond: null,
    supplierAttempts: routed.attempts,
    ...answeredBy(routed),
    specBreaches: judgment.breaches,
    toolCallErrors: judgment.toolCallErrors,
    measurements: attemptRecordOf(measured),
  };
}

export async function runWhole(
  deps: AnswerDeps,
  prepared: Prepared,
  open: Admitted,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<InferenceAnswer> {
  let attempts = 0;
  let sentUs = 0; // the answering attempt's: each attempt sets it as it sends its request
  let routed;
  const contextWindow = Number(prepared.instrument.context_window);
  try {
    routed = await route(
      deps,
      prepared.instrument,
      open.lotSupplierUserId,
      (supplier, attempt) => {
        sentUs = deps.clock.nowUs();
        const answer = supplier.complete({
          request: { ...prepared.chat, stream: false, stream_options: null },
          signal,
          traceparent: attempt.traceparent,
        });
        return completedIn(attempt, answer).catch((error: unknown) => {
          throw contextRefusalAsFailure(error, contextWindow);
        });
      },
      (n) => (attempts = n),
      open.requestId,
    );
  } catch (error) {
    await settleHeld(deps, open, failed(prepared, attempts), open.lease);
    observeServed(deps.inferenceMetrics, prepared, open.admittedAtUs, 'no_supplier', deps.clock.nowUs());
    throw error;
  }
  // Billed as the answer states (billed-usage.ts): the prompt as admitted, the completion as the supplier counted it.
  const billed = {
    ...routed,
    value: { ...routed.value, usage: billedUsage(routed.value.usage, prepared.promptTokens) },
  };
  const outcome = wholeOutcome(deps, prepared, billed, { admittedAtUs: open.admittedAtUs, sentUs });
  const settled = await settleHeld(deps, open, outcome, open.lease);
  const result = servedResultOf(outcome.status, settled);
  observeServed(deps.inferenceMetrics, prepared, open.admittedAtUs, result, deps.clock.nowUs());
  // An answer is given only once billed: not if a sweep took the request for abandoned while it
  // waited (its lease lapsed), nor if the ledger could not be written (a sweep settles it unbilled).
  if (settled === null)
    throw new Failure<AnswerFailure>(
      'not_settled',
      'This request could not be settled (its concurrency slot lapsed while the answer was awaited, or the ledger was unavailable); it is not billed. Retry.',
      { headers: { 'retry-after': String(unavailableRetryAfterSeconds) } },
    );
  return { body: answerOf(prepared, billed.value, open.requestId, inlineCost(settled, prepared.instrument)), headers };
}
