import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import type { BookSnapshot } from '../core/events.js';
import { closeCodes, type StreamLimits } from './limits.js';
import { snapshotPush, type Push } from './payloads.js';
import type { Batch } from './fanout.js';
import { decodeFrame, type Frame, type Vsn } from './protocol.js';
import { error, ok, type Reply } from './replies.js';
import type { RoutedSession, StreamRouter } from './router.js';
import { frameFailureReply } from './frame-failure.js';
import {
  echoedName,
  refusedStream,
  requestOf,
  resolveStream,
  type StreamAck,
  type Subscription,
} from './subscriptions.js';
import type { SessionDeps, SessionUser } from './session-deps.js';
import {
  channelTopic,
  newSessionOutput,
  take,
  writeFrame,
  writePush,
  writeTaken,
  type SessionOutput,
} from './session-output.js';

const phoenixTopic = 'phoenix';

const ourCloseCodes: ReadonlySet<number> = new Set(Object.values(closeCodes));

/**
 * A close code as `mkt_stream_closed_total` labels it: the protocol's (1000–1015) and ours by number, any other a
 * client sends as `other`, so that clients cannot add series.
 */
const closeCodeLabel = (code: number): string =>
  (code >= 1000 && code <= 1015) || ourCloseCodes.has(code) ? String(code) : 'other';

/** A `market.book` subscription holds the updates that arrive while its snapshot is read. */
interface Held {
  subscription: Subscription;
  /** Updates held until the snapshot is sent, with their book sequences; null once live. */
  held: { push: Push; sequence: number }[] | null;
  /** The sequence of the last book message sent. */
  sequence: number;
}

/**
 * One socket of the `ws:trading` channel: reads frames one at a time in arrival order (authenticate
 * and subscribe wait for the database), answers each with `phx_reply`, and pushes the events of its
 * subscriptions. Every limit of `StreamLimits` is held here or by the router.
 */
export class Session implements RoutedSession {
  private joinRef: string | null = null;
  /** The authenticated user, and the signing key that did it (null for an access token). */
  private user: SessionUser | null = null;
  private readonly subscriptions = new Map<string, Held>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private closed = false;
  private readonly output: SessionOutput;
  private readonly idle: NodeJS.Timeout;

  /** `socket` is the one `ws` frames on: frames made once (frames.ts) are written to it directly. */
  constructor(
    private readonly ws: WebSocket,
    socket: Duplex,
    private readonly vsn: Vsn,
    private readonly address: string,
    private readonly deps: SessionDeps,
    private readonly router: StreamRouter,
    private readonly limits: StreamLimits,
  ) {
    this.idle = setTimeout(
      () =>
        this.close(closeCodes.idle, `idle: no frame for ${limits.idleMs / 1000} s; send a heartbeat on topic phoenix`),
      limits.idleMs,
    );
    this.idle.unref();
    this.output = newSessionOutput(ws, socket, vsn, limits.sendBufferBytesMax, () =>
      this.close(closeCodes.slowConsumer, `slow consumer: more than ${limits.sendBufferBytesMax} bytes unread`),
    );
    router.opened(this);
    deps.metrics.streamConnections.inc();
    ws.on('message', (data, isBinary) => this.received(data, isBinary));
    ws.on('close', (code) => {
      // Once per socket, with the code of the close handshake (1006 when the socket was cut without one).
      deps.metrics.streamClosed.inc({ code: closeCodeLabel(code) });
      this.ended();
    });
    ws.on('error', () => this.ended()); // e.g. a frame past frameHardBytesMax: ws closes the socket with 1009
  }

  private received(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    this.idle.refresh();
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (isBinary)
      return this.sendError(null, null, 'malformed_frame', 'Frames are JSON text; binary frames are not read.');
    if (bytes.length > this.limits.frameBytesMax)
      return this.sendError(null, null, 'frame_too_large', `A frame is at most ${this.limits.frameBytesMax} bytes.`);
    const decoded = decodeFrame(this.vsn, bytes.toString('utf8'));
    if (!decoded.ok)
      return this.sendError(
        decoded.unreadable.ref,
        decoded.unreadable.topic,
        decoded.unreadable.reason,
        decoded.unreadable.detail,
      );
    const { frame } = decoded;
    if (this.pending >= this.limits.pendingFramesMax)
      return this.reply(
        frame,
        error(
          'too_many_pending_frames',
          `At most ${this.limits.pendingFramesMax} frames wait for an answer; wait for replies before sending more.`,
        ),
      );
    this.pending += 1;
    this.queue = this.queue
      .then(() => this.handle(frame))
      .catch((failure: unknown) => this.reply(frame, frameFailureReply(this.deps.logger, failure, frame.event)))
      .finally(() => (this.pending -= 1));
  }

