import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, readBody } from './local-server.js';

/**
 * The gateway benchmark's neutral upstream: a minimal node:http OpenAI-compatible server that
 * answers every chat completion at once with the same short answer and its usage (JSON with a
 * content-length, or server-sent events ending in usage and [DONE], written in one go), on
 * keep-alive sockets, doing nothing a gateway could be charged for. Like the outside harness's
 * "plain instant server", it treats every gateway alike (docs/benchmarks.md, "A fair comparison").
 */
export interface PlainUpstream {
  /** The base URL OpenAI clients take: `http://127.0.0.1:PORT/v1`. */
  url: string;
  close(): Promise<void>;
}

const content = 'Every large book meets the quiet trade, and each supplier raises each quiet spread.';
const usage = {
  prompt_tokens: 10,
  completion_tokens: 16,
  total_tokens: 26,
  completion_tokens_details: { reasoning_tokens: 0 },
};

/** The request's model and whether it asked for a stream; null when it is no chat completion request. */
function requestOf(body: Buffer): { model: string; stream: boolean } | null {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('messages' in parsed)) return null;
    const model = 'model' in parsed && typeof parsed.model === 'string' ? parsed.model : 'plain';
    return { model, stream: 'stream' in parsed && parsed.stream === true };
  } catch {
    return null;
  }
}

function completionText(model: string, created: number): string {
  return JSON.stringify({
    id: `chatcmpl-plain${created}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'length' }],
    usage,
  });
}

function streamText(model: string, created: number): string {
  const chunk = (choices: unknown[], chunkUsage: typeof usage | null) =>
    `data: ${JSON.stringify({ id: `chatcmpl-plain${created}`, object: 'chat.completion.chunk', created, model, choices, usage: chunkUsage })}\n\n`;
  return [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], null),
    chunk([{ index: 0, delta: { content }, finish_reason: null }], null),
    chunk([{ index: 0, delta: {}, finish_reason: 'length' }], null),
    chunk([], usage),
    'data: [DONE]\n\n',
  ].join('');
}

async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const body = await readBody(incoming);
  const path = (incoming.url ?? '').split('?')[0];
  const request = incoming.method === 'POST' && path === '/v1/chat/completions' ? requestOf(body) : null;
  if (!request) {
    const text = JSON.stringify({ error: { message: 'not a chat completion', type: 'invalid_request_error' } });
    outgoing.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    outgoing.end(text);
    return;
  }
  const created = Math.floor(Date.now() / 1000);
  if (request.stream) {
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    outgoing.end(streamText(request.model, created));
    return;
  }
  const text = completionText(request.model, created);
  outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  outgoing.end(text);
}

export async function startPlainUpstream(): Promise<PlainUpstream> {
  const listening = await listenLocally(
    createServer((incoming, outgoing) => void answer(incoming, outgoing).catch(() => outgoing.destroy())),
  );
  return { url: `${listening.url}/v1`, close: () => listening.close() };
}
