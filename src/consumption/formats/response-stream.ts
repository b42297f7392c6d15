import type { components } from '../../../generated/types/consumption.js';
import { assert } from '../../lib/assert.js';
import {
  functionCallItem,
  itemId,
  messageItem,
  outputText,
  responseObject,
  statusOfFinish,
  type ItemStatus,
  type OutputItem,
  type ResponseContext,
} from './response-items.js';
import {
  MissingUsageError,
  describeStreamFailure,
  effectiveFinishReason,
  type ChatChunk,
  type ChatFinishReason,
  type ChatUsage,
  type SseEvent,
} from './sse.js';

type S = components['schemas'];
type StreamEvent = S['ResponseStreamEvent'];

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
