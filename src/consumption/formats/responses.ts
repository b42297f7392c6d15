import type { components } from '../../../generated/types/consumption.js';
import { assert } from '../../lib/assert.js';
import {
  type InlineCost,
  FormatError,
  MissingUsageError,
  describeStreamFailure,
  effectiveFinishReason,
  type ChatChunk,
  type ChatCompletion,
  type ChatFinishReason,
  type ChatMessage,
  type ChatRequest,
  type ChatUsage,
  type SseEvent,
} from './sse.js';

/**
 * The OpenAI Responses API (stateless subset) over a supplier's chat completions: the request in,
 * the completion or its chunks out, in the shapes and event order of openapi/consumption.yaml
 * (ResponseRequest, Response, ResponseStreamEvent and the ResponseResult description).
 *
 * Where the yaml is silent:
 * - `store`, `metadata` and `user` are not forwarded (the gateway records them from the request).
 * - No reasoning output item is produced: a chat completion carries reasoning only as a token
 *   count, which `usage.output_tokens_details.reasoning_tokens` reports.
 * - Item ids derive from the response id: `msg_<suffix>_<output index>`, `fc_<suffix>_<output
 *   index>`; a function call's `call_id` is the supplier's tool-call id.
 * - A refusal with no content is answered as the message's text.
 */

export { FormatError } from './sse.js';

type S = components['schemas'];
type ResponseRequest = S['ResponseRequest'];
type Response = S['Response'];
type OutputItem = S['ResponseOutputItem'];
type OutputMessage = S['ResponseOutputMessage'];
type FunctionCall = S['ResponseFunctionCall'];
type StreamEvent = S['ResponseStreamEvent'];
type ItemStatus = OutputMessage['status'];

export interface ResponseContext {
  /** `resp_…`, chosen by the gateway. */
  id: string;
  /** The `model` of the request, echoed in every response. */
  model: string;
  /** Unix seconds. */
  createdAt: number;
  request: ResponseRequest;
  /** What the request cost: known for a whole response; `costPending` in a stream (sse.ts). */
  cost: InlineCost;
}

// ---------------------------------------------------------------- request

export function responsesToChat(body: ResponseRequest): ChatRequest {
  if (body.previous_response_id != null) {
    throw new FormatError(
      'previous_response_id',
      'is not supported: responses are not stored; send the whole conversation in input.',
      body.previous_response_id,
    );
  }
  const chat: ChatRequest = { model: body.model, messages: inputMessages(body) };
  if (body.max_output_tokens != null) chat.max_completion_tokens = body.max_output_tokens;
  if (body.temperature != null) chat.temperature = body.temperature;
  if (body.top_p != null) chat.top_p = body.top_p;
  if (body.tools && body.tools.length > 0) {
    chat.tools = body.tools.map((tool) => ({
      type: 'function' as const,
      function: {
        name: tool.name,
        ...(tool.description != null && { description: tool.description }),
        ...(tool.parameters !== undefined && { parameters: tool.parameters }),
        ...(tool.strict != null && { strict: tool.strict }),
      },
    }));
  }
  if (body.tool_choice != null) {
    chat.tool_choice =
      typeof body.tool_choice === 'string'
        ? body.tool_choice
        : { type: 'function', function: { name: body.tool_choice.name } };
  }
  if (body.parallel_tool_calls != null) chat.parallel_tool_calls = body.parallel_tool_calls;
  const format = body.text?.format;
  if (format) {
    chat.response_format =
      format.type === 'json_schema'
        ? {
            type: 'json_schema',
            json_schema: {
              name: format.name,
              schema: format.schema,
              ...(format.description !== undefined && { description: format.description }),
              ...(format.strict != null && { strict: format.strict }),
            },
          }
        : { type: format.type };
  }
  if (body.reasoning?.effort != null) chat.reasoning_effort = body.reasoning.effort;
  if (body.stream) {
    chat.stream = true;
    chat.stream_options = { include_usage: true };
  }
  return chat;
}

function inputMessages(body: ResponseRequest): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (body.instructions != null && body.instructions !== '')
    messages.push({ role: 'system', content: body.instructions });
  if (typeof body.input === 'string') {
    messages.push({ role: 'user', content: body.input });
    return messages;
  }
  body.input.forEach((item, i) => appendInputItem(messages, item, `input.${i}`));
  return messages;
}

function appendInputItem(messages: ChatMessage[], item: S['ResponseInputItem'], path: string): void {
  const type = (item as { type?: unknown }).type;
  if (type === 'reasoning') return; // accepted and not forwarded
  if (type === 'function_call') {
    const call = item as S['ResponseFunctionCallParam'];
    const toolCall = {
      id: call.call_id,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments },
    };
    // Consecutive calls, and calls right after the assistant's text, are one assistant turn in chat.
    const last = messages.at(-1);
    if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), toolCall];
    else messages.push({ role: 'assistant', content: null, tool_calls: [toolCall] });
    return;
  }
  if (type === 'function_call_output') {
    const output = item as S['ResponseFunctionCallOutputParam'];
    messages.push({ role: 'tool', tool_call_id: output.call_id, content: output.output });
    return;
  }
  if (type !== undefined && type !== 'message') {
    throw new FormatError(
      `${path}.type`,
      'is not supported: only message, function_call, function_call_output and reasoning items are.',
      type,
    );
  }
  const message = item as S['ResponseInputMessage'];
  const content =
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => ({ type: 'text' as const, text: part.text }));
  messages.push({ role: message.role, content: content.length === 0 ? '' : content });
}

