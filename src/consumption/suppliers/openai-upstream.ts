import { createParser } from 'eventsource-parser';
import { completionTokens, countPromptTokens, textTokens } from '../tokens/tokens.js';
import { discard, fetchTransport, pooledTransport, textOf, type UpstreamAnswer } from './upstream-http.js';
import {
  SupplierError,
  abortedError,
  type ChatAnswer,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
  type ChatUsage,
  type FinishReason,
  type Supplier,
  type SupplierCall,
} from './types.js';

/**
 * An adapter for any OpenAI-compatible chat-completions server (vLLM, llama.cpp, Ollama, …). It is
 * mostly data: the request transform (`upstreamBody`) and the response transforms (`completionOf`,
 * `chunkOf`), which keep only the fields our schemas allow, answer with the caller's `model`, and
 * fill in `usage` with our tokenizer when the upstream leaves it out.
 */

export interface OpenAiUpstreamOptions {
  id: string;
  /**
   * The base URL as OpenAI clients take it, API version included: `http://127.0.0.1:9000/v1`.
   * `/chat/completions` is appended to it; a trailing slash is ignored. Nothing else is guessed.
   */
  baseUrl: string;
  /** The model name sent upstream, whatever the caller's `model`. */
  model: string;
  apiKey?: string;
  /** For a stream: most time to the response headers and the first chunk. */
  firstByteTimeoutMs?: number;
  /**
   * For `complete`: most time to the whole answer. A non-streamed answer's headers come only when
   * it is finished, so this bounds the generation and must be far longer than a first byte.
   */
  answerTimeoutMs?: number;
  /** For a stream, after its first chunk: the longest silence (no bytes at all) before it counts as dropped. */
  idleTimeoutMs?: number;
  /** Instead of the kept-alive pool (upstream-http.ts): tests script an upstream with it. */
  fetch?: typeof fetch;
}

/** How long an upstream may take (see OpenAiUpstreamOptions), by default. */
export const upstreamTimeoutDefaults = {
  firstByteTimeoutMs: 30_000,
  /** As long as the official OpenAI clients wait by default. */
  answerTimeoutMs: 600_000,
  /** Generous for a model between two tokens, even one that reasons in silence; a hung upstream is let go. */
  idleTimeoutMs: 120_000,
};
/** Most of an error body kept for the message: enough for the upstream's own explanation. */
const errorBodyCharsMax = 500;
const finishReasons: readonly string[] = ['stop', 'length', 'tool_calls', 'content_filter'] satisfies FinishReason[];

