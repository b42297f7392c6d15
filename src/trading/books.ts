import { setImmediate } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { advanceMarketBook, findMarketBook, inCommandSavepoint, lastTradePriceTicks, lockTrading, restingOrdersPage, type RestingOrderRow } from '../db/orders.js';
import { poolSql, sqlOf } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { FastOrderBook } from './engine/index.js';

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

/**
 * A command's view of the market's book: it notes whether the command reached for the book, and
 * remembers the scalars, so that a refused command can be undone without rebuilding the book
 * when it never touched it.
 */
function watch(state: MarketBook): { view: MarketBook; bookTouched(): boolean; restore(): void } {
  let touched = false;
  const { lastTradeTicks, nextExpiryUs } = state;
  const view: MarketBook = {
    get book() {
      touched = true;
      return state.book;
    },
    get version() {
      return state.version;
    },
    set version(value) {
      state.version = value;
    },
    get lastTradeTicks() {
      return state.lastTradeTicks;
    },
    set lastTradeTicks(value) {
      state.lastTradeTicks = value;
    },
    get nextExpiryUs() {
      return state.nextExpiryUs;
    },
    set nextExpiryUs(value) {
      state.nextExpiryUs = value;
    },
  };
  return {
    view,
    bookTouched: () => touched,
    restore() {
      state.lastTradeTicks = lastTradeTicks;
      state.nextExpiryUs = nextExpiryUs;
    },
  };
}

/** What a market operation gets: the open transaction, the book (already current) and the next sequence numbers. */
export interface MarketSession {
  trx: Knex.Transaction;
  state: MarketBook;
  /** Next time-priority / trade sequence number of this market. */
  nextSequence(): number;
}

interface Command {
  marketId: string;
  work: (session: MarketSession) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A market as one batch sees it: the stored row it read, the sequence it hands out, its book. */
interface BatchMarket {
  version: number;
  sequence: number;
  /** Undefined after a command that changed the book failed: rebuilt before the next one. */
  state: MarketBook | undefined;
}

/** Commands committed together at most; a batch's commands wait for its one commit. */
const batchSizeMax = 64;


/**
 * Matching is serialised: in this process by one queue, across processes by a PostgreSQL
 * advisory lock taken inside the transaction (SQLite has one writer anyway). The book of each
 * market lives in memory; `market_books.version` says whether another process changed it since,
 * and if so it is rebuilt from the resting orders.
 *
 * Commands that queue up while a transaction runs are committed together (group commit), each in
 * its own savepoint: a refused command rolls back alone, and every command is answered only once
 * the shared commit has landed.
 *
 * One lock for all markets, not one per market: a fill updates rows that other markets' fills
 * update too (traders' USD accounts, the fee account), in an order no market controls, so on
 * PostgreSQL markets running side by side deadlocked all the time (measured over nine markets:
 * 11 orders/s, p99 14 s, and 500s once the retries ran out). Serialised, no trading transaction
 * waits on another, and group commit pays for the lock once per batch.
 */
export class BookRegistry {
  private readonly books = new Map<string, MarketBook>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Markets whose book the batch in flight holds (and so this map does not, until it commits). */
  private readonly inBatch = new Set<string>();
  private readonly queue: Command[] = [];
  private draining = false;

  constructor(private readonly db: Db) {}

  /**
   * A market whose book this process does not hold loads it before its command joins the queue
   * (`load`), so that building a deep book keeps neither the queue nor its transaction waiting:
   * other markets' commands go on committing meanwhile.
   */
  async run<T>(marketId: string, work: (session: MarketSession) => Promise<T>): Promise<T> {
    if (!this.books.has(marketId) && !this.inBatch.has(marketId)) await this.load(marketId);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ marketId, work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  /**
   * Builds the market's book from its resting orders outside any transaction, in steps that let
   * other requests run between them, and keeps it with the version read before the rows: if
   * anything changed the book meanwhile, the version no longer matches and the transaction
   * rebuilds it (`current`). Commands of one market share one load; a failed load is only a missed
   * shortcut.
   */
  private load(marketId: string): Promise<void> {
    let pending = this.loading.get(marketId);
    if (!pending) {
      pending = (async () => {
        const sql = poolSql(this.db);
        const stored = await findMarketBook(sql, marketId);
        if (!stored) return;
        const state = await buildBook(marketId, stored.version, (after) => restingOrdersPage(sql, marketId, after, buildStep), await lastTradePriceTicks(sql, marketId));
        const held = this.books.get(marketId);
        if (!held || held.version < state.version) this.books.set(marketId, state);
      })()
        .catch(() => undefined)
        .finally(() => this.loading.delete(marketId));
      this.loading.set(marketId, pending);
    }
    return pending;
  }

  /** Forget every cached book (tests that change rows behind the service's back). */
  invalidate(): void {
    this.books.clear();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      // Let the requests that arrived with this one reach the queue first (their checks run to
      // the queue without waiting on I/O), so that they commit together with it.
      await setImmediate();
      while (this.queue.length > 0) await this.commit();
    } finally {
      this.draining = false;
    }
  }

