import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord, itemsOf } from '../../src/consumption/suppliers/json-reader.js';
import { decodePieces, encodeText, promptTokens, textTokens } from '../../src/consumption/tokens/tokens.js';
import { solveProbe, type SolvedAnswer } from './probe-solver.js';

/**
 * An OpenAI-compatible upstream for qualification tests. `good` answers the probes as a capable model would
 * (probe-solver.ts), at a set time to first token and pace; the others break as upstreams do: `hang` never answers,
 * `reset` drops the connection, `garbage` answers 200 with bytes that are no chat completion.
 */

export type UpstreamBehaviour = 'good' | 'hang' | 'reset' | 'garbage';

export interface ProbeUpstreamOptions {
  behaviour: UpstreamBehaviour;
  /** Delay before the first byte of any answer. */
  timeToFirstTokenMs?: number;
  /** Pace of the answer's tokens; absent or 0 answers at once. */
  tokensPerSecond?: number;
}

export interface ProbeUpstream {
  /** The base URL as OpenAI clients take it: `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** Chat completion requests received. */
  readonly requests: number;
  close(): Promise<void>;
}

/** Tokens per chunk of an unpaced stream: a long answer in few writes. */
const unpacedPiecesPerChunk = 32;

export async function startProbeUpstream(options: ProbeUpstreamOptions): Promise<ProbeUpstream> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    answer(options, req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function answer(options: ProbeUpstreamOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await jsonBody(req);
  if (options.behaviour === 'hang') return;
  if (options.behaviour === 'reset') return void req.socket.destroy();
  await sleep(options.timeToFirstTokenMs ?? 0);
  const stream = body.stream === true;
  if (options.behaviour === 'garbage') {
    res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
    return void res.end(stream ? 'data: {"not a chunk\n\n' : '<html>upstream error page</html>');
  }
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 256;
  const messages = itemsOf(body.messages).filter(isRecord);
  const prompt = messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  const solved = solveProbe({ prompt, offersTools: itemsOf(body.tools).length > 0, maxTokens });
  const pieces = decodePieces(encodeText(solved.content)).slice(0, maxTokens);
  const finish = solved.toolCall ? 'tool_calls' : pieces.length < textTokens(solved.content) ? 'length' : 'stop';
  const usage = {
    prompt_tokens: promptTokens(messages.map((m) => ({ role: 'user', content: String(m.content) }))),
    completion_tokens: solved.toolCall ? textTokens(solved.toolCall.arguments) + 2 : pieces.length,
  };
  const reply = {
    pieces,
    solved,
    finish,
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
  if (stream) await streamReply(res, reply, options.tokensPerSecond ?? 0);
  else await wholeReply(res, reply, options.tokensPerSecond ?? 0);
}

interface Reply {
  pieces: string[];
  solved: SolvedAnswer;
  finish: string;
  usage: Record<string, number>;
}

const toolCalls = (solved: SolvedAnswer) =>
  solved.toolCall ? [{ index: 0, id: 'call_1', type: 'function', function: solved.toolCall }] : undefined;

async function wholeReply(res: ServerResponse, reply: Reply, tokensPerSecond: number): Promise<void> {
  if (tokensPerSecond > 0) await sleep((reply.pieces.length * 1000) / tokensPerSecond);
  const message = { role: 'assistant', content: reply.pieces.join(''), tool_calls: toolCalls(reply.solved) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-scripted',
      object: 'chat.completion',
      created: 1,
      model: 'scripted',
      choices: [{ index: 0, message, finish_reason: reply.finish }],
      usage: reply.usage,
    }),
  );
}

async function streamReply(res: ServerResponse, reply: Reply, tokensPerSecond: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (delta: object, finish: string | null, usage: object | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1, model: 'scripted', choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], usage })}\n\n`,
    );
  if (reply.solved.toolCall) send({ role: 'assistant', tool_calls: toolCalls(reply.solved) }, null);
  const perChunk = tokensPerSecond > 0 ? 1 : unpacedPiecesPerChunk;
  const startedMs = performance.now();
  for (let index = 0; index < reply.pieces.length; index += perChunk) {
    if (tokensPerSecond > 0) await sleep(startedMs + (index * 1000) / tokensPerSecond - performance.now());
    if (res.destroyed) return;
    send({ content: reply.pieces.slice(index, index + perChunk).join('') }, null);
  }
  send({}, reply.finish);
  send({}, null, reply.usage);
  res.end('data: [DONE]\n\n');
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(String(part)));
  const parsed: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
  return isRecord(parsed) ? parsed : {};
}
