import type { components } from '../../../generated/types/consumption.js';
import { abandonedRequests, type AbandonedRequest } from '../../db/inference-leases.js';
import { findInstrument } from '../../core/reference.js';
import { assert } from '../../lib/assert.js';
import { checkCapacity, openAdmission } from '../capacity/capacity.js';
import type { CapacityDeps } from '../capacity/token-shortfall.js';
import { runStream } from './inference-stream.js';
import {
  runWhole,
  settleHeld,
  slotHeaders,
  type Admitted,
  type AnswerDeps,
  type InferenceAnswer,
} from './inference-answer.js';
import { counted, prepare, preparedBefore, translate, type BodyOf, type PrepareDeps } from './inference-prepare.js';
import { issueTicket, type TicketClaims, type TicketKey } from '../../core/tickets.js';
import {
  deadProcesses,
  forgetDeadProcesses,
  holdLease,
  leaseTerms,
  releaseLease,
  type LeaseKeeper,
} from '../capacity/leases.js';
import type { OpenRequest, RequestOutcome } from './settle.js';
import { countPromptTokens } from '../tokens/tokens.js';
import { specBreachesOf } from '../../db/judgment-records.js';

/**
 * The consumption pipeline (DESIGN.md §7, §12): every inference of the three surfaces passes the
 * same five stages, in this order, stated here as `src/trading/orders/orders.ts` states the order pipeline:
 *
 *   prepare – the request checked (shape, the caller's JSON Schemas, model, output limit, prompt
 *             against the context window) and translated to chat completions (inference-prepare.ts);
 *   admit   – what the caller may spend: the key's limits (key-limits.ts), the daily limit of free
 *             accounts, a concurrency slot, the tokens of the instrument within the price cap
 *             (price-cap.ts; bought in Auto Mode), reserved from named lots with the receipt and the
 *             key's budget in one transaction (capacity.ts);
 *   route   – a qualified supplier, with failover before the first byte (routing.ts);
 *   answer  – JSON or an event stream in the caller's format (inference-answer.ts, inference-stream.ts);
 *   settle  – what was delivered is billed, the rest of the reservation released, the slot given
 *             back (settle.ts); abandoned requests are settled by the sweep below.
 *
 * `POST /v1/…` runs prepare and admission's checks, takes nothing, and answers 307; `POST /r/v1/…`
 * runs the whole pipeline.
 */

type Schemas = components['schemas'];
import type { Endpoint } from '../../core/inference-endpoint.js';
export type { Endpoint };
export interface Caller {
  userId: string;
  apiKeyId: string;
  /** What the redirect established, when the run comes with its ticket. */
  ticket?: TicketClaims;
}

/**
 * What inference takes; Services carries all of it. `leases` is this process's lease keeper, made once
 * (app/services.ts).
 */
export interface InferenceDeps extends PrepareDeps, CapacityDeps, AnswerDeps {
  leases: LeaseKeeper;
  ticketKey: TicketKey;
}

/** Abandoned requests settled per sweep; the next sweep takes the rest. */
const sweepBatchMax = 100;

/** What a redirect answers: the slot headers, and the ticket its Location carries. */
interface Redirect {
  headers: Record<string, string>;
  ticket: string;
}

/**
 * `POST /v1/…`: prepare, and admission's checks (limits, capacity); nothing is taken or run. What
 * they established goes into the ticket (tickets.ts), bound to the body's bytes, so that the run
 * does not prepare the request again.
 */
export async function redirectInference<E extends Endpoint>(
  deps: InferenceDeps,
  endpoint: E,
  body: BodyOf<E>,
  bodyBytes: Buffer,
  caller: Caller,
): Promise<Redirect> {
  const uncounted = await prepare(deps, endpoint, body);
  const nowUs = deps.clock.nowUs();
  const caps = {
    userId: caller.userId,
    apiKeyId: caller.apiKeyId,
    model: uncounted.model,
    maxPriceTicks: uncounted.maxPriceTicks,
  };
  const slots = await checkCapacity(deps, caps, uncounted.instrument, uncounted.tokens, nowUs);
  const promptTokens = await uncounted.promptTokens();
  const { maxPriceTicks } = slots;
  const claims = {
    userId: caller.userId,
    apiKeyId: caller.apiKeyId,
    endpoint,
    model: uncounted.model,
    instrumentId: uncounted.instrument.id,
    promptTokens,
    outputTokens: uncounted.outputTokens,
    maxPriceTicks,
  };
  return { headers: slotHeaders(slots), ticket: await issueTicket(deps.ticketKey, claims, bodyBytes, nowUs) };
}

/**
 * What stops a request's upstream call: its client leaving (already gone when the run starts included: it stops as
 * one that leaves later would), or its lease lost (aborted by the lease keeper).
 */
function requestAbort(clientSignal: AbortSignal): AbortController {
  const abort = new AbortController();
  if (clientSignal.aborted) abort.abort(clientSignal.reason);
  else clientSignal.addEventListener('abort', () => abort.abort(clientSignal.reason), { once: true });
  return abort;
}

/**
 * `POST /r/v1/…`: prepare → admit → route → answer → settle. With the redirect's ticket, prepare
 * is what the redirect did (only the translation for suppliers is made again); with the key
 * alone, the request is prepared here.
 */
