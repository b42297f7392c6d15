import { openRevocationFeed, type RevocationFeed } from '../../db/api-key-revocations.js';
import type { Db } from '../../db/knex.js';
import { hashSecret } from '../../lib/secrets.js';
import { findActiveApiKey } from '../../core/identity.js';

/**
 * Consumption keys as authentication needs them, kept in memory by the hash of the key, so the 307
 * and the `/r/v1/…` leg of an inference request do not each read the key's row.
 *
 * Correctness comes from invalidation, not from time: every deletion, deactivation or change of a
 * key, and every change of a user's status, moves the version of the revocation feed
 * (src/db/api-key-revocations.ts) in the writer's own transaction, in every process; an entry is
 * trusted only under the version it was read at. A changed version empties the whole cache (keys
 * change rarely; a key that is still good is read again once). A feed that cannot tell (PostgreSQL's
 * listener is reconnecting) turns the cache off until it can. The time limit and the size limit
 * are only a safety net. Unknown keys are never cached: creating a key needs no invalidation.
 *
 * Nothing else authentication decides on is cached: the user's mode, tier and balances are read by
 * admission on every request.
 */
interface CachedApiKey {
  apiKeyId: string;
  userId: string;
  /** When the key's use was last recorded, as far as this process knows. */
  lastUsedAtUs: number | null;
  /**
   * When the key expires (null: never). A change of it announces a revocation (migration 0016), so the cached value is
   * current.
   */
  expiresAtUs: number | null;
  cachedAtUs: number;
}

interface ApiKeyCache {
  readonly feed: RevocationFeed;
  readonly entries: Map<string, CachedApiKey>;
  /** The feed's version the entries were read under. */
  version: string | null;
}

/** A safety net only (see above): an entry is read again after this long even if nothing was revoked. */
const entryLifetimeUs = 60_000_000;
/** Entries kept at most; the oldest goes first. */
const entriesMax = 10_000;

const caches = new WeakMap<Db, ApiKeyCache>();

/** Opens the cache of `db`'s keys (on PostgreSQL, its listening connection) and makes authentication use it. */
export async function openApiKeyCache(db: Db): Promise<ApiKeyCache> {
  const cache: ApiKeyCache = { feed: await openRevocationFeed(db), entries: new Map(), version: null };
  caches.set(db, cache);
  return cache;
}

export async function closeApiKeyCache(db: Db, cache: ApiKeyCache): Promise<void> {
  if (caches.get(db) === cache) caches.delete(db);
  cache.entries.clear();
  await cache.feed.close();
}

/**
 * The cache authentication of `db`'s keys uses; none when `openApiKeyCache` was not called (then every key is read).
 */
export const apiKeyCacheOf = (db: Db): ApiKeyCache | undefined => caches.get(db);

/** The active key with this raw value, if any: from the cache while no revocation intervened, else read (and kept). */
export async function activeApiKey(
  cache: ApiKeyCache | undefined,
  db: Db,
  rawKey: string,
  nowUs: number,
): Promise<CachedApiKey | undefined> {
  const keyHash = hashSecret(rawKey);
  const version = cache ? await cache.feed.version() : null;
  if (cache && version !== null) {
    if (version !== cache.version) {
      cache.entries.clear();
      cache.version = version;
    }
    const cached = cache.entries.get(keyHash);
    if (cached && nowUs - cached.cachedAtUs < entryLifetimeUs) return cached;
    cache.entries.delete(keyHash);
  }
  const row = await findActiveApiKey(db, rawKey);
  if (!row) return undefined;
  const key: CachedApiKey = {
    apiKeyId: row.id,
    userId: row.user_id,
    lastUsedAtUs: row.last_used_at_us === null ? null : Number(row.last_used_at_us),
    expiresAtUs: row.expires_at_us === null ? null : Number(row.expires_at_us),
    cachedAtUs: nowUs,
  };
  // Kept only if no revocation came while the row was read: else it may be the row as it was before.
  if (cache && version !== null && cache.feed.known() === version && cache.version === version) {
    if (cache.entries.size >= entriesMax) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(keyHash, key);
  }
  return key;
}
