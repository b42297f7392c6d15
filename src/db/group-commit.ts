import type { Knex } from 'knex';
import { kindOf, type Db } from './knex.js';
import { sqlOf, statement, withSql, type Sql } from './sql.js';
import { markCommitFailure } from './unavailable.js';

/**
 * One transaction of work (an admission, a settlement), committed before its promise settles.
 *
 * On SQLite every transaction of a process runs on its one connection, one after another, and each
 * COMMIT writes the pages it touched to the WAL: about 140 µs, two of them per inference request.
 * So the work that arrives while the event loop is busy runs together in one transaction, each in
 * a savepoint of its own (a failure rolls back its own work and nothing else), and one COMMIT makes
 * it all durable: a result is given only once that COMMIT is done, and a failed COMMIT fails every
 * piece of work in it. Each piece still sees the writes of those before it, exactly as if each
 * were its own transaction in that order. The work must do everything through the transaction it is
 * given (a statement on the pool would wait for this very connection).
 *
 * On PostgreSQL each transaction has a connection of its own and they run side by side: the work
 * runs in a transaction of its own.
 */
type TransactionWork<T> = (trx: Knex.Transaction) => Promise<T>;

interface Queued {
  work: TransactionWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Pieces of work per COMMIT at most, so that none waits long behind the others. */
const batchMax = 32;

const committers = new WeakMap<Db, <T>(work: TransactionWork<T>) => Promise<T>>();

/** Told of each shared transaction that committed: its pieces of work that committed, and its time to the COMMIT. */
export interface GroupCommitObserver {
  committed(commands: number, seconds: number): void;
}

const observers = new WeakMap<Db, GroupCommitObserver>();

/** The instruments group commits feed (lib/metrics.ts): commands per commit, and its time by database. */
interface GroupCommitMetrics {
  batchCommands: { observe(value: number): void };
  batchCommitSeconds: { labels(labels: { database: string }): { observe(value: number): void } };
}

/** The labels of `db`'s commit times (the series app/known-labels.ts starts at 0). */
export const groupCommitLabels = (db: Db): { database: string } => ({ database: kindOf(db) });

/**
 * Counts the group commits of `db` in `metrics`: SQLite's shared transactions here, and any other group commit told
 * through the observer answered (the trading batches, trading/orders/order-books.ts). Made once by the composition root.
 */
export function observeGroupCommits(db: Db, metrics: GroupCommitMetrics): GroupCommitObserver {
  const commitSeconds = metrics.batchCommitSeconds.labels(groupCommitLabels(db));
  const observer: GroupCommitObserver = {
    committed(commands, seconds) {
      metrics.batchCommands.observe(commands);
      commitSeconds.observe(seconds);
    },
  };
  observers.set(db, observer);
  return observer;
}

/** Runs `work` in a transaction of `db` (on SQLite, perhaps shared with other work; see above). */
export function inTransaction<T>(db: Db, work: TransactionWork<T>): Promise<T> {
  let committer = committers.get(db);
  if (!committer) {
    committer = kindOf(db) === 'postgres' ? (w) => db.transaction(w) : sqliteGroupCommitter(db);
    committers.set(db, committer);
  }
  return committer(work);
}

/**
 * The batch's first statement takes the database's write lock, waiting for it (busy_timeout) while another process
 * writes: knex opens a deferred transaction, and one whose first statement reads (an admission without a ticket reads
 * its snapshot first) holds a snapshot from then on, so its first write after another process's commit fails at once
 * with SQLITE_BUSY_SNAPSHOT, and every piece of the batch with it. An UPDATE takes the lock even when it changes no row.
 */
const takeWriteLock = statement(
  'transaction_take_write_lock',
  'UPDATE knex_migrations_lock SET is_locked = is_locked WHERE 0',
);

function sqliteGroupCommitter(db: Db): <T>(work: TransactionWork<T>) => Promise<T> {
  const queue: Queued[] = [];
  let scheduled = false;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // After this turn's I/O callbacks: whatever they queue joins the batch.
    setImmediate(() => void runBatch());
  }

