import type { PriceLevels } from './level.js';
import { none } from './slots.js';
import type { Side } from './types.js';

/**
 * One side of a book: its price levels sorted worst first, so the best level is the last element
 * and leaves in O(1) when it empties (the common case while matching). The prices sit in their own
 * dense array beside the level numbers, so a search reads no level record.
 */
export class BookSide {
  private readonly prices: number[] = [];
  private readonly numbers: number[] = [];

  constructor(
    readonly side: Side,
    private readonly levels: PriceLevels,
  ) {}

  /** Sort key: ascending = worse to better. Bids get better as price rises, asks as it falls. */
  private key(priceTicks: number): number {
    return this.side === 'buy' ? priceTicks : -priceTicks;
  }

  /** The best level's number, `none` when the side is empty. */
  best(): number {
    return this.numbers[this.numbers.length - 1] ?? none;
  }

  /** The best price, null when the side is empty. */
  bestPrice(): number | null {
    return this.prices[this.prices.length - 1] ?? null;
  }

  /** Index of the level with this price, or of where it would go (as ~index) when absent. */
  private search(priceTicks: number): number {
    const key = this.key(priceTicks);
    let low = 0;
    let high = this.prices.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const middleKey = this.key(this.prices[middle] ?? NaN);
      if (middleKey < key) low = middle + 1;
      else if (middleKey > key) high = middle - 1;
      else return middle;
    }
    return ~low;
  }

  /** The level with this price, `none` if nothing rests there (it is not created). */
  find(priceTicks: number): number {
    const index = this.search(priceTicks);
    return index >= 0 ? (this.numbers[index] ?? none) : none;
  }

  /** The level with this price, opened when there is none yet. */
  levelAt(priceTicks: number): number {
    if (this.prices[this.prices.length - 1] === priceTicks) return this.best();
    const index = this.search(priceTicks);
    if (index >= 0) return this.numbers[index] ?? none;
    const level = this.levels.open(priceTicks);
    this.prices.splice(~index, 0, priceTicks);
    this.numbers.splice(~index, 0, level);
    return level;
  }

  /** Takes an emptied level off the side and frees its number. */
  removeLevel(level: number): void {
    if (this.best() === level) {
      this.prices.pop();
      this.numbers.pop();
    } else {
      const index = this.search(this.levels.price(level));
      if (index >= 0) {
        this.prices.splice(index, 1);
        this.numbers.splice(index, 1);
      }
    }
    this.levels.close(level);
  }

  /** Level numbers best first. */
  *bestFirst(): IterableIterator<number> {
    for (let i = this.numbers.length - 1; i >= 0; i -= 1) yield this.numbers[i] ?? none;
  }

  levelCount(): number {
    return this.numbers.length;
  }

  /** Orders resting on this side: a sum over the levels, no per-order walk. */
  orderCount(): number {
    let count = 0;
    for (const level of this.numbers) count += this.levels.count(level);
    return count;
  }
}
