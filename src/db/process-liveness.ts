import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { kindOf, type Db } from './knex.js';
import { deleteIdleProcesses } from './inference-leases.js';
import { rawRowsOf, rowsOf } from './rows.js';
import { postgresSettingsOf, sqliteFilenameOf } from './knex-client.js';
import { openSqliteFile, type SqliteFile } from './sqlite-file.js';

/**
 * Proof that a process is dead, for either database: every `mkt serve` process holds a lock for its
 * whole life that the system gives up the moment the process dies (kill -9 included), and another
 * process tests that lock without taking it.
 *
 * - PostgreSQL: a session advisory lock `(livenessLockClass, lock_key)` on a connection of its own;
 *   the server drops it when that connection closes, and every process reads `pg_locks`. Exact across
 *   machines and containers.
 * - SQLite (processes share the file, so one kernel): an exclusive lock on `<database>-processes/<id>`,
 *   a file-level lock the kernel releases when the process exits, probed with a zero busy timeout.
 *
 * A process that cannot be proven dead is left to its leases (they expire in under a minute).
 */

/**
 * First key of the two-key advisory locks (`objsubid` 2 in `pg_locks`): apart from the one-key locks of slots and
 * books.
 */
const livenessLockClass = 1_835_758_704; // 'mktp'
/** How often a process whose lock connection dropped tries again to take its lock, after a first try at once. */
const relockIntervalMs = 1_000;

export interface LivenessLock {
  /**
   * Gives the lock up: the process is stopping (a lock file stays until `forgetLivenessLock`, so others can prove it).
   */
  release(): Promise<void>;
}

interface LivenessEvents {
  /** The lock connection dropped: until `regained`, others may take this process for dead. */
  lost(error: unknown): void;
  regained(): void;
}

/**
 * Takes the liveness lock of `processId` under `lockKey`, before the process's row is written (a row
 * without its lock reads as dead). Null when the key is already held: pick another.
 */
export async function holdLivenessLock(
  db: Db,
  processId: string,
  lockKey: number,
  events: LivenessEvents,
): Promise<LivenessLock | null> {
  if (kindOf(db) === 'postgres') return holdAdvisoryLock(postgresSettingsOf(db), processId, lockKey, events);
  const directory = lockDirectoryOf(db);
  if (directory === null) return { release: async () => {} }; // an in-memory database has no other process
  mkdirSync(directory, { recursive: true });
  const file = openSqliteFile(join(directory, processId));
  file.pragma('locking_mode = EXCLUSIVE');
  file.exec('BEGIN EXCLUSIVE; COMMIT'); // in exclusive locking mode the lock stays until close
  return {
    release() {
      file.close();
      return Promise.resolve();
    },
  };
}

/**
 * PostgreSQL: the liveness lock of the `inference_processes` row `p` is free (one parameter: the lock class). A
 * statement that acts on a process found dead earlier tests this again, because the process may have taken its lock
 * back meanwhile (its lock connection had only dropped).
 */
const livenessLockIsFreeSql = `not exists (
  select 1 from pg_locks l
   where l.locktype = 'advisory' and l.granted and l.objsubid = 2
     and l.database = (select oid from pg_database where datname = current_database())
     and l.classid::bigint = ? and l.objid::bigint = p.lock_key)`;

/**
 * Deletes those of the processes found dead that hold no slot any more and, on PostgreSQL, whose lock is still free
 * (in the same statement: a process that took its lock back keeps its row); answers the ids deleted.
 */
export async function deleteDeadIdleProcesses(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  if (kindOf(db) === 'sqlite') return deleteIdleProcesses(db, ids);
  const rows = await rawRowsOf<{ id: string }>(
    db.raw(
      `delete from inference_processes p
        where p.id in (${ids.map(() => '?').join(', ')})
          and not exists (select 1 from inference_slots s where s.process_id = p.id)
          and ${livenessLockIsFreeSql}
      returning p.id`,
      [...ids, livenessLockClass],
    ),
  );
  return rows.map((r) => r.id);
}

/** The processes registered in `inference_processes`, other than `ownId`, whose liveness lock is free: dead. */
export async function deadProcessIds(db: Db, ownId: string | null): Promise<string[]> {
  if (kindOf(db) === 'postgres') {
    const rows = await rawRowsOf<{ id: string }>(
      db.raw(`select p.id from inference_processes p where p.id <> ? and ${livenessLockIsFreeSql}`, [
        ownId ?? '',
        livenessLockClass,
      ]),
    );
    return rows.map((r) => r.id);
  }
  const directory = lockDirectoryOf(db);
  if (directory === null) return [];
  const rows = await rowsOf<{ id: string }>(
    db('inference_processes')
      .whereNot('id', ownId ?? '')
      .select('id'),
  );
  return rows.filter((r) => sqliteLockIsFree(join(directory, r.id))).map((r) => r.id);
}

/** Removes what a process's lock left behind, once its row is gone. */
export function forgetLivenessLock(db: Db, processId: string): void {
  const directory = kindOf(db) === 'sqlite' ? lockDirectoryOf(db) : null;
  if (directory !== null) rmSync(join(directory, processId), { force: true });
}

/** Whether nobody holds the lock file: its owner is dead. A missing file proves nothing. */
function sqliteLockIsFree(path: string): boolean {
  if (!existsSync(path)) return false;
  let probe: SqliteFile;
  try {
    probe = openSqliteFile(path, { fileMustExist: true, timeout: 0 });
  } catch {
    return false;
  }
  try {
    probe.prepare('select count(*) from sqlite_master').get();
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY') return false;
    throw error;
  } finally {
    probe.close();
  }
}

/** A connection of its own holding the process's advisory lock; null when another session holds it. */
async function advisoryLockConnection(
  settings: pg.ClientConfig,
  processId: string,
  lockKey: number,
): Promise<pg.Client | null> {
  const connection = new pg.Client({
    ...settings,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: `mkt ${processId}`,
  });
  connection.on('error', () => {}); // an 'end' follows; handled by the holder
  await connection.connect();
  const { rows } = await connection.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [
    livenessLockClass,
    lockKey,
  ]);
  if (rows[0]?.held === true) return connection;
  await connection.end();
  return null;
}

async function holdAdvisoryLock(
  settings: pg.ClientConfig,
  processId: string,
  lockKey: number,
  events: LivenessEvents,
): Promise<LivenessLock | null> {
  let released = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  /** Connects and takes the lock; false when another session holds it. */
  async function take(): Promise<boolean> {
    const connection = await advisoryLockConnection(settings, processId, lockKey);
    if (connection === null) return false;
    connection.once('end', () => {
      if (released) return;
      client = null;
      events.lost(new Error(`the liveness lock connection of ${processId} closed`));
      retry = setTimeout(retake, 0); // at once: until then, others may take this process for dead
    });
    client = connection;
    return true;
  }

  function retake(): void {
    if (released) return;
    take().then(
      (held) => {
        if (released) void client?.end();
        else if (held) events.regained();
        else retry = setTimeout(retake, relockIntervalMs); // our old session may linger on the server until it notices
      },
      () => {
        retry = setTimeout(retake, relockIntervalMs);
      },
    );
  }

  if (!(await take())) return null;
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** The directory of lock files beside the SQLite database; null for an in-memory one. */
function lockDirectoryOf(db: Db): string | null {
  const filename = sqliteFilenameOf(db);
  if (filename === undefined || filename === ':memory:' || filename === '') return null;
  return `${filename}-processes`;
}
