import { countTokens, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { components } from '../../generated/types/consumption.js';

/**
 * Token counting for billing and for suppliers that omit `usage`. One tokenizer (o200k_base, the
 * BPE of current OpenAI models) for every instrument: counts are what the market bills on, so they
 * must not depend on which supplier answered.
 */

type ChatMessage = components['schemas']['ChatMessage'];
type ToolDefinition = components['schemas']['ToolDefinition'];
type ChatCompletionMessage = components['schemas']['ChatCompletionMessage'];

/** Special-token spellings in user text (`<|endoftext|>`) are ordinary text here, never an error. */
const plainText = { disallowedSpecial: new Set<string>() };

/** The chat framing OpenAI documents: every message costs 3 tokens, a name 1 more, the reply is primed with 3. */
const messageOverheadTokens = 3;
const nameOverheadTokens = 1;
const replyPrimingTokens = 3;

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

export function messageText(content: ChatMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text).join('');
}

/** Prompt tokens of a chat request: the messages in chat framing, plus the tool definitions as JSON. */
export function promptTokens(messages: readonly ChatMessage[], tools?: readonly ToolDefinition[] | null): number {
  let total = replyPrimingTokens;
  for (const message of messages) {
    total += messageOverheadTokens + textTokens(message.role) + textTokens(messageText(message.content));
    if (message.name) total += nameOverheadTokens + textTokens(message.name);
    if (message.tool_call_id) total += textTokens(message.tool_call_id);
    for (const call of message.tool_calls ?? []) total += textTokens(call.function.name) + textTokens(call.function.arguments);
  }
  if (tools && tools.length > 0) total += textTokens(JSON.stringify(tools));
  return total;
}

/** Completion tokens of an answer, reasoning excluded: its text, and each tool call's name and arguments. */
export function completionTokens(message: Pick<ChatCompletionMessage, 'content' | 'tool_calls'>): number {
  let total = textTokens(message.content ?? '');
  for (const call of message.tool_calls ?? []) total += textTokens(call.function.name) + textTokens(call.function.arguments);
  return total;
}