  async function runBatch(): Promise<void> {
    scheduled = false;
    const batch = queue.splice(0, batchMax);
    if (queue.length > 0) schedule();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    let beganMs = 0;
    try {
      await db.transaction(async (trx) => {
        beganMs = performance.now();
        const sql = await sqlOf(trx);
        await sql.run(takeWriteLock);
        for (const queued of batch) {
          // One fixed name: pieces run one at a time, and a fixed text is prepared once.
          await sql.runText('SAVEPOINT mkt_work', []);
          try {
            outcomes.push({ ok: true, value: await queued.work(trx) });
            await sql.runText('RELEASE mkt_work', []);
          } catch (error) {
            outcomes.push({ ok: false, value: error });
            await sql.runText('ROLLBACK TO mkt_work', []);
            await sql.runText('RELEASE mkt_work', []);
          }
        }
      });
    } catch (error) {
      // BEGIN, a savepoint or the COMMIT failed: nothing of this batch is written.
      batch.forEach((queued, i) => queued.reject(outcomes[i]?.ok === false ? outcomes[i].value : error));
      return;
    }
    observers.get(db)?.committed(committedCount(outcomes), (performance.now() - beganMs) / 1000);
    batch.forEach((queued, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok === true) queued.resolve(outcome.value);
      else queued.reject(outcome?.value);
    });
  }

  return <T>(work: TransactionWork<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve, reject });
      schedule();
    });
}

/** What `inSqlTransaction` measured of a transaction that committed. */
export interface CommitTiming {
  seconds: number;
}

/** The pieces of a shared transaction whose work committed (the others rolled back to their savepoint). */
function committedCount(outcomes: readonly { ok: boolean }[]): number {
  let count = 0;
  for (const outcome of outcomes) if (outcome.ok) count++;
  return count;
}

/**
 * On SQLite the batch takes the write lock at BEGIN (IMMEDIATE), waiting for it up to the busy timeout: a deferred
 * transaction that has read and then writes is refused at once (SQLITE_BUSY, not waited for) when another process
 * wrote in between, which two processes on one file meet whenever their batches overlap.
 */
const begin = statement('transaction_begin', 'BEGIN IMMEDIATE', 'BEGIN');
const commit = statement('transaction_commit', 'COMMIT');
const rollback = statement('transaction_rollback', 'ROLLBACK');

/**
 * Runs `work` in one transaction on a connection of `db`'s pool, its BEGIN and COMMIT sent straight
 * to the driver as prepared statements: knex's transaction (its query builder, its events, its
 * savepoint bookkeeping) cost a tenth of a signed order's CPU on SQLite. The connection is held
 * from BEGIN to COMMIT, so no other statement of this process joins the transaction (on SQLite,
 * others wait for the one connection, as they do for knex's). `work` must run every statement on
 * the `sql` it is given. A failure rolls everything back and is thrown as the driver threw it. `timing`, when given,
 * gets the transaction's time from BEGIN to COMMIT (the group commit's metric); `withBegin`, PostgreSQL only, a
 * statement of no parameters run right after the BEGIN (an admission's slot lock: src/db/inference-admission.ts).
 */
export function inSqlTransaction<T>(
  db: Db,
  work: (sql: Sql) => Promise<T>,
  timing?: CommitTiming,
  withBegin?: string,
): Promise<T> {
  return withSql(db, async (sql) => {
    const beganMs = performance.now();
    // PostgreSQL: a statement without parameters (a lock) sent with the BEGIN, one simple query, one round trip.
    if (withBegin === undefined) await sql.run(begin);
    else await sql.runText(`BEGIN; ${withBegin}`, []);
    let value: T;
    try {
      value = await work(sql);
      await sql.run(commit).catch((error: unknown) => {
        // Its answer lost, a COMMIT may have been applied: the client is told (src/db/unavailable.ts).
        markCommitFailure(error);
        throw error;
      });
      if (timing) timing.seconds = (performance.now() - beganMs) / 1000;
    } catch (error) {
      // A failed COMMIT may leave SQLite's transaction open (SQLITE_BUSY) or PostgreSQL's closed:
      // ROLLBACK ends the one, and of the other only complains.
      await sql.run(rollback).catch(() => undefined);
      throw error;
    }
    return value;
  });
}