// ---------------------------------------------------------------- whole response

export function chatToResponse(completion: ChatCompletion, ctx: ResponseContext): Response {
  const choice = completion.choices[0];
  assert(choice, 'the supplier adapter hands over completions with exactly one choice');
  const { message } = choice;
  const calls = message.tool_calls ?? [];
  const finish = effectiveFinishReason(choice.finish_reason, calls.length > 0);
  const itemStatus = statusOfFinish(finish) === 'completed' ? 'completed' : 'incomplete';
  const text = message.content ?? message.refusal ?? '';
  const output: OutputItem[] = [];
  if (text !== '' || calls.length === 0) output.push(messageItem(itemId('msg', ctx, output.length), text, itemStatus));
  for (const call of calls) {
    output.push(
      functionCallItem(
        itemId('fc', ctx, output.length),
        call.id,
        call.function.name,
        call.function.arguments,
        itemStatus,
      ),
    );
  }
  return responseObject(ctx, finish, output, completion.usage);
}

const itemId = (prefix: 'msg' | 'fc', ctx: ResponseContext, outputIndex: number): string =>
  `${prefix}_${ctx.id.replace(/^resp_/, '')}_${outputIndex}`;

const messageItem = (id: string, text: string, status: ItemStatus): OutputMessage => ({
  type: 'message',
  id,
  role: 'assistant',
  status,
  content: status === 'in_progress' ? [] : [outputText(text)],
});

const outputText = (text: string): S['ResponseOutputText'] => ({ type: 'output_text', text, annotations: [] });

const functionCallItem = (
  id: string,
  callId: string,
  name: string,
  args: string,
  status: ItemStatus,
): FunctionCall => ({
  type: 'function_call',
  id,
  call_id: callId,
  name,
  arguments: args,
  status,
});

function statusOfFinish(finish: ChatFinishReason | null): Response['status'] {
  if (finish === null) return 'in_progress';
  return finish === 'length' || finish === 'content_filter' ? 'incomplete' : 'completed';
}

/** The Response with the request's settings echoed; `finish` null means still in progress. */
function responseObject(
  ctx: ResponseContext,
  finish: ChatFinishReason | null,
  output: OutputItem[],
  usage: ChatUsage | null,
): Response {
  const request = ctx.request;
  const incompleteReason =
    finish === 'length' ? 'max_output_tokens' : finish === 'content_filter' ? 'content_filter' : null;
  return {
    id: ctx.id,
    object: 'response',
    created_at: ctx.createdAt,
    status: statusOfFinish(finish),
    model: ctx.model,
    output,
    usage: usage && responseUsage(usage, ctx.cost),
    error: null,
    incomplete_details: incompleteReason && { reason: incompleteReason },
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    temperature: request.temperature ?? null,
    top_p: request.top_p ?? null,
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    text: { format: request.text?.format ?? { type: 'text' } },
    reasoning: { effort: request.reasoning?.effort ?? null },
    metadata: request.metadata ?? {},
  };
}

const responseUsage = (usage: ChatUsage, cost: InlineCost): S['ResponseUsage'] => ({
  ...cost,
  input_tokens: usage.prompt_tokens,
  output_tokens: usage.completion_tokens,
  total_tokens: usage.prompt_tokens + usage.completion_tokens,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens_details: { reasoning_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0 },
});

// ---------------------------------------------------------------- stream

/**
 * The ResponseResult event sequence. A supplier stream that throws, or ends without the usage it
 * was asked for, ends with one `error` event and never `response.completed`. Tool calls are taken
 * to stream one after another, as OpenAI streams them; a change of `index` closes the open item.
 */
export async function* chatStreamToResponseEvents(
  chunks: AsyncIterable<ChatChunk>,
  ctx: ResponseContext,
): AsyncGenerator<SseEvent> {
  const stream = new ResponseStream(ctx);
  yield stream.event({ type: 'response.created', response: responseObject(ctx, null, [], null) });
  yield stream.event({ type: 'response.in_progress', response: responseObject(ctx, null, [], null) });
  let closing: Unnumbered[];
  try {
    for await (const chunk of chunks) {
      for (const event of stream.onChunk(chunk)) yield stream.event(event);
    }
    closing = stream.onEnd();
  } catch (error) {
    const failure = describeStreamFailure(error);
    yield stream.event({ type: 'error', code: failure.code, message: failure.message, param: null });
    return;
  }
  for (const event of closing) yield stream.event(event);
}