  private async handle(frame: Frame): Promise<void> {
    if (this.closed) return;
    if (frame.topic === phoenixTopic) {
      return this.reply(
        frame,
        frame.event === 'heartbeat' ? ok() : error('unknown_event', 'On topic phoenix only heartbeat is sent.'),
      );
    }
    if (frame.topic !== channelTopic)
      return this.reply(frame, error('unmatched_topic', `No channel ${frame.topic}: join ${channelTopic}.`));
    if (frame.event === 'phx_join') {
      this.joinRef = frame.joinRef ?? frame.ref;
      return this.reply(frame, ok());
    }
    if (this.joinRef === null)
      return this.reply(frame, error('unmatched_topic', `Join ${channelTopic} with phx_join first.`));
    switch (frame.event) {
      case 'phx_leave':
        return this.leave(frame);
      case 'authenticate':
        return this.reply(frame, await this.authenticate(frame.payload));
      case 'subscribe':
      case 'unsubscribe':
        return this.changeSubscriptions(frame, frame.event);
      default:
        return this.reply(
          frame,
          error(
            'unknown_event',
            `${frame.event} is not an event of ${channelTopic}: phx_join, authenticate, subscribe, unsubscribe, phx_leave.`,
          ),
        );
    }
  }

  private leave(frame: Frame): void {
    const joinRef = this.joinRef;
    this.dropSubscriptions();
    this.reply(frame, ok());
    this.send({ joinRef, ref: joinRef, topic: channelTopic, event: 'phx_close', payload: {} });
    this.joinRef = null;
  }

  /** Admits the user an authenticate frame proves (session-auth.ts) under the per-user limit. */
  private async authenticate(payload: Record<string, unknown>): Promise<Reply> {
    const credential = await this.deps.authenticate(payload, this.user);
    if (!credential.ok) return credential.reply;
    if (this.closed) return error('closed', 'The socket closed.');
    const { userId, fingerprint } = credential.user;
    if (!this.router.admitUser(userId, fingerprint, this, this.limits.connectionsPerUserMax)) {
      return error(
        'connections_per_user_exceeded',
        `A user may hold ${this.limits.connectionsPerUserMax} authenticated sockets; close one first.`,
      );
    }
    this.user = credential.user;
    return ok(credential.response);
  }

  private async changeSubscriptions(frame: Frame, action: 'subscribe' | 'unsubscribe'): Promise<void> {
    const { streams, request_id: requestIdSent } = frame.payload;
    const requestId =
      typeof requestIdSent === 'string' || typeof requestIdSent === 'number' ? String(requestIdSent) : null;
    if (!Array.isArray(streams) || streams.length === 0 || streams.length > this.limits.subscriptionsPerConnectionMax) {
      const refusal = error(
        'invalid_payload',
        `${action} carries {streams: [{name, market?, resolution?}] (1 to ${this.limits.subscriptionsPerConnectionMax}), request_id?}.`,
      );
      this.reply(frame, refusal);
      return this.push({ event: 'ack', payload: { request_id: requestId, action, status: 'error', streams: [] } });
    }
    const acks: StreamAck[] = [];
    const snapshots: Held[] = [];
    for (const entry of streams) acks.push(await this.changeSubscription(entry, action, snapshots));
    const okCount = acks.filter((a) => a.status === 'ok').length;
    const status = okCount === acks.length ? 'ok' : okCount === 0 ? 'error' : 'partial';
    const ack = { request_id: requestId, action, status, streams: acks };
    this.reply(frame, ok(ack));
    this.push({ event: 'ack', payload: ack });
    // After the ack, so a client sees its subscription confirmed before the book's first message.
    for (const held of snapshots) void this.sendSnapshot(held);
  }

  /**
   * One stream of a subscribe or unsubscribe, answered by its ack; a new `market.book` subscription joins `snapshots`.
   */
  private async changeSubscription(
    entry: unknown,
    action: 'subscribe' | 'unsubscribe',
    snapshots: Held[],
  ): Promise<StreamAck> {
    const request = requestOf(entry);
    if (!request)
      return refusedStream(
        { name: echoedName(entry) },
        'invalid_stream',
        'A stream is {name, market?, resolution?}, all strings.',
      );
    const resolved = await resolveStream(request, this.user?.userId ?? null, (marketId) =>
      this.deps.marketExists(marketId),
    );
    if (!('subject' in resolved)) return resolved;
    if (action === 'unsubscribe') {
      this.dropSubscription(resolved.subject);
      return { ...request, status: 'ok' };
    }
    if (
      !this.subscriptions.has(resolved.subject) &&
      this.subscriptions.size >= this.limits.subscriptionsPerConnectionMax
    )
      return refusedStream(
        request,
        'subscriptions_per_connection_exceeded',
        `A socket holds at most ${this.limits.subscriptionsPerConnectionMax} subscriptions.`,
      );
    const held = this.hold(resolved);
    if (resolved.name === 'market.book') snapshots.push(held);
    return { ...request, status: 'ok' };
  }

