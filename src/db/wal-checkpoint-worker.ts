import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteFile } from './sqlite-file.js';

/**
 * The thread of wal-checkpoints.ts: a connection of its own to the SQLite file that checkpoints
 * the WAL every `intervalMs` (PASSIVE: it never waits for readers or the writer), so the copy of
 * pages into the database file and its fsync happen here and not inside a COMMIT on the event loop.
 */
const { filename, intervalMs } = workerData as { filename: string; intervalMs: number };
const connection = openSqliteFile(filename, { fileMustExist: true, timeout: 0 });

const timer = setInterval(() => {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // SQLITE_BUSY: another checkpoint runs (another process's); the next tick tries again.
    if (!(error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY'))
      parentPort?.postMessage({ error: String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message: string) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  connection.close();
  parentPort?.close();
});
