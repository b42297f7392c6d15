import type { components } from '../../../generated/types/consumption.js';
import { assert } from '../../lib/assert.js';
import {
  type InlineCost,
  FormatError,
  MissingUsageError,
  describeStreamFailure,
  effectiveFinishReason,
  joinTexts,
  type ChatChunk,
  type ChatCompletion,
  type ChatFinishReason,
  type ChatMessage,
  type ChatRequest,
  type ChatUsage,
  type SseEvent,
} from './sse.js';

/**
 * The Anthropic Messages API over a supplier's chat completions: the request in, the completion or
 * its chunks out, in the shapes and event order of openapi/consumption.yaml (MessageRequest,
 * Message, MessageStreamEvent and the MessageResult description).
 *
 * Where the yaml is silent:
 * - `thinking.budget_tokens` becomes `reasoning_effort`: below 4096 `low`, below 16384 `medium`,
 *   else `high`; thinking disabled or absent leaves the supplier's default.
 * - `temperature` and `top_p` pass unchanged (both APIs default to 1); `top_k` and `metadata` are
 *   not forwarded.
 * - Thinking blocks sent back are dropped; none are produced, because a chat completion carries
 *   reasoning only as a token count (included in `output_tokens`).
 * - A `tool_result` with `is_error` reaches the supplier as `Error: <content>`; tool results come
 *   before the text of the same user turn, as chat wants tool messages right after the call.
 * - `stop_reason` is `end_turn` for a natural end or a stop sequence (chat does not tell which;
 *   `stop_sequence` stays null), `max_tokens` for `length`, `tool_use` when tools were called, and
 *   `end_turn` for `content_filter` (the yaml has no `refusal`).
 * - Tool-use ids are the supplier's call ids with `call_` replaced by `toolu_`; they come back in
 *   `tool_result` and are forwarded as they are, which keeps the conversation consistent.
 * - A tool call whose arguments are not a JSON object (cut by `max_tokens`) has `input: {}`.
 */

export { FormatError } from './sse.js';

type S = components['schemas'];
type MessageRequest = S['MessageRequest'];
type Message = S['Message'];
type ContentBlock = S['MessageContentBlock'];
type StopReason = S['MessageDeltaEvent']['delta']['stop_reason'];
type StreamEvent = S['MessageStreamEvent'];

export interface MessageContext {
  /** `msg_…`, chosen by the gateway. */
  id: string;
  /** The `model` of the request, echoed in every response. */
  model: string;
  request: MessageRequest;
  /**
   * The prompt's token count as measured on admission. `message_start` must carry input tokens
   * before the supplier reports its count at the end, and `message_delta` may carry only output
   * tokens; default 0.
   */
  inputTokens?: number;
  /** What the request cost: known for a whole message; `costPending` in a stream (sse.ts). */
  cost: InlineCost;
}

/** Chat function names are at most 64 characters; Anthropic allows 128. */
const toolNameLengthMax = 64;
/** Chat takes at most 4 stop sequences. */
const stopSequencesMax = 4;

// ---------------------------------------------------------------- request

export function messagesToChat(body: MessageRequest): ChatRequest {
  const chat: ChatRequest = { model: body.model, messages: chatMessages(body), max_tokens: body.max_tokens };
  if (body.temperature !== undefined) chat.temperature = body.temperature;
  if (body.top_p !== undefined) chat.top_p = body.top_p;
  if (body.stop_sequences && body.stop_sequences.length > 0) {
    if (body.stop_sequences.length > stopSequencesMax) {
      throw new FormatError('stop_sequences', `must have at most ${stopSequencesMax} items`, body.stop_sequences);
    }
    chat.stop = body.stop_sequences;
  }
  if (body.tools && body.tools.length > 0) chat.tools = body.tools.map(chatTool);
  if (body.tool_choice) Object.assign(chat, chatToolChoice(body.tool_choice));
  const effort = reasoningEffortOf(body);
  if (effort) chat.reasoning_effort = effort;
  if (body.stream) {
    chat.stream = true;
    chat.stream_options = { include_usage: true };
  }
  return chat;
}

function chatTool(tool: S['MessageTool'], i: number): S['ToolDefinition'] {
  if (tool.name.length > toolNameLengthMax) {
    throw new FormatError(`tools.${i}.name`, `must be at most ${toolNameLengthMax} characters long`, tool.name);
  }
  const description = tool.description === undefined ? {} : { description: tool.description };
  return { type: 'function', function: { name: tool.name, ...description, parameters: tool.input_schema } };
}

