import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSimulator, type Fault, type Simulator, type SimulatorOptions } from './simulator.js';
import { isRecord } from './json-reader.js';
import { SupplierError, type ChatRequest } from './types.js';

/**
 * The simulator behind a minimal OpenAI-compatible HTTP server (node:http, keep-alive, no logging):
 * a real local upstream for failover tests, and the "instant supplier" baseline of the gateway
 * overhead benchmark. Faults act on the wire: refuse is a 429, error a 500, timeout holds the
 * socket open without answering, drop destroys the socket mid-answer.
 */

interface SimulatorServerOptions extends SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface SimulatorServer {
  /** The base URL OpenAI clients take: `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  setFault(fault: Fault | null): void;
  /** Chat completion requests received so far. */
  readonly requests: number;
  /** Chat completion requests still being answered (or held by a timeout fault). */
  readonly active: number;
  close(): Promise<void>;
}

const bodyBytesMax = 4 * 1024 * 1024;

/** One simulator server: its simulator, its open sockets, and what it counts. */
interface SimulatorServerState {
  simulator: Simulator;
  sockets: Set<Socket>;
  requests: number;
  active: number;
}

export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const state: SimulatorServerState = {
    simulator: createSimulator(options),
    sockets: new Set(),
    requests: 0,
    active: 0,
  };
  const server = createServer({ keepAlive: true, keepAliveTimeout: 60_000 }, (req, res) => answer(state, req, res));
  server.on('connection', (socket) => {
    state.sockets.add(socket);
    socket.on('close', () => state.sockets.delete(socket));
  });
  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    url: `http://${address.address}:${address.port}/v1`,
    setFault: (fault) => state.simulator.setFault(fault),
    get requests() {
      return state.requests;
    },
    get active() {
      return state.active;
    },
    close: () => close(server, state.sockets),
  };
}

async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the simulator server listens on TCP');
  return address;
}

function close(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
}

/** The two routes: chat completions and the model list. */
function answer(state: SimulatorServerState, req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'POST' && path === '/v1/chat/completions') return void chatCompletions(state, req, res);
  if (req.method === 'GET' && path === '/v1/models') {
    return sendJson(res, 200, {
      object: 'list',
      data: [{ id: state.simulator.id, object: 'model', created: 0, owned_by: 'mkt-simulator' }],
    });
  }
  sendJson(res, 404, errorBody('not_found', `no route ${req.method} ${path}`));
}

async function chatCompletions(state: SimulatorServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  state.requests += 1;
  state.active += 1;
  const controller = new AbortController();
  // The client went away (or the server is closing): stop generating.
  res.on('close', () => {
    state.active -= 1;
    controller.abort(new SupplierError('timeout', 'the client closed the connection'));
  });
  try {
    const request = await readJson(req);
    if (!request)
      return sendJson(res, 400, errorBody('invalid_request_error', 'the body must be a JSON chat completion request'));
    const call = { request, signal: controller.signal };
    if (request.stream) await sendStream(res, await state.simulator.stream(call));
    else sendJson(res, 200, await state.simulator.complete(call));
  } catch (error) {
    sendFailure(res, error);
  }
}

async function readJson(req: IncomingMessage): Promise<ChatRequest | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > bodyBytesMax) return null;
    parts.push(part);
  }
  try {
    const body: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
    // Shaped like a chat request at its root; the simulator reads the rest as it is sent.
    return isRecord(body) && Array.isArray(body.messages) ? (body as ChatRequest) : null;
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function errorBody(type: string, message: string) {
  return { error: { message, type, param: null, code: type } };
}

async function sendStream(res: ServerResponse, chunks: AsyncIterable<unknown>): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for await (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

/** Ends the socket once what was written is flushed, leaving the HTTP message unfinished. */
function breakOff(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return void res.destroy();
  socket.end(() => socket.destroy());
}

const errorTypeOfFailure: Partial<Record<SupplierError['failure'], string>> = {
  refused: 'rate_limit_exceeded',
  bad_request: 'invalid_request_error',
};

function sendFailure(res: ServerResponse, error: unknown): void {
  if (res.destroyed) return;
  if (!(error instanceof SupplierError)) {
    res.destroy();
    return;
  }
  switch (error.failure) {
    case 'timeout':
      return; // hold the socket: the client's own deadline must notice
    case 'dropped':
      // Mid-answer: a whole answer gets its headers and the start of a body that never finishes.
      if (!res.headersSent) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 });
        res.write('{"id":"chatcmpl-');
      }
      breakOff(res);
      return;
    default:
      if (res.headersSent) res.destroy();
      else
        sendJson(
          res,
          error.status ?? 500,
          errorBody(errorTypeOfFailure[error.failure] ?? 'server_error', error.message),
        );
  }
}
