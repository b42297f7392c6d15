import type { EventHub, MarketEvent, StreamEvent, UserEvent } from '../core/events.js';
import { credentialClosings, type CheckedSession } from './credential-checks.js';
import { newBatch, type Batch, type BatchTaker } from './fanout.js';
import { pushOf, tradeUpdatePush, type Push, type UserTradeEvent } from './payloads.js';
import { marketSubject, userSubject } from './subscriptions.js';

/** What the router hands events to: a session of the socket (session.ts), seen only through this. */
export interface RoutedSession extends BatchTaker, CheckedSession {
  /**
   * An event of a subject the session subscribed to, as push `index` of `batch`: the session takes it (and joins the
   * batch's takers the first time), holds it, or leaves it.
   */
  collect(batch: Batch, index: number, subject: string, push: Push, sequence: number | undefined): void;
  eventsLost(): void;
}

/** An event on its way to the sessions of its subject, as they were when it arrived. */
interface Fanout {
  subject: string;
  push: Push;
  sequence: number | undefined;
  sessions: readonly RoutedSession[];
}

/**
 * Sessions written to per slice of the fan-out (one socket write each): between slices the event loop takes its I/O
 * (orders, and their acknowledgements), so a thousand subscribers do not stall the order path. A few milliseconds
 * of work at several microseconds a write.
 */
const writesPerSliceMax = 512;

/**
 * One per process: hears every event of the hub once and hands it to the sessions subscribed to its
 * subject (stream and market, or stream and user); ends the sessions of a deleted signing key; and
 * counts connections per address and per user for the limits.
 *
 * The fan-out runs after the turn that heard the events, the events heard since the last batch as one batch
 * (fanout.ts): each session that takes any of them writes them in one go. Batches go in arrival order, their writes
 * in slices of `writesPerSliceMax`.
 */
export class StreamRouter {
  /** The sessions of each subject, as an array replaced (never changed) on subscribe and unsubscribe: a fan-out keeps the one it started with. */
  private readonly bySubject = new Map<string, readonly RoutedSession[]>();
  private readonly byFingerprint = new Map<string, Set<RoutedSession>>();
  private readonly perAddress = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private readonly stopListening: () => void;
  private readonly sessions = new Set<RoutedSession>();
  /** Per subject with subscribers, what ends the hub's note that this process wants it. */
  private readonly interest = new Map<string, () => void>();
  /** Events heard and not yet in a batch, oldest first; and the batch being written. */
  private waiting: Fanout[] = [];
  private batch: Batch | null = null;
  private fanoutScheduled = false;

  constructor(private readonly events: EventHub) {
    this.stopListening = events.listen((event) => this.route(event));
  }

  stop(): void {
    this.stopListening();
  }

  private route(event: StreamEvent): void {
    if (event.stream === 'control') {
      if (event.event === 'signing_key_deleted') this.endSessionsOfKey(event.fingerprint);
      // This process may have missed events: every session starts over (a client reconnects, resubscribes and gets
      // fresh snapshots).
      else if (event.event === 'events_lost') for (const session of [...this.sessions]) session.eventsLost();
      // accounts_changed is for the balance derivation (trading/market-data/stream-derivations.ts), which pushes
      // balance_update.
      return;
    }
    const subject = subjectOf(event);
    const sessions = this.bySubject.get(subject);
    if (sessions)
      this.enqueue(subject, pushOf(event), event.stream === 'market.book' ? event.data.sequence : undefined, sessions);
    if (event.stream === 'user.trades' && event.restingPartially) this.routeTradeUpdate(event);
  }

  /** At once in every process on PostgreSQL (the event transport); credential-checks.ts is the fallback and SQLite's. */
  private endSessionsOfKey(fingerprint: string): void {
    const { code, reason } = credentialClosings.signing_key_deleted;
    for (const session of [...(this.byFingerprint.get(fingerprint) ?? [])]) session.close(code, reason);
  }

  /** A fill that left a resting order partly filled is told on its owner's user.orders too (update_trade). */
  private routeTradeUpdate(event: UserTradeEvent): void {
    const subject = userSubject('user.orders', event.userId);
    const sessions = this.bySubject.get(subject);
    if (!sessions) return;
    this.enqueue(subject, tradeUpdatePush(event), undefined, sessions);
  }