function chatToolChoice(choice: S['MessageToolChoice']): Pick<ChatRequest, 'tool_choice' | 'parallel_tool_calls'> {
  const parallel = choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...parallel };
    case 'any':
      return { tool_choice: 'required', ...parallel };
    case 'none':
      return { tool_choice: 'none' };
    case 'tool':
      if (!choice.name) throw new FormatError('tool_choice.name', 'is required when tool_choice.type is tool', null);
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
  }
}

function reasoningEffortOf(body: MessageRequest): ChatRequest['reasoning_effort'] {
  const thinking = body.thinking;
  if (thinking?.type !== 'enabled') return null;
  if (thinking.budget_tokens >= body.max_tokens) {
    throw new FormatError(
      'thinking.budget_tokens',
      `must be below max_tokens (${body.max_tokens})`,
      thinking.budget_tokens,
    );
  }
  if (thinking.budget_tokens < 4096) return 'low';
  return thinking.budget_tokens < 16384 ? 'medium' : 'high';
}

function chatMessages(body: MessageRequest): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const system = typeof body.system === 'string' ? body.system : joinTexts(body.system ?? [], '\n\n');
  if (system !== '') messages.push({ role: 'system', content: system });
  body.messages.forEach((turn, i) => {
    if (typeof turn.content === 'string') messages.push({ role: turn.role, content: turn.content });
    else if (turn.role === 'user') messages.push(...userMessages(turn.content, `messages.${i}.content`));
    else messages.push(...assistantMessages(turn.content, `messages.${i}.content`));
  });
  return messages;
}

function userMessages(blocks: S['MessageContentBlockParam'][], path: string): ChatMessage[] {
  const results: ChatMessage[] = [];
  const texts: S['ChatTextContentPart'][] = [];
  blocks.forEach((block, j) => {
    if (block.type === 'text') texts.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_result')
      results.push({ role: 'tool', tool_call_id: block.tool_use_id, content: toolResultText(block) });
    else if (block.type === 'tool_use')
      throw new FormatError(`${path}.${j}.type`, 'tool_use blocks belong in assistant turns', block.type);
    // thinking blocks are accepted and not forwarded
  });
  return texts.length > 0 ? [...results, { role: 'user', content: texts }] : results;
}

function toolResultText(block: S['MessageToolResultBlockParam']): string {
  const content =
    block.content === undefined
      ? ''
      : typeof block.content === 'string'
        ? block.content
        : joinTexts(block.content, '\n\n');
  return block.is_error ? `Error: ${content}` : content;
}

function assistantMessages(blocks: S['MessageContentBlockParam'][], path: string): ChatMessage[] {
  const texts: string[] = [];
  const calls: S['ChatToolCallParam'][] = [];
  blocks.forEach((block, j) => {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      calls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input) },
      });
    } else if (block.type === 'tool_result')
      throw new FormatError(`${path}.${j}.type`, 'tool_result blocks belong in user turns', block.type);
  });
  const content = texts.join('');
  if (content === '' && calls.length === 0) return []; // only thinking: nothing for the supplier
  return [
    { role: 'assistant', content: content === '' ? null : content, ...(calls.length > 0 && { tool_calls: calls }) },
  ];
}

// ---------------------------------------------------------------- whole message

export function chatToMessage(completion: ChatCompletion, ctx: MessageContext): Message {
  const choice = completion.choices[0];
  assert(choice, 'the supplier adapter hands over completions with exactly one choice');
  const calls = choice.message.tool_calls ?? [];
  const text = choice.message.content ?? choice.message.refusal ?? '';
  const content: ContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  for (const call of calls)
    content.push({
      type: 'tool_use',
      id: toolUseId(call.id),
      name: call.function.name,
      input: parseInput(call.function.arguments),
    });
  const stopReason = stopReasonOf(effectiveFinishReason(choice.finish_reason, calls.length > 0));
  return messageObject(ctx, content, stopReason, {
    input_tokens: completion.usage.prompt_tokens,
    output_tokens: completion.usage.completion_tokens,
    ...ctx.cost,
  });
}

const toolUseId = (callId: string): string => `toolu_${callId.replace(/^call_/, '')}`;

