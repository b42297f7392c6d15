// GENERATED, DO NOT EDIT. Source: sdk/typescript/streams/client.ts. Regenerate: npm run generate
// The stream client of the mkt TypeScript SDK: the live streams of the trading host
// (openapi/asyncapi.yaml) over any WebSocket implementation, typed by the generated types.ts.
// Written by hand in sdk/typescript/streams/; `npm run generate` copies it into
// generated/sdk/typescript/streams/ beside types.ts.
import { StreamBook, type BookSnapshot, type BookUpdate } from './book.js';
import type { clientEvents, components, serverEvents } from './types.js';

type Schemas = components['schemas'];
export type StreamRequest = Schemas['StreamRequest'];
export type StreamName = Schemas['StreamName'];
export type Ack = Schemas['Ack'];
export type ReplyPayload = Schemas['ReplyPayload'];
export type AuthenticatedResponse = Schemas['AuthenticatedResponse'] | Schemas['TokenAuthenticatedResponse'];

/**
 * What the client needs of a WebSocket: the browser's `WebSocket` and the `ws` package's both fit
 * (`new MktStream({ url, WebSocket })`, or `WebSocket: require('ws')` in Node).
 */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // The handlers are typed to accept any implementation's own event types (a handler property is
  // checked both ways); the client reads only `data` of a message event and `code`, `reason` of a close event.
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * Signs for `authenticate`: Ed25519 over the UTF-8 bytes of `timestamp + fingerprint` with the
 * registered signing key. With tweetnacl: `sign: (m) => nacl.sign.detached(m, secretKey)`; with
 * node:crypto: `sign: (m) => crypto.sign(null, m, privateKey)`.
 */
export interface Signer {
  fingerprint: string;
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

export interface ReconnectOptions {
  /** First delay after a lost connection (ms, default 500); each failed attempt multiplies it by `factor` (2) up to `maxDelayMs` (30 000). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  /** Up to this share of each delay is taken off at random (default 0.2), so clients do not come back in step. */
  jitter?: number;
}

export interface MktStreamOptions {
  /** The trading host (`https://…`, `/trading_socket/websocket` is added) or the socket's URL (`wss://…/trading_socket/websocket`). */
  url: string;
  /** The WebSocket class: the browser's, or the `ws` package's default export. */
  WebSocket: WebSocketConstructor;
  /** Authenticates every connection (needed for the `user.*` streams). */
  signer?: Signer;
  /**
   * Or an OAuth access token (`mkt_at_…`, scope `trade:read`) of the platform's device flow, in
   * place of a signer. A function is asked again at each connection, so that a reconnection after
   * the token's hour sends a refreshed one.
   */
  accessToken?: string | (() => string | Promise<string>);
  /** Heartbeat period (default 30 000 ms); a heartbeat unanswered by the next one ends the connection, which then reconnects. */
  heartbeatIntervalMs?: number;
  /** How long a reply or an ack may take (default 10 000 ms). */
  replyTimeoutMs?: number;
  /** Reconnection after a lost connection; `false` turns it off. */
  reconnect?: ReconnectOptions | false;
  /** Clock for the authenticate timestamp (ms since the epoch); default Date.now. */
  now?: () => number;
  /** For tests: an incoming push (never a reply) for which this answers true is dropped unseen. */
  dropIncoming?: (event: string, payload: unknown) => boolean;
}

/** The client's own events, beside the server's events (`serverEvents`, by event name). */
export interface LifecycleEvents {
  /** Joined (and authenticated, and resubscribed after a reconnection). */
  connected: { reconnected: boolean; resubscribed: Ack[] };
  /** The connection ended; `reconnectInMs` is null when no reconnection follows. */
  disconnected: { code: number; reason: string; reconnectInMs: number | null };
  /** A `book_update` was not the next one for its market: its book is resubscribed for a fresh snapshot. */
  gap: { market: string; expected: number; received: number };
  /** A market's maintained book changed (a snapshot or an update applied). */
  book: { market: string; book: StreamBook };
  /** Something failed that no call is waiting for (a refused authentication after a reconnection, a failed resubscription). */
  error: { error: Error };
}
export type MktStreamEvents = serverEvents & LifecycleEvents;
export type MktStreamEvent = keyof MktStreamEvents;

export class MktStreamError extends Error {
  override name = 'MktStreamError';
  constructor(
    message: string,
    /** The server's reason code (e.g. `invalid_signature`), or the client's (`timeout`, `connection_lost`, `closed`). */
    readonly reason: string,
    readonly ack?: Ack,
  ) {
    super(message);
  }
}

const channelTopic = 'ws:trading';
const streamsPerFrame = 50;

const keyOf = (s: { name: string; market?: string; resolution?: string }): string =>
  `${s.name}|${s.market ?? ''}|${s.resolution ?? ''}`;

function base64(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out +=
      alphabet[(n >> 18) & 63]! +
      alphabet[(n >> 12) & 63]! +
      (b === undefined ? '=' : alphabet[(n >> 6) & 63]!) +
      (c === undefined ? '=' : alphabet[n & 63]!);
  }
  return out;
}

function textOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return new TextDecoder().decode(data);
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(data));
  return String(data);
}

/** The socket URL with `vsn=2.0.0` (array frames, as the `phoenix` client sends them). */
export function streamSocketUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  if (u.pathname === '' || u.pathname === '/') u.pathname = '/trading_socket/websocket';
  u.searchParams.set('vsn', '2.0.0');
  return u.toString();
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A client of the trading host's live streams (Phoenix Channels, `vsn=2.0.0`): joins `ws:trading`,
 * authenticates when given a signer or an access token, subscribes and unsubscribes (resolving on
 * the `ack`), sends a heartbeat every 30 s, and hands each event to the callbacks of `on`, typed by the AsyncAPI
 * document. A lost connection is reopened with backoff and everything subscribed is subscribed
 * again. For each `market.book` subscription it keeps the book (`book(marketId)`): a snapshot plus
 * the updates that follow it in sequence; an update that skips a sequence makes it resubscribe
 * that book, and the next snapshot replaces it.
 */
export class MktStream {
  private readonly url: string;
  private readonly handlers = new Map<MktStreamEvent, Set<(payload: never) => void>>();
  private readonly subscriptions = new Map<string, StreamRequest>();
  private readonly books = new Map<string, StreamBook>();
  private ws: WebSocketLike | null = null;
  private joinRef: string | null = null;
  private refs = 0;
  private requestIds = 0;
  private readonly replies = new Map<string, Waiter<ReplyPayload>>();
  private readonly acks = new Map<string, Waiter<Ack>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private heartbeatPending: string | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private everConnected = false;
  private closedByUser = false;
  private connected = false;
  private readyWaiters: Array<{ resolve(): void; reject(error: Error): void }> = [];
  /** The authenticated user, once `authenticate` succeeded on the current connection. */
  user: AuthenticatedResponse | null = null;
  /** Counters, for monitoring: connections opened, gaps seen, book resubscriptions sent. */
  readonly stats = { connections: 0, reconnections: 0, gaps: 0, resyncs: 0 };

  constructor(private readonly options: MktStreamOptions) {
    this.url = streamSocketUrl(options.url);
  }

  /** Opens the first connection: resolves once joined (and authenticated with a signer or an access token); rejects if that fails, without retrying. */
  async connect(): Promise<void> {
    if (this.ws || this.connected) throw new MktStreamError('connect() was already called', 'already_connected');
    this.closedByUser = false;
    await this.open();
  }

