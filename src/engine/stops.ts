import { present } from './invariant.js';
import { stopTriggered, triggersBefore, type StopOrder } from './rules.js';
import type { Side } from './types.js';

/**
 * One side's pending stops, sorted so that the next to trigger is the last element: a check after
 * a trade pops from the end while the last trade price crosses, in O(1) per stop triggered and
 * O(1) when none is. Adding or cancelling is a binary search and a splice.
 */
export class StopSide {
  private readonly stops: StopOrder[] = [];

  constructor(readonly side: Side) {}

  /** Index of the stop, or ~index of where it would go. */
  private search(stop: StopOrder): number {
    let low = 0;
    let high = this.stops.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const other = this.stopOf(middle);
      if (other === stop) return middle;
      // Later in the array = triggers sooner.
      if (triggersBefore(stop, other)) low = middle + 1;
      else high = middle - 1;
    }
    return ~low;
  }

  add(stop: StopOrder): void {
    const index = this.search(stop);
    this.stops.splice(index >= 0 ? index : ~index, 0, stop);
  }

  remove(stop: StopOrder): void {
    const index = this.search(stop);
    if (index >= 0) this.stops.splice(index, 1);
  }

  /** Whether the next stop to trigger has been reached (nothing is taken off). */
  hasTriggered(lastTradeTicks: number): boolean {
    const next = this.stops[this.stops.length - 1];
    return next !== undefined && stopTriggered(this.side, next.stopTicks, lastTradeTicks);
  }

  /** Takes off, in trigger order, every stop the last trade price has reached. */
  popTriggered(lastTradeTicks: number, into: StopOrder[]): void {
    for (
      let next = this.stops[this.stops.length - 1];
      next && stopTriggered(this.side, next.stopTicks, lastTradeTicks);
      next = this.stops[this.stops.length - 1]
    ) {
      this.stops.pop();
      into.push(next);
    }
  }

  /** Stops in trigger order. */
  *inTriggerOrder(): IterableIterator<StopOrder> {
    for (let i = this.stops.length - 1; i >= 0; i -= 1) yield this.stopOf(i);
  }

  /** The stop at an index the caller computed in range. */
  private stopOf(index: number): StopOrder {
    return present(this.stops[index], 'a stop index in range');
  }
}
