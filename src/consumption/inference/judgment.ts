import type { components } from '../../../generated/types/consumption.js';
import type { InstrumentRow } from '../../core/reference.js';
import type { ChatRequest, FinishReason } from '../suppliers/types.js';

/**
 * The instrument's guarantees, judged on every answer (DESIGN.md §15, issue 31): a pure function of the instrument's
 * `ai_specs`, what the caller asked for, and what the gateway measured of the supplier attempt that answered. No I/O,
 * no clock: the times come in as measurements. A breach makes the request `out_of_spec`, not billed (settle.ts).
 */

type Schemas = components['schemas'];
export type SpecBreach = Schemas['SpecBreach'];
export type Guarantee = SpecBreach['guarantee'];
export type ToolCallError = Schemas['ToolCallError'];
type JsonSchema = Schemas['JsonSchema'];

/**
 * The least output an answer must have for its rate to be judged. Below it the rate is mostly noise: tokens come in
 * bursts (servers batch several per chunk, networks coalesce packets), and over a handful of tokens one late burst
 * halves or doubles the figure. 64 tokens take 0.8 to 1.6 s at the seeds' guarantees (40 to 80 tokens/s), long enough
 * that a few tens of milliseconds of jitter move the rate by a few per cent, not enough to turn a good supplier's
 * answer into a breach.
 */
export const rateTokensMin = 64;

/**
 * How far short of the bound a `length` stop may fall and still count as reaching it: a tenth of the bound, at least
 * 8 tokens. The count billed may be ours (an upstream that reports no usage is counted with our tokenizer, which splits
 * text differently from the model's), and a tool call's framing is counted a little differently by each; a supplier
 * that stopped at its own count of the limit must not be judged to have cut the answer short.
 */
const lengthSlackTokensMin = 8;
const lengthSlackDivisor = 10;

/**
 * The prompt the first-token bound is stated for, and the least prefill rate the gateway allows beyond it. A first
 * token waits for the whole prompt to be read, so no bound can hold for every prompt a context window admits; were it
 * judged flat, any caller could make an answer free by sending a long prompt (no request shape may do that: DESIGN.md
 * §7). Published figures measure time to first token on prompts of about 1,000 tokens (Artificial Analysis); beyond
 * that the supplier is given the prompt's extra tokens at 2,000 a second, well under what serving stacks prefill on
 * datacenter GPUs (tens of thousands a second), so that only a slow supplier, not a long prompt, breaks the bound.
 */
const promptTokensBase = 1000;
const prefillTokensPerSecondMin = 2000;

/** The instrument's guarantees, as the judge reads them. */
export interface Guarantees {
  timeToFirstTokenMsMax: number;
  tokensPerSecondMin: number;
  outputTokensMax: number;
}

export const guaranteesOf = (instrument: InstrumentRow): Guarantees => ({
  timeToFirstTokenMsMax: Number(instrument.min_time_to_first_token_ms),
  tokensPerSecondMin: Number(instrument.token_throughput),
  outputTokensMax: Number(instrument.max_output_length),
});

/**
 * What the caller asked for: its prompt (as admission counted it), its output limit and the tools it offered, with
 * each one's parameters schema.
 */
export interface CallerAsk {
  promptTokens: number;
  outputTokensMax: number;
  tools: ReadonlyMap<string, JsonSchema | undefined>;
}

export function callerAskOf(chat: ChatRequest, promptTokens: number, outputTokensMax: number): CallerAsk {
  const tools = new Map<string, JsonSchema | undefined>();
  for (const tool of chat.tools ?? []) tools.set(tool.function.name, tool.function.parameters);
  return { promptTokens, outputTokensMax, tools };
}

/**
 * The most a first content may take for this request: the instrument's bound, plus the prompt's tokens beyond
 * `promptTokensBase` at the least prefill rate, plus the reasoning that came before it at the guaranteed output rate
 * (a caller who asks a model to think first does not make its answer late).
 */
