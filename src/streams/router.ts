import type { EventHub, StreamEvent } from '../core/events.js';
import { pushOf, tradeUpdatePush, type Push, type UserTradeEvent } from './payloads.js';
import { marketSubject, userSubject } from './subscriptions.js';

/** What the router hands events to: a session of the socket (session.ts), seen only through this. */
export interface RoutedSession {
  /** An event of a subject the session subscribed to. */
  deliver(subject: string, push: Push, sequence: number | undefined): void;
  signingKeyDeleted(): void;
  eventsLost(): void;
}

/** An event on its way to the sessions of its subject, as they were when it arrived; `next` is the next to get it. */
interface Fanout {
  subject: string;
  push: Push;
  sequence: number | undefined;
  sessions: RoutedSession[];
  next: number;
}

/**
 * Deliveries (one event to one session) per slice of the fan-out: between slices the event loop
 * takes its I/O (orders, and their acknowledgements), so a thousand subscribers do not stall the
 * order path. A few milliseconds of work at a few microseconds a delivery.
 */
const deliveriesPerSliceMax = 2_048;

/**
 * One per process: hears every event of the hub once and hands it to the sessions subscribed to its
 * subject (stream and market, or stream and user); ends the sessions of a deleted signing key; and
 * counts connections per address and per user for the limits.
 *
 * The fan-out runs after the turn that heard the events (each session's frames of that turn leave
 * in one write, session.ts), in slices of `deliveriesPerSliceMax`, in arrival order.
 */
export class StreamRouter {
  private readonly bySubject = new Map<string, Set<RoutedSession>>();
  private readonly byFingerprint = new Map<string, Set<RoutedSession>>();
  private readonly perAddress = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private readonly stopListening: () => void;
  private readonly sessions = new Set<RoutedSession>();
  /** Per subject with subscribers, what ends the hub's note that this process wants it. */
  private readonly interest = new Map<string, () => void>();
  /** Events heard and not yet handed to every session of their subject, oldest first. */
  private readonly fanouts: Fanout[] = [];
  private fanoutScheduled = false;

  constructor(private readonly events: EventHub) {
    this.stopListening = events.listen((event) => this.route(event));
  }

  stop(): void {
    this.stopListening();
  }

  private route(event: StreamEvent): void {
    if (event.stream === 'control') {
      if (event.event === 'signing_key_deleted')
        for (const session of [...(this.byFingerprint.get(event.fingerprint) ?? [])]) session.signingKeyDeleted();
      // This process may have missed events: every session starts over (a client reconnects, resubscribes and gets
      // fresh snapshots).
      else if (event.event === 'events_lost') for (const session of [...this.sessions]) session.eventsLost();
      // accounts_changed is for the balance derivation (trading/market-data/stream-derivations.ts), which pushes
      // balance_update.
      return;
    }
    const subject =
      'marketId' in event
        ? marketSubject(
            event.stream,
            event.marketId,
            event.stream === 'market.candles' ? event.data.resolution : undefined,
          )
        : userSubject(event.stream, event.userId);
    const sessions = this.bySubject.get(subject);
    if (sessions && sessions.size > 0)
      this.enqueue(subject, pushOf(event), event.stream === 'market.book' ? event.data.sequence : undefined, sessions);
    if (event.stream === 'user.trades' && event.restingPartially) this.routeTradeUpdate(event);
  }

  /** A fill that left a resting order partly filled is told on its owner's user.orders too (update_trade). */
  private routeTradeUpdate(event: UserTradeEvent): void {
    const subject = userSubject('user.orders', event.userId);
    const sessions = this.bySubject.get(subject);
    if (!sessions || sessions.size === 0) return;
    this.enqueue(subject, tradeUpdatePush(event), undefined, sessions);
  }

  /** Queues an event for the sessions subscribed now; the first slice runs once this turn's events are all heard. */
  private enqueue(subject: string, push: Push, sequence: number | undefined, sessions: Set<RoutedSession>): void {
    this.fanouts.push({ subject, push, sequence, sessions: [...sessions], next: 0 });
    if (this.fanoutScheduled) return;
    this.fanoutScheduled = true;
    process.nextTick(this.fanOut);
  }

  /** One slice of the fan-out; the rest waits for the next turn, after the I/O that arrived meanwhile. */
  private readonly fanOut = (): void => {
    let deliveries = deliveriesPerSliceMax;
    for (let fanout = this.fanouts[0]; fanout !== undefined && deliveries > 0; fanout = this.fanouts[0]) {
      const { subject, push, sequence, sessions } = fanout;
      const end = Math.min(sessions.length, fanout.next + deliveries);
      deliveries -= end - fanout.next;
      for (let i = fanout.next; i < end; i += 1) sessions[i]?.deliver(subject, push, sequence);
      fanout.next = end;
      if (end === sessions.length) this.fanouts.shift();
    }
    if (this.fanouts.length > 0) setImmediate(this.fanOut);
    else this.fanoutScheduled = false;
  };

  subscribe(subject: string, session: RoutedSession): void {
    let sessions = this.bySubject.get(subject);
    if (!sessions) {
      this.bySubject.set(subject, (sessions = new Set()));
      this.interest.set(subject, this.events.want(subject));
    }
    sessions.add(session);
  }

  unsubscribe(subject: string, session: RoutedSession): void {
    const sessions = this.bySubject.get(subject);
    if (!sessions) return;
    sessions.delete(session);
    if (sessions.size > 0) return;
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

function decrement(counts: Map<string, number>, key: string): void {
  const open = (counts.get(key) ?? 0) - 1;
  if (open > 0) counts.set(key, open);
  else counts.delete(key);
}