function parseInput(args: string): Record<string, unknown> {
  try {
    const input: unknown = JSON.parse(args);
    return typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function stopReasonOf(finish: ChatFinishReason): StopReason {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'stop':
      return 'end_turn';
    case 'content_filter':
      return 'end_turn';
  }
}

const messageObject = (
  ctx: MessageContext,
  content: ContentBlock[],
  stopReason: StopReason | null,
  usage: S['MessageUsage'],
): Message => ({
  id: ctx.id,
  type: 'message',
  role: 'assistant',
  model: ctx.model,
  content,
  stop_reason: stopReason,
  stop_sequence: null,
  usage,
});

// ---------------------------------------------------------------- stream

/**
 * The MessageResult event sequence, with one `ping` after the first `content_block_start` as
 * Anthropic sends it. A supplier stream that throws, or ends without the usage it was asked for,
 * ends with one `error` event and never `message_stop`. Tool calls are taken to stream one after
 * another, as OpenAI streams them; a change of `index` closes the open block.
 */
export async function* chatStreamToMessageEvents(
  chunks: AsyncIterable<ChatChunk>,
  ctx: MessageContext,
): AsyncGenerator<SseEvent> {
  const stream = new MessageStream(ctx.cost);
  yield named({
    type: 'message_start',
    message: messageObject(ctx, [], null, {
      input_tokens: ctx.inputTokens ?? 0,
      output_tokens: 0,
      cost_usd: null,
      cost_units: null,
    }),
  });
  let closing: StreamEvent[];
  try {
    for await (const chunk of chunks) {
      for (const event of stream.onChunk(chunk)) yield named(event);
    }
    closing = stream.onEnd();
  } catch (error) {
    const failure = describeStreamFailure(error);
    yield named({
      type: 'error',
      error: { type: failure.overloaded ? 'overloaded_error' : 'api_error', message: failure.message },
    });
    return;
  }
  for (const event of closing) yield named(event);
}

const named = (event: StreamEvent): SseEvent => ({ event: event.type, data: event });

interface OpenBlock {
  kind: 'text' | 'tool_use';
  index: number;
  chatIndex: number;
}

class MessageStream {
  private blockCount = 0;
  private open: OpenBlock | null = null;
  private calledTools = false;
  private finish: ChatFinishReason | null = null;
  private usage: ChatUsage | null = null;

  constructor(private readonly cost: InlineCost) {}

  onChunk(chunk: ChatChunk): StreamEvent[] {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return [];
    const events: StreamEvent[] = [];
    const text = choice.delta.content;
    if (text) {
      if (this.open?.kind !== 'text') events.push(...this.close(), ...this.start({ type: 'text', text: '' }, -1));
      events.push({ type: 'content_block_delta', index: this.blockIndex(), delta: { type: 'text_delta', text } });
    }
    for (const piece of choice.delta.tool_calls ?? []) {
      if (this.open?.kind !== 'tool_use' || this.open.chatIndex !== piece.index) {
        const id = toolUseId(piece.id ?? `call_${this.blockCount}`);
        events.push(
          ...this.close(),
          ...this.start({ type: 'tool_use', id, name: piece.function?.name ?? '', input: {} }, piece.index),
        );
        this.calledTools = true;
      }
      const partial = piece.function?.arguments ?? '';
      if (partial !== '')
        events.push({
          type: 'content_block_delta',
          index: this.blockIndex(),
          delta: { type: 'input_json_delta', partial_json: partial },
        });
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  onEnd(): StreamEvent[] {
    if (!this.usage) throw new MissingUsageError();
    const stopReason = stopReasonOf(effectiveFinishReason(this.finish, this.calledTools));
    return [
      ...this.close(),
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: this.usage.completion_tokens, ...this.cost },
      },
      { type: 'message_stop' },
    ];
  }

  private blockIndex(): number {
    assert(this.open, 'a content block is open');
    return this.open.index;
  }

  private start(block: S['MessageTextBlock'] | S['MessageToolUseBlock'], chatIndex: number): StreamEvent[] {
    const index = this.blockCount++;
    this.open = { kind: block.type, index, chatIndex };
    const started: StreamEvent = { type: 'content_block_start', index, content_block: block };
    return index === 0 ? [started, { type: 'ping' }] : [started];
  }

  private close(): StreamEvent[] {
    if (!this.open) return [];
    const { index } = this.open;
    this.open = null;
    return [{ type: 'content_block_stop', index }];
  }
}
