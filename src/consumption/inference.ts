import type { components } from '../../generated/types/consumption.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import { ApiError, RequestValidationError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { abandonedRequests, type AbandonedRequest } from '../db/inference-leases.js';
import { checkCapacity, openAdmission, type CapacityDeps, type SlotState, type TokenDemand } from './capacity.js';
import { chatStreamToMessageEvents, chatToMessage, messagesToChat } from './formats/messages.js';
import { chatStreamToResponseEvents, chatToResponse, responsesToChat } from './formats/responses.js';
import { FormatError, serializeSseEvent, type SseEvent } from './formats/sse.js';
import { callerSchemas, createJsonSchemas, echoOf } from './json-schemas.js';
import { coalescedReadable } from './coalesce.js';
import { createLeaseKeeper, type Lease, type LeaseOptions } from './leases.js';
import { route, type RoutingDeps } from './routing.js';
import { settleRequest, type OpenRequest, type RequestOutcome, type RequestStatus } from './settle.js';
import { completionTokensMax, SupplierError, type ChatChunk, type ChatCompletion, type ChatRequest } from './suppliers/types.js';
import { tokenBytesMax } from './token-merge.js';
import { countPromptTokens, inlineCharsMax, promptBounds } from './tokens.js';
import type { InstrumentRow, ReferenceService } from '../core/reference.js';

type Schemas = components['schemas'];
export type Endpoint = 'chat.completions' | 'responses' | 'messages';
type BodyOf<E extends Endpoint> = E extends 'chat.completions' ? Schemas['ChatCompletionRequest'] : E extends 'responses' ? Schemas['ResponseRequest'] : Schemas['MessageRequest'];

export interface Caller {
  userId: string;
  apiKeyId: string;
}

/** What the handler sends back: a JSON body or an event stream, and the slot headers. */
export interface InferenceAnswer {
  body: unknown;
  headers: Record<string, string>;
}

interface Prepared {
  endpoint: Endpoint;
  body: BodyOf<Endpoint>;
  /** The request as suppliers see it: chat completions, with the output limit always set. */
  chat: ChatRequest;
  model: string;
  instrument: InstrumentRow;
  promptTokens: number;
  reservedTokens: number;
  stream: boolean;
  /** Whether a chat-completions caller asked for the usage chunk. */
  includeUsage: boolean;
}

/** A request checked and translated, its prompt not counted yet: what the cheap checks need. */
interface Uncounted extends Omit<Prepared, 'promptTokens' | 'reservedTokens'> {
  /** The prompt plus the output limit, for admission: bounds now, the exact count on demand. */
  tokens: TokenDemand;
  /** Whether the prompt fits the context window whatever its exact count (its upper bound fits). */
  fitsUncounted: boolean;
  /** The prompt's exact count, checked against the context window; counted once. */
  promptTokens(): Promise<number>;
  outputTokens: number;
}

/** A request admitted: what settlement needs, whose Units it consumes first (routing prefers that supplier), and its slot's lease. */
interface Admitted extends OpenRequest {
  lotSupplierUserId: string | null;
  lease: Lease;
}

/** Abandoned requests settled per sweep; the next sweep takes the rest. */
const sweepBatchMax = 100;

/** The field that carries the output limit, per surface, for 422s. */
const limitField: Record<Endpoint, string> = { 'chat.completions': 'max_tokens', responses: 'max_output_tokens', messages: 'max_tokens' };

type ReasoningEffort = NonNullable<ChatRequest['reasoning_effort']>;
/**
 * Every effort the official OpenAI clients allow is accepted; suppliers get the levels every
 * OpenAI-compatible server understands (openapi/consumption.yaml, ReasoningEffort).
 */
