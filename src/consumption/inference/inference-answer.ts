import type { components } from '../../../generated/types/consumption.js';
import type { AutoTopUpPort } from '../../core/trading-port.js';
import type { Db } from '../../db/knex.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import type { Logger } from '../../lib/logger.js';
import type { SlotState } from '../capacity/capacity.js';
import { chatStreamToMessageEvents, chatToMessage } from '../formats/messages.js';
import { chatStreamToResponseEvents, chatToResponse } from '../formats/responses.js';
import { costPending, serializeSseEvent, type InlineCost, type SseEvent } from '../formats/sse.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { costUnitsMicros, unitsScale } from '../usage.js';
import type { JsonSchemas } from './json-schemas.js';
import { coalescedReadable } from './coalesce.js';
import type { Lease } from '../capacity/leases.js';
import type { Prepared } from './inference-prepare.js';
import { route, type RoutingDeps } from './routing.js';
import { settleRequest, type OpenRequest, type RequestOutcome, type RequestStatus, type Settled } from './settle.js';
import { SupplierError, type ChatChunk, type ChatCompletion, type ChatRequest } from '../suppliers/types.js';

/**
 * The last steps of an admitted request (DESIGN.md §7): route it with failover, answer in the
 * caller's format (JSON, or an event stream), and settle what was used.
 */

type Schemas = components['schemas'];

/** An answer that cannot be given because its request could not be billed (mapped in handlers/failures.ts). */
export type AnswerFailure = 'not_settled';

/** What the handler sends back: a JSON body or an event stream, and the slot headers. */
export interface InferenceAnswer {
  body: unknown;
  headers: Record<string, string>;
}

/** A request admitted: what settlement needs, whose Units it consumes first (routing prefers that supplier), and its slot's lease. */
export interface Admitted extends OpenRequest {
  lotSupplierUserId: string | null;
  lease: Lease;
}

/** What settling takes: the port to auto top-up, told of each settlement once committed. */
interface SettleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  autoTopUp: AutoTopUpPort;
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
function deliveredStatus(
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
  return jsonSchemas.fits(schema, text) ? 'succeeded' : 'schema_mismatch';
}

