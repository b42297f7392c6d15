import { createServer, type Server } from 'node:http';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { createLogger } from '../lib/logger.js';
import { attachSocket, type TradingSocket } from './socket-host.js';
import { MainThreadCalls, PortEventHub, workerSessionDeps } from './worker-deps.js';
import type { FromWorker, ToWorker, WorkerSettings } from './worker-messages.js';

/**
 * The streams worker (started by worker-host.ts): the stream socket on a port of its own, in a thread of its own, so
 * that the fan-out to many subscribers, their heartbeats, frames and slow-consumer closes cost the thread that
 * matches orders nothing. The main thread sends it each committed event its sessions want, once; every read a
 * session makes (a market, a book snapshot, a credential) is asked of the main thread (worker-deps.ts).
 */

/** Not a socket: this port serves only WebSocket upgrades (socket-host.ts), and says so. */
const notFound = JSON.stringify({
  errors: [
    {
      code: 'not_found',
      detail: 'This port serves the stream socket only: WebSocket upgrades at /trading_socket/websocket, /v1/ or /ws.',
    },
  ],
});

interface Running {
  server: Server;
  socket: TradingSocket;
  calls: MainThreadCalls;
  hub: PortEventHub;
}

function start(port: MessagePort, settings: WorkerSettings): Running {
  const post = (message: FromWorker) => port.postMessage(message);
  const server = createServer((_request, response) =>
    response.writeHead(404, { 'content-type': 'application/json' }).end(notFound),
  );
  const hub = new PortEventHub(post);
  const calls = new MainThreadCalls(post);
  const logger = createLogger(settings.logLevel);
  const socket = attachSocket(server, workerSessionDeps(post, hub, calls, logger), settings.limits);
  server.once('error', (error) => post({ kind: 'failed', message: error.message }));
  server.listen(settings.port, settings.host, () => {
    const bound = server.address();
    if (bound === null || typeof bound === 'string') return post({ kind: 'failed', message: 'not listening on TCP' });
    const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    post({ kind: 'listening', url: `http://${shownHost}:${bound.port}` });
  });
  return { server, socket, calls, hub };
}

/** Closes every socket (1001), then the listener; the main thread ends the thread once told. */
async function stop(port: MessagePort, running: Running | undefined): Promise<void> {
  if (running) {
    await running.socket.close();
    running.calls.failAll('the streams worker is closing');
    await new Promise<void>((resolve) => running.server.close(() => resolve()));
  }
  port.postMessage({ kind: 'closed' } satisfies FromWorker);
  port.close();
}

function serve(port: MessagePort): void {
  let running: Running | undefined;
  port.on('message', (message: ToWorker) => {
    switch (message.kind) {
      case 'start':
        running = start(port, message.settings);
        return;
      case 'events':
        return running?.hub.deliver(message.events);
      case 'answer':
        return running?.calls.settle(message.id, message.answer);
      case 'close':
        void stop(port, running);
    }
  });
}

if (parentPort) serve(parentPort);