export function createOpenAiUpstream(options: OpenAiUpstreamOptions): Supplier {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const target = new URL(url);
  const transport = options.fetch ? fetchTransport(options.fetch) : pooledTransport;
  const firstByteTimeoutMs = options.firstByteTimeoutMs ?? upstreamTimeoutDefaults.firstByteTimeoutMs;
  const answerTimeoutMs = options.answerTimeoutMs ?? upstreamTimeoutDefaults.answerTimeoutMs;
  const idleTimeoutMs = options.idleTimeoutMs ?? upstreamTimeoutDefaults.idleTimeoutMs;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  /** POSTs the request; resolves with a 2xx response, or rejects with a SupplierError. */
  async function post(call: SupplierCall, stream: boolean, deadline: Deadline): Promise<UpstreamAnswer> {
    const body = JSON.stringify(upstreamBody(call.request, options.model, stream));
    const signal = AbortSignal.any([call.signal, deadline.signal]);
    let response: UpstreamAnswer;
    try {
      response = await transport(target, {
        headers: { ...headers, accept: stream ? 'text/event-stream' : 'application/json' },
        body,
        signal,
      });
    } catch (error) {
      throw failureOf(
        error,
        call,
        deadline,
        () =>
          new SupplierError('unavailable', `supplier ${options.id} could not be reached at ${url}: ${causeOf(error)}`),
      );
    }
    if (response.status >= 200 && response.status < 300) return response;
    const detail = await textOf(response).then(
      (text) => text.slice(0, errorBodyCharsMax),
      () => '',
    );
    throw new SupplierError(
      failureOfStatus(response.status),
      `supplier ${options.id} answered ${response.status}: ${detail}`,
      response.status,
    );
  }

  return {
    id: options.id,

    async complete(call) {
      const deadline = new Deadline(
        answerTimeoutMs,
        () => new SupplierError('timeout', `supplier ${options.id} sent no answer within ${answerTimeoutMs} ms`),
      );
      try {
        const response = await post(call, false, deadline);
        let text: string;
        try {
          text = await textOf(response);
        } catch (error) {
          throw failureOf(
            error,
            call,
            deadline,
            () => new SupplierError('dropped', `supplier ${options.id} broke off its answer: ${causeOf(error)}`),
          );
        }
        return await completionOf(parseJson(text, options.id), call.request);
      } finally {
        deadline.stop();
      }
    },

    async stream(call) {
      const deadline = new Deadline(
        firstByteTimeoutMs,
        () => new SupplierError('timeout', `supplier ${options.id} sent nothing within ${firstByteTimeoutMs} ms`),
      );
      try {
        const response = await post(call, true, deadline);
        const contentType = response.contentType;
        if (!contentType.startsWith('text/event-stream')) {
          await discard(response).catch(() => undefined);
          throw new SupplierError(
            'bad_response',
            `supplier ${options.id} answered a stream request with ${contentType || 'no content type'}, not text/event-stream`,
          );
        }
        const chunks = relay(response.body, call, deadline, options.id);
        const first = await chunks.next().catch((error: unknown) => {
          throw failureOf(
            error,
            call,
            deadline,
            () =>
              new SupplierError(
                'dropped',
                `supplier ${options.id} broke off before its first chunk: ${causeOf(error)}`,
              ),
          );
        });
        if (first.done)
          throw new SupplierError('dropped', `supplier ${options.id} ended its stream before the first chunk`);
        // From here the stream may go quiet between chunks, but not for ever; relay() stops the watch when it ends.
        deadline.watchSilence(
          idleTimeoutMs,
          () => new SupplierError('dropped', `supplier ${options.id} went silent for ${idleTimeoutMs} ms mid-stream`),
        );
        return startingWith(first.value, chunks);
      } catch (error) {
        deadline.stop();
        throw error;
      }
    },
  };
}

// ---------------------------------------------------------------- request

/** The caller's request as the upstream gets it: its own model, usage asked for on streams, no `user`/`metadata`, no nulls. */
export function upstreamBody(request: ChatRequest, model: string, stream: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value !== null && value !== undefined && key !== 'user' && key !== 'metadata') body[key] = value;
  }
  body.model = model;
  body.stream = stream;
  if (stream) body.stream_options = { ...(request.stream_options ?? {}), include_usage: true };
  else delete body.stream_options;
  return body;
}

function failureOfStatus(status: number): SupplierError['failure'] {
  if (status === 429) return 'refused';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'bad_request';
  return 'bad_response';
}

/**
 * Aborts a call that takes too long: a fixed limit (the first byte, or a whole answer) and, once a
 * stream has started, the longest the upstream may stay silent while we wait for its next bytes.
 * Time the caller spends not reading (a slow client holding the stream back) is not silence.
 */
