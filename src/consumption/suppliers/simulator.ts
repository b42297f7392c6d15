import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../lib/seeded-random.js';
import { fittingValue, sentence, type Random } from './simulated-content.js';
import { completionTokens, countPromptTokens, decodePieces, encodeText, textTokens } from '../tokens/tokens.js';
import { systemClock } from '../../lib/clock.js';
import { newCompletionId as newChatCompletionId } from '../../lib/ids.js';
import {
  SupplierError,
  abortedError,
  completionTokensMax,
  stopSequences,
  type ChatAnswer,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
  type ChatUsage,
  type FinishReason,
  type Supplier,
  type SupplierCall,
} from './types.js';

/**
 * The built-in simulated supplier: deterministic text, tool calls and schema-shaped JSON, paced like
 * a real model, with faults switchable at runtime. The same request (and seed) always gives the same
 * answer and the same usage, streamed or not: everything is derived from a hash of the request.
 */

export type Fault =
  { kind: 'refuse' } | { kind: 'error' } | { kind: 'timeout'; afterMs: number } | { kind: 'drop'; afterTokens: number };

export interface SimulatorOptions {
  id: string;
  /** Delay before the first chunk. */
  timeToFirstTokenMs?: number;
  /** Pace of reasoning and answer tokens; 0 or absent answers at once. */
  tokensPerSecond?: number;
  /** Mixed into the hash: two simulators with different seeds answer differently. */
  seed?: number;
  fault?: Fault | null;
  /** Unix milliseconds, for `created`. */
  now?: () => number;
  /** `chatcmpl-…` ids; random by default (ids identify a run, they are not part of the answer). */
  newCompletionId?: () => string;
}

export interface Simulator extends Supplier {
  readonly fault: Fault | null;
  setFault(fault: Fault | null): void;
}

/** Tokens per stream chunk when unpaced: a few per chunk keeps an instant supplier cheap to relay. */
const instantPiecesPerChunk = 4;

/** A simulator's settings, resolved once, and its fault (switchable at runtime). */
interface SimulatorState {
  id: string;
  timeToFirstTokenMs: number;
  /** Milliseconds per token; 0 answers at once. */
  tokenMs: number;
  seed: number;
  now: () => number;
  newCompletionId: () => string;
  fault: Fault | null;
}

/** The simulator as a Supplier: completeSimulated and streamSimulated over its state. */
export function createSimulator(options: SimulatorOptions): Simulator {
  const state: SimulatorState = {
    id: options.id,
    timeToFirstTokenMs: options.timeToFirstTokenMs ?? 0,
    tokenMs: options.tokensPerSecond ? 1000 / options.tokensPerSecond : 0,
    seed: options.seed ?? 0,
    now: options.now ?? (() => systemClock.nowUs() / 1000),
    newCompletionId: options.newCompletionId ?? newChatCompletionId,
    fault: options.fault ?? null,
  };
  return {
    id: state.id,
    get fault() {
      return state.fault;
    },
    setFault(next) {
      state.fault = next;
    },
    complete: (call) => completeSimulated(state, call),
    stream: (call) => streamSimulated(state, call),
  };
}

async function completeSimulated(simulator: SimulatorState, call: SupplierCall): Promise<ChatCompletion> {
  const startedMs = performance.now();
  const active = simulator.fault;
  await admit(simulator.id, call, active);
  const plan = planAnswer(
    call.request,
    simulator.seed,
    await countPromptTokens(call.request.messages, call.request.tools),
  );
  const dropAfter = active?.kind === 'drop' ? active.afterTokens : null;
  const spokenTokens = dropAfter === null ? plan.pieces.length : Math.min(dropAfter, plan.pieces.length);
  await pause(
    startedMs +
      simulator.timeToFirstTokenMs +
      (plan.reasoningTokens + spokenTokens) * simulator.tokenMs -
      performance.now(),
    call.signal,
  );
  if (dropAfter !== null) throw dropped(simulator.id, dropAfter);
  return completionOf(plan, call.request.model, simulator.newCompletionId(), toUnixSeconds(simulator.now()));
}

async function streamSimulated(simulator: SimulatorState, call: SupplierCall): Promise<AsyncIterable<ChatChunk>> {
  const { id, timeToFirstTokenMs, tokenMs } = simulator;
  const startedMs = performance.now();
  const active = simulator.fault;
  await admit(id, call, active);
  const plan = planAnswer(
    call.request,
    simulator.seed,
    await countPromptTokens(call.request.messages, call.request.tools),
  );
  const dropAfter = active?.kind === 'drop' ? active.afterTokens : null;
  const piecesPerChunk = tokenMs > 0 || dropAfter !== null ? 1 : instantPiecesPerChunk;
  const chunks = chunksOf(
    plan,
    call.request.model,
    simulator.newCompletionId(),
    toUnixSeconds(simulator.now()),
    piecesPerChunk,
  );
  await pause(startedMs + timeToFirstTokenMs - performance.now(), call.signal);
  return paced(chunks, {
    startedMs: startedMs + timeToFirstTokenMs + plan.reasoningTokens * tokenMs,
    tokenMs,
    dropAfter,
    signal: call.signal,
    supplierId: id,
  });
}

