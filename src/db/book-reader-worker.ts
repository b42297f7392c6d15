import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { openSqliteFile } from './sqlite-file.js';
import { packBook, packedColumns, transferablesOf, type PackedBook, type StoredBookRow } from './packed-book.js';
import type { BookReaderRequest, BookReaderAnswer } from './book-reader.js';

/**
 * The thread of book-reader.ts: reads one market's stored book on a connection of its own, in one
 * snapshot (the rows with the version they are at), packs it and hands it over without a copy, then
 * ends. The rows are those of orders.ts's restingOrdersPage and pendingStopsPage, read whole: a
 * thread of its own waits on nobody.
 */
const marketSql = 'SELECT version, next_sequence FROM market_books WHERE market_id = ?';
const lastTradeSql = 'SELECT price_ticks FROM trades WHERE market_id = ? ORDER BY sequence DESC LIMIT 1';
const restingSql = `SELECT ${packedColumns} FROM orders WHERE market_id = ? AND remaining_quantity > 0 ORDER BY sequence`;
const pendingSql = `SELECT ${packedColumns} FROM orders WHERE market_id = ? AND status = 'pending' ORDER BY sequence`;
const numbered = (sql: string): string => sql.replace('?', '$1');

function packedOf(
  market: readonly unknown[] | undefined,
  lastTrade: readonly unknown[] | undefined,
  resting: readonly StoredBookRow[],
  pending: readonly StoredBookRow[],
): PackedBook | undefined {
  if (!market) return undefined;
  const lastTradeTicks = lastTrade && lastTrade[0] !== null ? Number(lastTrade[0]) : null;
  return packBook({ version: Number(market[0]), nextSequence: Number(market[1]), lastTradeTicks }, resting, pending);
}

/** SQLite: a read-only connection; one transaction reads one snapshot (WAL lets it read beside the writer). */
function readSqlite(filename: string, marketId: string): PackedBook | undefined {
  const connection = openSqliteFile(filename, { readonly: true, fileMustExist: true });
  try {
    const rowsOf = (sql: string) => connection.prepare<[string], unknown[]>(sql).raw(true);
    const [market, lastTrade, resting, pending] = [
      rowsOf(marketSql),
      rowsOf(lastTradeSql),
      rowsOf(restingSql),
      rowsOf(pendingSql),
    ];
    connection.exec('BEGIN');
    try {
      return packedOf(market.get(marketId), lastTrade.get(marketId), resting.all(marketId), pending.all(marketId));
    } finally {
      connection.exec('COMMIT');
    }
  } finally {
    connection.close();
  }
}

/** PostgreSQL: a client of its own in a repeatable-read, read-only transaction, so every statement sees one snapshot. */
async function readPostgres(settings: pg.ClientConfig, marketId: string): Promise<PackedBook | undefined> {
  const client = new pg.Client({ ...settings, application_name: 'mkt book reader' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const rows = async (sql: string): Promise<unknown[][]> =>
      (await client.query<unknown[]>({ text: numbered(sql), values: [marketId], rowMode: 'array' })).rows;
    const [market] = await rows(marketSql);
    const [lastTrade] = await rows(lastTradeSql);
    const packed = packedOf(market, lastTrade, await rows(restingSql), await rows(pendingSql));
    await client.query('COMMIT');
    return packed;
  } finally {
    await client.end();
  }
}

async function answer(request: BookReaderRequest): Promise<BookReaderAnswer> {
  try {
    const { source, marketId } = request;
    const book =
      source.kind === 'sqlite' ? readSqlite(source.filename, marketId) : await readPostgres(source.settings, marketId);
    return { book };
  } catch (error) {
    return { error: String(error) };
  }
}

const answered = await answer(workerData as BookReaderRequest);
parentPort?.postMessage(answered, 'book' in answered && answered.book ? transferablesOf(answered.book) : []);