class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private idle: { ms: number; reason: () => SupplierError } | undefined;

  constructor(ms: number, reason: () => SupplierError) {
    this.timer = setTimeout(() => this.controller.abort(reason()), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ends the fixed limit; from now on each wait for bytes may last at most `ms`. */
  watchSilence(ms: number, reason: () => SupplierError): void {
    this.stop();
    this.idle = { ms, reason };
  }

  /** A read is waiting for the upstream's next bytes. */
  waiting(): void {
    if (!this.idle) return;
    const { ms, reason } = this.idle;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(reason()), ms);
  }

  /** The bytes came. */
  received(): void {
    if (this.idle) clearTimeout(this.timer);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** Our own deadline first, then the caller's abort, else what went wrong on the wire. */
function failureOf(
  error: unknown,
  call: SupplierCall,
  deadline: Deadline,
  otherwise: () => SupplierError,
): SupplierError {
  if (error instanceof SupplierError) return error;
  if (deadline.signal.aborted) return deadline.signal.reason as SupplierError;
  if (call.signal.aborted) return abortedError(call.signal);
  return otherwise();
}

function causeOf(error: unknown): string {
  const failed = error as { code?: string; cause?: { code?: string; message?: string } } | null;
  return failed?.code ?? failed?.cause?.code ?? failed?.cause?.message ?? String(error);
}

function parseJson(text: string, supplierId: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SupplierError('bad_response', `supplier ${supplierId} sent invalid JSON: ${text.slice(0, 100)}`);
  }
}

// ---------------------------------------------------------------- whole answers

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function completionOf(raw: unknown, request: ChatRequest): Promise<ChatCompletion> {
  const choice = isRecord(raw) && Array.isArray(raw.choices) ? raw.choices[0] : undefined;
  if (!isRecord(raw) || !isRecord(choice) || !isRecord(choice.message)) {
    throw new SupplierError('bad_response', 'the supplier answered without choices[0].message: not a chat completion');
  }
  const message: ChatAnswer = {
    role: 'assistant',
    content: typeof choice.message.content === 'string' ? choice.message.content : null,
    refusal: typeof choice.message.refusal === 'string' ? choice.message.refusal : null,
    tool_calls: toolCallsOf(choice.message.tool_calls),
  };
  const reasoning = reasoningTextOf(choice.message);
  return {
    id: typeof raw.id === 'string' ? raw.id : 'chatcmpl-upstream',
    object: 'chat.completion',
    created: Number.isInteger(raw.created) ? (raw.created as number) : 0,
    model: request.model,
    choices: [{ index: 0, message, finish_reason: finishReasonOf(choice.finish_reason) ?? 'stop' }],
    usage: usageOf(raw.usage) ?? (await countedUsage(request, message, reasoning)),
  };
}

function toolCallsOf(raw: unknown): ChatAnswer['tool_calls'] {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  return raw.filter(isRecord).map((call, index) => {
    const fn = isRecord(call.function) ? call.function : {};
    return {
      id: typeof call.id === 'string' ? call.id : `call_${index}`,
      type: 'function' as const,
      function: {
        name: String(fn.name ?? ''),
        arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
      },
    };
  });
}

function finishReasonOf(raw: unknown): FinishReason | null {
  return typeof raw === 'string' && finishReasons.includes(raw) ? (raw as FinishReason) : null;
}

/** Reasoning text that vLLM and llama.cpp return beside the answer; counted, never passed on. */
function reasoningTextOf(raw: Raw): string {
  const text = raw.reasoning_content ?? raw.reasoning;
  return typeof text === 'string' ? text : '';
}

function usageOf(raw: unknown): ChatUsage | null {
  if (!isRecord(raw) || !Number.isInteger(raw.prompt_tokens) || !Number.isInteger(raw.completion_tokens)) return null;
  const prompt = raw.prompt_tokens as number;
  const completion = raw.completion_tokens as number;
  const details = isRecord(raw.completion_tokens_details) ? raw.completion_tokens_details : {};
  const reasoning = Number.isInteger(details.reasoning_tokens) ? (details.reasoning_tokens as number) : 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

/** Usage an upstream did not report, counted as admission counts (a big prompt off the event loop, token-pool.ts). */
async function countedUsage(
  request: ChatRequest,
  message: Pick<ChatAnswer, 'content' | 'tool_calls'>,
  reasoningText: string,
): Promise<ChatUsage> {
  const prompt = await countPromptTokens(request.messages, request.tools);
  const reasoning = textTokens(reasoningText);
  const completion = completionTokens(message) + reasoning;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

// ---------------------------------------------------------------- streams

async function* startingWith<T>(first: T, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield first;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}

/** The data of each server-sent event (multi-line data, comments and CRLF handled by eventsource-parser); each read is watched by `deadline`. */
async function* eventData(body: AsyncIterableIterator<Uint8Array>, deadline: Deadline): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      deadline.waiting();
      const { done, value } = await body.next();
      deadline.received();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) yield pending.shift()!;
    }
    parser.feed(decoder.decode() + '\n\n');
    while (pending.length > 0) yield pending.shift()!;
  } finally {
    // Releases the socket whether the stream ended, broke, or the caller stopped reading.
    await body.return?.(undefined)?.catch(() => undefined);
  }
}

