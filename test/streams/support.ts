import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import nacl from 'tweetnacl';
import WebSocket from 'ws';
import { parse } from 'yaml';
import type { Services } from '../../src/app/services.js';
import { findMarket } from '../../src/core/reference.js';
import type { StreamDeps } from '../../src/streams/deps.js';
import { bookSnapshot } from '../../src/trading/market-data/market-data-snapshot.js';
import type { SigningKey } from '../support/http.js';

/** A frame as both serialisers carry it, in the object form of vsn 1.0.0. */
export interface Frame {
  topic: string;
  event: string;
  payload: any;
  ref: string | null;
  join_ref?: string | null;
}

class StreamContractViolation extends Error {
  override name = 'StreamContractViolation';
}

const openapiFile = (path: string) => fileURLToPath(new URL(`../../../openapi/${path}`, import.meta.url));
const read = (path: string) => parse(readFileSync(openapiFile(path), 'utf8'));
export const asyncapiPath = openapiFile('asyncapi.yaml');

let validators: Map<string, { title: string; validate: ValidateFunction }[]> | undefined;

/** The AsyncAPI messages by event name, each compiled with ajv over the shared OpenAPI components. */
function messageValidators(): Map<string, { title: string; validate: ValidateFunction }[]> {
  if (!validators) {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(read('components/common.yaml'), 'https://mkt.test/components/common.yaml');
    ajv.addSchema(read('trading.yaml'), 'https://mkt.test/trading.yaml');
    const asyncapi = read('asyncapi.yaml') as {
      components: { messages: Record<string, { name: string; title: string }> };
    };
    ajv.addSchema(asyncapi, 'https://mkt.test/asyncapi.yaml');
    validators = new Map();
    for (const [key, message] of Object.entries(asyncapi.components.messages)) {
      const validate = ajv.getSchema(`https://mkt.test/asyncapi.yaml#/components/messages/${key}/payload`)!;
      validators.set(message.name, [...(validators.get(message.name) ?? []), { title: message.title, validate }]);
    }
  }
  return validators;
}

/**
 * Compiles the validators now: compiling takes seconds of synchronous work on a busy machine, which must not fall
 * inside a test whose server closes sockets idle for a second or two.
 */
export function compileMessageValidators(): void {
  messageValidators();
}

/** Every message the server sends must be one of the document's messages for its event. */
export function checkServerFrame(frame: Frame): void {
  const candidates = messageValidators().get(frame.event);
  if (!candidates) throw new StreamContractViolation(`event ${frame.event} is not a message of openapi/asyncapi.yaml`);
  const errors: unknown[] = [];
  for (const { validate } of candidates) {
    if (validate(frame.payload)) return;
    errors.push(validate.errors?.slice(0, 5));
  }
  throw new StreamContractViolation(
    `${frame.event} does not match ${candidates.map((c) => c.title).join(' or ')}: ${JSON.stringify(errors)}\npayload: ${JSON.stringify(frame.payload).slice(0, 600)}`,
  );
}

/** The authenticate payload the live CLI sends: Ed25519 over timestamp + fingerprint, base64. */
export function authenticatePayload(
  key: SigningKey,
  timestamp = Math.floor(Date.now() / 1000),
): { timestamp: string; fingerprint: string; signature: string } {
  const secret = Buffer.from(key.privateKey, 'base64');
  const pair = secret.length === 32 ? nacl.sign.keyPair.fromSeed(secret) : nacl.sign.keyPair.fromSecretKey(secret);
  const message = Buffer.from(`${timestamp}${key.fingerprint}`, 'utf8');
  return {
    timestamp: String(timestamp),
    fingerprint: key.fingerprint,
    signature: Buffer.from(nacl.sign.detached(message, pair.secretKey)).toString('base64'),
  };
}

/**
 * Where a service's stream socket is: its streams worker's own port when it runs one (MKT_STREAMS_PORT; `mkt serve`
 * prints it as `streams`), else the trading host. `MKT_TEST_STREAMS_PORT=0 npm test -- test/streams` runs the stream
 * suites against the worker.
 */
export const streamOrigin = (service: { urls: Partial<Record<string, string>>; streamsUrl?: string | undefined }) =>
  service.streamsUrl ?? service.urls.streams ?? service.urls.trading!;

export const socketUrl = (tradingUrl: string, vsn?: string): string =>
  `${tradingUrl.replace(/^http/, 'ws')}/trading_socket/websocket${vsn ? `?vsn=${vsn}` : ''}`;

