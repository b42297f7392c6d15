import type { components } from '../../../generated/types/consumption.js';
import { assert } from '../../lib/assert.js';
import type { Clock } from '../../lib/clock.js';
import { confirmLease, leaseHolds, type SentTokens } from '../capacity/leases.js';
import { chatStreamToMessageEvents } from '../formats/messages.js';
import { chatStreamToResponseEvents } from '../formats/responses.js';
import { costPending, serializeSseEvent, type SseEvent } from '../formats/sse.js';
import { SupplierError, type ChatChunk, type ChatRequest } from '../suppliers/types.js';
import { coalescedReadable } from './coalesce.js';
import {
  deliveredStatus,
  failed,
  inlineCost,
  settleHeld,
  type Admitted,
  type AnswerDeps,
  type InferenceAnswer,
} from './inference-answer.js';
import type { Prepared } from './inference-prepare.js';
import { answeredBy, route, type Routed } from './routing.js';
import { streamedIn } from './attempt-spans.js';
import { billedUsage } from './billed-usage.js';
import type { RequestOutcome, RequestStatus, Settled } from './settle.js';
import { observeServed, observeStreamed, servedResultOf } from './inference-metrics.js';
import { contextRefusalAsFailure } from './context-refusal.js';
import type { Judgment } from './judgment.js';
import { attemptRecordOf, judgedStatus, judgePrepared, lateFirstContent } from './judgment-answers.js';
import {
  newStreamMeasure,
  noteChunk,
  recordLateFirstContent,
  streamMeasurements,
  type StreamMeasure,
} from './judgment-stream.js';

/**
 * An admitted request answered as an event stream (DESIGN.md §7): routed with failover before the
 * first byte, its chunks renamed to the request and translated to the caller's format, what was
 * delivered recorded as it goes, and the request settled before the stream's last event.
 */

type Schemas = components['schemas'];

/** What one stream knows as it runs: what it was sent and delivered, how it ended, and its settlement. */
interface StreamState {
  readonly deps: AnswerDeps;
  readonly prepared: Prepared;
  readonly open: Admitted;
  readonly routed: Routed<AsyncIterable<ChatChunk>>;
  /** Stops the upstream call; `clientSignal` says whether the client went away. */
  readonly abort: AbortController;
  readonly clientSignal: AbortSignal;
  /** What the lease keeper records as delivered (leases.ts). */
  readonly sent: SentTokens;
  /** The request id without its `req_` prefix, for the ids of the caller's format. */
  readonly suffix: string;
  readonly firstChunkUs: number;
  lastChunkUs: number;
  /** What the judgment of the answering attempt needs (judgment-stream.ts). */
  readonly measure: StreamMeasure;
  /**
   * Text and tool-call arguments delivered (what `sent` counts), and the text alone (what the caller's schema checks).
   */
  delivered: string;
  content: string;
  usage: ChatChunk['usage'];
  /** What broke the supplier's stream, when it broke. */
  failure: unknown;
  ended: boolean;
  /** Nothing is sent on a slot this process cannot show it still holds (leases.ts); once lost, never again. */
  slotLost: boolean;
  settling: Promise<Settled | null> | undefined;
}

/** Why a stream's upstream call is aborted once its request is settled (it has usually ended by then). */
const upstreamNoLongerNeeded = new SupplierError(
  'dropped',
  'the request was settled: its upstream call is no longer needed',
);

/** A stream stopped because its slot was swept while the process could not renew it. */
class LeaseLost extends Error {
  constructor(requestId: string) {
    super(`the slot of ${requestId} was settled as abandoned while this process could not renew it`);
  }
}

