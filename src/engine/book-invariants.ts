import type { PriceLevels } from './level.js';
import type { OrderIndex } from './order-index.js';
import { stopTriggered, type StopOrder } from './rules.js';
import type { BookSide } from './side.js';
import { none, type OrderSlots } from './slots.js';
import type { StopSide } from './stops.js';

/** The fast book's parts, as its consistency check reads them. */
interface BookParts {
  slots: OrderSlots;
  levels: PriceLevels;
  bids: BookSide;
  asks: BookSide;
  index: OrderIndex;
  buyStops: StopSide;
  sellStops: StopSide;
  stopIndex: ReadonlyMap<string, StopOrder>;
  lastTradeTicks: number | null;
  expiryBound: number | null;
}

/** Internal consistency, for tests: levels sum their orders, nothing crosses, the indexes are exact, no stop is due. */
export function bookProblems(book: BookParts): string[] {
  const problems: string[] = [];
  let indexed = 0;
  for (const side of [book.bids, book.asks]) indexed += sideProblems(book, side, problems);
  if (indexed !== book.index.size) problems.push(`index holds ${book.index.size} orders, levels ${indexed}`);
  const bid = book.bids.bestPrice();
  const ask = book.asks.bestPrice();
  if (bid !== null && ask !== null && bid >= ask) problems.push(`book is crossed: bid ${bid} >= ask ${ask}`);
  let stops = 0;
  for (const side of [book.buyStops, book.sellStops]) stops += stopProblems(book, side, problems);
  if (stops !== book.stopIndex.size) problems.push(`stop index holds ${book.stopIndex.size}, sides ${stops}`);
  return problems;
}

/** One side's levels, best first; returns how many orders rest on it. */
function sideProblems(book: BookParts, side: BookSide, problems: string[]): number {
  const { slots, levels } = book;
  let indexed = 0;
  let previousPrice: number | null = null;
  for (const level of side.bestFirst()) {
    const priceTicks = levels.price(level);
    if (levels.count(level) === 0) problems.push(`${side.side} level ${priceTicks} is empty but listed`);
    const betterFirst =
      previousPrice === null || (side.side === 'buy' ? previousPrice > priceTicks : previousPrice < priceTicks);
    if (!betterFirst) problems.push(`${side.side} levels out of order at ${priceTicks}`);
    previousPrice = priceTicks;
    let quantity = 0;
    let count = 0;
    let previous = none;
    for (let slot = levels.head(level); slot !== none; slot = slots.next(slot)) {
      const orderId = slots.orderId(slot);
      if (slots.remaining(slot) <= 0) problems.push(`order ${orderId} rests with ${slots.remaining(slot)}`);
      if (slots.level(slot) !== level || slots.price(slot) !== priceTicks || slots.side(slot) !== side.side)
        problems.push(`order ${orderId} is on the wrong level`);
      if (slots.previous(slot) !== previous) problems.push(`order ${orderId} is linked to the wrong previous order`);
      if (book.index.get(orderId) !== slot) problems.push(`order ${orderId} is not indexed`);
      if (expiresBeforeBound(book, slots.expiresAt(slot))) problems.push(`order ${orderId} expires before the bound`);
      quantity += slots.remaining(slot);
      count += 1;
      previous = slot;
    }
    indexed += count;
    if (quantity !== levels.quantity(level) || count !== levels.count(level))
      problems.push(`${side.side} level ${priceTicks} totals are wrong`);
  }
  return indexed;
}

/** One side's pending stops, in trigger order; returns how many wait on it. */
function stopProblems(book: BookParts, side: StopSide, problems: string[]): number {
  let stops = 0;
  let previous: StopOrder | undefined;
  for (const stop of side.inTriggerOrder()) {
    if (stop.side !== side.side) problems.push(`stop ${stop.orderId} is on the wrong side`);
    if (book.stopIndex.get(stop.orderId) !== stop) problems.push(`stop ${stop.orderId} is not indexed`);
    if (stopTriggered(stop.side, stop.stopTicks, book.lastTradeTicks))
      problems.push(`stop ${stop.orderId} is due at ${book.lastTradeTicks} but waits`);
    const inOrder =
      previous === undefined ||
      (previous.side === stop.side &&
        (stop.side === 'buy' ? previous.stopTicks <= stop.stopTicks : previous.stopTicks >= stop.stopTicks));
    if (!inOrder) problems.push(`stops out of order at ${stop.orderId}`);
    if (expiresBeforeBound(book, stop.expiresAt)) problems.push(`stop ${stop.orderId} expires before the bound`);
    previous = stop;
    stops += 1;
  }
  return stops;
}

function expiresBeforeBound(book: BookParts, expiresAt: number | null): boolean {
  return expiresAt !== null && (book.expiryBound === null || expiresAt < book.expiryBound);
}