  /**
   * Files a subscription with the router; a `market.book` one (new or again) holds its updates until a fresh snapshot.
   */
  private hold(subscription: Subscription): Held {
    const existing = this.subscriptions.get(subscription.subject);
    const held: Held = {
      subscription,
      held: subscription.name === 'market.book' ? [] : null,
      sequence: existing?.sequence ?? 0,
    };
    this.subscriptions.set(subscription.subject, held);
    if (!existing) {
      this.router.subscribe(subscription.subject, this);
      this.deps.metrics.streamSubscriptions.inc({ stream: subscription.name });
    }
    return held;
  }

  private async sendSnapshot(held: Held): Promise<void> {
    let snapshot: BookSnapshot | undefined;
    try {
      // A market.book subscription always names its market (resolveStream); without one there is no book to read.
      const { market } = held.subscription.request;
      snapshot = market === undefined ? undefined : await this.deps.bookSnapshot(market);
    } catch (failure) {
      this.deps.logger.error({ err: failure }, 'book snapshot failed');
    }
    if (this.closed || this.subscriptions.get(held.subscription.subject) !== held || held.held === null) return;
    if (!snapshot) {
      this.dropSubscription(held.subscription.subject);
      return this.push({
        event: 'phx_error',
        payload: {
          reason: 'snapshot_failed',
          detail: 'The book could not be read; subscribe to market.book again.',
          stream: 'market.book',
          market: held.subscription.request.market,
        },
      });
    }
    const updates = held.held;
    held.held = null;
    held.sequence = snapshot.sequence;
    this.push(snapshotPush(snapshot));
    for (const update of updates) this.deliverTo(held, update.push, update.sequence);
  }

  /** An event of a subject this session subscribed to, push `index` of a fan-out batch (router.ts). */
  collect(batch: Batch, index: number, subject: string, push: Push, sequence: number | undefined): void {
    const held = this.subscriptions.get(subject);
    if (!held || this.closed) return;
    if (sequence !== undefined) {
      if (held.held !== null) {
        if (held.held.length >= this.limits.bookUpdatesHeldMax)
          return this.close(
            closeCodes.slowConsumer,
            'slow consumer: too many book updates held while the snapshot is read',
          );
        held.held.push({ push, sequence });
        return;
      }
      if (sequence <= held.sequence) return;
      held.sequence = sequence;
    }
    take(this.output, this.joinRef, batch, index, this);
  }

  /** Writes what this session took of `batch`: one buffer, the same bytes as every session with the same pushes. */
  flushBatch(batch: Batch): void {
    if (this.output.taken?.batch === batch) writeTaken(this.output, this.joinRef);
  }

  /** Updates at or below the sequence already sent are in it (the snapshot, or an update seen twice). */
  private deliverTo(held: Held, push: Push, sequence: number): void {
    if (sequence <= held.sequence) return;
    held.sequence = sequence;
    this.push(push);
  }

  /** Who the socket is authenticated as, and with what credential; null before authenticate. */
  get authenticatedAs(): SessionUser | null {
    return this.user;
  }

  eventsLost(): void {
    this.close(closeCodes.eventsLost, 'events lost: this server may have missed events; reconnect and subscribe again');
  }

  private dropSubscription(subject: string): void {
    const held = this.subscriptions.get(subject);
    if (held === undefined) return;
    this.subscriptions.delete(subject);
    this.router.unsubscribe(subject, this);
    this.deps.metrics.streamSubscriptions.dec({ stream: held.subscription.name });
  }

  private dropSubscriptions(): void {
    for (const subject of [...this.subscriptions.keys()]) this.dropSubscription(subject);
  }

  private reply(frame: Frame, reply: Reply): void {
    this.send({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: reply });
  }

  private push(push: Push): void {
    writePush(this.output, this.joinRef, push);
  }

  /** An error reply when a ref could be read, else a `phx_error` push. */
  private sendError(ref: string | null, topic: string | null, reason: string, detail: string): void {
    const replyTopic = topic ?? channelTopic;
    if (ref !== null)
      return this.send({ joinRef: null, ref, topic: replyTopic, event: 'phx_reply', payload: error(reason, detail) });
    this.send({ joinRef: this.joinRef, ref: null, topic: replyTopic, event: 'phx_error', payload: { reason, detail } });
  }

  private send(frame: Frame): void {
    writeFrame(this.output, this.joinRef, frame);
  }

  /** Ends the session at once: nothing more is queued, and a socket that does not take the close frame is cut. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.ended();
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), this.limits.closeGraceMs).unref();
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    this.output.ended = true;
    this.output.taken = null;
    clearTimeout(this.idle);
    this.deps.metrics.streamConnections.dec();
    this.dropSubscriptions();
    this.router.closed(this);
    this.router.releaseAddress(this.address);
    if (this.user) this.router.releaseUser(this.user.userId, this.user.fingerprint, this);
  }
}