export async function runStream(
  deps: AnswerDeps,
  prepared: Prepared,
  open: Admitted,
  abort: AbortController,
  clientSignal: AbortSignal,
  headers: Record<string, string>,
): Promise<InferenceAnswer> {
  const { routed, sentUs } = await routeStream(deps, prepared, open, abort);
  const sent = open.lease.sent;
  assert(sent !== null, `the lease of stream ${open.requestId} counts what it sent`);
  const firstChunkUs = deps.clock.nowUs();
  const state: StreamState = {
    deps,
    prepared,
    open,
    routed,
    abort,
    clientSignal,
    sent,
    suffix: open.requestId.replace(/^req_/, ''),
    firstChunkUs,
    lastChunkUs: firstChunkUs,
    measure: newStreamMeasure(sentUs, firstChunkUs),
    delivered: '',
    content: '',
    usage: null,
    failure: undefined,
    ended: false,
    slotLost: false,
    settling: undefined,
  };
  const events = eventsOf(deps.clock, prepared, observed(state), state.suffix);
  return {
    body: coalescedReadable(text(state, events)),
    headers: {
      ...headers,
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    },
  };
}

/** The supplier's stream, with failover before its first chunk; a request no supplier serves is settled unbilled. */
async function routeStream(
  deps: AnswerDeps,
  prepared: Prepared,
  open: Admitted,
  abort: AbortController,
): Promise<{ routed: Routed<AsyncIterable<ChatChunk>>; sentUs: number }> {
  let attempts = 0;
  let sentUs = 0; // the answering attempt's: each attempt sets it as it sends its request
  const contextWindow = Number(prepared.instrument.context_window);
  try {
    const request: ChatRequest = { ...prepared.chat, stream: true, stream_options: { include_usage: true } };
    const routed = await route(
      deps,
      prepared.instrument,
      open.lotSupplierUserId,
      (supplier, attempt) => {
        sentUs = deps.clock.nowUs();
        const chunks = supplier.stream({ request, signal: abort.signal, traceparent: attempt.traceparent });
        return streamedIn(attempt, chunks).catch((error: unknown) => {
          throw contextRefusalAsFailure(error, contextWindow);
        });
      },
      (n) => (attempts = n),
      open.requestId,
    );
    return { routed, sentUs };
  } catch (error) {
    await settleHeld(deps, open, failed(prepared, attempts), open.lease);
    observeServed(deps.inferenceMetrics, prepared, open.admittedAtUs, 'no_supplier', deps.clock.nowUs());
    throw error;
  }
}

async function slotHeld(state: StreamState): Promise<boolean> {
  const { lease } = state.open;
  if (!state.slotLost && !leaseHolds(lease, state.deps.clock.nowUs()) && !(await confirmLease(lease)))
    state.slotLost = true;
  return !state.slotLost;
}

/** The supplier's chunks, renamed to this request, with what was delivered noted as it passes. */
async function* observed(state: StreamState): AsyncGenerator<ChatChunk> {
  try {
    for await (const chunk of state.routed.value) {
      state.lastChunkUs = state.deps.clock.nowUs();
      if (noteChunk(state.measure, chunk, state.lastChunkUs))
        await recordLateFirstContent(state.deps, state.prepared, state.open.requestId, state.measure);
      if (!(await slotHeld(state))) throw new LeaseLost(state.open.requestId);
      const usage = chunk.usage && billedUsage(chunk.usage, state.prepared.promptTokens);
      if (usage) state.usage = usage;
      for (const choice of chunk.choices) {
        state.delivered += choice.delta.content ?? '';
        state.content += choice.delta.content ?? '';
        for (const call of choice.delta.tool_calls ?? []) state.delivered += call.function?.arguments ?? '';
      }
      yield { ...chunk, usage, id: `chatcmpl-${state.suffix}`, model: state.prepared.model };
      state.measure.askedUs = state.deps.clock.nowUs();
    }
    state.ended = true;
  } catch (error) {
    state.failure = error;
    throw error;
  }
}

/** Settles the stream's request once, however often asked (at its end, and when its reader stops). */
function finish(state: StreamState): Promise<Settled | null> {
  return (state.settling ??= settleStream(state));
}

async function settleStream(state: StreamState): Promise<Settled | null> {
  // A reason made once: the default one is a DOMException with a stack, built on every request.
  state.abort.abort(upstreamNoLongerNeeded);
  const outcome = streamOutcome(state);
  const settled = await settleHeld(state.deps, state.open, outcome, state.open.lease);
  observeStream(state, outcome, settled);
  return settled;
}

