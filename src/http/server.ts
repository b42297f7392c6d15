import type { Server } from 'node:http';
import type Koa from 'koa';
import { AssertionFailed } from '../lib/assert.js';

export interface Listening<Name extends string = string> {
  name: Name;
  server: Server;
  url: string;
}

export async function listen<Name extends string>(
  name: Name,
  app: Koa,
  host: string,
  port: number,
): Promise<Listening<Name>> {
  const server = app.listen({ host, port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts
  server.headersTimeout = 66_000;
  const address = server.address();
  // A pipe or a closed server would have none: ours listens on TCP and has just started.
  if (address === null || typeof address === 'string') throw new AssertionFailed(`${name} is not listening on TCP`);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { name, server, url: `http://${shownHost}:${address.port}` };
}

/**
 * Stops accepting connections and resolves once the requests in flight have finished; idle
 * keep-alive connections are closed at once, and busy ones as soon as their response is sent.
 */
export async function closeGracefully(listening: Listening, graceMs: number): Promise<void> {
  const { server } = listening;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idleSweep);
    clearTimeout(deadline);
  }
}