  /**
   * The batch is taken from the queue once the transaction has its connection: commands that
   * arrive while it waits for one (on SQLite, behind other requests' statements on the single
   * connection) join it, instead of each waiting for a commit of its own.
   *
   * A transaction that loses a deadlock to another writer of the ledger (a transfer, a deposit)
   * runs again, with the same batch: nothing is acknowledged before the commit.
   */
  private async commit(): Promise<void> {
    let batch: Command[] = [];
    const take = (): Command[] => {
      if (batch.length === 0) batch = this.queue.splice(0, batchSizeMax);
      return batch;
    };
    for (let attempt = 1; ; attempt++) {
      let outcomes: Outcome[];
      let markets: Map<string, BatchMarket>;
      try {
        [outcomes, markets] = await this.transactOnce(take);
      } catch (error) {
        for (const command of batch) this.books.delete(command.marketId);
        this.inBatch.clear();
        if (attempt < transactionAttemptsMax && isRetryable(error)) continue;
        // A transaction that failed before taking its batch (no connection) fails the next one.
        for (const command of take()) command.reject(error);
        return;
      }
      for (const [marketId, market] of markets) if (market.state) this.books.set(marketId, market.state);
      this.inBatch.clear();
      batch.forEach((command, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) command.resolve(outcome.value);
        else command.reject(outcome.error);
      });
      return;
    }
  }

  private async transactOnce(take: () => Command[]): Promise<[Outcome[], Map<string, BatchMarket>]> {
    const markets = new Map<string, BatchMarket>();
    const outcomes: Outcome[] = [];
    await this.db.transaction(async (trx) => {
      await lockTrading(await sqlOf(trx));
      const batch = take();
      for (const command of batch) outcomes.push(await this.execute(trx, command, markets, batch.length === 1));
      const sql = await sqlOf(trx);
      for (const [marketId, market] of markets) {
        await advanceMarketBook(sql, marketId, market.version + 1, market.sequence);
        if (market.state) market.state.version = market.version + 1;
      }
    });
    return [outcomes, markets];
  }

  /** One command in its savepoint; its refusal is its outcome, a retryable failure the batch's. */
  private async execute(trx: Knex.Transaction, command: Command, markets: Map<string, BatchMarket>, alone: boolean): Promise<Outcome> {
    const { marketId } = command;
    let market = markets.get(marketId);
    if (!market) {
      const stored = await findMarketBook(await sqlOf(trx), marketId);
      assert(stored, `market ${marketId} has no market_books row`);
      market = { version: stored.version, sequence: stored.next_sequence, state: await this.current(trx, marketId, stored.version) };
      // Until the commit lands, the in-memory book may run ahead of the database.
      this.books.delete(marketId);
      this.inBatch.add(marketId);
      markets.set(marketId, market);
    }
    const state = market.state ?? (await this.rebuild(trx, marketId, market.version));
    market.state = state;
    const owner = market;
    // Alone in its transaction, a command needs no savepoint: its failure rolls back the whole.
    if (alone) return { ok: true, value: await command.work({ trx, state, nextSequence: () => owner.sequence++ }) };
    const watched = watch(state);
    try {
      const value = await inCommandSavepoint(await sqlOf(trx), () => command.work({ trx, state: watched.view, nextSequence: () => owner.sequence++ }));
      return { ok: true, value };
    } catch (error) {
      if (isRetryable(error)) throw error;
      // The savepoint is rolled back; so is the book, by rebuilding it if the command touched it.
      if (watched.bookTouched()) market.state = undefined;
      else watched.restore();
      return { ok: false, error };
    }
  }

  private async current(trx: Knex.Transaction, marketId: string, version: number): Promise<MarketBook> {
    const cached = this.books.get(marketId);
    if (cached && cached.version === version) return cached;
    return this.rebuild(trx, marketId, version);
  }
  private async rebuild(trx: Knex.Transaction, marketId: string, version: number): Promise<MarketBook> {
    const sql = await sqlOf(trx);
    return buildBook(marketId, version, (after) => restingOrdersPage(sql, marketId, after, buildStep), await lastTradePriceTicks(sql, marketId));
  }

}

/** Orders read and placed between turns of the event loop while a book is built: a deep book is built in pages of this many. */
const buildStep = 1_000;

/** The book from its resting orders, read page by page in time priority, letting other requests run between pages. */
async function buildBook(marketId: string, version: number, pageAfter: (sequence: number) => Promise<RestingOrderRow[]>, lastTradeTicks: number | null): Promise<MarketBook> {
  const book = new FastOrderBook();
  let nextExpiryUs: number | null = null;
  for (let after = 0, first = true; ; first = false) {
    if (!first) await setImmediate();
    const page = await pageAfter(after);
    for (const order of page) {
      assert(order.price_ticks !== null, `resting order ${order.id} has no price`);
      const placed = book.place({ orderId: order.id, traderId: order.user_id, side: order.side, type: 'limit', priceTicks: order.price_ticks, quantity: order.remaining_quantity, timeInForce: 'gtc' });
      assert(placed.code === 'ok' && placed.fills.length === 0 && placed.restingQuantity === order.remaining_quantity, `stored book of ${marketId} is crossed at ${order.id}`);
      if (order.expires_at_us !== null && (nextExpiryUs === null || order.expires_at_us < nextExpiryUs)) nextExpiryUs = order.expires_at_us;
      after = order.sequence;
    }
    if (page.length < buildStep) return { book, version, lastTradeTicks, nextExpiryUs };
  }
}