/** The stream's duration (to its settlement), time to its first chunk and per output token after it. */
function observeStream(state: StreamState, outcome: RequestOutcome, settled: Settled | null): void {
  const { deps, prepared, open } = state;
  const result = servedResultOf(outcome.status, settled);
  observeServed(deps.inferenceMetrics, prepared, open.admittedAtUs, result, deps.clock.nowUs());
  observeStreamed(deps.inferenceMetrics, prepared.instrument.id, state, open.admittedAtUs, outcome.completionTokens);
}

/** How the stream ended, as settlement bills it. */
function streamOutcome(state: StreamState): RequestOutcome {
  const { usage, ended, prepared, open } = state;
  const final = usage && ended ? usage : null;
  const completionTokens = final ? final.completion_tokens : state.sent.tokens();
  const reasoningTokens = final ? (final.completion_tokens_details?.reasoning_tokens ?? 0) : 0;
  const streamMs = (state.lastChunkUs - state.firstChunkUs) / 1000;
  const measured = streamMeasurements(state.measure, final !== null, { completionTokens, reasoningTokens });
  const judgment = streamJudgment(state, measured);
  return {
    status: streamStatus(state, judgment),
    specBreaches: judgment.breaches,
    toolCallErrors: judgment.toolCallErrors,
    measurements: attemptRecordOf(measured),
    promptTokens: prepared.promptTokens, // billed-usage.ts: as counted at admission, whoever answered
    completionTokens,
    reasoningTokens,
    timeToFirstTokenMs: Math.round((state.firstChunkUs - open.admittedAtUs) / 1000),
    tokensPerSecond:
      completionTokens > 1 && streamMs > 0 ? Math.round((completionTokens / (streamMs / 1000)) * 10) / 10 : null,
    supplierAttempts: state.routed.attempts,
    ...answeredBy(state.routed),
  };
}

/**
 * A stream is judged when it ends (judgment.ts). One that did not end whole (its client went away, its supplier broke
 * off) is judged on its first token alone: its rate, its length and its tool calls are not known.
 */
function streamJudgment(state: StreamState, measured: ReturnType<typeof streamMeasurements>): Judgment {
  if (measured.times.kind === 'stream' && measured.times.ended)
    return judgePrepared(state.deps.jsonSchemas, state.prepared, measured);
  const { firstContentMs } = state.measure;
  const late = firstContentMs === null ? null : lateFirstContent(state.prepared, firstContentMs);
  return { breaches: late ? [late] : [], toolCallErrors: [] };
}

/**
 * A client that went away is billed for what was delivered, even if the supplier's stream broke
 * because we stopped it; unless the supplier broke a guarantee: never billed, however the stream ended.
 */
function streamStatus(state: StreamState, judgment: Judgment): RequestStatus {
  if (state.failure !== undefined && !state.clientSignal.aborted) return 'failed';
  if (judgment.breaches.length > 0) return 'out_of_spec';
  if (state.clientSignal.aborted || !state.ended) return 'cancelled';
  return judgedStatus(deliveredStatus(state.deps.jsonSchemas, state.prepared.chat, state.content), judgment);
}

/**
 * The `usage` of an event that states the request's cost (written as `costPending` by the
 * translators): the chat usage chunk, `response.completed` / `response.incomplete`, `message_delta`.
 */