/** The fault, before any answer: a refusal, an error, or a wait that ends in a timeout. */
async function admit(supplierId: string, call: SupplierCall, active: Fault | null): Promise<void> {
  if (call.signal.aborted) throw abortedError(call.signal);
  if (active?.kind === 'refuse')
    throw new SupplierError('refused', `simulator ${supplierId} refused the request (fault: refuse)`, 429);
  if (active?.kind === 'error')
    throw new SupplierError('unavailable', `simulator ${supplierId} failed (fault: error)`, 500);
  if (active?.kind === 'timeout') {
    await pause(active.afterMs, call.signal);
    throw new SupplierError(
      'timeout',
      `simulator ${supplierId} did not answer within ${active.afterMs} ms (fault: timeout)`,
    );
  }
}

// ---------------------------------------------------------------- pacing

interface TimedChunk {
  chunk: ChatChunk;
  /** Answer tokens carried by this chunk (0 for role, finish and usage chunks). */
  pieces: number;
}

async function* paced(
  chunks: TimedChunk[],
  pace: { startedMs: number; tokenMs: number; dropAfter: number | null; signal: AbortSignal; supplierId: string },
): AsyncGenerator<ChatChunk> {
  let spoken = 0;
  for (const [index, { chunk, pieces }] of chunks.entries()) {
    if (index > 0) {
      // A drop comes after `dropAfter` answer tokens, or before the finish when the answer is shorter.
      const finishing = chunk.choices[0]?.finish_reason != null;
      if (pace.dropAfter !== null && (spoken + pieces > pace.dropAfter || finishing))
        throw dropped(pace.supplierId, spoken);
      await pause(pace.startedMs + (spoken + pieces) * pace.tokenMs - performance.now(), pace.signal);
    }
    if (pace.signal.aborted) throw abortedError(pace.signal);
    spoken += pieces;
    yield chunk;
  }
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw abortedError(signal);
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw abortedError(signal);
  }
}

function dropped(supplierId: string, afterTokens: number): SupplierError {
  return new SupplierError(
    'dropped',
    `simulator ${supplierId} dropped the connection after ${afterTokens} tokens (fault: drop)`,
  );
}

function toUnixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

// ---------------------------------------------------------------- answers

interface Plan {
  message: ChatAnswer;
  /** The answer's text (content or tool arguments) in the pieces it is streamed in, one token each. */
  pieces: string[];
  finishReason: FinishReason;
  reasoningTokens: number;
  usage: ChatUsage;
}

function completionOf(plan: Plan, model: string, id: string, created: number): ChatCompletion {
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: plan.message, finish_reason: plan.finishReason }],
    usage: plan.usage,
  };
}

function chunksOf(plan: Plan, model: string, id: string, created: number, piecesPerChunk: number): TimedChunk[] {
  const base = { id, object: 'chat.completion.chunk' as const, created, model, usage: null };
  const call = plan.message.tool_calls?.[0];
  const first: ChatChunk['choices'][number]['delta'] = call
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          { index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      }
    : { role: 'assistant', content: '' };
  const chunks: TimedChunk[] = [
    { chunk: { ...base, choices: [{ index: 0, delta: first, finish_reason: null }] }, pieces: 0 },
  ];
  for (let start = 0; start < plan.pieces.length; start += piecesPerChunk) {
    const group = plan.pieces.slice(start, start + piecesPerChunk);
    const text = group.join('');
    const delta = call ? { tool_calls: [{ index: 0, function: { arguments: text } }] } : { content: text };
    chunks.push({ chunk: { ...base, choices: [{ index: 0, delta, finish_reason: null }] }, pieces: group.length });
  }
  chunks.push({ chunk: { ...base, choices: [{ index: 0, delta: {}, finish_reason: plan.finishReason }] }, pieces: 0 });
  chunks.push({ chunk: { ...base, choices: [], usage: plan.usage }, pieces: 0 });
  return chunks;
}

/**
 * Decides the whole answer of a request; pure, so streamed and whole runs cannot disagree. The prompt is counted by the
 * caller (off the event loop when big).
 */