const supplierEffort: Record<ReasoningEffort, ReasoningEffort> = { none: 'minimal', minimal: 'minimal', low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

/**
 * Inference on the three surfaces (DESIGN.md §7): validate and translate to chat completions,
 * check capacity and redirect (307), or at `/r/v1/…` admit (slot, receipt, reservation), route
 * with failover, answer in the caller's format, and settle what was used.
 */
export function createInferenceService(db: Db, clock: Clock, reference: ReferenceService, capacity: CapacityDeps, routing: RoutingDeps, logger: Logger) {
  const schemas = createJsonSchemas();
  const leases = createLeaseKeeper(db, clock, logger);

  /** The request in chat-completions shape, once its own shape and the caller's JSON Schemas are valid (else 422), and its instrument (else 404). */
  async function translate<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<{ chat: ChatRequest; model: string; instrument: InstrumentRow }> {
    let chat: ChatRequest;
    try {
      chat =
        endpoint === 'chat.completions'
          ? (body as ChatRequest)
          : endpoint === 'responses'
            ? responsesToChat(body as Schemas['ResponseRequest'])
            : messagesToChat(body as Schemas['MessageRequest']);
    } catch (error) {
      if (error instanceof FormatError) throw new RequestValidationError([{ path: `body.${error.path}`, message: error.message, value: error.value ?? null }]);
      throw error;
    }
    // Specification part 7: a malformed tool or output schema is a 422, so no answer is ever
    // produced (or billed, DESIGN.md §7) against a schema nothing could fit.
    const invalid = callerSchemas(endpoint, body).flatMap(({ path, schema }) => {
      const problem = schemas.problemOf(schema);
      return problem === null ? [] : [{ path, message: problem, value: echoOf(schema) }];
    });
    if (invalid.length > 0) throw new RequestValidationError(invalid);
    if (chat.reasoning_effort) chat = { ...chat, reasoning_effort: supplierEffort[chat.reasoning_effort] };
    const model = (body as { model: string }).model;
    const instrument = await reference.resolveModel(model);
    if (!instrument) throw new ApiError(404, 'model_not_found', `No model ${model}. GET /v1/models lists the nine instruments and their -latest aliases.`);
    return { chat, model, instrument };
  }

  async function prepare<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<Uncounted> {
    const { chat, model, instrument } = await translate(endpoint, body);
    const asked = completionTokensMax(chat);
    const outputMax = Number(instrument.max_output_length);
    if (asked !== null && asked > outputMax) {
      throw new RequestValidationError([{ path: `body.${limitField[endpoint]}`, message: `must be at most ${outputMax}, the output limit of ${instrument.model_name}`, value: asked }]);
    }
    const outputTokens = asked ?? outputMax;
    // The prompt is counted last, and only when a decision needs the count: counting a big
    // prompt takes seconds of CPU (spent off the event loop, token-pool.ts), so the refusals that
    // its length alone decides come first.
    const bounds = promptBounds(chat.messages, chat.tools);
    const contextWindow = Number(instrument.context_window);
    if (bounds.tokensMin + outputTokens > contextWindow) throw promptTooLarge(endpoint, instrument, outputTokens, { bytes: bounds.bytes, tokensMin: bounds.tokensMin });
    let counting: Promise<number> | undefined;
    const countPrompt = () =>
      (counting ??= countPromptTokens(chat.messages, chat.tools).then((prompt) => {
        if (prompt + outputTokens > contextWindow) throw promptTooLarge(endpoint, instrument, outputTokens, { tokens: prompt });
        return prompt;
      }));
    const { max_tokens: _ignored, user: _user, metadata: _metadata, ...rest } = chat;
    return {
      endpoint,
      body,
      chat: { ...rest, max_completion_tokens: outputTokens },
      model,
      instrument,
      tokens: {
        min: bounds.tokensMin + outputTokens,
        max: bounds.tokensMax + outputTokens,
        output: outputTokens,
        exact: async () => (await countPrompt()) + outputTokens,
        // Bytes bound characters from above: a prompt of at most this many bytes is counted inline (tokens.ts).
        countsInline: bounds.bytes <= inlineCharsMax,
      },
      fitsUncounted: bounds.tokensMax + outputTokens <= contextWindow,
      promptTokens: countPrompt,
      outputTokens,
      stream: chat.stream === true,
      includeUsage: chat.stream_options?.include_usage === true,
    };
  }

  /** The request with its prompt counted (at once if admission already counted it). */
  async function counted(uncounted: Uncounted): Promise<Prepared> {
    const { tokens: _tokens, fitsUncounted: _fits, promptTokens: countPrompt, outputTokens, ...rest } = uncounted;
    const promptTokens = await countPrompt();
    return { ...rest, promptTokens, reservedTokens: promptTokens + outputTokens };
  }

  function slotHeaders(slots: SlotState): Record<string, string> {
    return { 'x-ratelimit-limit': String(slots.limit), 'x-ratelimit-remaining': String(Math.max(0, slots.remaining)) };
  }

  /**
   * How a delivered answer ended: `schema_mismatch` when it misses the output format the caller
   * chose (not JSON, or not fitting its schema), else `succeeded`. Both are billed (DESIGN.md §7):
   * specification part 1 exempts an answer that misses the instrument's specification, which the
   * supplier answers for, not one that misses a schema the caller wrote. Were a missed schema
   * free, any caller could ask for an impossible one and take the answer for nothing.
   */
  function deliveredStatus(chat: ChatRequest, content: string | null | undefined): RequestStatus {
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
    const schema = (format as Schemas['ResponseFormatJsonSchema']).json_schema.schema;
    return schemas.fits(schema, text) ? 'succeeded' : 'schema_mismatch';
  }

  function answerOf(prepared: Prepared, completion: ChatCompletion, requestId: string): unknown {
    const suffix = requestId.replace(/^req_/, '');
    switch (prepared.endpoint) {
      case 'chat.completions':
        return { ...completion, id: `chatcmpl-${suffix}`, model: prepared.model };
      case 'responses':
        return chatToResponse(completion, { id: `resp_${suffix}`, model: prepared.model, createdAt: completion.created, request: prepared.body as Schemas['ResponseRequest'] });
      case 'messages':
        return chatToMessage(completion, { id: `msg_${suffix}`, model: prepared.model, request: prepared.body as Schemas['MessageRequest'] });
    }
  }

  /**
   * Settles, then lets the slot's lease go (renewed until then: a slow settlement is not taken for
   * abandoned). Answers whether this call settled it: false when a sweep had settled it first, or
   * when settlement failed.
   */
  async function settle(open: OpenRequest, outcome: RequestOutcome, lease?: Lease): Promise<boolean> {
    try {
      return await settleRequest(db, open, outcome, clock.nowUs());
    } catch (error) {
      // The reservation stays locked and the receipt in progress until the lease runs out and a
      // sweep settles it: `mkt admin audit` still balances.
      logger.error({ err: error, request_id: open.requestId }, 'inference settlement failed');
      return false;
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

  async function runWhole(prepared: Prepared, open: Admitted, signal: AbortSignal, headers: Record<string, string>): Promise<InferenceAnswer> {
    let attempts = 0;
    let routed;
    try {
      routed = await route(routing, prepared.instrument, open.lotSupplierUserId, (supplier) => supplier.complete({ request: { ...prepared.chat, stream: false, stream_options: null }, signal }), (n) => (attempts = n));
    } catch (error) {
      await settle(open, failed(prepared, attempts), open.lease);
      throw error;
    }
    const completion = routed.value;
    const usage = completion.usage!;
    const elapsedMs = Math.round((clock.nowUs() - open.admittedAtUs) / 1000);
    const status = deliveredStatus(prepared.chat, completion.choices[0]?.message.content);
    const ours = await settle(open, {
      status,
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
      timeToFirstTokenMs: elapsedMs,
      tokensPerSecond: null,
      supplierAttempts: routed.attempts,
      supplierUserId: routed.supplierUserId,
    }, open.lease);
    // An answer is given only once billed: not if a sweep took the request for abandoned while it
    // waited (its lease lapsed), nor if the ledger could not be written (a sweep settles it unbilled).
    if (!ours) throw new ApiError(503, 'service_unavailable', 'This request could not be settled (its concurrency slot lapsed while the answer was awaited, or the ledger was unavailable); it is not billed. Retry.', { headers: { 'retry-after': '1' } });
    return { body: answerOf(prepared, completion, open.requestId), headers };
  }

  async function runStream(prepared: Prepared, open: Admitted, abort: AbortController, clientSignal: AbortSignal, headers: Record<string, string>): Promise<InferenceAnswer> {
    let attempts = 0;
    let routed;
    try {
      const request: ChatRequest = { ...prepared.chat, stream: true, stream_options: { include_usage: true } };
      routed = await route(routing, prepared.instrument, open.lotSupplierUserId, (supplier) => supplier.stream({ request, signal: abort.signal }), (n) => (attempts = n));
    } catch (error) {
      await settle(open, failed(prepared, attempts), open.lease);
      throw error;
    }
    const suffix = open.requestId.replace(/^req_/, '');
    const firstChunkUs = clock.nowUs();
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
      if (!slotLost && !open.lease.holds(clock.nowUs()) && !(await open.lease.confirm())) slotLost = true;
      return !slotLost;
    };
    // The supplier's chunks, renamed to this request, with what was delivered noted as it passes.
    async function* observed(): AsyncGenerator<ChatChunk> {
      try {
        for await (const chunk of routed!.value) {
          lastChunkUs = clock.nowUs();
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

    let settled = false;
    const finish = async () => {
      if (settled) return;
      settled = true;
      // A reason made once: the default one is a DOMException with a stack, built on every request.
      abort.abort(upstreamNoLongerNeeded);
      const finalUsage = usage as ChatChunk['usage'];
      const completionTokens = finalUsage && ended ? finalUsage.completion_tokens : sent.tokens();
      const streamMs = (lastChunkUs - firstChunkUs) / 1000;
      // A client that went away is billed for what was delivered, even if the supplier's stream
      // broke because we stopped it.
      const status: RequestStatus = clientSignal.aborted ? 'cancelled' : failure !== undefined ? 'failed' : !ended ? 'cancelled' : deliveredStatus(prepared.chat, content);
      await settle(open, {
        status,
        promptTokens: finalUsage && ended ? finalUsage.prompt_tokens : prepared.promptTokens,
        completionTokens,
        reasoningTokens: finalUsage && ended ? (finalUsage.completion_tokens_details?.reasoning_tokens ?? 0) : 0,
        timeToFirstTokenMs: Math.round((firstChunkUs - open.admittedAtUs) / 1000),
        tokensPerSecond: completionTokens > 1 && streamMs > 0 ? Math.round((completionTokens / (streamMs / 1000)) * 10) / 10 : null,
        supplierAttempts: routed!.attempts,
        supplierUserId: routed!.supplierUserId,
      }, open.lease);
    };

    const events = eventsOf(prepared, observed(), suffix);
    // The last event is held back until the request is settled, so a client that has read the
    // whole stream finds its receipt complete. What an event carried counts as delivered once the
    // response stream has taken it (the lease keeper records that at least once a second).
    async function* text(): AsyncGenerator<string> {
      try {
        let held: string | undefined;
        let heldDeliveredLength = 0;
        for await (const event of events) {
          if (held !== undefined && (await slotHeld())) {
            yield held;
            sent.sent(delivered, heldDeliveredLength);
          }
          held = typeof event === 'string' ? event : serializeSseEvent(event);
          heldDeliveredLength = delivered.length;
        }
        await finish();
        if (held === undefined) return;
        // A lost slot ends the stream with the error event of the failure it caused (observed()), or breaks it: never a clean end.
        if (slotLost && failure === undefined) throw new LeaseLost(open.requestId);
        yield held;
      } finally {
        await finish();
      }
    }
    const body = coalescedReadable(text());
    return { body, headers: { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' } };
  }

  /** The event stream of the caller's format; a failure after the first byte ends it with an error event, never a clean end. */
  function eventsOf(prepared: Prepared, chunks: AsyncGenerator<ChatChunk>, suffix: string): AsyncIterable<SseEvent | string> {
    switch (prepared.endpoint) {
      case 'responses':
        return chatStreamToResponseEvents(chunks, { id: `resp_${suffix}`, model: prepared.model, createdAt: Math.floor(clock.nowUs() / 1_000_000), request: prepared.body as Schemas['ResponseRequest'] });
      case 'messages':
        return chatStreamToMessageEvents(chunks, { id: `msg_${suffix}`, model: prepared.model, request: prepared.body as Schemas['MessageRequest'], inputTokens: prepared.promptTokens });
      case 'chat.completions':
        return chatEvents(chunks, prepared.includeUsage);
    }
  }

  /**
   * What an abandoned request is settled as: a stream that had delivered output is billed for its
   * prompt and the completion tokens recorded as delivered (at most one recording interval short
   * of what the client got), like a client that went away; anything that delivered nothing —
   * an answer still awaited whole, a stream before its first token — is not billed.
   */
  function abandonedOutcome(request: AbandonedRequest): RequestOutcome {
    return {
      status: request.deliveredTokens > 0 ? 'cancelled' : 'failed',
      promptTokens: request.promptTokens,
      completionTokens: request.deliveredTokens,
      reasoningTokens: 0,
      timeToFirstTokenMs: null,
      tokensPerSecond: null,
      supplierAttempts: request.supplierAttempts,
      supplierUserId: null,
    };
  }

  return {
    /** Registers this process and starts renewing its slots' leases (leases.ts); until then slots are never renewed. */
    startLeases: (options: LeaseOptions): Promise<void> => leases.start(options),
    stopLeases: (): Promise<void> => leases.stop(),

    /**
     * Settles requests still in progress that nobody serves any more: their slot's lease ran out,
     * their process is proven dead (a restarted process finds its predecessors' requests at once),
     * or the slot is gone. A live request's lease is renewed and its process's liveness lock held,
     * so it is never found. Each is settled once, by what it had delivered (`abandonedOutcome`).
     * Returns how many were settled.
     */
    async sweepAbandoned(nowUs: number): Promise<number> {
      const dead = await leases.deadProcesses();
      const abandoned = await abandonedRequests(db, nowUs, dead, sweepBatchMax);
      for (const request of abandoned) {
        const instrument = (await reference.findInstrument(request.instrumentId))!;
        const open: OpenRequest = { requestId: request.requestId, accountId: request.accountId, instrument, reservedTokens: request.reservedTokens, admittedAtUs: request.admittedAtUs };
        await settle(open, abandonedOutcome(request));
      }
      if (dead.length > 0) await leases.forgetDead(dead);
      return abandoned.length;
    },

    /**
     * The prompt tokens of a messages request, as admission counts them (Anthropic's
     * count_tokens): validated as a message would be; not billed, no slot, no daily count.
     */
    async countTokens(body: Schemas['MessageCountTokensRequest']): Promise<number> {
      // The output limit and stream are not part of a count; the thinking budget is checked against the limit only when one runs.
      const { thinking: _thinking, ...prompt } = body;
      const { chat } = await translate('messages', { ...prompt, max_tokens: 1, stream: false } as Schemas['MessageRequest']);
      return countPromptTokens(chat.messages, chat.tools);
    },

    /** The redirect's checks (validation, model, limits, capacity); nothing is taken or run. */
    async redirect<E extends Endpoint>(endpoint: E, body: BodyOf<E>, caller: Caller): Promise<Record<string, string>> {
      const uncounted = await prepare(endpoint, body);
      const slots = await checkCapacity(capacity, caller.userId, uncounted.instrument, uncounted.tokens, clock.nowUs());
      // Whether a prompt longer than the context window may hold fits is known only by counting it.
      if (!uncounted.fitsUncounted) await uncounted.promptTokens();
      return slotHeaders(slots);
    },

    async run<E extends Endpoint>(endpoint: E, body: BodyOf<E>, caller: Caller, requestId: string, signal: AbortSignal): Promise<InferenceAnswer> {
      const uncounted = await prepare(endpoint, body);
      const admittedAtUs = clock.nowUs();
      const terms = leases.terms();
      const admitted = await openAdmission(
        capacity,
        { requestId, userId: caller.userId, apiKeyId: caller.apiKeyId, model: uncounted.model, instrument: uncounted.instrument, endpoint, stream: uncounted.stream, tokens: uncounted.tokens, lease: terms },
        admittedAtUs,
      );
      const prepared = await counted(uncounted);
      const abort = new AbortController();
      signal.addEventListener('abort', () => abort.abort(), { once: true });
      // A request whose slot was swept (its lease lost) stops: the sweep billed it by what it had delivered.
      const lease = leases.hold(requestId, terms, { stream: prepared.stream, lost: () => abort.abort() });
      const open: Admitted = { requestId, accountId: admitted.accountId, instrument: prepared.instrument, reservedTokens: prepared.reservedTokens, admittedAtUs, lotSupplierUserId: admitted.lotSupplierUserId, lease };
      const headers = slotHeaders(admitted);
      return prepared.stream ? runStream(prepared, open, abort, signal, headers) : runWhole(prepared, open, abort.signal, headers);
    },
  };
}

export type InferenceService = ReturnType<typeof createInferenceService>;

/** Why a stream's upstream call is aborted once its request is settled (it has usually ended by then). */
const upstreamNoLongerNeeded = new SupplierError('dropped', 'the request was settled: its upstream call is no longer needed');

/** A stream stopped because its slot was swept while the process could not renew it. */
class LeaseLost extends Error {
  constructor(requestId: string) {
    super(`the slot of ${requestId} was settled as abandoned while this process could not renew it`);
  }
}

/** 413 for a prompt the instrument's context window cannot hold beside the output limit: from its length, or its count. */
function promptTooLarge(endpoint: Endpoint, instrument: InstrumentRow, outputTokens: number, found: { bytes: number; tokensMin: number } | { tokens: number }): ApiError {
  const contextWindow = Number(instrument.context_window);
  const promptTokensMax = Math.max(0, contextWindow - outputTokens);
  const size = 'bytes' in found ? `${found.bytes} bytes, so at least ${found.tokensMin} tokens (no token is longer than ${tokenBytesMax} bytes)` : `${found.tokens} tokens`;
  return new ApiError(
    413,
    'payload_too_large',
    `The prompt is ${size}: more than ${instrument.model_name} can take. Its context window is ${contextWindow} tokens, ${outputTokens} of them kept for the output ` +
      `(${limitField[endpoint]}, or the instrument's output limit when it is not set), so a prompt may have at most ${promptTokensMax} tokens; ` +
      `one of over ${promptTokensMax * tokenBytesMax} bytes is refused before it is counted. Shorten the prompt or lower ${limitField[endpoint]}.`,
    {
      context: {
        context_window: contextWindow,
        output_tokens: outputTokens,
        prompt_tokens_max: promptTokensMax,
        prompt_bytes_max: promptTokensMax * tokenBytesMax,
        ...('bytes' in found ? { prompt_bytes: found.bytes, prompt_tokens_min: found.tokensMin } : { prompt_tokens: found.tokens }),
      },
    },
  );
}

/** Chat-completions SSE: `data: <chunk>` lines, the usage chunk only when asked for, then `[DONE]`; an error event instead of `[DONE]` on failure. */
async function* chatEvents(chunks: AsyncIterable<ChatChunk>, includeUsage: boolean): AsyncGenerator<string> {
  try {
    for await (const chunk of chunks) {
      if (chunk.choices.length === 0 && !includeUsage) continue;
      yield `data: ${JSON.stringify(chunk)}\n\n`;
    }
  } catch (error) {
    const message =
      error instanceof SupplierError
        ? `The supplier stream broke off (${error.failure}); the request is not billed. Retry.`
        : error instanceof LeaseLost
          ? 'The stream was stopped: the server lost this request\'s concurrency slot; only the output delivered before is billed. Retry.'
          : 'The stream failed on our side; the request is not billed. Retry.';
    yield `data: ${JSON.stringify({ error: { code: 'supplier_unavailable', message, type: 'server_error', param: null } })}\n\n`;
    return;
  }
  yield 'data: [DONE]\n\n';
}

