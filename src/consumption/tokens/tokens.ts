import o200k, { countTokens, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { components } from '../../../generated/types/consumption.js';
import { nextTurn } from '../../lib/turns.js';
import { mergeLongPiecesFast, tokenBytesMax } from './token-merge.js';
import { sharedTokenPool } from './token-pool.js';

/**
 * Token counting for billing and for suppliers that omit `usage`. One tokenizer (o200k_base, the
 * BPE of current OpenAI models) for every instrument: counts are what the market bills on, so they
 * must not depend on which supplier answered.
 */

type ChatMessage = components['schemas']['ChatMessage'];
type ToolDefinition = components['schemas']['ToolDefinition'];
type ChatCompletionMessage = components['schemas']['ChatCompletionMessage'];

mergeLongPiecesFast(o200k);

/** Special-token spellings in user text (`<|endoftext|>`) are ordinary text here, never an error. */
const plainText = { disallowedSpecial: new Set<string>() };

/** The chat framing OpenAI documents: every message costs 3 tokens, a name 1 more, the reply is primed with 3. */
const messageOverheadTokens = 3;
const nameOverheadTokens = 1;
const replyPrimingTokens = 3;

/**
 * Prompts with at most this much text (UTF-16 code units) are counted on the event loop, where a
 * worker round trip (0.2 to 0.3 ms here) would cost about what the count does. Measured on the
 * build machine (2 cores, busy): 4 K characters of prose count in about 0.2 ms; of the slowest
 * text (CJK, every character its own token, pieces just under `longPieceChars`) in 5 to 8 ms.
 * Bigger prompts go to the token pool (token-pool.ts).
 */
export const inlineCharsMax = 4 * 1024;

export function textTokens(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, plainText);
}

export function encodeText(text: string): number[] {
  return encode(text, plainText);
}

/** Decodes tokens one piece at a time; a piece never splits a UTF-8 character. */
export function decodePieces(tokens: readonly number[]): string[] {
  return [...decodeGenerator(tokens)];
}

function messageText(content: ChatMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text).join('');
}

/** A prompt as counted: tokens of framing (known without tokenising) and the texts whose tokens add to them. */
interface PromptParts {
  framingTokens: number;
  texts: string[];
}

/** The messages in chat framing, plus the tool definitions as JSON. */
function promptParts(messages: readonly ChatMessage[], tools?: readonly ToolDefinition[] | null): PromptParts {
  let framingTokens = replyPrimingTokens;
  const texts: string[] = [];
  for (const message of messages) {
    framingTokens += messageOverheadTokens;
    texts.push(message.role, messageText(message.content));
    if (message.name) {
      framingTokens += nameOverheadTokens;
      texts.push(message.name);
    }
    if (message.tool_call_id) texts.push(message.tool_call_id);
    for (const call of message.tool_calls ?? []) texts.push(call.function.name, call.function.arguments);
  }
  if (tools && tools.length > 0) texts.push(JSON.stringify(tools));
  return { framingTokens, texts: texts.filter((text) => text.length > 0) };
}

/** Prompt tokens of a chat request, counted here and now (small prompts, tests). */
export function promptTokens(messages: readonly ChatMessage[], tools?: readonly ToolDefinition[] | null): number {
  const { framingTokens, texts } = promptParts(messages, tools);
  return texts.reduce((total, text) => total + textTokens(text), framingTokens);
}

/** Prompt tokens of a chat request: counted inline when small, else on the token pool's threads. */
export async function countPromptTokens(
  messages: readonly ChatMessage[],
  tools?: readonly ToolDefinition[] | null,
): Promise<number> {
  const { framingTokens, texts } = promptParts(messages, tools);
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  if (chars <= inlineCharsMax) return texts.reduce((total, text) => total + textTokens(text), framingTokens);
  await nextTurn(); // sending megabytes to a worker copies them on this thread: one long step, in turn
  return framingTokens + (await sharedTokenPool().count(texts));
}

/** What is known of a prompt's size without tokenising it. */
interface PromptBounds {
  /** UTF-8 bytes of the counted text. */
  bytes: number;
  /** No token is longer than `tokenBytesMax` bytes: the prompt has at least this many tokens. */
  tokensMin: number;
  /** Every token covers at least one byte: the prompt has at most this many tokens. */
  tokensMax: number;
}

/** Bounds of `promptTokens` from the texts' UTF-8 lengths: microseconds for a prompt that takes seconds to count. */
export function promptBounds(messages: readonly ChatMessage[], tools?: readonly ToolDefinition[] | null): PromptBounds {
  const { framingTokens, texts } = promptParts(messages, tools);
  let bytes = 0;
  let tokensMin = framingTokens;
  for (const text of texts) {
    const length = Buffer.byteLength(text, 'utf8');
    bytes += length;
    tokensMin += Math.ceil(length / tokenBytesMax);
  }
  return { bytes, tokensMin, tokensMax: framingTokens + bytes };
}

/** Completion tokens of an answer, reasoning excluded: its text, and each tool call's name and arguments. */
export function completionTokens(message: Pick<ChatCompletionMessage, 'content' | 'tool_calls'>): number {
  let total = textTokens(message.content ?? '');
  for (const call of message.tool_calls ?? [])
    total += textTokens(call.function.name) + textTokens(call.function.arguments);
  return total;
}
