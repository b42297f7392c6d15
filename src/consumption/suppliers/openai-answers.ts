import { completionTokens, countPromptTokens, textTokens } from '../tokens/tokens.js';
import { integerOr, isInteger, isRecord, itemsOf, stringOr, type JsonRecord } from './json-reader.js';
import {
  SupplierError,
  type ChatAnswer,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
  type ChatUsage,
  type FinishReason,
} from './types.js';

/**
 * The response transforms of the OpenAI-compatible adapter (openai-upstream.ts): an upstream's
 * answer and chunks in our shape, keeping only the fields our schemas allow, answering with the
 * caller's `model`, and filling in `usage` with our tokenizer when the upstream leaves it out.
 */

const finishReasons: readonly string[] = ['stop', 'length', 'tool_calls', 'content_filter'] satisfies FinishReason[];

/** What a stream said so far, for the usage counted when the upstream reports none. */
export interface StreamedAnswer {
  content: string;
  reasoning: string;
  tools: { id: string; name: string; arguments: string }[];
}

export async function completionOf(raw: unknown, request: ChatRequest): Promise<ChatCompletion> {
  const choice = isRecord(raw) ? itemsOf(raw.choices)[0] : undefined;
  if (!isRecord(raw) || !isRecord(choice) || !isRecord(choice.message)) {
    throw new SupplierError('bad_response', 'the supplier answered without choices[0].message: not a chat completion');
  }
  const message: ChatAnswer = {
    role: 'assistant',
    content: stringOr(choice.message.content, null),
    refusal: stringOr(choice.message.refusal, null),
    tool_calls: toolCallsOf(choice.message.tool_calls),
  };
  const reasoning = reasoningTextOf(choice.message);
  return {
    id: stringOr(raw.id, 'chatcmpl-upstream'),
    object: 'chat.completion',
    created: integerOr(raw.created, 0),
    model: request.model,
    choices: [{ index: 0, message, finish_reason: finishReasonOf(choice.finish_reason) ?? 'stop' }],
    usage: usageOf(raw.usage) ?? (await countedUsage(request, message, reasoning)),
  };
}

function toolCallsOf(raw: unknown): ChatAnswer['tool_calls'] {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  return itemsOf(raw)
    .filter(isRecord)
    .map((call, index) => {
      const fn = isRecord(call.function) ? call.function : {};
      return {
        id: stringOr(call.id, `call_${index}`),
        type: 'function' as const,
        function: {
          name: nameOf(fn.name),
          arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
        },
      };
    });
}

/** A function's name as text; a name that is not a string or a number (sent by no real upstream) is empty. */
function nameOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '';
}

function isFinishReason(raw: unknown): raw is FinishReason {
  return typeof raw === 'string' && finishReasons.includes(raw);
}

function finishReasonOf(raw: unknown): FinishReason | null {
  return isFinishReason(raw) ? raw : null;
}

/** Reasoning text that vLLM and llama.cpp return beside the answer; counted, never passed on. */
function reasoningTextOf(raw: JsonRecord): string {
  return stringOr(raw.reasoning_content ?? raw.reasoning, '');
}

export function usageOf(raw: unknown): ChatUsage | null {
  if (!isRecord(raw)) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = raw;
  if (!isInteger(prompt) || !isInteger(completion)) return null;
  const details = isRecord(raw.completion_tokens_details) ? raw.completion_tokens_details : {};
  const reasoning = integerOr(details.reasoning_tokens, 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

/** Usage an upstream did not report, counted as admission counts (a big prompt off the event loop, token-pool.ts). */
export async function countedUsage(
  request: ChatRequest,
  message: Pick<ChatAnswer, 'content' | 'tool_calls'>,
  reasoningText: string,
): Promise<ChatUsage> {
  const prompt = await countPromptTokens(request.messages, request.tools);
  const reasoning = textTokens(reasoningText);
  const completion = completionTokens(message) + reasoning;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { reasoning_tokens: reasoning },
  };
}

type ChunkChoice = ChatChunk['choices'][number];
type ToolCallChunk = NonNullable<ChunkChoice['delta']['tool_calls']>[number];

/** One choice in our shape, adding what it says to `answer`; null when it carries nothing we pass on. */
export function chunkChoiceOf(raw: unknown, answer: StreamedAnswer): ChunkChoice | null {
  if (!isRecord(raw)) return null;
  const rawDelta = isRecord(raw.delta) ? raw.delta : {};
  const delta: ChunkChoice['delta'] = {};
  if (rawDelta.role === 'assistant') delta.role = 'assistant';
  if (typeof rawDelta.content === 'string' || (rawDelta.content === null && delta.role))
    delta.content = rawDelta.content;
  answer.content += stringOr(rawDelta.content, '');
  answer.reasoning += reasoningTextOf(rawDelta);
  const calls = itemsOf(rawDelta.tool_calls).filter(isRecord).map(toolCallChunkOf);
  for (const call of calls) {
    const tool = (answer.tools[call.index] ??= { id: '', name: '', arguments: '' });
    tool.id ||= call.id ?? '';
    tool.name += call.function?.name ?? '';
    tool.arguments += call.function?.arguments ?? '';
  }
  if (calls.length > 0) delta.tool_calls = calls;
  const finishReason = finishReasonOf(raw.finish_reason) ?? (raw.finish_reason ? 'stop' : null);
  if (Object.keys(delta).length === 0 && finishReason === null) return null;
  return { index: 0, delta, finish_reason: finishReason };
}

function toolCallChunkOf(raw: JsonRecord): ToolCallChunk {
  const call: ToolCallChunk = { index: integerOr(raw.index, 0) };
  if (typeof raw.id === 'string') call.id = raw.id;
  if (raw.type === 'function') call.type = 'function';
  if (isRecord(raw.function)) {
    call.function = {};
    if (typeof raw.function.name === 'string') call.function.name = raw.function.name;
    if (typeof raw.function.arguments === 'string') call.function.arguments = raw.function.arguments;
  }
  return call;
}
