// GENERATED, DO NOT EDIT. Source: sdk/typescript/streams/book.ts. Regenerate: npm run generate
// The order book of one market as a `market.book` subscriber keeps it: a `book_snapshot`, then the
// `book_update`s that follow it, each one more in `sequence` than the last.
import type { components } from './types.js';

type Schemas = components['schemas'];
export type BookSnapshot = Schemas['BookSnapshot'];
export type BookUpdate = Schemas['BookUpdate'];
export type BookLevelChange = Schemas['BookLevelChange'];
export type OrderBookLevel = Schemas['OrderBookLevel'];

/** What `apply` did with an update. */
export type BookApplied =
  /** the update was the next one: applied */
  | 'applied'
  /** at or below the book's sequence: already in it, ignored */
  | 'stale'
  /** past the next sequence: updates were missed; the book is stale until a fresh snapshot */
  | 'gap'
  /** no snapshot yet (or waiting for a fresh one after a gap): ignored */
  | 'waiting';

interface Level {
  quantity: number;
  order_count: number;
}

/** Prices are decimal strings with at most 4 decimals: compared in ticks of 0.0001. */
const ticks = (price: string): number => Math.round(Number(price) * 10_000);

/**
 * One market's book as `GET /v1/markets/{market_id}/orderbook` shows it, rebuilt from the stream:
 * a level carries what rests at its price now, and quantity 0 removes it. After a gap the book
 * keeps its last good state (`stale` is true) until the next snapshot.
 */
export class StreamBook {
  private readonly sides = { buy: new Map<string, Level>(), sell: new Map<string, Level>() };
  /** The sequence of the last snapshot or update applied; null before the first snapshot. */
  sequence: number | null = null;
  /** True from a gap until the next snapshot. */
  stale = false;
  updatedAt: string | null = null;

  constructor(readonly marketId: string) {}

  /** Replaces the book with a snapshot. */
  reset(snapshot: BookSnapshot): void {
    for (const side of ['buy', 'sell'] as const) {
      this.sides[side].clear();
      for (const l of snapshot[side])
        if (l.quantity > 0) this.sides[side].set(l.price, { quantity: l.quantity, order_count: l.order_count });
    }
    this.sequence = snapshot.sequence;
    this.updatedAt = snapshot.updated_at;
    this.stale = false;
  }

  /** Applies an update if it is the next one; says what it did. */
  apply(update: BookUpdate): BookApplied {
    if (this.sequence === null || this.stale) return 'waiting';
    if (update.sequence <= this.sequence) return 'stale';
    if (update.sequence !== this.sequence + 1) {
      this.stale = true;
      return 'gap';
    }
    for (const side of ['buy', 'sell'] as const) {
      for (const l of update[side]) {
        if (l.quantity === 0) this.sides[side].delete(l.price);
        else this.sides[side].set(l.price, { quantity: l.quantity, order_count: l.order_count });
      }
    }
    this.sequence = update.sequence;
    return 'applied';
  }

  /** The levels of a side, best first, with the running `total` the orderbook endpoint shows. */
  levels(side: 'buy' | 'sell', limit = Infinity): OrderBookLevel[] {
    const sorted = [...this.sides[side]].sort(([a], [b]) =>
      side === 'buy' ? ticks(b) - ticks(a) : ticks(a) - ticks(b),
    );
    let total = 0;
    return sorted
      .slice(0, limit)
      .map(([price, l]) => ({ price, quantity: l.quantity, total: (total += l.quantity), order_count: l.order_count }));
  }

  get highestBid(): string | null {
    return this.levels('buy', 1)[0]?.price ?? null;
  }

  get lowestAsk(): string | null {
    return this.levels('sell', 1)[0]?.price ?? null;
  }

  /** The book in the shape of the orderbook endpoint's `data` (every level), with its sequence. */
  snapshot(): {
    market_id: string;
    sequence: number | null;
    buy: OrderBookLevel[];
    sell: OrderBookLevel[];
    highest_bid: string | null;
    lowest_ask: string | null;
  } {
    return {
      market_id: this.marketId,
      sequence: this.sequence,
      buy: this.levels('buy'),
      sell: this.levels('sell'),
      highest_bid: this.highestBid,
      lowest_ask: this.lowestAsk,
    };
  }
}