  /** Ends the connection for good (no reconnection); pending calls reject. */
  close(): void {
    this.closedByUser = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    if (ws) {
      this.closed(ws, 1000, 'closed by the client');
      ws.close(1000, 'closed by the client');
    }
    for (const waiter of this.readyWaiters.splice(0))
      waiter.reject(new MktStreamError('the stream was closed', 'closed'));
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** What is subscribed (and is subscribed again after a reconnection). */
  get subscribed(): StreamRequest[] {
    return [...this.subscriptions.values()];
  }

  /** The maintained book of a market subscribed on `market.book`. */
  book(marketId: string): StreamBook | undefined {
    return this.books.get(marketId);
  }

  on<E extends MktStreamEvent>(event: E, handler: (payload: MktStreamEvents[E]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    const h = handler as (payload: never) => void;
    set.add(h);
    return () => void set.delete(h);
  }

  /** The next event of this name that `match` accepts, within `timeoutMs` (default 10 000). */
  next<E extends MktStreamEvent>(
    event: E,
    match: (payload: MktStreamEvents[E]) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<MktStreamEvents[E]> {
    return new Promise((resolve, reject) => {
      const off = this.on(event, (payload) => {
        if (!match(payload)) return;
        off();
        clearTimeout(timer);
        resolve(payload);
      });
      const timer = setTimeout(() => {
        off();
        reject(new MktStreamError(`no ${String(event)} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
    });
  }

  /**
   * Subscribes; resolves with the ack once the server sent it (status `ok` or `partial`: look at
   * each stream's status), rejects when every stream was refused. What is accepted is subscribed
   * again after a reconnection. While reconnecting it waits for the connection.
   */
  async subscribe(streams: StreamRequest | StreamRequest[]): Promise<Ack> {
    const list = Array.isArray(streams) ? streams : [streams];
    for (const s of list) {
      if (s.name === 'market.book' && s.market && !this.books.has(s.market))
        this.books.set(s.market, new StreamBook(s.market));
    }
    await this.ready();
    const ack = await this.sendStreams('subscribe', list);
    this.record(ack);
    if (ack.status === 'error')
      throw new MktStreamError(
        `subscribe refused: ${ack.streams.map((s) => `${s.name}${s.market ? ` ${s.market}` : ''}: ${s.reason ?? 'error'}`).join('; ')}`,
        ack.streams[0]?.reason ?? 'error',
        ack,
      );
    return ack;
  }

  /** Unsubscribes; resolves with the ack. The streams are no longer subscribed again after a reconnection. */
  async unsubscribe(streams: StreamRequest | StreamRequest[]): Promise<Ack> {
    const list = Array.isArray(streams) ? streams : [streams];
    for (const s of list) {
      this.subscriptions.delete(keyOf(s));
      if (s.name === 'market.book' && s.market) this.books.delete(s.market);
    }
    await this.ready();
    return this.sendStreams('unsubscribe', list);
  }

  // ------------------------------------------------------------------------------------------
  // connection

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new this.options.WebSocket(this.url);
      this.ws = ws;
      this.joinRef = null;
      let opened = false;
      ws.onopen = () => {
        opened = true;
        this.handshake(ws).then(resolve, (error: Error) => {
          reject(error);
          if (this.ws === ws) {
            this.closed(ws, 4000, `handshake failed: ${error.message}`);
            ws.close(4000, 'handshake failed');
          }
        });
      };
      ws.onmessage = (event: { data: unknown }) => {
        if (this.ws === ws) this.received(textOf(event.data));
      };
      ws.onerror = () => undefined; // a close event follows
      ws.onclose = (event: { code: number; reason: string }) => {
        if (!opened)
          reject(
            new MktStreamError(
              `the connection to ${this.url} failed (${event.code}${event.reason ? ` ${event.reason}` : ''})`,
              'connection_failed',
            ),
          );
        this.closed(ws, event.code, event.reason);
      };
    });
  }

  private async handshake(ws: WebSocketLike): Promise<void> {
    const reconnected = this.everConnected;
    const joinRef = this.nextRef();
    this.joinRef = joinRef;
    const joined = await this.request('phx_join', {}, joinRef);
    if (joined.status !== 'ok')
      throw new MktStreamError(`join refused: ${joined.response.reason}`, joined.response.reason);
    this.user = null;
    if (this.options.signer || this.options.accessToken) {
      try {
        await this.authenticate();
      } catch (error) {
        if (!reconnected) throw error;
        // After a reconnection there is no caller to refuse: say so, and carry on with what needs no authentication.
        this.emit('error', { error: error as Error });
      }
    }
    this.startHeartbeat(ws);
    const resubscribed = await this.resubscribe();
    this.stats.connections += 1;
    if (reconnected) this.stats.reconnections += 1;
    this.everConnected = true;
    this.connected = true;
    this.attempts = 0;
    for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
    this.emit('connected', { reconnected, resubscribed });
  }

  private async authenticate(): Promise<void> {
    const reply = await this.request('authenticate', await this.credentials());
    if (reply.status !== 'ok')
      throw new MktStreamError(
        `authenticate refused: ${reply.response.reason}: ${reply.response.detail}`,
        reply.response.reason,
      );
    this.user = reply.response as AuthenticatedResponse;
  }

  /** What `authenticate` carries: the signer's signature, else the access token. */
  private async credentials(): Promise<clientEvents['authenticate']> {
    const { signer, accessToken } = this.options;
    if (!signer) return { access_token: typeof accessToken === 'function' ? await accessToken() : accessToken! };
    const timestamp = String(Math.floor((this.options.now ?? Date.now)() / 1000));
    const signature = base64(await signer.sign(new TextEncoder().encode(`${timestamp}${signer.fingerprint}`)));
    return { timestamp, fingerprint: signer.fingerprint, signature };
  }

  /** Subscribes again to everything subscribed, in frames of at most 50 streams; drops what is refused now. */
  private async resubscribe(): Promise<Ack[]> {
    const all = [...this.subscriptions.values()];
    const acks: Ack[] = [];
    for (let i = 0; i < all.length; i += streamsPerFrame) {
      const ack = await this.sendStreams('subscribe', all.slice(i, i + streamsPerFrame));
      this.record(ack);
      acks.push(ack);
      const refused = ack.streams.filter((s) => s.status !== 'ok');
      if (refused.length) {
        this.emit('error', {
          error: new MktStreamError(
            `resubscription refused: ${refused.map((s) => `${s.name}${s.market ? ` ${s.market}` : ''}: ${s.reason}`).join('; ')}`,
            refused[0]!.reason ?? 'error',
            ack,
          ),
        });
      }
    }
    return acks;
  }

  /** Keeps what an ack accepted; forgets what it refused. */
  private record(ack: Ack): void {
    if (ack.action !== 'subscribe') return;
    for (const s of ack.streams) {
      const request: StreamRequest = {
        name: s.name as StreamName,
        ...(s.market !== undefined ? { market: s.market } : {}),
        ...(s.resolution !== undefined ? { resolution: s.resolution as StreamRequest['resolution'] } : {}),
      };
      if (s.status === 'ok') this.subscriptions.set(keyOf(s), request);
      else {
        this.subscriptions.delete(keyOf(s));
        if (s.name === 'market.book' && s.market) this.books.delete(s.market);
      }
    }
  }

  private closed(ws: WebSocketLike, code: number, reason: string): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.connected = false;
    this.user = null;
    this.stopHeartbeat();
    const lost = new MktStreamError(
      `connection lost (${code}${reason ? ` ${reason}` : ''})`,
      this.closedByUser ? 'closed' : 'connection_lost',
    );
    for (const waiters of [this.replies, this.acks] as Map<string, Waiter<never>>[]) {
      for (const waiter of waiters.values()) {
        clearTimeout(waiter.timer);
        waiter.reject(lost);
      }
      waiters.clear();
    }
    // The books wait for the fresh snapshot that the resubscription brings.
    for (const book of this.books.values()) book.stale = true;
    const reconnect = this.options.reconnect === false ? null : (this.options.reconnect ?? {});
    const willReconnect = !this.closedByUser && this.everConnected && reconnect !== null;
    const delay = willReconnect ? this.backoff(reconnect!) : null;
    this.emit('disconnected', { code, reason, reconnectInMs: delay });
    if (delay === null) {
      if (!this.everConnected || this.closedByUser || reconnect === null)
        for (const waiter of this.readyWaiters.splice(0)) waiter.reject(lost);
      return;
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closedByUser) return;
      this.open().catch((error: Error) => {
        // A refused join or a failed socket: closed() has scheduled the next attempt.
        if (!(error instanceof MktStreamError && error.reason === 'connection_failed')) this.emit('error', { error });
      });
    }, delay);
  }

  private backoff(options: ReconnectOptions): number {
    const { initialDelayMs = 500, maxDelayMs = 30_000, factor = 2, jitter = 0.2 } = options;
    const delay = Math.min(maxDelayMs, initialDelayMs * factor ** this.attempts);
    this.attempts += 1;
    return Math.round(delay * (1 - jitter * Math.random()));
  }

  /** Resolves when connected; while a reconnection is under way, when it succeeds. */
  private ready(): Promise<void> {
    if (this.connected) return Promise.resolve();
    if (this.closedByUser) return Promise.reject(new MktStreamError('the stream was closed', 'closed'));
    if (!this.ws && !this.reconnectTimer)
      return Promise.reject(new MktStreamError('not connected: call connect() first', 'not_connected'));
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  private startHeartbeat(ws: WebSocketLike): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (this.ws !== ws) return;
      if (this.heartbeatPending !== null) {
        // The last heartbeat went unanswered: the connection is dead even if the socket does not know it yet.
        this.closed(ws, 4000, 'heartbeat timeout');
        ws.close(4000, 'heartbeat timeout');
        return;
      }
      const ref = this.nextRef();
      this.heartbeatPending = ref;
      this.send([null, ref, 'phoenix', 'heartbeat', {}]);
    }, this.options.heartbeatIntervalMs ?? 30_000);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.heartbeatPending = null;
  }

  // ------------------------------------------------------------------------------------------
  // frames

  private nextRef(): string {
    this.refs += 1;
    return String(this.refs);
  }

  private send(frame: [string | null, string | null, string, string, unknown]): void {
    if (!this.ws) throw new MktStreamError('not connected', 'not_connected');
    this.ws.send(JSON.stringify(frame));
  }

  /** A frame on ws:trading, answered by its phx_reply. */
  private request(event: string, payload: unknown, ref = this.nextRef()): Promise<ReplyPayload> {
    return new Promise((resolve, reject) => {
      const timeoutMs = this.options.replyTimeoutMs ?? 10_000;
      const timer = setTimeout(() => {
        this.replies.delete(ref);
        reject(new MktStreamError(`no reply to ${event} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.replies.set(ref, { resolve, reject, timer });
      try {
        this.send([this.joinRef, ref, channelTopic, event, payload]);
      } catch (error) {
        clearTimeout(timer);
        this.replies.delete(ref);
        reject(error as Error);
      }
    });
  }

  /** subscribe or unsubscribe, answered by the ack that echoes its request_id. */
  private sendStreams(action: 'subscribe' | 'unsubscribe', streams: StreamRequest[]): Promise<Ack> {
    this.requestIds += 1;
    const requestId = `mkt-sdk-${this.requestIds}`;
    const ack = new Promise<Ack>((resolve, reject) => {
      const timeoutMs = this.options.replyTimeoutMs ?? 10_000;
      const timer = setTimeout(() => {
        this.acks.delete(requestId);
        reject(new MktStreamError(`no ack to ${action} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.acks.set(requestId, { resolve, reject, timer });
    });
    // The phx_reply carries the ack too; an error reply (a malformed request) still comes with an ack.
    this.request(action, { streams, request_id: requestId }).catch(() => undefined);
    return ack;
  }

  private received(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.emit('error', {
        error: new MktStreamError('the server sent a frame that is not JSON', 'malformed_frame'),
      });
    }
    if (!Array.isArray(frame) || frame.length !== 5)
      return this.emit('error', {
        error: new MktStreamError(
          'the server sent a frame that is not [join_ref, ref, topic, event, payload]',
          'malformed_frame',
        ),
      });
    const [, ref, topic, event, payload] = frame as [string | null, string | null, string, string, unknown];
    if (event === 'phx_reply' && typeof ref === 'string') {
      if (topic === 'phoenix' && ref === this.heartbeatPending) this.heartbeatPending = null;
      const waiter = this.replies.get(ref);
      if (waiter) {
        this.replies.delete(ref);
        clearTimeout(waiter.timer);
        waiter.resolve(payload as ReplyPayload);
      }
      return this.emit('phx_reply', payload as ReplyPayload);
    }
    if (this.options.dropIncoming?.(event, payload)) return;
    switch (event) {
      case 'ack': {
        const ack = payload as Ack;
        const waiter = ack.request_id === null ? undefined : this.acks.get(ack.request_id);
        if (waiter) {
          this.acks.delete(ack.request_id!);
          clearTimeout(waiter.timer);
          waiter.resolve(ack);
        }
        break;
      }
      case 'book_snapshot':
        this.snapshot((payload as serverEvents['book_snapshot']).data);
        break;
      case 'book_update':
        this.update((payload as serverEvents['book_update']).data);
        break;
      case 'phx_error': {
        const error = payload as serverEvents['phx_error'];
        // A snapshot the server could not read: it dropped the subscription; ask again.
        if (
          error.reason === 'snapshot_failed' &&
          error.stream === 'market.book' &&
          error.market &&
          this.subscriptions.has(keyOf({ name: 'market.book', market: error.market }))
        ) {
          this.resync(error.market);
        }
        break;
      }
    }
    this.emit(event as MktStreamEvent, payload as never);
    if (event === 'book_snapshot' || event === 'book_update') {
      const market = (payload as serverEvents['book_update']).data.market_id;
      const book = this.books.get(market);
      if (book && !book.stale) this.emit('book', { market, book });
    }
  }

  private snapshot(snapshot: BookSnapshot): void {
    const book = this.books.get(snapshot.market_id);
    book?.reset(snapshot);
  }

  private update(update: BookUpdate): void {
    const book = this.books.get(update.market_id);
    if (!book) return;
    const expected = (book.sequence ?? 0) + 1;
    if (book.apply(update) !== 'gap') return;
    this.stats.gaps += 1;
    this.emit('gap', { market: update.market_id, expected, received: update.sequence });
    this.resync(update.market_id);
  }

  /** Subscribes to a market's book again: the server answers with a fresh snapshot. */
  private resync(market: string): void {
    const book = this.books.get(market);
    if (book) book.stale = true;
    if (!this.connected) return; // the resubscription after the reconnection brings the snapshot
    this.stats.resyncs += 1;
    this.sendStreams('subscribe', [{ name: 'market.book', market }]).then(
      (ack) => {
        if (ack.status !== 'ok')
          this.emit('error', {
            error: new MktStreamError(
              `book resubscription refused for ${market}`,
              ack.streams[0]?.reason ?? 'error',
              ack,
            ),
          });
      },
      (error: Error) => {
        if (!(error instanceof MktStreamError && (error.reason === 'connection_lost' || error.reason === 'closed')))
          this.emit('error', { error });
      },
    );
  }

  private emit<E extends MktStreamEvent>(event: E, payload: MktStreamEvents[E]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        (handler as (payload: MktStreamEvents[E]) => void)(payload);
      } catch (error) {
        if (event !== 'error') this.emit('error', { error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
  }
}
