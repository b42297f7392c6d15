import { SupplierError, type Supplier } from '../suppliers/types.js';
import { answerText } from './answers.js';
import { throughputTokensMin, type PerformanceRequests } from './performance-probes.js';
import { completeWithin, streamWithin, type CallLimits } from './timed-call.js';
import type { GuaranteeResult, QualificationInstrument } from './types.js';

/**
 * The performance guarantees, measured: each probe's numbers against the instrument's bound. A supplier failure
 * rejects (the run fails with it), except a refusal of the long prompt, which is the context guarantee failing.
 */

export interface MeasureDeps {
  supplier: Supplier;
  instrument: QualificationInstrument;
  runSignal: AbortSignal;
  probeTimeoutMs: number;
}

const limitsOf = (deps: MeasureDeps, timeoutMs = deps.probeTimeoutMs): CallLimits => ({
  runSignal: deps.runSignal,
  timeoutMs,
});

export async function measureFirstToken(deps: MeasureDeps, requests: PerformanceRequests): Promise<GuaranteeResult> {
  const samples: number[] = [];
  for (const request of requests.firstToken)
    samples.push((await streamWithin(deps.supplier, request, limitsOf(deps))).firstContentMs);
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const bound = deps.instrument.min_time_to_first_token_ms;
  return {
    guarantee: 'time_to_first_token',
    bound,
    measured: median,
    passed: median <= bound,
    detail: `median of ${samples.length} streamed answers (ms: ${samples.join(', ')})`,
  };
}

export async function measureThroughput(deps: MeasureDeps, requests: PerformanceRequests): Promise<GuaranteeResult> {
  const bound = deps.instrument.token_throughput;
  const timed = await streamWithin(deps.supplier, requests.throughput, limitsOf(deps));
  if (timed.completionTokens < throughputTokensMin) {
    return {
      guarantee: 'token_throughput',
      bound,
      measured: null,
      passed: false,
      detail: `the answer had ${timed.completionTokens} tokens, fewer than the ${throughputTokensMin} a rate needs`,
    };
  }
  // The first token's own delay is the other guarantee's: the rate counts the tokens after it.
  const rate = ((timed.completionTokens - 1) * 1000) / Math.max(timed.generatingMs, 1);
  const measured = Math.round(rate * 10) / 10;
  return {
    guarantee: 'token_throughput',
    bound,
    measured,
    passed: measured >= bound,
    detail: `${timed.completionTokens} tokens in ${Math.round(timed.generatingMs)} ms after the first`,
  };
}

export async function measureContext(deps: MeasureDeps, requests: PerformanceRequests): Promise<GuaranteeResult> {
  const { request, promptTokens, phrase } = requests.context;
  const result = {
    guarantee: 'context_window' as const,
    bound: deps.instrument.context_window,
    measured: promptTokens,
  };
  try {
    const { answer } = await completeWithin(deps.supplier, request, limitsOf(deps));
    const found = answerText(answer).includes(phrase);
    return { ...result, passed: true, detail: `answered; the pass phrase was ${found ? '' : 'not '}found` };
  } catch (error) {
    if (!(error instanceof SupplierError) || error.failure !== 'bad_request') throw error;
    return { ...result, passed: false, detail: `refused: ${error.message.slice(0, 200)}` };
  }
}

/**
 * An answer of `max_output_length` tokens, not cut short. Its time limit follows from the instrument's own bounds; a
 * supplier whose rate is already below the bound would need longer than that, so it is not asked.
 */
export async function measureMaxOutput(
  deps: MeasureDeps,
  requests: PerformanceRequests,
  throughputHeld: boolean,
): Promise<GuaranteeResult> {
  const { max_output_length: bound, token_throughput, min_time_to_first_token_ms } = deps.instrument;
  const result = { guarantee: 'max_output_length' as const, bound };
  if (!throughputHeld)
    return { ...result, measured: null, passed: false, detail: 'not asked: the output rate is below its bound' };
  const timeoutMs = min_time_to_first_token_ms + Math.ceil((2 * bound * 1000) / token_throughput) + deps.probeTimeoutMs;
  const timed = await streamWithin(deps.supplier, requests.maxOutput, limitsOf(deps, timeoutMs));
  const measured = timed.completionTokens;
  if (measured >= bound) return { ...result, measured, passed: true, detail: `${measured} tokens` };
  const how = timed.finishReason === 'length' ? 'cut short' : `ended (${timed.finishReason ?? 'no finish reason'})`;
  return { ...result, measured, passed: false, detail: `${how} after ${measured} tokens` };
}
