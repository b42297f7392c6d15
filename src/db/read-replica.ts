import { kindOf, type Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * DATABASE_READ_URL: a streaming replica of the primary that serves the read-only endpoints. This module holds what
 * mkt asks of it and of the primary: whether it is a standby of the same cluster (checked at start), how far it has
 * replayed, and each user's read fence — the primary's WAL position after that user's last write (migration 0026),
 * so that a user who has written reads from the primary until the replica has replayed past it, whichever process
 * served the write.
 */

/** The replica and what this process knows of it (made once by the composition root, changed by the functions here). */
export interface ReadReplica {
  readonly primary: Db;
  readonly replica: Db;
  /** The furthest WAL position the replica was seen to have replayed (it only grows, so an old value errs safe). */
  replayedLsn: bigint;
  /** Until when (ms) reads stay off the replica after a connection error or timeout; 0 while it is up. */
  downUntilMs: number;
  /** Why it was last marked down, for /readyz and the log. */
  downReason: string | undefined;
  /** Whether the last probe found replay further behind than replicaLagSecondsMax, and when it ran (ms). */
  lagging: boolean;
  probedAtMs: number;
  /** The probe in flight, so that concurrent reads wait for one probe instead of starting many. */
  probing: Promise<boolean> | undefined;
  /** The read fences waiting to be written (users join until it starts), and the write in flight. */
  nextFences: FenceBatch | undefined;
  fencesWriting: Promise<unknown> | undefined;
}

interface FenceBatch {
  userIds: Set<string>;
  written: Promise<void>;
}

/** How long reads stay on the primary after the replica failed, before a probe tries it again. */
const replicaDownMs = 5_000;
/**
 * Replay further behind than this makes the replica lagging: reads go to the primary (a market's book half a minute old
 * is not market data) and /readyz says so.
 */
const replicaLagSecondsMax = 30;
/** How often the reads of one process ask the replica how far behind it is (one small query a second at most). */
const replicaProbeMs = 1_000;

export function newReadReplica(primary: Db, replica: Db): ReadReplica {
  return {
    primary,
    replica,
    replayedLsn: 0n,
    downUntilMs: 0,
    downReason: undefined,
    lagging: false,
    probedAtMs: Number.NEGATIVE_INFINITY,
    probing: undefined,
    nextFences: undefined,
    fencesWriting: undefined,
  };
}

// ---- the check at start --------------------------------------------------------------------------------------------

interface ClusterRow {
  system_identifier: string;
  in_recovery: boolean;
}

const cluster = statement(
  'replica_cluster',
  '',
  'SELECT system_identifier::text AS system_identifier, pg_is_in_recovery() AS in_recovery FROM pg_control_system()',
);

/** Why DATABASE_READ_URL cannot serve reads of DATABASE_URL's database; `unreachable` is not a refusal. */
type ReplicaCheck =
  { outcome: 'ok' } | { outcome: 'unreachable'; reason: string } | { outcome: 'refused'; message: string };

/**
 * Whether `replica` is a streaming standby of `primary`'s cluster: the same `system_identifier` (a standby made by
 * pg_basebackup keeps its primary's) and in recovery. A primary, another cluster or a SQLite DATABASE_URL is refused.
 */
export async function checkReadReplica(primary: Db, replica: Db): Promise<ReplicaCheck> {
  if (kindOf(primary) !== 'postgres')
    return refused(
      'DATABASE_READ_URL needs a PostgreSQL DATABASE_URL (a streaming replica of it); DATABASE_URL is SQLite',
    );
  const primaryCluster = await poolSql(primary).get<ClusterRow>(cluster);
  let replicaCluster: ClusterRow | undefined;
  try {
    replicaCluster = await poolSql(replica).get<ClusterRow>(cluster);
  } catch (error) {
    if (isConnectionFailure(error)) return { outcome: 'unreachable', reason: describe(error) };
    // It answered, but not as a replica of this database can: no such database, no right to read pg_control_system().
    return refused(
      `DATABASE_READ_URL answered but could not be checked as a replica of DATABASE_URL: ${describe(error)}`,
    );
  }
  if (primaryCluster?.system_identifier !== replicaCluster?.system_identifier)
    return refused(
      `DATABASE_READ_URL is another PostgreSQL cluster than DATABASE_URL (system identifier ${replicaCluster?.system_identifier}, the primary's ${primaryCluster?.system_identifier}); point it at a streaming replica of DATABASE_URL (pg_basebackup -R)`,
    );
  if (replicaCluster?.in_recovery !== true)
    return refused(
      'DATABASE_READ_URL points at a primary (pg_is_in_recovery() is false), not at a streaming replica: reads there would not follow DATABASE_URL; point it at a hot standby of DATABASE_URL',
    );
  return { outcome: 'ok' };
}

const refused = (message: string): ReplicaCheck => ({ outcome: 'refused', message });

// ---- connection failures ----------------------------------------------------------------------------------------

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08003',
  '08006',
]);

