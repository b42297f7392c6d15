import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, readBody } from './local-server.js';

/**
 * The floor under any gateway written in Node on this machine: a bare node:http server that does
 * only the HTTP of mkt's inference path — the 307 at POST /v1/chat/completions and, at its
 * Location, the body forwarded to the upstream on a keep-alive socket and the answer relayed —
 * with no authentication, validation, database or accounting. The gateway benchmark runs it as a
 * third path, so mkt's overhead can be read against what plain HTTP through one more process costs.
 */
export interface BareGateway {
  url: string;
  close(): Promise<void>;
}

export async function startBareGateway(upstreamUrl: string): Promise<BareGateway> {
  const upstream = new URL(`${upstreamUrl.replace(/\/+$/, '')}/chat/completions`);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const body = await readBody(incoming);
    if (incoming.method === 'POST' && incoming.url === '/v1/chat/completions') {
      outgoing.writeHead(307, { location: '/r/v1/chat/completions', 'content-length': '0' }).end();
      return;
    }
    if (incoming.method !== 'POST' || incoming.url !== '/r/v1/chat/completions') {
      outgoing.writeHead(404, { 'content-length': '0' }).end();
      return;
    }
    const forwarded = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: 'POST',
        path: upstream.pathname,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'application/json',
        });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502, { 'content-length': '0' }).end());
    forwarded.end(body);
  }

  const listening = await listenLocally(
    createServer((incoming, outgoing) => void handle(incoming, outgoing).catch(() => outgoing.destroy())),
  );
  return {
    url: listening.url,
    close: async () => {
      agent.destroy();
      await listening.close();
    },
  };
}
