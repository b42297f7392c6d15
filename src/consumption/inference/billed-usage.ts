import type { ChatUsage } from '../suppliers/types.js';

/**
 * The usage an answer is billed on and states, from what its supplier reported (README, "Billing"): one rule for every
 * answer, streamed or not, completed or left by its client.
 *
 * - The prompt is billed as mkt counted it at admission, whatever the supplier counts: the count the request reserved
 *   by, that `count_tokens` quotes and `message_start` states before any supplier is chosen; the same prompt costs the
 *   same whichever supplier routing picks (the caller does not choose, and failover may change it); and no supplier
 *   can raise a caller's bill by its own prompt count (a llama.cpp upstream counted 38 tokens where mkt counts 11).
 * - The completion is the supplier's count when the answer completed (only the supplier sees its reasoning tokens),
 *   and what was delivered, by mkt's count, when the client left first (inference-stream.ts): a supplier's count then
 *   would include output generated after the client left, which nobody received.
 */
export function billedUsage(supplied: ChatUsage, promptTokens: number): ChatUsage {
  return { ...supplied, prompt_tokens: promptTokens, total_tokens: promptTokens + supplied.completion_tokens };
}
