import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible upstream that answers what a test scripts: an error status with a message, or an answer (text,
 * tool calls, a finish reason, usage), whole or streamed as the request asks. What a well-behaved supplier would never
 * send (arguments that are not JSON, a tool nobody offered, a `length` stop far short of the limit) is what it is for.
 */
export interface ScriptedAnswer {
  content?: string | null;
  toolCalls?: { name: string; arguments: string }[];
  finishReason: 'stop' | 'length' | 'tool_calls';
  completionTokens: number;
}

export type Script = { status: number; message: string } | ScriptedAnswer;

export interface AnswerUpstream {
  /** The base URL OpenAI clients take: `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

const base = { id: 'chatcmpl-scripted', created: 1, model: 'scripted' };
const promptTokens = 12;

function toolCallsOf(answer: ScriptedAnswer) {
  return (answer.toolCalls ?? []).map((call, index) => ({
    index,
    id: `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
}

function usageOf(answer: ScriptedAnswer) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: answer.completionTokens,
    total_tokens: promptTokens + answer.completionTokens,
  };
}

function wholeOf(answer: ScriptedAnswer): string {
  const calls = toolCallsOf(answer).map(({ index: _index, ...call }) => call);
  const message = {
    role: 'assistant',
    content: answer.content ?? null,
    ...(calls.length > 0 && { tool_calls: calls }),
  };
  return JSON.stringify({
    ...base,
    object: 'chat.completion',
    choices: [{ index: 0, message, finish_reason: answer.finishReason }],
    usage: usageOf(answer),
  });
}

function eventsOf(answer: ScriptedAnswer): string {
  const chunk = (delta: object, finish: string | null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const events: object[] = [chunk({ role: 'assistant', content: '' }, null)];
  if (answer.content) events.push(chunk({ content: answer.content }, null));
  for (const call of toolCallsOf(answer)) events.push(chunk({ tool_calls: [call] }, null));
  events.push(chunk({}, answer.finishReason));
  events.push({ ...base, object: 'chat.completion.chunk', choices: [], usage: usageOf(answer) });
  return events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n';
}

export async function startAnswerUpstream(script: () => Script): Promise<AnswerUpstream> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', () => {
      requests += 1;
      const parsed: unknown = JSON.parse(body);
      const stream = typeof parsed === 'object' && parsed !== null && 'stream' in parsed && parsed.stream === true;
      const answer = script();
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: answer.message, type: 'invalid_request_error', code: null } }));
      } else if (stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(eventsOf(answer));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(wholeOf(answer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the scripted upstream listens on TCP');
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
