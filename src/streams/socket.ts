import type { Server } from 'node:http';
import type { StreamDeps } from './deps.js';
import { streamLimits, type StreamLimits } from './limits.js';
import { sessionDepsOf } from './local-deps.js';
import { attachSocket, type TradingSocket } from './socket-host.js';

export type { TradingSocket } from './socket-host.js';

/**
 * The stream socket on the trading host's HTTP server, in the thread that serves the orders: its sessions read the
 * database directly (local-deps.ts). With MKT_STREAMS_PORT the same socket also listens in a worker thread of its own
 * (worker-host.ts), where the fan-out costs the orders' thread nothing.
 */
export function attachTradingSocket(
  server: Server,
  deps: StreamDeps,
  limits: StreamLimits = streamLimits,
): TradingSocket {
  return attachSocket(server, sessionDepsOf(deps), limits);
}
