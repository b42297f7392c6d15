import type { components } from '../../../generated/types/consumption.js';

/**
 * The contract between the inference gateway and whoever produces tokens. Implementations live
 * beside this file (simulator.ts, openai-upstream.ts); this file imports none of them.
 */

type Schemas = components['schemas'];
export type ChatRequest = Schemas['ChatCompletionRequest'];
/** Token counts as a supplier reports them; what they cost is the gateway's to add once settled. */
export type ChatUsage = Omit<Schemas['ChatCompletionUsage'], 'cost_usd' | 'cost_units'>;
export type ChatCompletion = Omit<Schemas['ChatCompletion'], 'usage'> & { usage: ChatUsage };
export type ChatChunk = Omit<Schemas['ChatCompletionChunk'], 'usage'> & { usage: ChatUsage | null };
export type ChatAnswer = components['schemas']['ChatCompletionMessage'];
export type FinishReason = components['schemas']['FinishReason'];

/** Why a supplier failed. Before the first byte every kind but 'bad_request' may fail over to the next supplier. */
type SupplierFailure =
  | 'refused' /* 429 */
  | 'unavailable' /* connect error, 5xx */
  | 'timeout'
  | 'dropped' /* stream ended or broke mid-way */
  | 'bad_response' /* unparseable / not OpenAI-shaped */
  | 'bad_request' /* upstream 4xx other than 429 */
  | 'aborted'; /* the request's own abort (its client left, or its slot was lost): no fault of the supplier */

export class SupplierError extends Error {
  override name = 'SupplierError';
  constructor(
    readonly failure: SupplierFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * True when another supplier may be tried: the failure happened before the first byte and was not the caller's fault.
 */
export function mayFailOver(error: SupplierError): boolean {
  return error.failure !== 'bad_request' && error.failure !== 'aborted';
}

/**
 * An aborted call rejects with the abort reason when that is a SupplierError (the gateway's own deadline), else as the
 * request's own abort ('aborted'), which says nothing of the supplier.
 */
export function abortedError(signal: AbortSignal): SupplierError {
  if (signal.reason instanceof SupplierError) return signal.reason;
  return new SupplierError('aborted', `the request was aborted: ${String(signal.reason)}`);
}

export interface SupplierCall {
  /** The request in chat-completions shape. The adapter sends its own upstream model name, never this `model`. */
  request: ChatRequest;
  /** Aborted when the caller disconnects or the gateway gives up: stop work and release sockets. */
  signal: AbortSignal;
  /** The W3C `traceparent` an HTTP upstream is sent: the request's trace, this attempt's span (attempt-spans.ts). */
  traceparent?: string | undefined;
}

export interface Supplier {
  readonly id: string;
  /**
   * A whole completion. `usage` is always present (computed with src/consumption/tokens/tokens.ts if the upstream omits
   * it). Rejects with SupplierError.
   */
  complete(call: SupplierCall): Promise<ChatCompletion>;
  /**
   * A streamed completion. Resolves only once the FIRST chunk has arrived (so any failure before the first byte
   * rejects here with SupplierError and the gateway can fail over); the returned iterable yields that chunk first.
   * The final chunk always has `choices: []` and `usage` (request `stream_options: {include_usage: true}` upstream;
   * if the upstream still sends none, compute it). A failure after the first chunk makes the iterator throw
   * SupplierError('dropped' | 'timeout').
   * Streamed and non-streamed runs of the same request must report identical usage.
   */
  stream(call: SupplierCall): Promise<AsyncIterable<ChatChunk>>;
}

/** The most tokens the request lets the supplier produce, reasoning included; null when the request sets none. */
export function completionTokensMax(request: ChatRequest): number | null {
  return request.max_completion_tokens ?? request.max_tokens ?? null;
}

export function stopSequences(request: ChatRequest): string[] {
  const stop = request.stop;
  if (stop === null || stop === undefined) return [];
  return (typeof stop === 'string' ? [stop] : stop).filter((sequence) => sequence.length > 0);
}
