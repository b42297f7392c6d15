import type { BookSnapshot, EventHub } from '../core/events.js';
import type { Logger } from '../lib/logger.js';
import type { Reply } from './replies.js';

/**
 * What a stream session needs, whichever thread it runs on: the events it pushes, and every read it makes (a market,
 * a book, a credential) as a function. On the trading host's thread these read the database directly (local-deps.ts);
 * in the streams worker (worker.ts) each is a message to the main thread, which reads it there (worker-host.ts).
 * Nothing here reaches the database, so the worker loads no driver.
 */

/**
 * The authenticated user of a socket, and the credential that did it: the signing key's fingerprint, or the access
 * token's hash (credential-checks.ts reads both again while the socket is open).
 */
export interface SessionUser {
  userId: string;
  fingerprint: string | null;
  tokenHash: string | null;
}

/** What an `authenticate` frame proved (session-auth.ts), or the refusal the socket answers with. */
export type Credential =
  { ok: true; user: SessionUser; response: Record<string, unknown> } | { ok: false; reply: Reply };

/** Why a socket's credential no longer holds. */
export type CredentialEnding = 'expired' | 'revoked' | 'account_inactive' | 'signing_key_deleted';

/** The sockets, subscriptions and closes a process counts (lib/metrics.ts's gauges and counter satisfy it). */
export interface StreamMetrics {
  streamConnections: { inc(): void; dec(): void };
  streamSubscriptions: { inc(labels: { stream: string }): void; dec(labels: { stream: string }): void };
  streamClosed: { inc(labels: { code: string }): void };
}

export interface SessionDeps {
  logger: Logger;
  events: EventHub;
  metrics: StreamMetrics;
  /** Whether a market of this id exists (an unknown one is refused in the ack). */
  marketExists(marketId: string): Promise<boolean>;
  /** The market's whole book at its sequence; undefined without a book. */
  bookSnapshot(marketId: string): Promise<BookSnapshot | undefined>;
  /** The user an authenticate payload proves, or the refusal; `current` is who the socket is already authenticated as. */
  authenticate(payload: Record<string, unknown>, current: SessionUser | null): Promise<Credential>;
  /** For each user, why its credential no longer holds, or null while it holds (one read for all of them). */
  credentialEndings(users: readonly SessionUser[]): Promise<(CredentialEnding | null)[]>;
}
