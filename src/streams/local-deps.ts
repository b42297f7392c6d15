import { credentialEndings } from './credential-endings.js';
import type { StreamDeps } from './deps.js';
import { credentialOf } from './session-auth.js';
import type { SessionDeps } from './session-deps.js';

/**
 * A session's deps on the thread that holds the database: its reads made here, at once. The trading host's own socket
 * uses them directly; the streams worker's sessions reach them by message (worker-host.ts answers with them).
 */
export function sessionDepsOf(deps: StreamDeps): SessionDeps {
  return {
    logger: deps.logger,
    events: deps.events,
    metrics: deps.metrics,
    marketExists: (marketId) => deps.marketExists(marketId),
    bookSnapshot: (marketId) => deps.bookSnapshot(marketId),
    authenticate: (payload, current) => credentialOf(deps, payload, current),
    credentialEndings: (users) => credentialEndings(deps, users),
  };
}
