import { recordInProgressBreaches } from '../../db/inference-requests.js';
import type { Db } from '../../db/knex.js';
import { poolSql } from '../../db/sql.js';
import type { Logger } from '../../lib/logger.js';
import type { ChatChunk, FinishReason } from '../suppliers/types.js';
import type { Prepared } from './inference-prepare.js';
import { lateFirstContent } from './judgment-answers.js';
import type { AttemptMeasurements, ReturnedToolCall } from './judgment.js';

/**
 * What a stream's judgment needs, measured as its chunks pass (inference-stream.ts): the answering attempt's time to
 * its first content, the time spent waiting on the supplier after that, its finish reason and its tool calls.
 *
 * Times are the supplier's, not the caller's: a chunk read is timed from the moment the gateway asks the supplier's
 * stream for it to the moment it comes. The time a slow reader holds the stream back (the gateway stops reading, and
 * TCP stops the supplier) is not counted against the supplier; what the supplier sent meanwhile waits in buffers and
 * comes at once, in its favour. A caller cannot make an answer out of spec by reading it slowly.
 */
export interface StreamMeasure {
  /** When the answering attempt sent its request, and when its first chunk came (routing returned it). */
  readonly sentUs: number;
  readonly firstChunkUs: number;
  /** When the gateway last asked the supplier's stream for a chunk; null for the first, which routing waited for. */
  askedUs: number | null;
  /** Time spent waiting on the supplier before the first content (after the first chunk), and after it. */
  beforeContentUs: number;
  afterContentUs: number;
  /** The attempt's request sent → its first content; null until it comes. */
  firstContentMs: number | null;
  finishReason: FinishReason | null;
  toolCalls: ReturnedToolCall[];
}

export const newStreamMeasure = (sentUs: number, firstChunkUs: number): StreamMeasure => ({
  sentUs,
  firstChunkUs,
  askedUs: null,
  beforeContentUs: 0,
  afterContentUs: 0,
  firstContentMs: null,
  finishReason: null,
  toolCalls: [],
});

/**
 * A chunk's first content: text, a tool call, or the finish (an empty answer's end). A role-only chunk is not: a
 * supplier could send one at once and make the caller wait for the rest.
 */
function carriesContent(chunk: ChatChunk): boolean {
  return chunk.choices.some(
    (choice) =>
      (choice.delta.content ?? '') !== '' ||
      (choice.delta.tool_calls ?? []).length > 0 ||
      choice.finish_reason !== null,
  );
}

/**
 * Notes a chunk that came at `receivedUs`. Answers true when it carried the stream's first content (its time to first
 * content is then known).
 */
export function noteChunk(measure: StreamMeasure, chunk: ChatChunk, receivedUs: number): boolean {
  const waitedUs = measure.askedUs === null ? 0 : Math.max(0, receivedUs - measure.askedUs);
  const first = measure.firstContentMs === null && carriesContent(chunk);
  if (measure.firstContentMs === null) measure.beforeContentUs += waitedUs;
  else measure.afterContentUs += waitedUs;
  if (first) measure.firstContentMs = (measure.firstChunkUs - measure.sentUs + measure.beforeContentUs) / 1000;
  for (const choice of chunk.choices) {
    if (choice.finish_reason !== null) measure.finishReason = choice.finish_reason;
    for (const call of choice.delta.tool_calls ?? []) {
      const tool = (measure.toolCalls[call.index] ??= { name: '', arguments: '' });
      tool.name += call.function?.name ?? '';
      tool.arguments += call.function?.arguments ?? '';
    }
  }
  return first;
}

/** The stream's measurements, with the usage it ended with. */
export function streamMeasurements(
  measure: StreamMeasure,
  ended: boolean,
  usage: { completionTokens: number; reasoningTokens: number },
): AttemptMeasurements {
  return {
    times: {
      kind: 'stream',
      firstContentMs: measure.firstContentMs,
      afterFirstContentMs: measure.afterContentUs / 1000,
      ended,
    },
    completionTokens: usage.completionTokens,
    reasoningTokens: usage.reasoningTokens,
    finishReason: measure.finishReason,
    toolCalls: Object.values(measure.toolCalls), // in index order, without the holes an odd index leaves
  };
}

/**
 * A first token that came late is recorded on the receipt at once, before the caller gets it: were the process to die
 * before the stream ends, the sweep that settles the request finds the breach and does not bill it (pipeline.ts). A
 * write that fails is logged; the request's own settlement records the breach again.
 */
export async function recordLateFirstContent(
  deps: { db: Db; logger: Logger },
  prepared: Prepared,
  requestId: string,
  measure: StreamMeasure,
): Promise<void> {
  const late = lateFirstContent(prepared, measure.firstContentMs ?? 0);
  if (late === null) return;
  try {
    await recordInProgressBreaches(poolSql(deps.db), requestId, JSON.stringify([late]));
  } catch (error) {
    deps.logger.warn({ err: error, request_id: requestId }, 'a late first token could not be recorded yet');
  }
}
