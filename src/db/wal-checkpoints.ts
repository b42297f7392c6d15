import { Worker } from 'node:worker_threads';
import { kindOf, sqliteConnectionOf, type Db } from './knex.js';
import { sqliteFilenameOf } from './knex-client.js';

/**
 * SQLite checkpoints its WAL inside whichever COMMIT crosses the threshold (1,000 pages): that
 * COMMIT copies the pages into the database file and syncs it, on the event loop, holding every
 * request behind it; in the gateway's profile that was half the time spent in COMMIT. A serving
 * process turns that off for its connection and checkpoints on a thread of its own instead
 * (wal-checkpoint-worker.ts), twice a second. If the thread fails, the connection checkpoints by
 * itself again. PostgreSQL has nothing of the kind to do.
 */
const checkpointIntervalMs = 500;
/** SQLite's own default, restored when the thread stops. */
const autoCheckpointPages = 1000;

interface WalCheckpoints {
  stop(): Promise<void>;
}

export function startWalCheckpoints(db: Db): WalCheckpoints {
  const connection = kindOf(db) === 'sqlite' ? sqliteConnectionOf(db) : undefined;
  const filename = sqliteFilenameOf(db);
  if (!connection || !filename || filename === ':memory:') return { stop: async () => {} };
  const worker = new Worker(new URL('./wal-checkpoint-worker.js', import.meta.url), {
    workerData: { filename, intervalMs: checkpointIntervalMs },
  });
  const restore = () => connection.pragma(`wal_autocheckpoint = ${autoCheckpointPages}`);
  worker.on('error', restore);
  worker.on('exit', restore);
  worker.unref();
  connection.pragma('wal_autocheckpoint = 0');
  return {
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await exited;
    },
  };
}
