import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isRecord, itemsOf } from '../../src/consumption/suppliers/json-reader.js';
import { tinyLlama } from './llama-install.js';

/**
 * A real inference server: llama.cpp (through node-llama-cpp) running the tiny random-weight model, behind a small
 * OpenAI-compatible chat-completions endpoint (whole and streamed answers, usage, a 400 for a prompt longer than the
 * context, as llama.cpp's own server answers). Requests take turns on one sequence, greedy, one thread.
 */

type Token = number;
interface LlamaSequence {
  evaluate(tokens: Token[], options: { temperature: number }): AsyncIterable<Token>;
  clearHistory(): Promise<void>;
}
interface LlamaContext {
  getSequence(): LlamaSequence;
  dispose(): Promise<void>;
}
interface LlamaModel {
  tokenize(text: string): Token[];
  detokenize(tokens: readonly Token[]): string;
  tokens: { eos: Token | null };
  createContext(options: { contextSize: number; threads: number }): Promise<LlamaContext>;
  dispose(): Promise<void>;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  dispose(): Promise<void>;
}
interface LlamaModule {
  getLlama(options: { gpu: false; build: 'never'; logLevel: 'error' }): Promise<Llama>;
}

const isLlamaModule = (value: unknown): value is LlamaModule => isRecord(value) && typeof value.getLlama === 'function';

export interface LlamaServer {
  url: string;
  /** What installing the model cost this run (0 when cached), and loading it. */
  installMs: number;
  loadMs: number;
  close(): Promise<void>;
}

interface Loaded {
  model: LlamaModel;
  sequence: LlamaSequence;
  contextSize: number;
}

export async function startLlamaServer(contextSize = 8192): Promise<LlamaServer> {
  const { modulePath, modelPath, installMs } = await tinyLlama();
  const startedMs = performance.now();
  const module: unknown = await import(modulePath);
  if (!isLlamaModule(module)) throw new Error(`${modulePath} is not node-llama-cpp`);
  const llama = await module.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize, threads: 1 });
  const loaded: Loaded = { model, sequence: context.getSequence(), contextSize };
  const loadMs = Math.round(performance.now() - startedMs);
  let turn = Promise.resolve();
  const server = createServer((req, res) => {
    turn = turn.then(() =>
      answer(loaded, req, res).catch(() => {
        res.destroy();
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    installMs,
    loadMs,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}

async function answer(loaded: Loaded, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(String(part)));
  const body: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
  if (!isRecord(body)) return void res.writeHead(400).end();
  const chat = itemsOf(body.messages)
    .filter(isRecord)
    .map((m) => `<|${String(m.role)}|>\n${typeof m.content === 'string' ? m.content : ''}\n`)
    .join('');
  const prompt = loaded.model.tokenize(`${chat}<|assistant|>\n`);
  if (prompt.length >= loaded.contextSize) {
    const message = `the prompt has ${prompt.length} tokens, the context ${loaded.contextSize}`;
    res.writeHead(400, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
  }
  const maxTokens = Math.min(
    typeof body.max_tokens === 'number' ? body.max_tokens : 256,
    loaded.contextSize - prompt.length,
  );
  const stream = body.stream === true;
  if (stream) res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finish: string | null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-llama', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  const generated = await generate(loaded, prompt, maxTokens, stream ? (text) => chunk({ content: text }, null) : null);
  const finish = generated.tokens.length >= maxTokens ? 'length' : 'stop';
  const usage = {
    prompt_tokens: prompt.length,
    completion_tokens: generated.tokens.length,
    total_tokens: prompt.length + generated.tokens.length,
  };
  if (!stream) {
    const message = { role: 'assistant', content: generated.text };
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(
      JSON.stringify({
        id: 'chatcmpl-llama',
        object: 'chat.completion',
        created: 1,
        model: 'tiny',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage,
      }),
    );
  }
  chunk({}, finish);
  res.end(
    `data: ${JSON.stringify({ id: 'chatcmpl-llama', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices: [], usage })}\n\ndata: [DONE]\n\n`,
  );
}

/** Greedy tokens until the end token or the limit; streamed eight tokens at a time when `emit` is given. */
async function generate(
  loaded: Loaded,
  prompt: Token[],
  maxTokens: number,
  emit: ((text: string) => void) | null,
): Promise<{ tokens: Token[]; text: string }> {
  await loaded.sequence.clearHistory();
  const tokens: Token[] = [];
  let sent = 0;
  for await (const token of loaded.sequence.evaluate(prompt, { temperature: 0 })) {
    if (token === loaded.model.tokens.eos || tokens.length >= maxTokens) break;
    tokens.push(token);
    if (emit && tokens.length - sent >= 8) {
      emit(loaded.model.detokenize(tokens.slice(sent)));
      sent = tokens.length;
    }
  }
  if (emit && sent < tokens.length) emit(loaded.model.detokenize(tokens.slice(sent)));
  return { tokens, text: loaded.model.detokenize(tokens) };
}
