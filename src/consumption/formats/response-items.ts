import type { components } from '../../../generated/types/consumption.js';
import type { ChatFinishReason, ChatUsage, InlineCost } from './sse.js';

/**
 * The Responses API's output items and the Response object, as the whole answer and the stream both build them
 * (responses.ts).
 */

type S = components['schemas'];
type ResponseRequest = S['ResponseRequest'];
type Response = S['Response'];
export type OutputItem = S['ResponseOutputItem'];
type OutputMessage = S['ResponseOutputMessage'];
type FunctionCall = S['ResponseFunctionCall'];
export type ItemStatus = OutputMessage['status'];

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

export const itemId = (prefix: 'msg' | 'fc', ctx: ResponseContext, outputIndex: number): string =>
  `${prefix}_${ctx.id.replace(/^resp_/, '')}_${outputIndex}`;

export const messageItem = (id: string, text: string, status: ItemStatus): OutputMessage => ({
  type: 'message',
  id,
  role: 'assistant',
  status,
  content: status === 'in_progress' ? [] : [outputText(text)],
});

export const outputText = (text: string): S['ResponseOutputText'] => ({ type: 'output_text', text, annotations: [] });

export const functionCallItem = (
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

export function statusOfFinish(finish: ChatFinishReason | null): Response['status'] {
  if (finish === null) return 'in_progress';
  return finish === 'length' || finish === 'content_filter' ? 'incomplete' : 'completed';
}

/** The Response with the request's settings echoed; `finish` null means still in progress. */
export function responseObject(
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