export async function runInference<E extends Endpoint>(
  deps: InferenceDeps,
  endpoint: E,
  body: BodyOf<E>,
  caller: Caller,
  requestId: string,
  signal: AbortSignal,
): Promise<InferenceAnswer> {
  const uncounted = caller.ticket
    ? await preparedBefore(deps, endpoint, body, caller.ticket)
    : await prepare(deps, endpoint, body);
  const admittedAtUs = deps.clock.nowUs();
  const admitted = await openAdmission(
    deps,
    {
      requestId,
      userId: caller.userId,
      apiKeyId: caller.apiKeyId,
      model: uncounted.model,
      maxPriceTicks: uncounted.maxPriceTicks,
      instrument: uncounted.instrument,
      endpoint,
      stream: uncounted.stream,
      tokens: uncounted.tokens,
      lease: () => leaseTerms(deps.leases),
      ...(caller.ticket && { ticket: { id: caller.ticket.id, expiresAtUs: caller.ticket.expiresAtUs } }),
    },
    admittedAtUs,
  );
  const abort = requestAbort(signal);
  // Held (renewed) from the admission on: counting a big prompt may outlast a lease on a busy machine, and an
  // unrenewed slot would be swept under the request. A request whose slot was swept (its lease lost) stops: the
  // sweep billed it by what it had delivered.
  const lease = holdLease(deps.leases, requestId, admitted.lease, {
    stream: uncounted.stream,
    lost: () => abort.abort(),
    inUse: deps.inferenceMetrics.slotsInUse.of(uncounted.instrument.id),
  });
  const prepared = await counted(uncounted).catch((error: unknown) => {
    releaseLease(lease); // as before the lease was held: the sweep settles the admitted request once its lease ends
    throw error;
  });
  const open: Admitted = {
    requestId,
    accountId: admitted.accountId,
    instrument: prepared.instrument,
    reservedTokens: prepared.reservedTokens,
    reservedLots: admitted.reservedLots,
    budget: admitted.budget,
    admittedAtUs,
    lotSupplierUserId: admitted.lotSupplierUserId,
    autoTopUp: admitted.autoTopUp,
    lotsExpireAtUs: admitted.lotsExpireAtUs,
    lease,
  };
  const headers = slotHeaders(admitted);
  return prepared.stream
    ? runStream(deps, prepared, open, abort, signal, headers)
    : runWhole(deps, prepared, open, abort.signal, headers);
}

/**
 * The prompt tokens of a messages request, as admission counts them (Anthropic's
 * count_tokens): validated as a message would be; not billed, no slot, no daily count.
 */
export async function countRequestTokens(
  deps: PrepareDeps,
  body: Schemas['MessageCountTokensRequest'],
): Promise<number> {
  // The output limit and stream are not part of a count; the thinking budget is checked against the limit only when one
  // runs.
  const { thinking: _thinking, ...prompt } = body;
  const { chat } = await translate(deps, 'messages', {
    ...prompt,
    max_tokens: 1,
    stream: false,
  });
  return countPromptTokens(chat.messages, chat.tools);
}

/**
 * Settles requests still in progress that nobody serves any more: their slot's lease ran out,
 * their process is proven dead (a restarted process finds its predecessors' requests at once),
 * or the slot is gone. A live request's lease is renewed and its process's liveness lock held,
 * so it is never found. Each is settled once, by what it had delivered (`abandonedOutcome`).
 * Returns how many were settled.
 */
export async function sweepAbandoned(deps: InferenceDeps, nowUs: number): Promise<number> {
  const dead = await deadProcesses(deps.leases);
  const abandoned = await abandonedRequests(deps.db, nowUs, dead, sweepBatchMax);
  for (const request of abandoned) {
    const instrument = await findInstrument(deps, request.instrumentId);
    assert(instrument !== undefined, `the instrument ${request.instrumentId} of request ${request.requestId} exists`);
    const open: OpenRequest = {
      requestId: request.requestId,
      accountId: request.accountId,
      instrument,
      reservedTokens: request.reservedTokens,
      reservedLots: request.reservedLots,
      budget: request.budget,
      admittedAtUs: request.admittedAtUs,
    };
    await settleHeld(deps, open, abandonedOutcome(request));
  }
  if (dead.length > 0) await forgetDeadProcesses(deps.leases, dead);
  return abandoned.length;
}

/**
 * What an abandoned request is settled as: a stream that had delivered output is billed for its
 * prompt and the completion tokens recorded as delivered (at most one recording interval short
 * of what the client got), like a client that went away; anything that delivered nothing —
 * an answer still awaited whole, a stream before its first token — is not billed, nor is a stream
 * whose first token came late (recorded as it came: inference-stream.ts).
 */
function abandonedOutcome(request: AbandonedRequest): RequestOutcome {
  const specBreaches = specBreachesOf(request.specBreaches);
  const delivered = request.deliveredTokens > 0 ? 'cancelled' : 'failed';
  return {
    // A breach was recorded as its first content came: content reached the caller, recorded as delivered or not yet.
    status: specBreaches.length > 0 ? 'out_of_spec' : delivered,
    specBreaches,
    toolCallErrors: [],
    measurements: null,
    promptTokens: request.promptTokens,
    completionTokens: request.deliveredTokens,
    reasoningTokens: 0,
    timeToFirstTokenMs: null,
    tokensPerSecond: null,
    supplierAttempts: request.supplierAttempts,
    supplierUserId: null,
  };
}