/** The upstream's chunks in our shape, then one usage chunk; throws 'dropped' when the stream ends unfinished. */
async function* relay(
  body: AsyncIterableIterator<Uint8Array>,
  call: SupplierCall,
  deadline: Deadline,
  supplierId: string,
): AsyncGenerator<ChatChunk> {
  const answer = { content: '', reasoning: '', tools: [] as { id: string; name: string; arguments: string }[] };
  let finished = false;
  let usage: ChatUsage | null = null;
  let id = 'chatcmpl-upstream';
  let created = 0;
  const data = eventData(body, deadline);
  try {
    for (;;) {
      const next = await data.next().catch((error: unknown) => {
        throw failureOf(
          error,
          call,
          deadline,
          () => new SupplierError('dropped', `supplier ${supplierId} broke off its stream: ${causeOf(error)}`),
        );
      });
      if (next.done || next.value === '[DONE]') break;
      const raw = parseJson(next.value, supplierId);
      if (!isRecord(raw) || !Array.isArray(raw.choices)) {
        throw new SupplierError(
          isRecord(raw) && raw.error ? 'dropped' : 'bad_response',
          `supplier ${supplierId} sent a stream event that is not a chunk: ${next.value.slice(0, 200)}`,
        );
      }
      id = typeof raw.id === 'string' ? raw.id : id;
      created = Number.isInteger(raw.created) ? (raw.created as number) : created;
      usage = usageOf(raw.usage) ?? usage;
      const choice = chunkChoiceOf(raw.choices[0], answer);
      if (!choice) continue;
      finished ||= choice.finish_reason !== null;
      yield { id, object: 'chat.completion.chunk', created, model: call.request.model, choices: [choice], usage: null };
    }
  } finally {
    deadline.stop();
    await data.return(undefined);
  }
  if (!finished) throw new SupplierError('dropped', `supplier ${supplierId} ended its stream without a finish_reason`);
  const message = {
    content: answer.content,
    tool_calls: answer.tools.map((tool) => ({
      id: tool.id,
      type: 'function' as const,
      function: { name: tool.name, arguments: tool.arguments },
    })),
  };
  usage ??= await countedUsage(call.request, message, answer.reasoning);
  yield { id, object: 'chat.completion.chunk', created, model: call.request.model, choices: [], usage };
}

type ChunkChoice = ChatChunk['choices'][number];
type ToolCallChunk = NonNullable<ChunkChoice['delta']['tool_calls']>[number];

/** One choice in our shape, adding what it says to `answer`; null when it carries nothing we pass on. */
function chunkChoiceOf(
  raw: unknown,
  answer: { content: string; reasoning: string; tools: { id: string; name: string; arguments: string }[] },
): ChunkChoice | null {
  if (!isRecord(raw)) return null;
  const rawDelta = isRecord(raw.delta) ? raw.delta : {};
  const delta: ChunkChoice['delta'] = {};
  if (rawDelta.role === 'assistant') delta.role = 'assistant';
  if (typeof rawDelta.content === 'string' || (rawDelta.content === null && delta.role))
    delta.content = rawDelta.content;
  answer.content += typeof rawDelta.content === 'string' ? rawDelta.content : '';
  answer.reasoning += reasoningTextOf(rawDelta);
  const calls = Array.isArray(rawDelta.tool_calls) ? rawDelta.tool_calls.filter(isRecord).map(toolCallChunkOf) : [];
  for (const call of calls) {
    const tool = (answer.tools[call.index] ??= { id: '', name: '', arguments: '' });
    tool.id ||= call.id ?? '';
    tool.name += call.function?.name ?? '';
    tool.arguments += call.function?.arguments ?? '';
  }
  if (calls.length > 0) delta.tool_calls = calls;
  const finishReason = finishReasonOf(raw.finish_reason) ?? (raw.finish_reason ? 'stop' : null);
  if (Object.keys(delta).length === 0 && finishReason === null) return null;
  return { index: 0, delta, finish_reason: finishReason };
}

function toolCallChunkOf(raw: Raw): ToolCallChunk {
  const call: ToolCallChunk = { index: Number.isInteger(raw.index) ? (raw.index as number) : 0 };
  if (typeof raw.id === 'string') call.id = raw.id;
  if (raw.type === 'function') call.type = 'function';
  if (isRecord(raw.function)) {
    call.function = {};
    if (typeof raw.function.name === 'string') call.function.name = raw.function.name;
    if (typeof raw.function.arguments === 'string') call.function.arguments = raw.function.arguments;
  }
  return call;
}
