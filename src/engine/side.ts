import { present } from './invariant.js';
import { PriceLevel } from './level.js';
import type { Side } from './types.js';

/**
 * One side of a book: its price levels sorted worst first, so the best level is the last element
 * and leaves in O(1) when it empties (the common case while matching).
 */
export class BookSide {
  private readonly levels: PriceLevel[] = [];

  constructor(readonly side: Side) {}

  /** Sort key: ascending = worse to better. Bids get better as price rises, asks as it falls. */
  private key(priceTicks: number): number {
    return this.side === 'buy' ? priceTicks : -priceTicks;
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  isEmpty(): boolean {
    return this.levels.length === 0;
  }

  /** Index of the level with this price, or of where it would go (as ~index) when absent. */
  private search(priceTicks: number): number {
    const key = this.key(priceTicks);
    let low = 0;
    let high = this.levels.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const middleKey = this.key(this.levelOf(middle).priceTicks);
      if (middleKey < key) low = middle + 1;
      else if (middleKey > key) high = middle - 1;
      else return middle;
    }
    return ~low;
  }

  /** The level with this price, if any (it is not created). */
  find(priceTicks: number): PriceLevel | undefined {
    const index = this.search(priceTicks);
    return index >= 0 ? this.levels[index] : undefined;
  }

  levelAt(priceTicks: number): PriceLevel {
    const best = this.best();
    if (best && best.priceTicks === priceTicks) return best;
    const index = this.search(priceTicks);
    if (index >= 0) return this.levelOf(index);
    const level = new PriceLevel(priceTicks);
    this.levels.splice(~index, 0, level);
    return level;
  }

  removeLevel(level: PriceLevel): void {
    if (this.levels[this.levels.length - 1] === level) {
      this.levels.pop();
      return;
    }
    const index = this.search(level.priceTicks);
    if (index >= 0) this.levels.splice(index, 1);
  }

  /** Levels best first. */
  *bestFirst(): IterableIterator<PriceLevel> {
    for (let i = this.levels.length - 1; i >= 0; i -= 1) yield this.levelOf(i);
  }

  /** The level at an index the caller computed in range. */
  private levelOf(index: number): PriceLevel {
    return present(this.levels[index], 'a level index in range');
  }

  levelCount(): number {
    return this.levels.length;
  }

  /** Orders resting on this side: a sum over the levels, no per-order walk. */
  orderCount(): number {
    let count = 0;
    for (const level of this.levels) count += level.count;
    return count;
  }
}
