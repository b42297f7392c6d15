import type { Knex } from 'knex';
import type { BookLevelRow } from './market-data.js';
import { kindOf, type Db } from './knex.js';
import { sqlOf, statement } from './sql.js';

/**
 * A market's whole book and the version it is at (market_books.version), read in one snapshot: what
 * a `market.book` stream subscriber gets first (src/streams/). Each committed batch that touches a
 * market moves its version by one, so the stream's updates continue from exactly this version.
 */
interface BookAtVersion {
  version: number;
  /** Highest price first. */
  buy: BookLevelRow[];
  /** Lowest price first. */
  sell: BookLevelRow[];
}

const bookVersion = statement('book_snapshot_version', 'SELECT version FROM market_books WHERE market_id = ?');
const levelsSql = (order: 'ASC' | 'DESC') =>
  `SELECT price_ticks, SUM(remaining_quantity) AS quantity, COUNT(*) AS order_count FROM orders
   WHERE market_id = ? AND side = ? AND remaining_quantity > 0 AND price_ticks IS NOT NULL
   GROUP BY price_ticks ORDER BY price_ticks ${order}`;
const bidLevels = statement('book_snapshot_buy', levelsSql('DESC'));
const askLevels = statement('book_snapshot_sell', levelsSql('ASC'));

type LevelText = { price_ticks: number | string; quantity: number | string; order_count: number | string };
const levelOf = (r: LevelText): BookLevelRow => ({
  price_ticks: Number(r.price_ticks),
  quantity: Number(r.quantity),
  order_count: Number(r.order_count),
});

/**
 * One read-only transaction: repeatable read on PostgreSQL, so the version and the levels come from
 * the same snapshot; SQLite reads one snapshot in any transaction. Undefined when the market has no book.
 */
export function readBookAtVersion(db: Db, marketId: string): Promise<BookAtVersion | undefined> {
  const config: Knex.TransactionConfig =
    kindOf(db) === 'postgres' ? { isolationLevel: 'repeatable read', readOnly: true } : {};
  return db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const book = await sql.get<{ version: number | string }>(bookVersion, [marketId]);
    if (!book) return undefined;
    const buy = (await sql.all<LevelText>(bidLevels, [marketId, 'buy'])).map(levelOf);
    const sell = (await sql.all<LevelText>(askLevels, [marketId, 'sell'])).map(levelOf);
    return { version: Number(book.version), buy, sell };
  }, config);
}
