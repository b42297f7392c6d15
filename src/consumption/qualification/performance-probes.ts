import { textTokens } from '../tokens/tokens.js';
import type { ChatRequest } from '../suppliers/types.js';
import type { ProbeRandom } from './probe-random.js';
import type { QualificationInstrument } from './types.js';

/**
 * The requests of the performance probes, generated from the run's seed like the quality probes: short answers for
 * the time to first token, a long one for the output rate, a prompt near the context window with a fresh pass phrase
 * in it, and an answer as long as `max_output_length`.
 */

export interface PerformanceRequests {
  firstToken: ChatRequest[];
  throughput: ChatRequest;
  context: { request: ChatRequest; promptTokens: number; phrase: string };
  maxOutput: ChatRequest;
}

/**
 * The least output an answer needs before its rate is judged: below it, the rate is mostly the first token's delay
 * and the chunking of the stream, not the supplier's speed (the per-answer judgment uses the same idea).
 */
export const throughputTokensMin = 100;
/** Samples of the time to first token; the median is judged, so one hiccup of a busy machine does not decide. */
const firstTokenSamples = 3;
/** The share of the context window the long prompt fills: near it, with room for the chat template and the answer. */
const contextShare = 0.9;

export function performanceRequests(instrument: QualificationInstrument, random: ProbeRandom): PerformanceRequests {
  const model = instrument.model_name;
  const firstToken = Array.from({ length: firstTokenSamples }, () => ({
    model,
    messages: [{ role: 'user' as const, content: `Say hello to ${random.word(6)} in one short sentence.` }],
    max_tokens: 16,
  }));
  const throughputMax = throughputTokensMin * 4;
  const throughput = {
    model,
    messages: [
      {
        role: 'user' as const,
        content: `Count from ${random.int(1, 50)} upward, one number per line, ${throughputMax} numbers in all.`,
      },
    ],
    max_tokens: throughputMax,
  };
  const maxOutput = {
    model,
    messages: [
      {
        role: 'user' as const,
        content: `Count from ${random.int(1, 50)} upward, one number per line, and do not stop until you are cut off.`,
      },
    ],
    max_tokens: instrument.max_output_length,
  };
  return { firstToken, throughput, context: contextRequest(instrument, random), maxOutput };
}

/** A prompt of about `contextShare` of the window: filler paragraphs, one of them holding the pass phrase. */
function contextRequest(instrument: QualificationInstrument, random: ProbeRandom): PerformanceRequests['context'] {
  const phrase = `${random.word(5)}-${random.int(100, 999)}`;
  const words = Array.from({ length: 40 }, () => random.word(random.int(3, 7)));
  const paragraph = Array.from({ length: 200 }, () => random.pick(words)).join(' ') + '.\n';
  const question = `\nWhat is the pass phrase? Reply with it only.`;
  const needle = `The pass phrase is ${phrase}.\n`;
  const targetTokens = Math.floor(instrument.context_window * contextShare);
  const paragraphTokens = textTokens(paragraph);
  const count = Math.max(1, Math.floor((targetTokens - textTokens(needle + question)) / paragraphTokens));
  const at = random.int(0, count - 1);
  const parts = Array.from({ length: count }, (_, index) => (index === at ? needle + paragraph : paragraph));
  const content = parts.join('') + question;
  return {
    request: { model: instrument.model_name, messages: [{ role: 'user', content }], max_tokens: 16 },
    promptTokens: count * paragraphTokens + textTokens(needle + question),
    phrase,
  };
}