export function firstTokenBoundMs(guarantees: Guarantees, promptTokens: number, reasoningTokens: number): number {
  const prefillMs = (Math.max(0, promptTokens - promptTokensBase) * 1000) / prefillTokensPerSecondMin;
  const reasoningMs = guarantees.tokensPerSecondMin > 0 ? (reasoningTokens * 1000) / guarantees.tokensPerSecondMin : 0;
  return Math.round(guarantees.timeToFirstTokenMsMax + prefillMs + reasoningMs);
}

/** A tool call as the supplier returned it. */
export interface ReturnedToolCall {
  name: string;
  arguments: string;
}

/** The times of the attempt that answered. */
export type AttemptTimes =
  /** A stream: its request sent → its first content, and the time spent waiting on the supplier after that. */
  | { kind: 'stream'; firstContentMs: number | null; afterFirstContentMs: number; ended: boolean }
  /** A whole answer: its request sent → the whole answer received. */
  | { kind: 'whole'; answerMs: number };

/** What the gateway measured of the attempt that answered. */
export interface AttemptMeasurements {
  times: AttemptTimes;
  /** Output tokens, reasoning included, and the reasoning part (hidden: it comes before the first content). */
  completionTokens: number;
  reasoningTokens: number;
  finishReason: FinishReason | null;
  toolCalls: readonly ReturnedToolCall[];
}

export interface Judgment {
  breaches: SpecBreach[];
  toolCallErrors: ToolCallError[];
}

/** Whether a tool call's arguments (JSON) fit its parameters schema; the caller's schemas, checked elsewhere. */
export type ArgumentsFit = (schema: JsonSchema | undefined, argumentsText: string) => boolean;

/** Every guarantee the answer broke, and every tool call that is wrong. */
export function judgeAnswer(
  guarantees: Guarantees,
  ask: CallerAsk,
  measured: AttemptMeasurements,
  argumentsFit: ArgumentsFit,
): Judgment {
  const toolCallErrors = toolCallErrorsOf(ask, measured.toolCalls, argumentsFit);
  const breaches = [
    ...timeBreaches(guarantees, firstTokenBoundMs(guarantees, ask.promptTokens, measured.reasoningTokens), measured),
    ...lengthBreaches(guarantees, ask, measured),
    ...toolCallBreaches(toolCallErrors),
  ];
  return { breaches, toolCallErrors };
}

/**
 * The first-token guarantee alone, against the bound for this request (`firstTokenBoundMs`); also as soon as a
 * stream's first content came, recorded at once for the sweep.
 */
export function judgeFirstToken(boundMs: number, firstContentMs: number): SpecBreach | null {
  if (firstContentMs <= boundMs) return null;
  return { guarantee: 'time_to_first_token', bound: boundMs, measured: Math.round(firstContentMs), unit: 'ms' };
}

const visibleTokensOf = (m: AttemptMeasurements): number => Math.max(0, m.completionTokens - m.reasoningTokens);

const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

function timeBreaches(guarantees: Guarantees, firstTokenMs: number, measured: AttemptMeasurements): SpecBreach[] {
  const { times } = measured;
  if (times.kind === 'whole')
    return wholeAnswerBreaches(
      { ...guarantees, timeToFirstTokenMsMax: firstTokenMs },
      times.answerMs,
      visibleTokensOf(measured),
    );
  const breaches: SpecBreach[] = [];
  const late = times.firstContentMs === null ? null : judgeFirstToken(firstTokenMs, times.firstContentMs);
  if (late) breaches.push(late);
  const rate = times.ended ? streamRate(visibleTokensOf(measured), times.afterFirstContentMs) : null;
  if (rate !== null && rate < guarantees.tokensPerSecondMin)
    breaches.push({
      guarantee: 'token_throughput',
      bound: guarantees.tokensPerSecondMin,
      measured: rate,
      unit: 'tokens_per_second',
    });
  return breaches;
}

/**
 * A stream's output rate after its first content: the tokens after the first over the time spent waiting on the
 * supplier for them (not the time a slow reader held the stream back). Null when the answer is too short to judge, or
 * came all at once.
 */
