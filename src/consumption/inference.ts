import { Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { components } from '../../generated/types/consumption.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import { ApiError, RequestValidationError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { slotLifetimeUs, type CapacityService, type SlotState, type TokenDemand } from './capacity.js';
import { chatStreamToMessageEvents, chatToMessage, messagesToChat } from './formats/messages.js';
import { chatStreamToResponseEvents, chatToResponse, responsesToChat } from './formats/responses.js';
import { FormatError, serializeSseEvent, type SseEvent } from './formats/sse.js';
import type { Router } from './routing.js';
import { settleRequest, type OpenRequest, type RequestOutcome, type RequestStatus } from './settle.js';
import { completionTokensMax, SupplierError, type ChatChunk, type ChatCompletion, type ChatRequest } from './suppliers/types.js';
import { tokenBytesMax } from './token-merge.js';
import { countPromptTokens, promptBounds, textTokens } from './tokens.js';
import type { InstrumentRow, ReferenceService } from '../trading/reference.js';

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

/** A request admitted: what settlement needs, and whose Units it consumes first (routing prefers that supplier). */
interface Admitted extends OpenRequest {
  lotSupplierUserId: string | null;
}

/** A streaming request renews its slot's lease this often. */
const slotRenewalUs = 60 * 1_000_000;

/** The field that carries the output limit, per surface, for 422s. */
const limitField: Record<Endpoint, string> = { 'chat.completions': 'max_tokens', responses: 'max_output_tokens', messages: 'max_tokens' };

/**
 * Inference on the three surfaces (DESIGN.md §7): validate and translate to chat completions,
 * check capacity and redirect (307), or at `/r/v1/…` admit (slot, receipt, reservation), route
 * with failover, answer in the caller's format, and settle what was used.
 */
export function createInferenceService(db: Db, clock: Clock, reference: ReferenceService, capacity: CapacityService, router: Router, logger: Logger) {
  const schemaValidators = new Map<string, ((value: unknown) => boolean) | null>();
  const ajv = new Ajv2020({ strict: false, allErrors: false });

  async function prepare<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<Uncounted> {
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
    const model = (body as { model: string }).model;
    const instrument = await reference.resolveModel(model);
    if (!instrument) throw new ApiError(404, 'model_not_found', `No model ${model}. GET /v1/models lists the nine instruments and their -latest aliases.`);
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
      tokens: { min: bounds.tokensMin + outputTokens, max: bounds.tokensMax + outputTokens, exact: async () => (await countPrompt()) + outputTokens },
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

  /** Whether the answer meets what the request demanded of it (a JSON schema it must fit). */
  function meetsSpecification(chat: ChatRequest, content: string | null | undefined): boolean {
    const format = chat.response_format;
    if (!format || format.type === 'text') return true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(content ?? '');
    } catch {
      return false;
    }
    if (format.type === 'json_object') return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    const schema = (format as Schemas['ResponseFormatJsonSchema']).json_schema.schema;
    if (!schema) return true;
    const key = JSON.stringify(schema);
    if (!schemaValidators.has(key)) {
      try {
        schemaValidators.set(key, ajv.compile(schema));
      } catch {
        schemaValidators.set(key, null);
      }
    }
    const validate = schemaValidators.get(key);
    return validate ? validate(parsed) : true;
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

  async function settle(open: OpenRequest, outcome: RequestOutcome): Promise<void> {
    try {
      await settleRequest(db, open, outcome, clock.nowUs());
    } catch (error) {
      // The reservation stays locked and the receipt in progress: `mkt admin audit` still balances.
      logger.error({ err: error, request_id: open.requestId }, 'inference settlement failed');
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
      routed = await router.route(prepared.instrument, open.lotSupplierUserId, (supplier) => supplier.complete({ request: { ...prepared.chat, stream: false, stream_options: null }, signal }), (n) => (attempts = n));
    } catch (error) {
      await settle(open, failed(prepared, attempts));
      throw error;
    }
    const completion = routed.value;
    const usage = completion.usage!;
    const elapsedMs = Math.round((clock.nowUs() - open.admittedAtUs) / 1000);
    const status: RequestStatus = meetsSpecification(prepared.chat, completion.choices[0]?.message.content) ? 'succeeded' : 'out_of_spec';
    await settle(open, {
      status,
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
      timeToFirstTokenMs: elapsedMs,
      tokensPerSecond: null,
      supplierAttempts: routed.attempts,
      supplierUserId: routed.supplierUserId,
    });
    return { body: answerOf(prepared, completion, open.requestId), headers };
  }

  async function runStream(prepared: Prepared, open: Admitted, abort: AbortController, clientSignal: AbortSignal, headers: Record<string, string>): Promise<InferenceAnswer> {
    let attempts = 0;
    let routed;
    try {
      const request: ChatRequest = { ...prepared.chat, stream: true, stream_options: { include_usage: true } };
      routed = await router.route(prepared.instrument, open.lotSupplierUserId, (supplier) => supplier.stream({ request, signal: abort.signal }), (n) => (attempts = n));
    } catch (error) {
      await settle(open, failed(prepared, attempts));
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

    let leaseRenewedUs = firstChunkUs;
    // The supplier's chunks, renamed to this request, with what was delivered noted as it passes.
    async function* observed(): AsyncGenerator<ChatChunk> {
      try {
        for await (const chunk of routed!.value) {
          lastChunkUs = clock.nowUs();
          if (lastChunkUs - leaseRenewedUs > slotRenewalUs) {
            leaseRenewedUs = lastChunkUs;
            void renewSlot(open.requestId, lastChunkUs);
          }
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
      abort.abort();
      const finalUsage = usage as ChatChunk['usage'];
      const completionTokens = finalUsage && ended ? finalUsage.completion_tokens : textTokens(delivered);
      const streamMs = (lastChunkUs - firstChunkUs) / 1000;
      // A client that went away is billed for what was delivered, even if the supplier's stream
      // broke because we stopped it.
      const status: RequestStatus = clientSignal.aborted ? 'cancelled' : failure !== undefined ? 'failed' : !ended ? 'cancelled' : meetsSpecification(prepared.chat, content) ? 'succeeded' : 'out_of_spec';
      await settle(open, {
        status,
        promptTokens: finalUsage && ended ? finalUsage.prompt_tokens : prepared.promptTokens,
        completionTokens,
        reasoningTokens: finalUsage && ended ? (finalUsage.completion_tokens_details?.reasoning_tokens ?? 0) : 0,
        timeToFirstTokenMs: Math.round((firstChunkUs - open.admittedAtUs) / 1000),
        tokensPerSecond: completionTokens > 1 && streamMs > 0 ? Math.round((completionTokens / (streamMs / 1000)) * 10) / 10 : null,
        supplierAttempts: routed!.attempts,
        supplierUserId: routed!.supplierUserId,
      });
    };

    const events = eventsOf(prepared, observed(), suffix);
    // The last event is held back until the request is settled, so a client that has read the
    // whole stream finds its receipt complete.
    async function* text(): AsyncGenerator<string> {
      try {
        let held: string | undefined;
        for await (const event of events) {
          if (held !== undefined) yield held;
          held = typeof event === 'string' ? event : serializeSseEvent(event);
        }
        await finish();
        if (held !== undefined) yield held;
      } finally {
        await finish();
      }
    }
    const body = Readable.from(text(), { objectMode: false });
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

  /** A long stream keeps its slot: the lease is renewed while chunks flow. */
  async function renewSlot(requestId: string, nowUs: number): Promise<void> {
    try {
      await db('inference_slots').where('request_id', requestId).update({ expires_at_us: nowUs + slotLifetimeUs });
    } catch (error) {
      logger.error({ err: error, request_id: requestId }, 'inference slot renewal failed');
    }
  }

  return {
    /**
     * Settles, unbilled, requests still in progress whose slot is gone: their process died (or a
     * settlement failed), so their reservation would otherwise stay locked. A request alive
     * renews its slot, so only the abandoned are found. Returns how many were settled.
     */
    async sweepAbandoned(nowUs: number): Promise<number> {
      const abandoned = (await db('inference_requests as r')
        .where('r.status', 'in_progress')
        .whereNotExists(db('inference_slots as s').whereRaw('s.request_id = r.id').andWhere('s.expires_at_us', '>', nowUs))
        .limit(100)
        .select('r.id', 'r.consumption_account_id', 'r.instrument_id', 'r.reserved_tokens', 'r.prompt_tokens', 'r.supplier_attempts', 'r.created_at_us')) as {
        id: string;
        consumption_account_id: string;
        instrument_id: string;
        reserved_tokens: number | string;
        prompt_tokens: number | string;
        supplier_attempts: number;
        created_at_us: number | string;
      }[];
      for (const row of abandoned) {
        const instrument = (await reference.findInstrument(row.instrument_id))!;
        const open: OpenRequest = { requestId: row.id, accountId: row.consumption_account_id, instrument, reservedTokens: Number(row.reserved_tokens), admittedAtUs: Number(row.created_at_us) };
        await settle(open, { status: 'failed', promptTokens: Number(row.prompt_tokens), completionTokens: 0, reasoningTokens: 0, timeToFirstTokenMs: null, tokensPerSecond: null, supplierAttempts: row.supplier_attempts, supplierUserId: null });
      }
      return abandoned.length;
    },

    /** The redirect's checks (validation, model, limits, capacity); nothing is taken or run. */
    async redirect<E extends Endpoint>(endpoint: E, body: BodyOf<E>, caller: Caller): Promise<Record<string, string>> {
      const uncounted = await prepare(endpoint, body);
      const slots = await capacity.check(caller.userId, uncounted.instrument, uncounted.tokens, clock.nowUs());
      // Whether a prompt longer than the context window may hold fits is known only by counting it.
      if (!uncounted.fitsUncounted) await uncounted.promptTokens();
      return slotHeaders(slots);
    },

    async run<E extends Endpoint>(endpoint: E, body: BodyOf<E>, caller: Caller, requestId: string, signal: AbortSignal): Promise<InferenceAnswer> {
      const uncounted = await prepare(endpoint, body);
      const admittedAtUs = clock.nowUs();
      const admitted = await capacity.open(
        { requestId, userId: caller.userId, apiKeyId: caller.apiKeyId, model: uncounted.model, instrument: uncounted.instrument, endpoint, stream: uncounted.stream, tokens: uncounted.tokens },
        admittedAtUs,
      );
      const prepared = await counted(uncounted);
      const open: Admitted = { requestId, accountId: admitted.accountId, instrument: prepared.instrument, reservedTokens: prepared.reservedTokens, admittedAtUs, lotSupplierUserId: admitted.lotSupplierUserId };
      const abort = new AbortController();
      signal.addEventListener('abort', () => abort.abort(), { once: true });
      const headers = slotHeaders(admitted);
      return prepared.stream ? runStream(prepared, open, abort, signal, headers) : runWhole(prepared, open, abort.signal, headers);
    },
  };
}

export type InferenceService = ReturnType<typeof createInferenceService>;

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
    const message = error instanceof SupplierError ? `The supplier stream broke off (${error.failure}); the request is not billed. Retry.` : 'The stream failed on our side; the request is not billed. Retry.';
    yield `data: ${JSON.stringify({ error: { code: 'supplier_unavailable', message, type: 'server_error', param: null } })}\n\n`;
    return;
  }
  yield 'data: [DONE]\n\n';
}