/**
 * A raw `ws` client speaking the live CLI's frames (vsn 1.0.0 objects by default, or 2.0.0 arrays):
 * every frame it receives is checked against the AsyncAPI document and kept.
 */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly violations: Error[] = [];
  private readonly waiters = new Set<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }>();
  private ref = 0;
  joinRef: string | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: '1.0.0' | '2.0.0',
  ) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      const value = JSON.parse(data.toString());
      const frame: Frame = Array.isArray(value)
        ? { join_ref: value[0], ref: value[1], topic: value[2], event: value[3], payload: value[4] }
        : value;
      try {
        checkServerFrame(frame);
      } catch (error) {
        this.violations.push(error as Error);
      }
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.delete(waiter);
          waiter.resolve(frame);
        }
      }
    });
  }

  static open(url: string, vsn: '1.0.0' | '2.0.0' = '1.0.0'): Promise<RawClient> {
    const ws = new WebSocket(url);
    const client = new RawClient(ws, vsn);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
    });
  }

  nextRef(): string {
    this.ref += 1;
    return String(this.ref);
  }

  send(topic: string, event: string, payload: unknown, ref: string | null = this.nextRef()): string | null {
    const joinRef = topic === 'ws:trading' ? this.joinRef : null;
    this.sendText(
      this.vsn === '2.0.0'
        ? JSON.stringify([joinRef, ref, topic, event, payload])
        : JSON.stringify({ topic, event, payload, ref, ...(joinRef ? { join_ref: joinRef } : {}) }),
    );
    return ref;
  }

  sendText(text: string | Buffer): void {
    this.ws.send(text);
  }

  /** Waits for the first frame (received from now on, or already kept if `past`) that matches. */
  next(match: (f: Frame) => boolean, timeoutMs = 5_000, past = false): Promise<Frame> {
    if (past) {
      const found = this.frames.find(match);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (f: Frame) => (clearTimeout(timer), resolve(f)) };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(`no matching frame within ${timeoutMs} ms; last frames: ${JSON.stringify(this.frames.slice(-5))}`),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Sends a frame and answers its phx_reply payload. */
  async request(topic: string, event: string, payload: unknown): Promise<{ status: string; response: any }> {
    const ref = this.nextRef();
    const reply = this.next((f) => f.event === 'phx_reply' && f.ref === ref);
    this.send(topic, event, payload, ref);
    return (await reply).payload;
  }

  async join(): Promise<void> {
    const ref = this.nextRef();
    this.joinRef = ref;
    const reply = this.next((f) => f.event === 'phx_reply' && f.ref === ref);
    this.send('ws:trading', 'phx_join', {}, ref);
    const { payload } = await reply;
    if (payload.status !== 'ok') throw new Error(`join refused: ${JSON.stringify(payload)}`);
  }

  /** subscribe or unsubscribe, answered by its ack (as the CLI waits for it). */
  async streams(
    action: 'subscribe' | 'unsubscribe',
    streams: unknown[],
    requestId = `req-${this.ref + 1}`,
  ): Promise<any> {
    const ack = this.next((f) => f.event === 'ack' && f.payload.request_id === requestId);
    this.send('ws:trading', action, { streams, request_id: requestId });
    return (await ack).payload;
  }

  close(): void {
    this.ws.close();
  }
}

/** What the composition root gives the stream socket (src/app/main.ts streamDeps), for a socket of a test's own. */
export const streamDepsOf = (services: Services): StreamDeps => ({
  db: services.db,
  clock: services.clock,
  logger: services.logger,
  events: services.events,
  metrics: services.metrics,
  marketExists: async (marketId) => (await findMarket(services, marketId)) !== undefined,
  bookSnapshot: (marketId) => bookSnapshot(services, marketId),
});

/**
 * Makes `c` a slow consumer: it reads nothing while 3,000 frames are answered, each by an error reply and an ack of
 * `streamsPerFrame` refused streams (~2 kB with 3), which outgrow the kernel's socket buffers and then the server's
 * send bound; then it reads again. Answers how the server closed the socket.
 */
export async function floodUnread(c: RawClient, streamsPerFrame: number): Promise<{ code: number; reason: string }> {
  c.ws.pause();
  const unknown = Array.from({ length: streamsPerFrame }, (_, i) => ({ name: `nope.${i}`.padEnd(100, 'x') }));
  for (let round = 0; round < 30; round += 1) {
    for (let i = 0; i < 100; i += 1)
      c.send('ws:trading', 'unsubscribe', { streams: unknown, request_id: `r${round}-${i}` });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  c.ws.resume();
  return c.closed;
}
