import { createParser } from 'eventsource-parser';
import { chunkChoiceOf, completionOf, countedUsage, usageOf, type StreamedAnswer } from './openai-answers.js';
import { integerOr, isRecord, stringOr } from './json-reader.js';
import {
  discard,
  fetchTransport,
  pooledTransport,
  textOf,
  type UpstreamAnswer,
  type UpstreamTransport,
} from './upstream-http.js';
import {
  SupplierError,
  abortedError,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
  type ChatUsage,
  type Supplier,
  type SupplierCall,
} from './types.js';
import { Deadline } from './upstream-deadline.js';

/**
 * An adapter for any OpenAI-compatible chat-completions server (vLLM, llama.cpp, Ollama, …). It is
 * mostly data: the request transform (`upstreamBody`) and the response transforms (openai-answers.ts),
 * which keep only the fields our schemas allow, answer with the caller's `model`, and fill in
 * `usage` with our tokenizer when the upstream leaves it out.
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

/** An OpenAI-compatible upstream as the adapter's functions take it: its options resolved once. */
interface OpenAiUpstream {
  id: string;
  /** The chat-completions URL, as said in messages, and parsed. */
  url: string;
  target: URL;
  model: string;
  transport: UpstreamTransport;
  headers: Record<string, string>;
  firstByteTimeoutMs: number;
  answerTimeoutMs: number;
  idleTimeoutMs: number;
}

/** The adapter as a Supplier: completeUpstream and streamUpstream over the resolved options. */
export function createOpenAiUpstream(options: OpenAiUpstreamOptions): Supplier {
  const upstream = openAiUpstreamOf(options);
  return {
    id: upstream.id,
    complete: (call) => completeUpstream(upstream, call),
    stream: (call) => streamUpstream(upstream, call),
  };
}

function openAiUpstreamOf(options: OpenAiUpstreamOptions): OpenAiUpstream {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    id: options.id,
    url,
    target: new URL(url),
    model: options.model,
    transport: options.fetch ? fetchTransport(options.fetch) : pooledTransport,
    headers,
    firstByteTimeoutMs: options.firstByteTimeoutMs ?? upstreamTimeoutDefaults.firstByteTimeoutMs,
    answerTimeoutMs: options.answerTimeoutMs ?? upstreamTimeoutDefaults.answerTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? upstreamTimeoutDefaults.idleTimeoutMs,
  };
}

/** A whole completion (Supplier.complete). */
async function completeUpstream(upstream: OpenAiUpstream, call: SupplierCall): Promise<ChatCompletion> {
  const deadline = new Deadline(
    upstream.answerTimeoutMs,
    () => new SupplierError('timeout', `supplier ${upstream.id} sent no answer within ${upstream.answerTimeoutMs} ms`),
  );
  try {
    const response = await post(upstream, call, false, deadline);
    let text: string;
    try {
      text = await textOf(response);
    } catch (error) {
      throw failureOf(
        error,
        call,
        deadline,
        () => new SupplierError('dropped', `supplier ${upstream.id} broke off its answer: ${causeOf(error)}`),
      );
    }
    return await completionOf(parseJson(text, upstream.id), call.request);
  } finally {
    deadline.stop();
  }
}

/** A streamed completion (Supplier.stream): resolves once the first chunk came. */
async function streamUpstream(upstream: OpenAiUpstream, call: SupplierCall): Promise<AsyncIterable<ChatChunk>> {
  const { id, firstByteTimeoutMs, idleTimeoutMs } = upstream;
  const deadline = new Deadline(
    firstByteTimeoutMs,
    () => new SupplierError('timeout', `supplier ${id} sent nothing within ${firstByteTimeoutMs} ms`),
  );
  try {
    const response = await post(upstream, call, true, deadline);
    const contentType = response.contentType;
    if (!contentType.startsWith('text/event-stream')) {
      await discard(response).catch(() => undefined);
      throw new SupplierError(
        'bad_response',
        `supplier ${id} answered a stream request with ${contentType || 'no content type'}, not text/event-stream`,
      );
    }
    const chunks = relay(response.body, call, deadline, id);
    const first = await chunks.next().catch((error: unknown) => {
      throw failureOf(
        error,
        call,
        deadline,
        () => new SupplierError('dropped', `supplier ${id} broke off before its first chunk: ${causeOf(error)}`),
      );
    });
    if (first.done) throw new SupplierError('dropped', `supplier ${id} ended its stream before the first chunk`);
    // From here the stream may go quiet between chunks, but not for ever; relay() stops the watch when it ends.
    deadline.watchSilence(
      idleTimeoutMs,
      () => new SupplierError('dropped', `supplier ${id} went silent for ${idleTimeoutMs} ms mid-stream`),
    );
    return startingWith(first.value, chunks);
  } catch (error) {
    deadline.stop();
    throw error;
  }
}

