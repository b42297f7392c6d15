import type { FastOrderBook } from '../../engine/index.js';
import type { OrderRow } from '../../db/trading-rows.js';
import type { TradingBatch } from './batch.js';

/** A market's book as this process holds it, valid while `version` equals the stored one. */
export interface MarketBook {
  book: FastOrderBook;
  version: number;
  /**
   * The book for reads that change nothing (post-only's test, the next expiry): a command that only read it can still
   * be refused alone.
   */
  readonly readBook: FastOrderBook;
  /** Price of the last trade (the collar's and the stops' reference, as the book has it), null before the first. */
  lastTradeTicks: number | null;
  /** market_books.next_sequence at `version`: an order with a sequence from here on was (re)queued after it. */
  nextSequence: number;
  /**
   * The stored rows of open orders that this process's batches wrote, as of `version`: what settlement
   * reads of the makers it fills, without reading them again. A book caught up or built anew starts
   * without any (what another process wrote is read from the database).
   */
  readonly rows: Map<string, OrderRow>;
}

/**
 * A command's view of the market's book: it notes whether the command reached for the book, and
 * remembers the scalars, so that a refused command can be undone without rebuilding the book
 * when it never touched it.
 */
export function watch(state: MarketBook): { view: MarketBook; bookTouched(): boolean; restore(): void } {
  let touched = false;
  const { lastTradeTicks } = state;
  const view: MarketBook = {
    get book() {
      touched = true;
      return state.book;
    },
    get readBook() {
      return state.book;
    },
    get version() {
      return state.version;
    },
    get nextSequence() {
      return state.nextSequence;
    },
    get rows() {
      return state.rows;
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
  };
  return {
    view,
    bookTouched: () => touched,
    restore() {
      state.lastTradeTicks = lastTradeTicks;
    },
  };
}

/** What a market operation gets: the batch it joins, the book (already current) and the next sequence numbers. */
export interface MarketSession {
  batch: TradingBatch;
  state: MarketBook;
  /** Next time-priority / trade sequence number of this market. */
  nextSequence: () => number;
}
