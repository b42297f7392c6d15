import { completionTokensMax, type ChatCompletion } from '../suppliers/types.js';
import { fitsSchema, type JsonSchemas } from './json-schemas.js';
import type { Prepared } from './inference-prepare.js';
import {
  callerAskOf,
  firstTokenBoundMs,
  guaranteesOf,
  judgeFirstToken,
  judgeAnswer,
  missesToolSchema,
  type ArgumentsFit,
  type AttemptMeasurements,
  type Judgment,
  type SpecBreach,
} from './judgment.js';
import type { AttemptRecord, RequestStatus } from './settle.js';

/**
 * The judge (judgment.ts) applied to an answer: the instrument's guarantees and the caller's request read from the
 * prepared request, the caller's tool schemas checked with the gateway's JSON Schema checker, and the status that
 * follows.
 */

const argumentsFitOf =
  (jsonSchemas: JsonSchemas): ArgumentsFit =>
  (schema, argumentsText) =>
    fitsSchema(jsonSchemas, schema, argumentsText);

/** Judges what was measured of the attempt that answered a prepared request. */
export function judgePrepared(jsonSchemas: JsonSchemas, prepared: Prepared, measured: AttemptMeasurements): Judgment {
  const guarantees = guaranteesOf(prepared.instrument);
  const outputTokensMax = completionTokensMax(prepared.chat) ?? guarantees.outputTokensMax;
  const ask = callerAskOf(prepared.chat, prepared.promptTokens, outputTokensMax);
  return judgeAnswer(guarantees, ask, measured, argumentsFitOf(jsonSchemas));
}

/**
 * A delivered answer's status after its judgment: `out_of_spec` when it broke a guarantee (not billed), else
 * `schema_mismatch` when a tool call's arguments miss the tool's schema (billed, like a missed `response_format`),
 * else what its content made it.
 */
export function judgedStatus(delivered: RequestStatus, judgment: Judgment): RequestStatus {
  if (judgment.breaches.length > 0) return 'out_of_spec';
  if (missesToolSchema(judgment)) return 'schema_mismatch';
  return delivered;
}

/** A whole answer's measurements: its request sent → the whole answer received. */
export function wholeMeasurements(completion: ChatCompletion, answerMs: number): AttemptMeasurements {
  const choice = completion.choices[0];
  return {
    times: { kind: 'whole', answerMs },
    completionTokens: completion.usage.completion_tokens,
    reasoningTokens: completion.usage.completion_tokens_details?.reasoning_tokens ?? 0,
    finishReason: choice?.finish_reason ?? null,
    toolCalls: (choice?.message.tool_calls ?? []).map((call) => ({
      name: call.function.name,
      arguments: call.function.arguments,
    })),
  };
}

/** What the receipt records of the attempt (migration 0027), for the suppliers' scorecards. */
export function attemptRecordOf(measured: AttemptMeasurements): AttemptRecord {
  const { times } = measured;
  const visible = Math.max(0, measured.completionTokens - measured.reasoningTokens);
  const streamRate =
    times.kind === 'stream' && times.afterFirstContentMs > 0 && visible > 1
      ? Math.round(((visible - 1) * 10_000) / times.afterFirstContentMs) / 10
      : null;
  return {
    time_to_first_token_ms:
      times.kind === 'stream' ? (times.firstContentMs === null ? null : Math.round(times.firstContentMs)) : null,
    tokens_per_second: streamRate,
    answer_ms: times.kind === 'whole' ? Math.round(times.answerMs) : null,
    completion_tokens: measured.completionTokens,
    finish_reason: measured.finishReason,
    tool_calls: measured.toolCalls.length,
  };
}

/**
 * A stream's first content judged as soon as it comes, before its reasoning is counted: for a request that asked for
 * no reasoning (its first content is then late on any count), null otherwise (judged when the stream ends).
 */
export function lateFirstContent(prepared: Prepared, firstContentMs: number): SpecBreach | null {
  const reasoning = prepared.chat.reasoning_effort;
  if (reasoning !== null && reasoning !== undefined && reasoning !== 'none') return null;
  const boundMs = firstTokenBoundMs(guaranteesOf(prepared.instrument), prepared.promptTokens, 0);
  return judgeFirstToken(boundMs, firstContentMs);
}
