import { revocationFeedOf, type RevocationFeed } from '../db/api-key-revocations.js';
import type { Db } from '../db/knex.js';
import type { SigningKeyRecord } from '../db/replay-guard.js';
import type { UserRow } from '../db/identity.js';
import type { MarketWithInstrument } from './reference.js';

/**
 * What a signed order reads besides its own rows, kept in memory per process: the signing key by
 * fingerprint, the user (its account mode), the market with its instrument. The API keys' cache
 * (src/http/auth/api-key-cache.ts) is the pattern, and its revocation feed the source of truth:
 * every change that could make a kept row wrong — a signing key deleted or re-pointed, an account
 * mode changed, a market changed (migration 0024), as well as what moved the feed before — moves
 * the feed's version in the writer's own transaction, in every process (PostgreSQL: LISTEN/NOTIFY;
 * SQLite: one read of the counter row), and a moved version empties the whole cache. A feed that
 * cannot tell turns the cache off; a process that opened no feed caches nothing. Rows not found are
 * never kept, so creating one needs no announcement. The lifetime is only a safety net.
 */
interface Kept {
  signingKeys: Map<string, Entry<SigningKeyRecord>>;
  users: Map<string, Entry<UserRow>>;
  markets: Map<string, Entry<MarketWithInstrument>>;
}

interface Entry<T> {
  value: T;
  keptAtMs: number;
}

interface TradingCache extends Kept {
  /** The feed's version the entries were read under. */
  version: string | null;
}

const entryLifetimeMs = 60_000;
/** Entries of one kind kept at most; the oldest goes first. */
const entriesMax = 10_000;

const caches = new WeakMap<RevocationFeed, TradingCache>();

function cacheOf(feed: RevocationFeed): TradingCache {
  let cache = caches.get(feed);
  if (!cache) {
    cache = { version: null, signingKeys: new Map(), users: new Map(), markets: new Map() };
    caches.set(feed, cache);
  }
  return cache;
}

/** The signing key of this fingerprint (callers check the signature and claim it themselves). */
export const cachedSigningKey = (
  db: Db,
  fingerprint: string,
  read: () => Promise<SigningKeyRecord | undefined>,
): Promise<SigningKeyRecord | undefined> => through(db, (cache) => cache.signingKeys, fingerprint, read);

export const cachedUser = (
  db: Db,
  userId: string,
  read: () => Promise<UserRow | undefined>,
): Promise<UserRow | undefined> => through(db, (cache) => cache.users, userId, read);

export const cachedMarket = (
  db: Db,
  marketId: string,
  read: () => Promise<MarketWithInstrument | undefined>,
): Promise<MarketWithInstrument | undefined> => through(db, (cache) => cache.markets, marketId, read);

/** The row under `id`: kept while the feed has not moved, else read by `read` (and kept if found). */
async function through<T>(
  db: Db,
  entriesOf: (cache: Kept) => Map<string, Entry<T>>,
  id: string,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const feed = revocationFeedOf(db);
  const version = feed ? await feed.version() : null;
  if (!feed || version === null) return read();
  const cache = cacheOf(feed);
  if (version !== cache.version) {
    cache.signingKeys.clear();
    cache.users.clear();
    cache.markets.clear();
    cache.version = version;
  }
  const entries = entriesOf(cache);
  const kept = entries.get(id);
  if (kept && performance.now() - kept.keptAtMs < entryLifetimeMs) return kept.value;
  entries.delete(id);
  const value = await read();
  // Kept only if nothing moved the feed while the row was read: else it may be the row as it was before.
  if (value !== undefined && feed.known() === version && cache.version === version) {
    const oldest = entries.keys().next();
    if (entries.size >= entriesMax && !oldest.done) entries.delete(oldest.value);
    entries.set(id, { value, keptAtMs: performance.now() });
  }
  return value;
}
