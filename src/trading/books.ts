import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { kindOf } from '../db/knex.js';
import { assert } from '../lib/assert.js';
import { FastOrderBook } from './engine/index.js';
import type { OrderRow } from './rows.js';

const transactionAttemptsMax = 8;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may run again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

/** A market's book as this process holds it, valid while `version` equals the stored one. */
export interface MarketBook {
  book: FastOrderBook;
  version: number;
  /** Price of the last trade (the collar's reference), null before the first. */
  lastTradeTicks: number | null;
  /** Earliest 00:00 UTC at which a resting `day` order expires, null when none rests. */
  nextExpiryUs: number | null;
}

/** What a market operation gets: the open transaction, the book (already current) and the next sequence numbers. */
export interface MarketSession {
  trx: Knex.Transaction;
  state: MarketBook;
  /** Next time-priority / trade sequence number of this market. */
  nextSequence(): number;
}

/**
 * Matching is serialised per market: in this process by a promise chain, across processes by a
 * PostgreSQL advisory lock taken inside the transaction (SQLite has one writer anyway). The book
 * lives in memory; `market_books.version` says whether another process changed it since, and if
 * so it is rebuilt from the resting orders. A failed transaction drops the book, which may
 * already hold the rolled-back change.
 */
export class BookRegistry {
  private readonly books = new Map<string, MarketBook>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly db: Db) {}

  run<T>(marketId: string, work: (session: MarketSession) => Promise<T>): Promise<T> {
    const previous = this.queues.get(marketId) ?? Promise.resolve();
    const next = previous.then(
      () => this.transact(marketId, work),
      () => this.transact(marketId, work),
    );
    const settled = next.catch(() => undefined);
    this.queues.set(marketId, settled);
    void settled.then(() => {
      if (this.queues.get(marketId) === settled) this.queues.delete(marketId);
    });
    return next;
  }

  /** Forget every cached book (tests that change rows behind the service's back). */
  invalidate(): void {
    this.books.clear();
  }

  /**
   * Markets are serialised one by one, but a fill also updates rows other markets touch (a
   * trader's USD account, the fee account), so two markets' transactions can deadlock on
   * PostgreSQL. Nothing is acknowledged before the commit, so the loser simply runs again.
   */
  private async transact<T>(marketId: string, work: (session: MarketSession) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactOnce(marketId, work);
      } catch (error) {
        if (attempt >= transactionAttemptsMax || !isRetryable(error)) throw error;
      }
    }
  }

  private async transactOnce<T>(marketId: string, work: (session: MarketSession) => Promise<T>): Promise<T> {
    let committed: MarketBook | undefined;
    const result = await this.db.transaction(async (trx) => {
      if (kindOf(this.db) === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`market:${marketId}`]);
      const stored = (await trx('market_books').where('market_id', marketId).first()) as { version: number; next_sequence: number } | undefined;
      assert(stored, `market ${marketId} has no market_books row`);
      const state = await this.current(trx, marketId, stored.version);
      // Until the commit lands, the in-memory book may run ahead of the database.
      this.books.delete(marketId);
      let sequence = stored.next_sequence;
      const value = await work({ trx, state, nextSequence: () => sequence++ });
      await trx('market_books').where('market_id', marketId).update({ version: stored.version + 1, next_sequence: sequence });
      state.version = stored.version + 1;
      committed = state;
      return value;
    });
    if (committed) this.books.set(marketId, committed);
    return result;
  }

  private async current(trx: Knex.Transaction, marketId: string, version: number): Promise<MarketBook> {
    const cached = this.books.get(marketId);
    if (cached && cached.version === version) return cached;
    return this.rebuild(trx, marketId, version);
  }

  private async rebuild(trx: Knex.Transaction, marketId: string, version: number): Promise<MarketBook> {
    const resting = (await trx('orders')
      .where('market_id', marketId)
      .andWhere('remaining_quantity', '>', 0)
      .orderBy('sequence', 'asc')
      .select('id', 'user_id', 'side', 'price_ticks', 'remaining_quantity', 'time_in_force', 'expires_at_us')) as Pick<
      OrderRow,
      'id' | 'user_id' | 'side' | 'price_ticks' | 'remaining_quantity' | 'time_in_force' | 'expires_at_us'
    >[];
    const book = new FastOrderBook();
    let nextExpiryUs: number | null = null;
    for (const order of resting) {
      assert(order.price_ticks !== null, `resting order ${order.id} has no price`);
      const placed = book.place({ orderId: order.id, traderId: order.user_id, side: order.side, type: 'limit', priceTicks: order.price_ticks, quantity: order.remaining_quantity, timeInForce: 'gtc' });
      assert(placed.code === 'ok' && placed.fills.length === 0 && placed.restingQuantity === order.remaining_quantity, `stored book of ${marketId} is crossed at ${order.id}`);
      if (order.expires_at_us !== null && (nextExpiryUs === null || order.expires_at_us < nextExpiryUs)) nextExpiryUs = order.expires_at_us;
    }
    const last = (await trx('trades').where('market_id', marketId).orderBy('sequence', 'desc').first('price_ticks')) as { price_ticks: number } | undefined;
    return { book, version, lastTradeTicks: last?.price_ticks ?? null, nextExpiryUs };
  }
}
