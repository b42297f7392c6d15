import type { components } from '../../../generated/types/consumption.js';
import { ApiError } from '../../lib/errors.js';
import { isTokenPoolFailure } from '../tokens/token-pool.js';

/**
 * Shared pieces of the responses and messages translators: the refusal they throw for request
 * rules the schema cannot express, one server-sent event and its text, and what a client may be
 * told when the supplier's stream fails after the first byte.
 */

import type {
  ChatChunk,
  ChatCompletion,
  ChatRequest,
  ChatUsage,
  FinishReason as ChatFinishReason,
} from '../suppliers/types.js';

export type { ChatChunk, ChatCompletion, ChatRequest, ChatUsage, ChatFinishReason };
export type ChatMessage = components['schemas']['ChatMessage'];

/**
 * A request the schema accepts but the translation must refuse. `path` is dotted and relative to
 * the body (`previous_response_id`, `messages.2.content.0.type`); the gateway prefixes `body.` and
 * answers a 422 `validation_error` with `context.errors: [{path, message, value}]`.
 */
export class FormatError extends Error {
  override name = 'FormatError';
  constructor(
    readonly path: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
  }
}

/** One server-sent event: `event` names it (the responses and messages formats always do). */
export interface SseEvent {
  event?: string;
  data: unknown;
}

/** The wire text of one event: `event: x` (when named), one `data:` line, a blank line. */
export function serializeSseEvent(sse: SseEvent): string {
  const name = sse.event === undefined ? '' : `event: ${sse.event}\n`;
  return `${name}data: ${JSON.stringify(sse.data)}\n\n`;
}

/** What the client of a failed stream is told. */
interface StreamFailure {
  code: string;
  message: string;
  /** True when no supplier could continue (a 429 or 503 was thrown): Anthropic's overloaded_error. */
  overloaded: boolean;
}

const failureMessageDefault = 'The supplier stopped responding mid-stream; this request is not billed.';

/**
 * An ApiError is written for clients, so its code and detail are shown; anything else may carry
 * supplier internals and becomes the generic `supplier_error`.
 */
export function describeStreamFailure(error: unknown): StreamFailure {
  if (error instanceof ApiError) {
    return { code: error.code, message: error.detail, overloaded: error.status === 429 || error.status === 503 };
  }
  if (isTokenPoolFailure(error)) return { code: 'service_unavailable', message: error.detail, overloaded: true };
  if (error instanceof MissingUsageError) return { code: 'supplier_error', message: error.message, overloaded: false };
  return { code: 'supplier_error', message: failureMessageDefault, overloaded: false };
}

/** Thrown inside a translator when the supplier's stream ends without the usage chunk it was asked for. */
export class MissingUsageError extends Error {
  override name = 'MissingUsageError';
  constructor() {
    super('The supplier stream ended without usage; this request is not billed.');
  }
}

/**
 * What a settled request cost, as `usage` states it (the receipt's `cost_usd` and `cost_units`).
 * A stream's translator writes `costPending` on its last usage event, built before the request is
 * settled; the answer stage holds that event back and writes the cost in once it is known
 * (inference-answer.ts). The pending values fit no schema, so one that leaked would be caught.
 */
export interface InlineCost {
  cost_usd: string;
  cost_units: string;
  /** The instrument's guarantees the answer broke (judgment.ts); present only when there is one. */
  spec_breaches?: components['schemas']['SpecBreach'][];
}

export const costPending: Readonly<InlineCost> = { cost_usd: '', cost_units: '' };

/** Joins text parts the way both formats mean them: one text, parts in order. */
export const joinTexts = (parts: readonly { text: string }[], separator: string): string =>
  parts.map((part) => part.text).join(separator);

/** A supplier's finish reason, with tool calls present but misreported as `stop` counted as tool calls. */
export function effectiveFinishReason(reason: ChatFinishReason | null, hasToolCalls: boolean): ChatFinishReason {
  if (reason === 'length' || reason === 'content_filter') return reason;
  return hasToolCalls ? 'tool_calls' : 'stop';
}
