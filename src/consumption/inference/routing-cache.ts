import { revocationFeedOf, type RevocationFeed } from '../../db/api-key-revocations.js';
import type { Db } from '../../db/knex.js';
import { qualifiedEndpointsOf, type RoutableEndpointRow } from '../../db/routing.js';

/**
 * Routing's read of an instrument's endpoints (src/db/routing.ts), kept behind the change feed the API keys' caches use
 * (src/db/api-key-revocations.ts; migration 0035 announces on it every change of endpoints, their qualification and
 * standing, and suppliers' status, in the writer's transaction, to every process: LISTEN/NOTIFY on PostgreSQL, the
 * counter row on SQLite). While the feed has not moved, a kept read serves; when it cannot tell (its listener down),
 * every request reads. The suppliers' best asks, which each trade moves, ride along for at most `askLifetimeMs`: they
 * only order endpoints that may all serve.
 */
const askLifetimeMs = 1_000;
/** Instruments kept at most; the oldest goes first. */
const instrumentsMax = 1_000;

interface Kept {
  version: string | null;
  entries: Map<string, { rows: readonly RoutableEndpointRow[]; keptAtMs: number }>;
}

const caches = new WeakMap<RevocationFeed, Kept>();

function cacheOf(feed: RevocationFeed): Kept {
  let cache = caches.get(feed);
  if (!cache) {
    cache = { version: null, entries: new Map() };
    caches.set(feed, cache);
  }
  return cache;
}

/** The endpoints that may serve the instrument, in no particular order (a fresh array: the caller sorts it). */
export async function routableEndpoints(db: Db, instrumentId: string): Promise<RoutableEndpointRow[]> {
  const feed = revocationFeedOf(db);
  const version = feed ? await feed.version() : null;
  if (!feed || version === null) return qualifiedEndpointsOf(db, instrumentId);
  const cache = cacheOf(feed);
  if (version !== cache.version) {
    cache.entries.clear();
    cache.version = version;
  }
  const kept = cache.entries.get(instrumentId);
  if (kept && performance.now() - kept.keptAtMs < askLifetimeMs) return [...kept.rows];
  cache.entries.delete(instrumentId);
  const rows = await qualifiedEndpointsOf(db, instrumentId);
  // Kept only if nothing moved the feed while they were read: else they may be the rows as they were before.
  if (feed.known() === version && cache.version === version) {
    const oldest = cache.entries.keys().next();
    if (cache.entries.size >= instrumentsMax && !oldest.done) cache.entries.delete(oldest.value);
    cache.entries.set(instrumentId, { rows, keptAtMs: performance.now() });
  }
  return [...rows];
}