function costCarrier(event: SseEvent | string): Record<string, unknown> | undefined {
  if (typeof event === 'string' || !isRecord(event.data)) return undefined;
  const { usage, response } = event.data;
  if (event.event === undefined || event.event === 'message_delta') return isRecord(usage) ? usage : undefined;
  if (event.event === 'response.completed' || event.event === 'response.incomplete')
    return isRecord(response) && isRecord(response.usage) ? response.usage : undefined;
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const wire = (event: SseEvent | string): string => (typeof event === 'string' ? event : serializeSseEvent(event));

/**
 * The stream's text. The last event is held back until the request is settled, so a client that
 * has read the whole stream finds its receipt complete; so is the event that states the cost, and
 * all after it, since the cost is known only once settled. What an event carried counts as
 * delivered once the response stream has taken it (the lease keeper records that at least once a second).
 */
async function* text(state: StreamState, events: AsyncIterable<SseEvent | string>): AsyncGenerator<string> {
  try {
    let held: (SseEvent | string)[] = [];
    let heldDeliveredLength = 0;
    for await (const event of events) {
      if (held.length > 0 && !held.some((e) => costCarrier(e) !== undefined)) {
        if (await slotHeld(state)) {
          for (const e of held) yield wire(e);
          state.sent.sent(state.delivered, heldDeliveredLength);
        }
        held = [];
      }
      held.push(event);
      heldDeliveredLength = state.delivered.length;
    }
    const settled = await finish(state);
    if (held.length === 0) return;
    yield* lastEvents(state, held, settled);
  } finally {
    await finish(state);
  }
}

/** The events held back to the end, the cost written into those that state it. */
function* lastEvents(state: StreamState, held: (SseEvent | string)[], settled: Settled | null): Generator<string> {
  // A lost slot ends the stream with the error event of the failure it caused (observed()), or breaks it: never a clean
  // end.
  if (state.slotLost && state.failure === undefined) throw new LeaseLost(state.open.requestId);
  const carriers = held.map(costCarrier).filter((usage) => usage !== undefined);
  if (carriers.length > 0) {
    // A cost that cannot be stated (settlement failed: a sweep settles the request) ends the stream broken, not
    // cleanly.
    if (settled === null) throw new LeaseLost(state.open.requestId);
    for (const usage of carriers) Object.assign(usage, inlineCost(settled, state.prepared.instrument));
  }
  for (const e of held) yield wire(e);
}

/**
 * The event stream of the caller's format; a failure after the first byte ends it with an error event, never a clean
 * end.
 */
function eventsOf(
  clock: Clock,
  prepared: Prepared,
  chunks: AsyncGenerator<ChatChunk>,
  suffix: string,
): AsyncIterable<SseEvent | string> {
  switch (prepared.endpoint) {
    case 'responses':
      return chatStreamToResponseEvents(chunks, {
        id: `resp_${suffix}`,
        model: prepared.model,
        createdAt: Math.floor(clock.nowUs() / 1_000_000),
        request: prepared.body as Schemas['ResponseRequest'],
        cost: { ...costPending },
      });
    case 'messages':
      return chatStreamToMessageEvents(chunks, {
        id: `msg_${suffix}`,
        model: prepared.model,
        request: prepared.body as Schemas['MessageRequest'],
        inputTokens: prepared.promptTokens,
        cost: { ...costPending },
      });
    case 'chat.completions':
      return chatEvents(chunks, prepared.includeUsage);
  }
}

/**
 * Chat-completions SSE: `data: <chunk>` lines, the usage chunk only when asked for (its cost
 * pending until settled), then `[DONE]`; an error event instead of `[DONE]` on failure.
 */
async function* chatEvents(chunks: AsyncIterable<ChatChunk>, includeUsage: boolean): AsyncGenerator<SseEvent | string> {
  try {
    for await (const chunk of chunks) {
      if (chunk.choices.length === 0 && !includeUsage) continue;
      yield { data: chunk.usage ? { ...chunk, usage: { ...chunk.usage, ...costPending } } : chunk };
    }
  } catch (error) {
    const message =
      error instanceof SupplierError
        ? `The supplier stream broke off (${error.failure}); the request is not billed. Retry.`
        : error instanceof LeaseLost
          ? "The stream was stopped: the server lost this request's concurrency slot; only the output delivered before is billed. Retry."
          : 'The stream failed on our side; the request is not billed. Retry.';
    yield `data: ${JSON.stringify({ error: { code: 'supplier_unavailable', message, type: 'server_error', param: null } })}\n\n`;
    return;
  }
  yield 'data: [DONE]\n\n';
}