/** POSTs the request; resolves with a 2xx response, or rejects with a SupplierError. */
async function post(
  upstream: OpenAiUpstream,
  call: SupplierCall,
  stream: boolean,
  deadline: Deadline,
): Promise<UpstreamAnswer> {
  const body = JSON.stringify(upstreamBody(call.request, upstream.model, stream));
  const signal = AbortSignal.any([call.signal, deadline.signal]);
  let response: UpstreamAnswer;
  try {
    response = await upstream.transport(upstream.target, {
      headers: {
        ...upstream.headers,
        accept: stream ? 'text/event-stream' : 'application/json',
        ...(call.traceparent !== undefined && { traceparent: call.traceparent }),
      },
      body,
      signal,
    });
  } catch (error) {
    throw failureOf(
      error,
      call,
      deadline,
      () =>
        new SupplierError(
          'unavailable',
          `supplier ${upstream.id} could not be reached at ${upstream.url}: ${causeOf(error)}`,
        ),
    );
  }
  if (response.status >= 200 && response.status < 300) return response;
  const detail = await textOf(response).then(
    (text) => text.slice(0, errorBodyCharsMax),
    () => '',
  );
  throw new SupplierError(
    failureOfStatus(response.status),
    `supplier ${upstream.id} answered ${response.status}: ${detail}`,
    response.status,
  );
}

// ---------------------------------------------------------------- request

/**
 * The caller's request as the upstream gets it: its own model, usage asked for on streams, no `user`/`metadata`, no
 * nulls.
 */
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

/** Our own deadline first, then the caller's abort, else what went wrong on the wire. */
function failureOf(
  error: unknown,
  call: SupplierCall,
  deadline: Deadline,
  otherwise: () => SupplierError,
): SupplierError {
  if (error instanceof SupplierError) return error;
  if (deadline.signal.aborted) return abortedError(deadline.signal); // always a SupplierError of ours
  if (call.signal.aborted) return abortedError(call.signal);
  return otherwise();
}

/** What went wrong on the wire, briefly: the error's code (ECONNREFUSED), else its cause's code or message. */
function causeOf(error: unknown): string {
  const cause = isRecord(error) && isRecord(error.cause) ? error.cause : {};
  return (
    stringOr(isRecord(error) ? error.code : undefined, null) ??
    stringOr(cause.code, null) ??
    stringOr(cause.message, null) ??
    String(error)
  );
}

function parseJson(text: string, supplierId: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SupplierError('bad_response', `supplier ${supplierId} sent invalid JSON: ${text.slice(0, 100)}`);
  }
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

/**
 * The data of each server-sent event (multi-line data, comments and CRLF handled by eventsource-parser); each read is
 * watched by `deadline`.
 */
async function* eventData(body: AsyncIterableIterator<Uint8Array>, deadline: Deadline): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      deadline.waiting();
      const next = await body.next();
      deadline.received();
      if (next.done === true) break;
      parser.feed(decoder.decode(next.value, { stream: true }));
      for (let data = pending.shift(); data !== undefined; data = pending.shift()) yield data;
    }
    parser.feed(decoder.decode() + '\n\n');
    for (let data = pending.shift(); data !== undefined; data = pending.shift()) yield data;
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
  const answer: StreamedAnswer = { content: '', reasoning: '', tools: [] };
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
      id = stringOr(raw.id, id);
      created = integerOr(raw.created, created);
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
