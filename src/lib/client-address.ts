import type { IncomingMessage } from 'node:http';

/**
 * The client's address for throttles: the remote address of the socket. Koa runs with
 * `proxy: false`, and X-Forwarded-For is never read: whoever sends a request can write that header,
 * so trusting it would let every guess name a fresh address. There is no trusted-proxy setting yet;
 * behind a reverse proxy every client has the proxy's address, and the per-account limits still
 * hold. Trust X-Forwarded-For only once a configured list of proxies says which hop to believe.
 */
export function clientAddressOf(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address; // IPv4 on a dual-stack socket
}
