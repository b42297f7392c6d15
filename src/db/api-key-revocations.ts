import pg from 'pg';
import { kindOf, type Db } from './knex.js';
import { apiKeysChannel } from './migrations/0014_api_key_revocations.js';
import { poolSql, statement } from './sql.js';
import { postgresSettingsOf, sqliteFilenameOf } from './knex-client.js';
import { openSqliteFile } from './sqlite-file.js';
import { currentTrace, type TraceContext } from '../lib/trace-context.js';

/**
 * What tells a cache of consumption API keys that one may have been revoked (migration 0014: a
 * trigger announces every deletion, deactivation and change of a key, and every change of a
 * user's status, in the writer's own transaction). A feed answers a version: equal versions mean
 * no key was revoked in between; null means it cannot tell (nothing cached may be trusted).
 *
 * - SQLite: the counter row, read once per request (on every call outside one): processes sharing the file see each
 *   other's revocations from their next request, because the trigger bumps it in the revoking transaction.
 * - PostgreSQL: a dedicated connection LISTENs on the channel; each notification (delivered on the
 *   revoking transaction's commit) moves the version. While that connection is down the version is
 *   null, and when it is back the version moves: what was missed meanwhile cannot matter.
 * - In this process, the writers of src/db/identity.ts also announce their change the moment it
 *   commits (`announceApiKeysChanged`), and so does any other UPDATE or DELETE of `api_keys` or
 *   `users` run through this process's knex (an operator's script, a test), as its answer arrives:
 *   the process that revoked a key never waits for a notification of its own.
 */
export interface RevocationFeed {
  /** The current version; on SQLite one read of the counter row per request. */
  version(): Promise<string | null>;
  /**
   * The last version known, without reading anything: a value cached under `version()` is stored only if this still
   * equals it.
   */
  known(): string | null;
  close(): Promise<void>;
}

const localListeners = new WeakMap<Db, Set<() => void>>();

/** A key or user changed through this process's `db`, committed: caches of this process forget at once. */
export function announceApiKeysChanged(db: Db): void {
  for (const listener of localListeners.get(db) ?? []) listener();
}

/**
 * Knex statements that may revoke a key (see migration 0013 for exactly which changes do), or change
 * what the trading cache keeps (migration 0024: signing keys, markets), or what routing keeps (migration 0035).
 */
const revokingStatement = /^\s*(?:update|delete)\b[\s\S]*?[\s"`.](?:api_keys|users|signing_keys|markets)[\s"`]/i;
/** Knex statements that change what inference routing reads (migration 0035). */
const routingStatement =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:supplier_endpoints|endpoint_instruments|suppliers)"?[\s(]/i;

const counterText = 'SELECT version FROM api_key_revocations WHERE id = 1';
const counter = statement('api_key_revocations_version', counterText);

/** How long a PostgreSQL listener that lost its connection waits before connecting again. */
const relistenDelayMs = 1_000;

/** The feed opened on each database, for the caches that share it (src/core/trading-cache.ts). */
const openFeeds = new WeakMap<Db, RevocationFeed>();

/** The feed a process opened on `db` (with its consumption key cache), if it did: none, nothing is cached. */
export const revocationFeedOf = (db: Db): RevocationFeed | undefined => openFeeds.get(db);

export async function openRevocationFeed(db: Db): Promise<RevocationFeed> {
  const feed = await openFeed(db);
  openFeeds.set(db, feed);
  return {
    ...feed,
    close() {
      if (openFeeds.get(db) === feed) openFeeds.delete(db);
      return feed.close();
    },
  };
}

/**
 * SQLite's feed: the counter row, with this process's own announcements (`local`) riding along so that a change made
 * here moves the version too.
 */
function sqliteFeed(db: Db, local: () => number, forget: () => void): RevocationFeed {
  let counted: number | null = null;
  const known = () => (counted === null ? null : `${counted}:${local()}`);
  // A reader of its own (WAL lets it read beside the writer): the counter as last committed, at
  // once, instead of waiting for the process's one connection while a transaction holds it.
  const filename = sqliteFilenameOf(db);
  const reader =
    filename === undefined || filename === ':memory:' || filename === ''
      ? null
      : openSqliteFile(filename, { readonly: true, fileMustExist: true });
  const read = reader?.prepare(counterText);
  // Read once per request (the request's trace context, src/http/app.ts, names it): its key lookup and the trading
  // cache's lookups then cost one read of the counter between them. A revocation committed while the request runs is
  // seen by the next request; this one was let in before it.
  const readInRequest = new WeakMap<TraceContext, number | null>();
  return {
    async version() {
      const request = currentTrace();
      if (request !== undefined && readInRequest.has(request)) counted = readInRequest.get(request) ?? null;
      else {
        const row = (read ? read.get() : await poolSql(db).get(counter)) as { version: number } | undefined;
        counted = row === undefined ? null : Number(row.version);
        if (request !== undefined) readInRequest.set(request, counted);
      }
      return known();
    },
    known,
    close() {
      forget();
      reader?.close();
      return Promise.resolve();
    },
  };
}

async function openFeed(db: Db): Promise<RevocationFeed> {
  let local = 0;
  const listeners = localListeners.get(db) ?? new Set();
  localListeners.set(db, listeners);
  const onLocal = () => {
    local += 1;
  };
  listeners.add(onLocal);
  const onQuery = (_response: unknown, query: { sql?: unknown }) => {
    if (typeof query.sql === 'string' && (revokingStatement.test(query.sql) || routingStatement.test(query.sql)))
      onLocal();
  };
  db.on('query-response', onQuery);
  const forget = () => {
    listeners.delete(onLocal);
    db.off('query-response', onQuery);
  };

  if (kindOf(db) === 'sqlite') return sqliteFeed(db, () => local, forget);

  const listener = await listen(db);
  return {
    // One turn of the event loop first: a notification already on the listener's socket when this
    // request was read is taken in before the answer (a request's own callbacks and promises would
    // otherwise all run before the next socket's). Its flight time from the commit remains the window.
    version: () => new Promise((resolve) => setImmediate(() => resolve(listener.version(local)))),
    known: () => listener.version(local),
    async close() {
      forget();
      await listener.close();
    },
  };
}

/** A connection of its own that LISTENs on the channel, connecting again whenever it drops. */
async function listen(db: Db): Promise<{ version(local: number): string | null; close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let generation = 0;

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      ...postgresSettingsOf(db),
      keepAlive: true,
      application_name: 'mkt api-key revocations',
    });
    connection.on('error', () => {}); // an 'end' follows; handled there
    connection.on('notification', () => {
      generation += 1;
    });
    connection.once('end', () => {
      listening = false;
      generation += 1;
      client = null;
      if (!closed) retry = setTimeout(reconnect, relistenDelayMs);
    });
    await connection.connect();
    await connection.query(`LISTEN ${apiKeysChannel}`);
    client = connection;
    if (closed) {
      await connection.end();
      return;
    }
    // Anything revoked before LISTEN took effect is behind this move of the version.
    generation += 1;
    listening = true;
  }

  function reconnect(): void {
    if (closed) return;
    connect().catch(() => {
      if (!closed) retry = setTimeout(reconnect, relistenDelayMs);
    });
  }

  await connect().catch(() => {
    retry = setTimeout(reconnect, relistenDelayMs);
  });
  return {
    version: (local) => (listening ? `${generation}:${local}` : null),
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      await client?.end().catch(() => undefined);
    },
  };
}
