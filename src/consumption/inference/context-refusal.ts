import { SupplierError } from '../suppliers/types.js';

/**
 * How upstreams word a refusal for the prompt's length (vLLM, llama.cpp, Ollama, TGI, OpenAI's own): "maximum context
 * length", `context_length_exceeded`, "exceeds the context window", "prompt is too long", "too many tokens".
 */
const contextRefusalPattern =
  /context[ _-]?(length|window|size)|maximum context|prompt is too long|input is too long|too many (input )?tokens/i;

/**
 * A supplier's 400 about the context length, for a request the instrument's context window holds (admission counted
 * the prompt and the output limit against it: inference-prepare.ts), is the supplier's failure, not the caller's: the
 * instrument promises that window. It becomes a failure that fails over to the next supplier (and cools this one down)
 * instead of a 400 to the caller; nothing is billed. Any other error is returned as it is.
 */
export function contextRefusalAsFailure(error: unknown, contextWindow: number): unknown {
  if (!(error instanceof SupplierError) || error.failure !== 'bad_request') return error;
  if (!contextRefusalPattern.test(error.message)) return error;
  return new SupplierError(
    'unavailable',
    `${error.message} (refused a request that the instrument's context window of ${contextWindow} tokens holds)`,
    error.status,
  );
}