/** What `usage` says a settled request cost: the receipt's `cost_usd` and `cost_units` (usage.ts), to the micro. */
function inlineCost(settled: Settled, instrument: Prepared['instrument']): InlineCost {
  return {
    cost_usd: formatDecimal(settled.costUsdMicros, usdScale),
    cost_units: formatDecimal(costUnitsMicros(settled.costTokens, Number(instrument.tokens_per_unit)), unitsScale),
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
 * The `usage` of an event that states the request's cost (written as `costPending` by the
 * translators): the chat usage chunk, `response.completed` / `response.incomplete`, `message_delta`.
 */
function costCarrier(event: SseEvent | string): Record<string, unknown> | undefined {
  if (typeof event === 'string') return undefined;
  const data = event.data as {
    usage?: Record<string, unknown> | null;
    response?: { usage?: Record<string, unknown> | null };
  };
  if (event.event === undefined || event.event === 'message_delta') return data.usage ?? undefined;
  if (event.event === 'response.completed' || event.event === 'response.incomplete')
    return data.response?.usage ?? undefined;
  return undefined;
}

/**
 * Settles, then lets the slot's lease go (renewed until then: a slow settlement is not taken for
 * abandoned). Answers what it cost when this call settled it; null when a sweep had settled it
 * first, or when settlement failed. A committed settlement is passed on to auto top-up, which
 * checks the account off this path.
 */
export async function settleHeld(
  deps: SettleDeps,
  open: OpenRequest,
  outcome: RequestOutcome,
  lease?: Lease,
): Promise<Settled | null> {
  try {
    const settled = await settleRequest(deps.db, open, outcome, deps.clock.nowUs());
    if (settled !== null) deps.autoTopUp.settled(open.accountId, open.instrument.id);
    return settled;
  } catch (error) {
    // The reservation stays locked and the receipt in progress until the lease runs out and a
    // sweep settles it: `mkt admin audit` still balances.
    deps.logger.error({ err: error, request_id: open.requestId }, 'inference settlement failed');
    return null;
  } finally {
    lease?.release();
  }
}

const failed = (prepared: Prepared, attempts: number): RequestOutcome => ({
  status: 'failed',
  promptTokens: prepared.promptTokens,
  completionTokens: 0,
  reasoningTokens: 0,
  timeToFirstTokenMs: null,
  tokensPerSecond: null,
  supplierAttempts: attempts,
  supplierUserId: null,
});

export async function runWhole(
  deps: AnswerDeps,
  prepared: Prepared,
  open: Admitted,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<InferenceAnswer> {
  let attempts = 0;
  let routed;
  try {
    routed = await route(
      deps,
      prepared.instrument,
      open.lotSupplierUserId,
      (supplier) => supplier.complete({ request: { ...prepared.chat, stream: false, stream_options: null }, signal }),
      (n) => (attempts = n),
    );
  } catch (error) {
    await settleHeld(deps, open, failed(prepared, attempts), open.lease);
    throw error;
  }
  const completion = routed.value;
  const usage = completion.usage;
  const elapsedMs = Math.round((deps.clock.nowUs() - open.admittedAtUs) / 1000);
  const status = deliveredStatus(deps.jsonSchemas, prepared.chat, completion.choices[0]?.message.content);
  const settled = await settleHeld(
    deps,
    open,
    {
      status,
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
      timeToFirstTokenMs: elapsedMs,
      tokensPerSecond: null,
      supplierAttempts: routed.attempts,
      supplierUserId: routed.supplierUserId,
    },
    open.lease,
  );
  // An answer is given only once billed: not if a sweep took the request for abandoned while it
  // waited (its lease lapsed), nor if the ledger could not be written (a sweep settles it unbilled).
  if (settled === null)
    throw new Failure<AnswerFailure>(
      'not_settled',
      'This request could not be settled (its concurrency slot lapsed while the answer was awaited, or the ledger was unavailable); it is not billed. Retry.',
      { headers: { 'retry-after': '1' } },
    );
  return { body: answerOf(prepared, completion, open.requestId, inlineCost(settled, prepared.instrument)), headers };
}

export async function runStream(
  deps: AnswerDeps,
  prepared: Prepared,
  open: Admitted,
  abort: AbortController,
  clientSignal: AbortSignal,
  headers: Record<string, string>,
): Promise<InferenceAnswer> {
  let attempts = 0;
  let routed;
  try {
    const request: ChatRequest = { ...prepared.chat, stream: true, stream_options: { include_usage: true } };
    routed = await route(
      deps,
      prepared.instrument,
      open.lotSupplierUserId,
      (supplier) => supplier.stream({ request, signal: abort.signal }),
      (n) => (attempts = n),
    );
  } catch (error) {
    await settleHeld(deps, open, failed(prepared, attempts), open.lease);
    throw error;
  }
  const suffix = open.requestId.replace(/^req_/, '');
  const firstChunkUs = deps.clock.nowUs();
  let lastChunkUs = firstChunkUs;
  let delivered = '';
  let content = '';
  let usage: ChatChunk['usage'] = null;
  let failure: unknown;
  let ended = false;

  const sent = open.lease.sent!;
  // Nothing is sent on a slot this process cannot show it still holds (leases.ts); once lost, never again.
  let slotLost = false;
  const slotHeld = async (): Promise<boolean> => {
    if (!slotLost && !open.lease.holds(deps.clock.nowUs()) && !(await open.lease.confirm())) slotLost = true;
    return !slotLost;
  };
  // The supplier's chunks, renamed to this request, with what was delivered noted as it passes.
  async function* observed(): AsyncGenerator<ChatChunk> {
    try {
      for await (const chunk of routed!.value) {
        lastChunkUs = deps.clock.nowUs();
        if (!(await slotHeld())) throw new LeaseLost(open.requestId);
        if (chunk.usage) usage = chunk.usage;
        for (const choice of chunk.choices) {
          delivered += choice.delta.content ?? '';
          content += choice.delta.content ?? '';
          for (const call of choice.delta.tool_calls ?? []) delivered += call.function?.arguments ?? '';
        }
        yield { ...chunk, id: `chatcmpl-${suffix}`, model: prepared.model };
      }
      ended = true;
    } catch (error) {
      failure = error;
      throw error;
    }
  }

  let settling: Promise<Settled | null> | undefined;
  const finish = () => (settling ??= settle());
  const settle = async (): Promise<Settled | null> => {
    // A reason made once: the default one is a DOMException with a stack, built on every request.
    abort.abort(upstreamNoLongerNeeded);
    const finalUsage = usage;
    const completionTokens = finalUsage && ended ? finalUsage.completion_tokens : sent.tokens();
    const streamMs = (lastChunkUs - firstChunkUs) / 1000;
    // A client that went away is billed for what was delivered, even if the supplier's stream
    // broke because we stopped it.
    const status: RequestStatus = clientSignal.aborted
      ? 'cancelled'
      : failure !== undefined
        ? 'failed'
        : !ended
          ? 'cancelled'
          : deliveredStatus(deps.jsonSchemas, prepared.chat, content);
    return settleHeld(
      deps,
      open,
      {
        status,
        promptTokens: finalUsage && ended ? finalUsage.prompt_tokens : prepared.promptTokens,
        completionTokens,
        reasoningTokens: finalUsage && ended ? (finalUsage.completion_tokens_details?.reasoning_tokens ?? 0) : 0,
        timeToFirstTokenMs: Math.round((firstChunkUs - open.admittedAtUs) / 1000),
        tokensPerSecond:
          completionTokens > 1 && streamMs > 0 ? Math.round((completionTokens / (streamMs / 1000)) * 10) / 10 : null,
        supplierAttempts: routed.attempts,
        supplierUserId: routed.supplierUserId,
      },
      open.lease,
    );
  };

  const events = eventsOf(deps.clock, prepared, observed(), suffix);
  // The last event is held back until the request is settled, so a client that has read the
  // whole stream finds its receipt complete; so is the event that states the cost, and all after
  // it, since the cost is known only once settled. What an event carried counts as delivered once
  // the response stream has taken it (the lease keeper records that at least once a second).
  const wire = (event: SseEvent | string) => (typeof event === 'string' ? event : serializeSseEvent(event));
  async function* text(): AsyncGenerator<string> {
    try {
      let held: (SseEvent | string)[] = [];
      let heldDeliveredLength = 0;
      for await (const event of events) {
        if (held.length > 0 && !held.some((e) => costCarrier(e) !== undefined)) {
          if (await slotHeld()) {
            for (const e of held) yield wire(e);
            sent.sent(delivered, heldDeliveredLength);
          }
          held = [];
        }
        held.push(event);
        heldDeliveredLength = delivered.length;
      }
      const settled = await finish();
      if (held.length === 0) return;
      // A lost slot ends the stream with the error event of the failure it caused (observed()), or breaks it: never a clean end.
      if (slotLost && failure === undefined) throw new LeaseLost(open.requestId);
      const carriers = held.map(costCarrier).filter((usage) => usage !== undefined);
      // A cost that cannot be stated (settlement failed: a sweep settles the request) ends the stream broken, not cleanly.
      if (carriers.length > 0 && settled === null) throw new LeaseLost(open.requestId);
      for (const usage of carriers) Object.assign(usage, inlineCost(settled!, prepared.instrument));
      for (const e of held) yield wire(e);
    } finally {
      await finish();
    }
  }
  const body = coalescedReadable(text());
  return {
    body,
    headers: {
      ...headers,
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    },
  };
}

/** The event stream of the caller's format; a failure after the first byte ends it with an error event, never a clean end. */
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
