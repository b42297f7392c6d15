import type pg from 'pg';
import { Worker } from 'node:worker_threads';
import { kindOf, type Db } from './knex.js';
import { postgresSettingsOf, sqliteFilenameOf } from './knex-client.js';
import type { PackedBook } from './packed-book.js';
import { statement, type Sql } from './sql.js';

/**
 * Reading a deep book off the main thread: reading and decoding 100,000 rows on the event loop held
 * every other market's requests behind it (bench-orders --resting 100000: their p99 doubled), so a
 * thread of its own (book-reader-worker.ts) reads them on a connection of its own and hands them
 * over packed (packed-book.ts).
 */

/** Where the thread connects: the SQLite file, or PostgreSQL's settings (with the password). */
type BookSource = { kind: 'sqlite'; filename: string } | { kind: 'postgres'; settings: pg.ClientConfig };

export interface BookReaderRequest {
  source: BookSource;
  marketId: string;
}

/** The book (undefined: the market has none), or why it could not be read. */
export type BookReaderAnswer = { book: PackedBook | undefined } | { error: string };

export const bookReaderWorkerUrl = new URL('./book-reader-worker.js', import.meta.url);

/** Undefined where another connection would not see this database (SQLite in memory). */
export function bookSourceOf(db: Db): BookSource | undefined {
  if (kindOf(db) === 'postgres') return { kind: 'postgres', settings: postgresSettingsOf(db) };
  const filename = sqliteFilenameOf(db);
  return filename === undefined || filename === '' || filename === ':memory:'
    ? undefined
    : { kind: 'sqlite', filename };
}

const restingProbe = statement(
  'orders_resting_probe',
  'SELECT count(*) AS orders FROM (SELECT 1 FROM orders WHERE market_id = ? AND remaining_quantity > 0 LIMIT ?) AS resting',
);

/** Whether the market has at least `orders` resting orders: counts no further than that (a range of migration 0012's index). */
export async function restsAtLeast(sql: Sql, marketId: string, orders: number): Promise<boolean> {
  const row = await sql.get<{ orders: number | string }>(restingProbe, [marketId, orders]);
  return Number(row?.orders ?? 0) >= orders;
}

/**
 * The market's book read on a thread of `workerUrl`; rejects if the thread cannot start, read or
 * answer (the caller then reads inline).
 */
export function readBookInWorker(
  source: BookSource,
  marketId: string,
  workerUrl: URL,
): Promise<PackedBook | undefined> {
  return new Promise((resolve, reject) => {
    const request: BookReaderRequest = { source, marketId };
    const worker = new Worker(workerUrl, { workerData: request });
    worker.once('message', (answer: BookReaderAnswer) => {
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.book);
    });
    worker.once('error', reject);
    // After an answer, this settles nothing.
    worker.once('exit', (code) => reject(new Error(`the book reader exited (${code}) without an answer`)));
  });
}
