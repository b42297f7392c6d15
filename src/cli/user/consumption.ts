import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { components } from '../../../generated/types/consumption.js';
import { consumptionData, consumptionKeyOf, failure, type Session } from './http.js';
import { CliError, renderTable, show, type Output } from './output.js';

type UsageReceipt = components['schemas']['UsageReceipt'];
type UsageSummary = components['schemas']['UsageSummary'];
type ChatChunk = components['schemas']['ChatCompletionChunk'];
type StreamError = components['schemas']['OpenAIErrorEnvelope'];

export const defaultModel = 'text-standard';
const usageRows = 20;

/** `mkt usage`: the latest receipts of the stored consumption key's user; `--summary` groups them. */
export async function showUsage(
  session: Session,
  output: Output,
  options: { summary: boolean; groupBy: string },
): Promise<void> {
  if (options.summary) {
    const summary = await consumptionData<UsageSummary>(session, '/v1/usage/summary', { group_by: options.groupBy });
    const rows = [
      ...summary.groups.map((g) => [
        g.key,
        g.requests,
        g.prompt_tokens,
        g.completion_tokens,
        g.total_tokens,
        g.cost_usd,
      ]),
      [
        'total',
        summary.totals.requests,
        summary.totals.prompt_tokens,
        summary.totals.completion_tokens,
        summary.totals.total_tokens,
        summary.totals.cost_usd,
      ],
    ];
    show(
      output,
      summary,
      () =>
        `${summary.from} to ${summary.to}, by ${summary.group_by}\n${renderTable([summary.group_by, 'requests', 'prompt', 'completion', 'tokens', 'cost USD'], rows, { rightAligned: [1, 2, 3, 4, 5] })}`,
    );
    return;
  }
  const receipts = await consumptionData<UsageReceipt[]>(session, '/v1/usage', { limit: usageRows });
  show(output, receipts, () =>
    receipts.length === 0
      ? '(no requests yet)'
      : renderTable(
          ['request', 'time', 'model', 'status', 'tokens', 'cost USD'],
          receipts.map((r) => [r.request_id, r.created_at, r.model, r.status, r.total_tokens, r.cost_usd]),
          { rightAligned: [4, 5] },
        ),
  );
}

interface ChatResult {
  request_id: string | null;
  model: string;
  content: string;
  finish_reason: string | null;
  usage: ChatChunk['usage'];
}

/** Reads the SSE stream of a chat completion, handing each piece of text to `onText`. */
async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<Omit<ChatResult, 'request_id'>> {
  const result: Omit<ChatResult, 'request_id'> = { model: '', content: '', finish_reason: null, usage: null };
  let streamError: CliError | undefined;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as ChatChunk | StreamError;
      if ('error' in chunk) {
        streamError = new CliError(chunk.error.message, chunk.error.code ?? chunk.error.type);
        return;
      }
      result.model = chunk.model;
      if (chunk.usage) result.usage = chunk.usage;
      for (const choice of chunk.choices) {
        if (choice.delta.content) {
          result.content += choice.delta.content;
          onText(choice.delta.content);
        }
        if (choice.finish_reason) result.finish_reason = choice.finish_reason;
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of body) parser.feed(decoder.decode(bytes, { stream: true }));
  if (streamError) throw streamError;
  return result;
}

/**
 * `mkt chat PROMPT`: one streamed chat completion with the stored consumption key. The answer to
 * `/v1/chat/completions` is a 307 to `/r/v1/chat/completions`; fetch follows it with the same method, body and key.
 * `maxPrice` is the request's `max_price` (USD per Unit): the most the Units it uses may cost.
 */
export async function chat(
  session: Session,
  output: Output,
  prompt: string,
  options: { model: string; maxPrice?: string },
): Promise<void> {
  const key = consumptionKeyOf(session);
  const request = {
    model: options.model,
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: prompt }],
    ...(options.maxPrice === undefined ? {} : { max_price: options.maxPrice }),
  };
  const body = JSON.stringify(request);
  let response: Response;
  try {
    response = await fetch(`${session.hosts.consumption}/v1/chat/completions`, {
      method: 'POST',
      redirect: 'follow',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body,
    });
  } catch (error) {
    throw new CliError(
      `cannot reach ${session.hosts.consumption} (${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)}); is the service running?`,
    );
  }
  if (
    response.status !== 200 ||
    !response.body ||
    !(response.headers.get('content-type') ?? '').includes('text/event-stream')
  ) {
    const text = await response.text();
    throw failure(
      {
        status: response.status,
        headers: response.headers,
        body: (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text,
      },
      'the consumption API',
    );
  }
  const streamed = await readChatStream(response.body, (text) => {
    if (!output.json) output.write(text);
  });
  const result: ChatResult = { request_id: response.headers.get('x-mkt-request-id'), ...streamed };
  if (output.json) show(output, result, () => '');
  else
    output.write(
      `\n${result.usage ? `\n[${result.request_id ?? ''} ${result.model}: ${result.usage.total_tokens} tokens, ${result.usage.cost_usd} USD]` : ''}\n`,
    );
}
