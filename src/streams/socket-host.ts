import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { clientAddressOf } from '../lib/client-address.js';
import type { SessionDeps } from './session-deps.js';
import { closeCodes, streamLimits, type StreamLimits } from './limits.js';
import { vsnOf } from './protocol.js';
import { StreamRouter } from './router.js';
import { startCredentialChecks, type CredentialChecks } from './credential-checks.js';
import { Session } from './session.js';

/** Where the live CLI and the `phoenix` client connect (the Phoenix socket `/trading_socket` plus its transport). */
const tradingSocketPath = '/trading_socket/websocket';

/**
 * Every path of the socket: the Phoenix one, the live CLI's default gateway URL (`/v1/`, which it
 * uses as it is, and `/v1`) and the short form `/ws`. Only upgrades are taken here, so the HTTP
 * routes under `/v1/…` are not touched.
 */
const tradingSocketPaths: ReadonlySet<string> = new Set([tradingSocketPath, '/v1/', '/v1', '/ws']);

export interface TradingSocket {
  readonly router: StreamRouter;
  /** Closes every socket (1001) and stops hearing events; the HTTP server is closed by its owner. */
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: number, text: string, detail: string): void {
  const body = JSON.stringify({ errors: [{ code: text, detail }] });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** What the socket's upgrade handler and its close share: made once by attachSocket. */
interface SocketHost {
  server: Server;
  wss: WebSocketServer;
  router: StreamRouter;
  deps: SessionDeps;
  limits: StreamLimits;
  /** The periodic re-reads of the authenticated sockets' credentials (credential-checks.ts). */
  checks: CredentialChecks;
  onUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/**
 * The stream socket on an HTTP server (the trading host's, or the streams worker's own): takes the upgrades of
 * `tradingSocketPaths` (any other upgrade is a 404), at most `connectionsPerAddressMax` per remote address, and gives
 * each socket a Session.
 */
export function attachSocket(server: Server, deps: SessionDeps, limits: StreamLimits = streamLimits): TradingSocket {
  const router = new StreamRouter(deps.events);
  const host: SocketHost = {
    server,
    wss: new WebSocketServer({
      noServer: true,
      maxPayload: limits.frameHardBytesMax,
      perMessageDeflate: false,
      clientTracking: true,
    }),
    router,
    deps,
    limits,
    checks: startCredentialChecks(deps, () => router.openSessions, limits.credentialCheckMs),
    onUpgrade: (request, socket, head) => takeUpgrade(host, request, socket, head),
  };
  server.on('upgrade', host.onUpgrade);
  return { router: host.router, close: () => closeTradingSocket(host) };
}

function takeUpgrade(host: SocketHost, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const { router, limits } = host;
  socket.on('error', () => socket.destroy());
  const url = new URL(request.url ?? '/', 'http://socket');
  if (!tradingSocketPaths.has(url.pathname))
    return refuseUpgrade(
      socket,
      404,
      'not_found',
      `WebSocket upgrades are served at ${[...tradingSocketPaths].join(', ')} only.`,
    );
  const vsn = vsnOf(url.searchParams);
  if (!vsn)
    return refuseUpgrade(
      socket,
      400,
      'unsupported_vsn',
      'vsn is 1.0.0 (JSON objects, the default) or 2.0.0 (JSON arrays).',
    );
  const address = clientAddressOf(request);
  if (!router.admitAddress(address, limits.connectionsPerAddressMax)) {
    return refuseUpgrade(
      socket,
      429,
      'too_many_connections',
      `At most ${limits.connectionsPerAddressMax} stream sockets per address.`,
    );
  }
  // Counted from here; the session gives the count back when it ends, or the socket if the handshake fails.
  let upgraded = false;
  socket.once('close', () => upgraded || router.releaseAddress(address));
  host.wss.handleUpgrade(request, socket, head, (ws) => {
    upgraded = true;
    void new Session(ws, socket, vsn, address, host.deps, router, limits);
  });
}

/** Closes every socket (1001, cut after 500 ms) and stops hearing events. */
async function closeTradingSocket({ server, wss, router, checks, onUpgrade }: SocketHost): Promise<void> {
  server.off('upgrade', onUpgrade);
  router.stop();
  await checks.stop();
  const sockets = [...wss.clients];
  for (const ws of sockets) ws.close(closeCodes.shutdown, 'server shutting down');
  await new Promise<void>((resolve) => {
    const cut = setTimeout(() => {
      for (const ws of sockets) ws.terminate();
      resolve();
    }, 500);
    if (sockets.length === 0) {
      clearTimeout(cut);
      resolve();
    } else {
      let open = sockets.length;
      for (const ws of sockets) ws.once('close', () => --open === 0 && (clearTimeout(cut), resolve()));
    }
  });
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