/** An event before its sequence number is stamped. */
type Unnumbered = StreamEvent extends infer E ? (E extends StreamEvent ? Omit<E, 'sequence_number'> : never) : never;

interface OpenMessage {
  kind: 'message';
  outputIndex: number;
  id: string;
  text: string;
}
interface OpenCall {
  kind: 'call';
  outputIndex: number;
  id: string;
  chatIndex: number;
  callId: string;
  name: string;
  arguments: string;
}

class ResponseStream {
  private sequence = 0;
  private readonly output: OutputItem[] = [];
  private open: OpenMessage | OpenCall | null = null;
  private finish: ChatFinishReason | null = null;
  private usage: ChatUsage | null = null;

  constructor(private readonly ctx: ResponseContext) {}

  event(unnumbered: Unnumbered): SseEvent {
    return { event: unnumbered.type, data: { ...unnumbered, sequence_number: this.sequence++ } };
  }

  onChunk(chunk: ChatChunk): Unnumbered[] {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return [];
    const events: Unnumbered[] = [];
    if (choice.delta.content) events.push(...this.onText(choice.delta.content));
    for (const piece of choice.delta.tool_calls ?? []) events.push(...this.onToolCall(piece));
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  onEnd(): Unnumbered[] {
    if (!this.usage) throw new MissingUsageError();
    const events: Unnumbered[] = [];
    if (this.output.length === 0 && !this.open) events.push(...this.openMessage());
    const hasCalls = this.open?.kind === 'call' || this.output.some((item) => item.type === 'function_call');
    const finish = effectiveFinishReason(this.finish, hasCalls);
    events.push(...this.close(statusOfFinish(finish) === 'completed' ? 'completed' : 'incomplete'));
    const response = responseObject(this.ctx, finish, [...this.output], this.usage);
    events.push({ type: response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response });
    return events;
  }

  private onText(delta: string): Unnumbered[] {
    const events = this.open?.kind === 'message' ? [] : [...this.close('completed'), ...this.openMessage()];
    const open = this.open;
    assert(open?.kind === 'message', 'a message item is open');
    open.text += delta;
    events.push({
      type: 'response.output_text.delta',
      item_id: open.id,
      output_index: open.outputIndex,
      content_index: 0,
      delta,
    });
    return events;
  }

  private onToolCall(piece: S['ChatToolCallChunk']): Unnumbered[] {
    const events =
      this.open?.kind === 'call' && this.open.chatIndex === piece.index
        ? []
        : [...this.close('completed'), ...this.openCall(piece)];
    const open = this.open;
    assert(open?.kind === 'call', 'a function call item is open');
    const delta = piece.function?.arguments ?? '';
    if (delta === '') return events;
    open.arguments += delta;
    events.push({
      type: 'response.function_call_arguments.delta',
      item_id: open.id,
      output_index: open.outputIndex,
      delta,
    });
    return events;
  }

  private openMessage(): Unnumbered[] {
    const outputIndex = this.output.length;
    const id = itemId('msg', this.ctx, outputIndex);
    this.open = { kind: 'message', outputIndex, id, text: '' };
    return [
      { type: 'response.output_item.added', output_index: outputIndex, item: messageItem(id, '', 'in_progress') },
      {
        type: 'response.content_part.added',
        item_id: id,
        output_index: outputIndex,
        content_index: 0,
        part: outputText(''),
      },
    ];
  }

  private openCall(piece: S['ChatToolCallChunk']): Unnumbered[] {
    const outputIndex = this.output.length;
    const id = itemId('fc', this.ctx, outputIndex);
    const callId = piece.id ?? `call_${id}`; // a supplier that omits the id still gets a quotable one
    const name = piece.function?.name ?? '';
    this.open = { kind: 'call', outputIndex, id, chatIndex: piece.index, callId, name, arguments: '' };
    return [
      {
        type: 'response.output_item.added',
        output_index: outputIndex,
        item: functionCallItem(id, callId, name, '', 'in_progress'),
      },
    ];
  }

  private close(status: ItemStatus): Unnumbered[] {
    const open = this.open;
    if (!open) return [];
    this.open = null;
    const { outputIndex, id } = open;
    if (open.kind === 'message') {
      const item = messageItem(id, open.text, status);
      this.output.push(item);
      return [
        {
          type: 'response.output_text.done',
          item_id: id,
          output_index: outputIndex,
          content_index: 0,
          text: open.text,
        },
        {
          type: 'response.content_part.done',
          item_id: id,
          output_index: outputIndex,
          content_index: 0,
          part: outputText(open.text),
        },
        { type: 'response.output_item.done', output_index: outputIndex, item },
      ];
    }
    const item = functionCallItem(id, open.callId, open.name, open.arguments, status);
    this.output.push(item);
    return [
      {
        type: 'response.function_call_arguments.done',
        item_id: id,
        output_index: outputIndex,
        arguments: open.arguments,
      },
      { type: 'response.output_item.done', output_index: outputIndex, item },
    ];
  }
}