  /**
   * Queues an event for the sessions subscribed now. The fan-out starts once this turn's events are all heard; while
   * it is running, events wait for the batch being written to be done and then go together as the next batch.
   */
  private enqueue(subject: string, push: Push, sequence: number | undefined, sessions: readonly RoutedSession[]): void {
    this.waiting.push({ subject, push, sequence, sessions });
    if (this.fanoutScheduled) return;
    this.fanoutScheduled = true;
    process.nextTick(this.fanOut);
  }

  /**
   * One slice of the fan-out; the rest waits for the next turn, after the I/O that arrived meanwhile. What arrives
   * while a batch is written joins the next one: under load a subscriber gets more events per write, not more writes.
   */
  private readonly fanOut = (): void => {
    let writes = writesPerSliceMax;
    while (writes > 0) {
      if (this.batch === null) {
        if (this.waiting.length === 0) break;
        this.batch = collectBatch(this.waiting);
        this.waiting = [];
      }
      const batch = this.batch;
      const end = Math.min(batch.takers.length, batch.flushed + writes);
      writes -= end - batch.flushed;
      for (let i = batch.flushed; i < end; i += 1) batch.takers[i]?.flushBatch(batch);
      batch.flushed = end;
      if (end === batch.takers.length) this.batch = null;
    }
    if (this.batch !== null || this.waiting.length > 0) setImmediate(this.fanOut);
    else this.fanoutScheduled = false;
  };

  subscribe(subject: string, session: RoutedSession): void {
    const sessions = this.bySubject.get(subject);
    if (!sessions) this.interest.set(subject, this.events.want(subject));
    else if (sessions.includes(session)) return;
    this.bySubject.set(subject, [...(sessions ?? []), session]);
  }

  unsubscribe(subject: string, session: RoutedSession): void {
    const sessions = this.bySubject.get(subject);
    if (!sessions?.includes(session)) return;
    const left = sessions.filter((s) => s !== session);
    if (left.length > 0) return void this.bySubject.set(subject, left);
    this.bySubject.delete(subject);
    this.interest.get(subject)?.();
    this.interest.delete(subject);
  }

  opened(session: RoutedSession): void {
    this.sessions.add(session);
  }

  closed(session: RoutedSession): void {
    this.sessions.delete(session);
  }

  /** The sessions open in this process (credential-checks.ts reads their credentials again). */
  get openSessions(): ReadonlySet<RoutedSession> {
    return this.sessions;
  }

  /** Counts a connection from `address`; false when the address is at its limit. */
  admitAddress(address: string, max: number): boolean {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= max) return false;
    this.perAddress.set(address, open + 1);
    return true;
  }

  releaseAddress(address: string): void {
    decrement(this.perAddress, address);
  }

  /**
   * Counts an authenticated connection of `userId` and files it under its key's fingerprint (none for an access token);
   * false at the limit.
   */
  admitUser(userId: string, fingerprint: string | null, session: RoutedSession, max: number): boolean {
    const open = this.perUser.get(userId) ?? 0;
    if (open >= max) return false;
    this.perUser.set(userId, open + 1);
    if (fingerprint === null) return true;
    let sessions = this.byFingerprint.get(fingerprint);
    if (!sessions) this.byFingerprint.set(fingerprint, (sessions = new Set()));
    sessions.add(session);
    return true;
  }

  releaseUser(userId: string, fingerprint: string | null, session: RoutedSession): void {
    decrement(this.perUser, userId);
    if (fingerprint === null) return;
    const sessions = this.byFingerprint.get(fingerprint);
    sessions?.delete(session);
    if (sessions?.size === 0) this.byFingerprint.delete(fingerprint);
  }

  /** Subjects with at least one subscriber (for tests and diagnostics). */
  get subjectCount(): number {
    return this.bySubject.size;
  }
}

/** The subject whose sessions hear an event: stream and market (and resolution), or stream and user. */
export const subjectOf = (event: MarketEvent | UserEvent): string =>
  'marketId' in event
    ? marketSubject(event.stream, event.marketId, event.stream === 'market.candles' ? event.data.resolution : undefined)
    : userSubject(event.stream, event.userId);

/** A turn's events as a batch: each session of each event's subject collects it (or not), in arrival order. */
function collectBatch(events: readonly Fanout[]): Batch {
  const batch = newBatch();
  for (const { subject, push, sequence, sessions } of events) {
    const index = batch.pushes.push(push) - 1;
    for (const session of sessions) session.collect(batch, index, subject, push, sequence);
  }
  return batch;
}

function decrement(counts: Map<string, number>, key: string): void {
  const open = (counts.get(key) ?? 0) - 1;
  if (open > 0) counts.set(key, open);
  else counts.delete(key);
}
