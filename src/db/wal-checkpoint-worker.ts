import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The thread of wal-checkpoints.ts: a connection of its own to the SQLite file that checkpoints
 * the WAL every `intervalMs` (PASSIVE: it never waits for readers or the writer), so the copy of
 * pages into the database file and its fsync happen here and not inside a COMMIT on the event loop.
 */
interface CheckpointConnection {
  pragma(sql: string): unknown;
  close(): void;
}
const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  options?: { fileMustExist?: boolean; timeout?: number },
) => CheckpointConnection;

const { filename, intervalMs } = workerData as { filename: string; intervalMs: number };
const connection = new Sqlite(filename, { fileMustExist: true, timeout: 0 });

const timer = setInterval(() => {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // SQLITE_BUSY: another checkpoint runs (another process's); the next tick tries again.
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') parentPort?.postMessage({ error: String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message: string) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  connection.close();
  parentPort?.close();
});
