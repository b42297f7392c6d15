import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An OpenAI-compatible upstream a test drives: it answers by a script it can change between requests, holds a request
 * where the script says (before its first byte, or after some chunks), counts prompt tokens its own way (as llama.cpp
 * does, unlike mkt's tokenizer), and records on its side whether the gateway gave each call up.
 */

/** What the upstream does with the next requests. */
interface UpstreamScript {
  /** The answer's content: one chunk each when streamed, joined for a whole answer. */
  pieces: string[];
  /** `before_first_byte`: sends nothing; `after_pieces`: streams the pieces, then sends nothing more; `never`: answers. */
  hold: 'before_first_byte' | 'after_pieces' | 'never';
  /** The prompt tokens it reports in `usage`. */
  promptTokens: number;
}

/** One call the upstream received, as its side saw it. */
interface UpstreamCall {
  stream: boolean;
  /** Its connection closed before the answer was finished: the gateway stopped the call. */
  aborted: boolean;
}

export class ScriptedUpstream {
  readonly calls: UpstreamCall[] = [];
  script: UpstreamScript = { pieces: ['Hello', ' there'], hold: 'never', promptTokens: 38 };
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<ScriptedUpstream> {
    let upstream: ScriptedUpstream | undefined;
    const server = createServer((req, res) => void upstream?.answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the scripted upstream listens on TCP');
    upstream = new ScriptedUpstream(server, `http://127.0.0.1:${address.port}/v1`);
    return upstream;
  }

  /** The usage it reports for an answer of `completionTokens`. */
  usage(completionTokens: number) {
    const { promptTokens } = this.script;
    return {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(Buffer.from(part));
    const body: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
    const stream = typeof body === 'object' && body !== null && 'stream' in body && body.stream === true;
    const call: UpstreamCall = { stream, aborted: false };
    this.calls.push(call);
    res.on('close', () => {
      if (!res.writableFinished) call.aborted = true;
    });
    const { pieces, hold } = this.script;
    if (hold === 'before_first_byte') return;
    if (!call.stream) {
      const message = { role: 'assistant', content: pieces.join('') };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...frame('chat.completion'),
          choices: [{ index: 0, message, finish_reason: 'stop' }],
          usage: this.usage(pieces.length),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (choices: unknown[], usage: unknown = null) =>
      res.write(`data: ${JSON.stringify({ ...frame('chat.completion.chunk'), choices, usage })}\n\n`);
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    for (const content of pieces) chunk([{ index: 0, delta: { content }, finish_reason: null }]);
    if (hold === 'after_pieces') return;
    chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    chunk([], this.usage(pieces.length));
    res.end('data: [DONE]\n\n');
  }
}

const frame = (object: string) => ({ id: 'chatcmpl-upstream', object, created: 1, model: 'scripted' });
