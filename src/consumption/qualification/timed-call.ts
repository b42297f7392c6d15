import {
  SupplierError,
  type ChatCompletion,
  type ChatRequest,
  type FinishReason,
  type Supplier,
} from '../suppliers/types.js';

/**
 * One call to the supplier under the run's deadlines, timed with the monotonic clock. A failure comes back as a
 * SupplierError whose message names the probe; a probe that outlives its own limit says so, rather than "aborted".
 */

export interface CallLimits {
  /** The run's signal: the caller gave up, or the run's own deadline passed. */
  runSignal: AbortSignal;
  /** Most time for this one call, start to end. */
  timeoutMs: number;
}

function callSignal(limits: CallLimits): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SupplierError('timeout', `no whole answer within ${limits.timeoutMs} ms`)),
    limits.timeoutMs,
  );
  return { signal: AbortSignal.any([limits.runSignal, controller.signal]), stop: () => clearTimeout(timer) };
}

export async function completeWithin(
  supplier: Supplier,
  request: ChatRequest,
  limits: CallLimits,
): Promise<{ answer: ChatCompletion; elapsedMs: number }> {
  const { signal, stop } = callSignal(limits);
  const startedMs = performance.now();
  try {
    const answer = await supplier.complete({ request, signal });
    return { answer, elapsedMs: Math.round(performance.now() - startedMs) };
  } finally {
    stop();
  }
}

interface TimedStream {
  /** From the request sent to the first chunk that carries content. */
  firstContentMs: number;
  /** From the first content to the stream's end. */
  generatingMs: number;
  completionTokens: number;
  finishReason: FinishReason | null;
  text: string;
}

/** A streamed answer, drained, with when its content began and ended. */
export async function streamWithin(supplier: Supplier, request: ChatRequest, limits: CallLimits): Promise<TimedStream> {
  const { signal, stop } = callSignal(limits);
  const startedMs = performance.now();
  let firstContentAtMs: number | null = null;
  let completionTokens = 0;
  let finishReason: FinishReason | null = null;
  let text = '';
  try {
    for await (const chunk of await supplier.stream({ request, signal })) {
      const choice = chunk.choices[0];
      const content = choice?.delta.content ?? '';
      if (firstContentAtMs === null && (content.length > 0 || (choice?.delta.tool_calls?.length ?? 0) > 0))
        firstContentAtMs = performance.now();
      text += content;
      finishReason = choice?.finish_reason ?? finishReason;
      if (chunk.usage) completionTokens = chunk.usage.completion_tokens;
    }
  } finally {
    stop();
  }
  const endedMs = performance.now();
  const firstMs = firstContentAtMs ?? endedMs;
  return {
    firstContentMs: Math.round(firstMs - startedMs),
    generatingMs: endedMs - firstMs,
    completionTokens,
    finishReason,
    text,
  };
}
