import type { BookSnapshot, StreamEvent } from '../core/events.js';
import type { StreamLimits } from './limits.js';
import type { Credential, CredentialEnding, SessionUser } from './session-deps.js';

/**
 * The messages between the main thread (worker-host.ts) and the streams worker (worker.ts). The main thread sends the
 * committed events the worker's sessions want, once each, and answers the worker's reads; the worker says which
 * subjects it wants (so that the main thread derives and sends them), and what its metrics counted.
 */

/** Where the worker listens, and how its sockets are bounded. */
export interface WorkerSettings {
  host: string;
  /** 0: a free port, told back in `listening`. */
  port: number;
  limits: StreamLimits;
  logLevel: string;
}

/** A read that a session of the worker asks the main thread for (session-deps.ts names each). */
export type Call =
  | { method: 'marketExists'; marketId: string }
  | { method: 'bookSnapshot'; marketId: string }
  | { method: 'authenticate'; payload: Record<string, unknown>; current: SessionUser | null }
  | { method: 'credentialEndings'; users: SessionUser[] };

/** The answer to a Call of the same method, or why it failed (`code` as the driver set it: the database unavailable). */
export type Answer =
  | { method: 'marketExists'; value: boolean }
  | { method: 'bookSnapshot'; value: BookSnapshot | undefined }
  | { method: 'authenticate'; value: Credential }
  | { method: 'credentialEndings'; value: (CredentialEnding | null)[] }
  | { method: 'failed'; message: string; code: string | undefined };

/** A change of the stream metrics (lib/metrics.ts), counted in the main thread's registry. */
export type MetricChange =
  | { metric: 'connections'; delta: 1 | -1 }
  | { metric: 'subscriptions'; stream: string; delta: 1 | -1 }
  | { metric: 'closed'; code: string };

export type ToWorker =
  | { kind: 'start'; settings: WorkerSettings }
  /** The events of one turn of the main thread, in commit order. */
  | { kind: 'events'; events: StreamEvent[] }
  | { kind: 'answer'; id: number; answer: Answer }
  | { kind: 'close' };

export type FromWorker =
  | { kind: 'listening'; url: string }
  | { kind: 'failed'; message: string }
  | { kind: 'want'; subject: string }
  | { kind: 'unwant'; subject: string }
  | { kind: 'call'; id: number; call: Call }
  | { kind: 'metric'; change: MetricChange }
  | { kind: 'closed' };