function streamRate(visibleTokens: number, afterFirstContentMs: number): number | null {
  if (visibleTokens < rateTokensMin || afterFirstContentMs <= 0) return null;
  return oneDecimal(((visibleTokens - 1) * 1000) / afterFirstContentMs);
}

/**
 * A whole answer shows only when it was complete, not when its first token came: judging its duration against the
 * first-token bound alone would penalise a long answer for its length. It is late when no supplier keeping both
 * guarantees could have taken as long: the first token at the bound, then the output at the guaranteed rate. Which
 * guarantee it names follows the answer's length: a short one's time is mostly the wait for its first token (the
 * earliest that can have come, had the rate held), a long one's mostly its output (the fastest that can have been, had
 * the first token come at the bound).
 */
function wholeAnswerBreaches(guarantees: Guarantees, answerMs: number, visibleTokens: number): SpecBreach[] {
  const { timeToFirstTokenMsMax: ttftMax, tokensPerSecondMin: rateMin } = guarantees;
  const outputMs = rateMin > 0 ? (visibleTokens * 1000) / rateMin : 0;
  if (answerMs <= ttftMax + outputMs) return [];
  if (visibleTokens >= rateTokensMin)
    return [
      {
        guarantee: 'token_throughput',
        bound: rateMin,
        measured: oneDecimal((visibleTokens * 1000) / (answerMs - ttftMax)),
        unit: 'tokens_per_second',
      },
    ];
  return [{ guarantee: 'time_to_first_token', bound: ttftMax, measured: Math.round(answerMs - outputMs), unit: 'ms' }];
}

/** A `length` stop well short of both the caller's limit and the instrument's: the supplier cut the answer short. */
function lengthBreaches(guarantees: Guarantees, ask: CallerAsk, measured: AttemptMeasurements): SpecBreach[] {
  if (measured.finishReason !== 'length') return [];
  const bound = Math.min(ask.outputTokensMax, guarantees.outputTokensMax);
  const slack = Math.max(lengthSlackTokensMin, Math.floor(bound / lengthSlackDivisor));
  if (measured.completionTokens >= bound - slack) return [];
  return [{ guarantee: 'max_output_length', bound, measured: measured.completionTokens, unit: 'tokens' }];
}

function toolCallErrorsOf(
  ask: CallerAsk,
  calls: readonly ReturnedToolCall[],
  argumentsFit: ArgumentsFit,
): ToolCallError[] {
  const errors: ToolCallError[] = [];
  calls.forEach((call, index) => {
    const kind = toolCallErrorKind(ask, call, argumentsFit);
    if (kind !== null) errors.push({ index, name: call.name, kind });
  });
  return errors;
}

function toolCallErrorKind(
  ask: CallerAsk,
  call: ReturnedToolCall,
  argumentsFit: ArgumentsFit,
): ToolCallError['kind'] | null {
  if (!ask.tools.has(call.name)) return 'unknown_tool';
  try {
    JSON.parse(call.arguments);
  } catch {
    return 'invalid_json';
  }
  return argumentsFit(ask.tools.get(call.name), call.arguments) ? null : 'arguments_schema';
}

const toolCallWords: Record<ToolCallError['kind'], string> = {
  invalid_json: 'arguments are not JSON',
  unknown_tool: 'names no tool the request offered',
  arguments_schema: "arguments miss the tool's parameters schema",
};

/** Invalid JSON and unknown tools are the supplier's breach; arguments that miss the schema are billed. */
function toolCallBreaches(errors: readonly ToolCallError[]): SpecBreach[] {
  const broken = errors.filter((error) => error.kind !== 'arguments_schema');
  if (broken.length === 0) return [];
  const detail = broken.map((e) => `call ${e.index} (${e.name || 'no name'}): ${toolCallWords[e.kind]}`).join('; ');
  return [{ guarantee: 'tool_call', bound: 0, measured: broken.length, unit: 'tool_calls', detail }];
}

/** Whether a tool call's arguments miss the tool's schema (billed, recorded as `schema_mismatch`). */
export const missesToolSchema = (judgment: Judgment): boolean =>
  judgment.toolCallErrors.some((error) => error.kind === 'arguments_schema');