/** Whether an error of a query on the replica says the replica cannot be reached (as opposed to a bad query). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
  // knex's pool timeout, pg's connect and query timeouts, a connection closed under a query.
  return (
    error.name === 'KnexTimeoutError' ||
    /timeout|Connection terminated|connection is closed|Client has encountered a connection error/i.test(error.message)
  );
}

/**
 * Whether a query on the replica was cancelled because replay needed what it read (a hot standby's "conflict with
 * recovery", SQLSTATE 40001): the replica is fine, that one read belongs on the primary.
 */
export function isRecoveryConflict(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '40001';
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Reads stay on the primary for a while: the replica failed to answer (`reason`). */
export function markReplicaDown(replica: ReadReplica, nowMs: number, reason: string): void {
  replica.downUntilMs = nowMs + replicaDownMs;
  replica.downReason = reason;
}

// ---- positions and fences ---------------------------------------------------------------------------------------

interface ReplayRow {
  replay_lsn: string | null;
  paused: boolean;
  lag_seconds: number | string | null;
}

const replay = statement(
  'replica_replay',
  '',
  `SELECT pg_last_wal_replay_lsn()::text AS replay_lsn, pg_is_wal_replay_paused() AS paused,
     CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) END AS lag_seconds`,
);
const primaryPosition = statement('replica_primary_position', '', 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
// The ids come sorted, so that batches of several processes lock shared rows in one order and never deadlock.
const fencesWrite = statement(
  'replica_fences_write',
  '',
  `INSERT INTO replica_read_fences (user_id, lsn) SELECT user_id, pg_current_wal_insert_lsn() FROM unnest(?::text[]) AS user_id
     ON CONFLICT (user_id) DO UPDATE SET lsn = GREATEST(replica_read_fences.lsn, excluded.lsn)`,
);
const fenceRead = statement(
  'replica_fence_read',
  '',
  'SELECT lsn::text AS lsn FROM replica_read_fences WHERE user_id = ?',
);

/** A `pg_lsn` as PostgreSQL prints it (`16/B374D848`), as a number that compares. */
function lsnOf(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high ?? '0'}`) << 32n) + BigInt(`0x${low ?? '0'}`);
}

/**
 * After a request of `userId` that may have written: the primary's WAL position, past every commit the request made,
 * becomes the user's read fence. Only when a replica is configured; without one nothing is written.
 *
 * Fences are written in batches, one statement at a time per process, as the group commit writes orders: the users
 * whose requests finish while one batch is being written wait for the next, which starts after it — so after their
 * commits, and its position is past them. A request pays a share of one round trip instead of a round trip and a
 * commit of its own.
 */
export function recordReadFence(replica: ReadReplica, userId: string): Promise<void> {
  replica.nextFences ??= openFenceBatch(replica);
  replica.nextFences.userIds.add(userId);
  return replica.nextFences.written;
}

function openFenceBatch(replica: ReadReplica): FenceBatch {
  const userIds = new Set<string>();
  const written = writeFenceBatch(replica, userIds);
  return { userIds, written };
}

async function writeFenceBatch(replica: ReadReplica, userIds: Set<string>): Promise<void> {
  // Joined by the users of this tick, and of the batch before for as long as that one is being written.
  await replica.fencesWriting?.catch(() => undefined);
  if (replica.nextFences?.userIds === userIds) replica.nextFences = undefined;
  const writing = poolSql(replica.primary).run(fencesWrite, [[...userIds].sort()]);
  replica.fencesWriting = writing;
  await writing;
}

/** The user's read fence on the primary (any process may have written it), or undefined when they never wrote. */
async function readFence(replica: ReadReplica, userId: string): Promise<bigint | undefined> {
  const row = await poolSql(replica.primary).get<{ lsn: string }>(fenceRead, [userId]);
  return row && lsnOf(row.lsn);
}

interface ReplayPosition {
  replayedLsn: bigint;
  paused: boolean;
  lagSeconds: number;
}

/** Asks the replica how far it has replayed; remembers the furthest position seen. */
async function replayPosition(replica: ReadReplica): Promise<ReplayPosition> {
  const row = await poolSql(replica.replica).get<ReplayRow>(replay);
  const replayedLsn = row?.replay_lsn ? lsnOf(row.replay_lsn) : 0n;
  if (replayedLsn > replica.replayedLsn) replica.replayedLsn = replayedLsn;
  return { replayedLsn, paused: row?.paused === true, lagSeconds: Number(row?.lag_seconds ?? 0) };
}

/**
 * Whether reads may go to the replica now: it answered the last probe, less than replicaProbeMs ago, and was not
 * lagging. While marked down it is not asked until its time is up; then one probe (shared by the reads that arrive
 * meanwhile) brings it back or marks it down again.
 */
async function replicaUsable(replica: ReadReplica, nowMs: number): Promise<boolean> {
  if (replica.downUntilMs !== 0 && nowMs < replica.downUntilMs) return false;
  if (replica.downUntilMs === 0 && nowMs - replica.probedAtMs < replicaProbeMs) return !replica.lagging;
  replica.probing ??= probe(replica, nowMs);
  try {
    return await replica.probing;
  } finally {
    replica.probing = undefined;
  }
}

async function probe(replica: ReadReplica, nowMs: number): Promise<boolean> {
  try {
    const position = await replayPosition(replica);
    replica.downUntilMs = 0;
    replica.downReason = undefined;
    replica.lagging = position.lagSeconds > replicaLagSecondsMax;
    replica.probedAtMs = nowMs;
    return !replica.lagging;
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    markReplicaDown(replica, nowMs, describe(error));
    return false;
  }
}

/**
 * The database a read of `userId` (undefined: an anonymous read) goes to: the replica while it is up and not lagging,
 * unless the user has written something the replica has not replayed yet — then the primary, so nobody sees their own
 * write vanish.
 */
export async function readerFor(replica: ReadReplica, userId: string | undefined, nowMs: number): Promise<Db> {
  if (!(await replicaUsable(replica, nowMs))) return replica.primary;
  if (userId === undefined) return replica.replica;
  const fence = await readFence(replica, userId);
  if (fence === undefined || fence <= replica.replayedLsn) return replica.replica;
  try {
    return (await replayPosition(replica)).replayedLsn >= fence ? replica.replica : replica.primary;
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    markReplicaDown(replica, nowMs, describe(error));
    return replica.primary;
  }
}

// ---- readiness --------------------------------------------------------------------------------------------------

/** The replica as `/readyz` reports it: none configured, ok, down (reads on the primary), or lagging behind. */
export type ReplicaReadiness =
  | { state: 'none' }
  | { state: 'down'; reason: string }
  | { state: 'ok' | 'lagging'; lagBytes: number; lagSeconds: number; replayPaused: boolean };

/** Probes the replica and the primary's position (for /readyz; not on any request's path). */
export async function replicaReadiness(replica: ReadReplica | undefined, nowMs: number): Promise<ReplicaReadiness> {
  if (replica === undefined) return { state: 'none' };
  if (replica.downUntilMs !== 0 && nowMs < replica.downUntilMs)
    return { state: 'down', reason: replica.downReason ?? 'unreachable' };
  try {
    const [position, primary] = await Promise.all([
      replayPosition(replica),
      poolSql(replica.primary).get<{ lsn: string }>(primaryPosition),
    ]);
    const behindBytes = primary ? lsnOf(primary.lsn) - position.replayedLsn : 0n;
    const lagBytes = Number(behindBytes > 0n ? behindBytes : 0n);
    const lagging = position.paused || position.lagSeconds > replicaLagSecondsMax;
    return {
      state: lagging ? 'lagging' : 'ok',
      lagBytes,
      lagSeconds: position.lagSeconds,
      replayPaused: position.paused,
    };
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    markReplicaDown(replica, nowMs, describe(error));
    return { state: 'down', reason: describe(error) };
  }
}
