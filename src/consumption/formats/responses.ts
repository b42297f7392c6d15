import type { components } from '../../../generated/types/consumption.js';
import { assert } from '../../lib/assert.js';
import {
  functionCallItem,
  itemId,
  messageItem,
  responseObject,
  statusOfFinish,
  type OutputItem,
  type ResponseContext,
} from './response-items.js';
import { FormatError, effectiveFinishReason, type ChatCompletion, type ChatMessage, type ChatRequest } from './sse.js';

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
export type { ResponseContext } from './response-items.js';
export { chatStreamToResponseEvents } from './response-stream.js';

type S = components['schemas'];
type ResponseRequest = S['ResponseRequest'];
type Response = S['Response'];

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

type InputItem = S['ResponseInputItem'];

/** An input item's `type`: a message may leave it out (the document types it without one). */
const typeOf = (item: InputItem): unknown => ('type' in item ? item.type : undefined);
const isFunctionCall = (item: InputItem): item is S['ResponseFunctionCallParam'] => typeOf(item) === 'function_call';
const isFunctionCallOutput = (item: InputItem): item is S['ResponseFunctionCallOutputParam'] =>
  typeOf(item) === 'function_call_output';
const isMessage = (item: InputItem): item is S['ResponseInputMessage'] =>
  typeOf(item) === undefined || typeOf(item) === 'message';

function appendInputItem(messages: ChatMessage[], item: InputItem, path: string): void {
  if (typeOf(item) === 'reasoning') return; // accepted and not forwarded
  if (isFunctionCall(item)) {
    const toolCall = {
      id: item.call_id,
      type: 'function' as const,
      function: { name: item.name, arguments: item.arguments },
    };
    // Consecutive calls, and calls right after the assistant's text, are one assistant turn in chat.
    const last = messages.at(-1);
    if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), toolCall];
    else messages.push({ role: 'assistant', content: null, tool_calls: [toolCall] });
    return;
  }
  if (isFunctionCallOutput(item)) {
    messages.push({ role: 'tool', tool_call_id: item.call_id, content: item.output });
    return;
  }
  if (!isMessage(item)) {
    throw new FormatError(
      `${path}.type`,
      'is not supported: only message, function_call, function_call_output and reasoning items are.',
      typeOf(item),
    );
  }
  const content =
    typeof item.content === 'string'
      ? item.content
      : item.content.map((part) => ({ type: 'text' as const, text: part.text }));
  messages.push({ role: item.role, content: content.length === 0 ? '' : content });
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