function planAnswer(request: ChatRequest, seed: number, prompt: number): Plan {
  const random = randomOf(request, seed);
  const tokensMax = completionTokensMax(request) ?? Number.POSITIVE_INFINITY;
  const reasoningTokens = Math.min(reasoningTokensOf(request.reasoning_effort, random), tokensMax);
  const tool = chosenTool(request, random);
  const callId = `call_${random.hex(24)}`;
  // A tool call's name counts as completion tokens too, so it comes out of the budget first.
  const nameTokens = tool ? completionTokens({ content: null, tool_calls: [toolCallOf(callId, tool.name, '')] }) : 0;
  const body = tool
    ? JSON.stringify(fittingValue(tool.parameters ?? { type: 'object' }, random, tool.parameters ?? {}))
    : cutAtStop(answerText(request, random), stopSequences(request));
  const { pieces, cut } = fitted(body, tokensMax - reasoningTokens - nameTokens);
  const text = pieces.join('');
  const message: ChatAnswer = tool
    ? { role: 'assistant', content: null, refusal: null, tool_calls: [toolCallOf(callId, tool.name, text)] }
    : { role: 'assistant', content: text, refusal: null, tool_calls: null };
  const completion = completionTokens(message) + reasoningTokens;
  return {
    message,
    pieces,
    finishReason: cut ? 'length' : tool ? 'tool_calls' : 'stop',
    reasoningTokens,
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      completion_tokens_details: { reasoning_tokens: reasoningTokens },
    },
  };
}

function toolCallOf(id: string, name: string, args: string): NonNullable<ChatAnswer['tool_calls']>[number] {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** The text as token pieces, cut to at most `budget` tokens (as usage will count them). */
function fitted(text: string, budget: number): { pieces: string[]; cut: boolean } {
  const tokensMax = Math.max(budget, 0);
  let tokens = encodeText(text);
  if (tokens.length <= tokensMax) return { pieces: decodePieces(tokens), cut: false };
  tokens = tokens.slice(0, tokensMax);
  // Usage counts the text, and a cut text can encode one token longer than the cut: trim until it fits.
  while (tokens.length > 0 && textTokens(decodePieces(tokens).join('')) > tokensMax) tokens = tokens.slice(0, -1);
  return { pieces: decodePieces(tokens), cut: true };
}

function cutAtStop(text: string, stops: string[]): string {
  let end = text.length;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}

/** Reasoning grows fourfold per effort step; no effort asked (or an unknown one, like `none`) means no reasoning. */
const reasoningScaleOfEffort: Record<string, number> = { minimal: 1, low: 4, medium: 16, high: 64 };

function reasoningTokensOf(effort: ChatRequest['reasoning_effort'], random: Random): number {
  const scale = effort ? (reasoningScaleOfEffort[effort] ?? 0) : 0;
  return scale * random.int(8, 15);
}

type ToolFunction = NonNullable<ChatRequest['tools']>[number]['function'];

function chosenTool(request: ChatRequest, random: Random): ToolFunction | null {
  const tools = request.tools ?? [];
  const choice = request.tool_choice ?? 'auto';
  if (tools.length === 0 || choice === 'none') return null;
  if (typeof choice === 'object') {
    const named = tools.find((tool) => tool.function.name === choice.function.name);
    if (!named)
      throw new SupplierError(
        'bad_request',
        `tool_choice names function ${choice.function.name}, which is not among the tools offered`,
        400,
      );
    return named.function;
  }
  const last = request.messages[request.messages.length - 1];
  if (choice === 'auto' && last?.role !== 'user') return null;
  return random.pick(tools).function;
}

function answerText(request: ChatRequest, random: Random): string {
  const format = request.response_format;
  if (format?.type === 'json_schema') {
    const schema = format.json_schema.schema ?? { type: 'object' };
    return JSON.stringify(fittingValue(schema, random, schema));
  }
  if (format?.type === 'json_object')
    return JSON.stringify({ answer: sentence(random), confidence: random.int(50, 99) / 100 });
  const afterTool = request.messages[request.messages.length - 1]?.role === 'tool';
  const sentences = Array.from({ length: random.int(1, 5) }, () => sentence(random));
  return afterTool
    ? 'Based on the tool result, ' + sentences.join(' ').replace(/^./, (c) => c.toLowerCase())
    : sentences.join(' ');
}

// ---------------------------------------------------------------- determinism

/** mulberry32 seeded from a SHA-256 of the fields that decide the answer (not model, stream, limits or stop). */
function randomOf(request: ChatRequest, seed: number): Random {
  const decisive = {
    seed,
    request_seed: request.seed,
    messages: request.messages,
    tools: request.tools,
    tool_choice: request.tool_choice,
    response_format: request.response_format,
    reasoning_effort: request.reasoning_effort,
  };
  const next = seededRandom(createHash('sha256').update(canonicalJson(decisive)).digest().readUInt32LE(0));
  const int = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1));
  return {
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    hex: (length) => Array.from({ length }, () => int(0, 15).toString(16)).join(''),
  };
}

/** JSON with sorted keys and without null or absent properties (null means the same as absent in a request). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== null && item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
