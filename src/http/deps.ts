import type { ReferenceCache } from '../core/reference.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../lib/metrics.js';
import type { Tracer } from '../lib/tracer.js';
import type { AuthDeps } from './auth/index.js';

/**
 * What the edge itself takes from the composition root (src/app/services.ts), beside each host's
 * surface deps: the clock and the logger, authentication's database and ticket key, and the
 * reference data that resolves instrument symbols in paths, queries and bodies (instrument-refs.ts).
 */
export interface EdgeDeps extends AuthDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  referenceCache: ReferenceCache;
  /** The HTTP instruments (`http_server_*`) each host counts its requests in. */
  metrics: Metrics;
  /** Each request's spans (server, authentication, validation); lib/tracer.ts's `noTracer` unless spans are exported. */
  tracer: Tracer;
}
