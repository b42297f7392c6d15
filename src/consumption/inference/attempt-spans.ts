import { currentTrace, formatTraceparent, newSpanId, type TraceContext } from '../../lib/trace-context.js';
import { errorTypeOf, type Span, type Tracer } from '../../lib/tracer.js';
import type { SupplierRow } from '../../db/trading-rows.js';
import { SupplierError, type ChatChunk, type ChatCompletion, type ChatUsage } from '../suppliers/types.js';

/**
 * One supplier attempt as a trace sees it (issue 24 §2): a CLIENT span named as the OpenTelemetry GenAI conventions
 * name an inference call (`chat <model>`), a child of the request's server span, and the `traceparent` the upstream is
 * sent, naming that span. Without a recording tracer there is no span, but the upstream still gets the request's trace
 * id with an id of its own for the attempt.
 */
export interface SupplierAttempt {
  /** `00-<trace id>-<attempt span id>-<flags>`; none outside a request (nothing to continue). */
  traceparent: string | undefined;
  span: Span | null;
}

/** Where an attempt goes: an endpoint's URL, or the simulator. */
type AttemptTarget = Pick<SupplierRow, 'base_url' | 'simulated'>;

const noAttemptTrace: SupplierAttempt = { traceparent: undefined, span: null };

export function startAttempt(tracer: Tracer, row: AttemptTarget, model: string): SupplierAttempt {
  const parent = currentTrace();
  if (parent === undefined) return noAttemptTrace;
  const span = tracer.recording ? tracer.start(`chat ${model}`, attemptStart(parent, row, model)) : null;
  const context = span?.context ?? { traceId: parent.traceId, spanId: newSpanId(), flags: parent.flags };
  return { traceparent: formatTraceparent(context), span };
}

function attemptStart(parent: TraceContext, row: AttemptTarget, model: string) {
  const address = row.base_url === null || row.simulated ? undefined : hostOf(row.base_url);
  return {
    kind: 'client' as const,
    parent,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': model,
      ...(address !== undefined && { 'server.address': address }),
    },
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** The attempt failed: its span says how (a SupplierError's kind, else the error's type) and ends. */
export function attemptFailed(attempt: SupplierAttempt, error: unknown): void {
  if (attempt.span === null) return;
  attempt.span.fail(error, error instanceof SupplierError ? error.failure : errorTypeOf(error));
  attempt.span.end();
}

function usageAttributes(span: Span, usage: ChatUsage, finishReasons: string[]): void {
  span.setAttributes({
    'gen_ai.usage.input_tokens': usage.prompt_tokens,
    'gen_ai.usage.output_tokens': usage.completion_tokens,
    ...(finishReasons.length > 0 && { 'gen_ai.response.finish_reasons': finishReasons }),
  });
}

/** A whole answer: its span gets the answer's token counts and finish reasons, and ends. */
export async function completedIn(attempt: SupplierAttempt, answer: Promise<ChatCompletion>): Promise<ChatCompletion> {
  const completion = await answer;
  if (attempt.span !== null) {
    usageAttributes(
      attempt.span,
      completion.usage,
      completion.choices.map((choice) => choice.finish_reason),
    );
    attempt.span.end();
  }
  return completion;
}

/** A stream: its span lasts until the stream ends, with the final usage chunk's counts; unwrapped without a span. */
export async function streamedIn(
  attempt: SupplierAttempt,
  stream: Promise<AsyncIterable<ChatChunk>>,
): Promise<AsyncIterable<ChatChunk>> {
  const chunks = await stream;
  return attempt.span === null ? chunks : spannedChunks(attempt.span, chunks);
}

async function* spannedChunks(span: Span, chunks: AsyncIterable<ChatChunk>): AsyncGenerator<ChatChunk> {
  const finishReasons: string[] = [];
  try {
    for await (const chunk of chunks) {
      for (const choice of chunk.choices) if (choice.finish_reason) finishReasons.push(choice.finish_reason);
      if (chunk.usage) usageAttributes(span, chunk.usage, finishReasons);
      yield chunk;
    }
  } catch (error) {
    span.fail(error, error instanceof SupplierError ? error.failure : errorTypeOf(error));
    throw error;
  } finally {
    span.end();
  }
}
