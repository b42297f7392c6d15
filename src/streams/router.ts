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

/**
 * One per process: hears every event of the hub once and hands it to the sessions subscribed to its
 * subject (stream and market, or stream and user); ends the sessions of a deleted signing key; and
 * counts connections per address and per user for the limits.
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
    if (sessions && sessions.size > 0) {
      const push = pushOf(event);
      const sequence = event.stream === 'market.book' ? event.data.sequence : undefined;
      for (const session of sessions) session.deliver(subject, push, sequence);
    }
    if (event.stream === 'user.trades' && event.restingPartially) this.routeTradeUpdate(event);
  }

  /** A fill that left a resting order partly filled is told on its owner's user.orders too (update_trade). */
  private routeTradeUpdate(event: UserTradeEvent): void {
    const subject = userSubject('user.orders', event.userId);
    const sessions = this.bySubject.get(subject);
    if (!sessions || sessions.size === 0) return;
    const push = tradeUpdatePush(event);
    for (const session of sessions) session.deliver(subject, push, undefined);
  }

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
