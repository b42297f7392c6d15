import { bookProblems } from './book-invariants.js';
import { present } from './invariant.js';
import { PriceLevels } from './level.js';
import { closureOf, fillable, newWalk, preventSelfTrade, startWalk, trade, type MakerStore } from './matching.js';
import {
  amended,
  closedExecution,
  keptPlace,
  noFills,
  noPreventions,
  noTriggers,
  pendingExecution,
  placed,
  stopView,
} from './results.js';
import { OrderIndex } from './order-index.js';
import { BookSide } from './side.js';
import { none, OrderSlots } from './slots.js';
import { StopSide } from './stops.js';
import {
  crosses,
  expiresBefore,
  stopOf,
  stopTriggered,
  takerOf,
  takerOfStop,
  validateAmend,
  validatePlace,
  type StopOrder,
  type Taker,
} from './rules.js';
import type {
  AmendCommand,
  AmendResult,
  CancelResult,
  ClosureReason,
  Expiry,
  LevelView,
  OrderBook,
  Outcome,
  PendingStopView,
  PlaceCommand,
  PlaceResult,
  RestingOrderView,
  Side,
  TriggeredExecution,
} from './types.js';

/** A taker's trader number not looked up yet (`none` is a trader with nothing resting). */
const unknownTrader = -2;

/**
 * The fast book: price levels in a sorted array per side, a FIFO linked list per level and an
 * index by order id, so best price, append and cancel are O(1) and a new level is O(levels).
 * Orders and levels are numbered records in dense typed arrays (slots.ts, level.ts), not objects:
 * a deep book's operations touch a few cache lines instead of chasing pointers over the heap.
 * Pending stops wait in a sorted array per side (stops.ts), looked at only after a trade.
 */
export class FastOrderBook implements OrderBook {
  private readonly slots = new OrderSlots();
  private readonly levels = new PriceLevels(this.slots);
  private readonly bids = new BookSide('buy', this.levels);
  private readonly asks = new BookSide('sell', this.levels);
  /** Order id → slot of every resting order (and of an amended order between leaving its level and resting again). */
  private readonly index = new OrderIndex(this.slots);
  private readonly makers: MakerStore = { slots: this.slots, levels: this.levels };
  private readonly buyStops = new StopSide('buy');
  private readonly sellStops = new StopSide('sell');
  private readonly stopIndex = new Map<string, StopOrder>();
  private stopArrivals = 0;
  /** The walk of the execution under way, reused so that matching allocates nothing of its own (matching.ts). */
  private readonly walk = newWalk();
  private lastTradeTicks: number | null;
  /** A lower bound of the earliest expiry (what expired or left may have been it); null: nothing expires. */
  private expiryBound: number | null = null;

  constructor(options: { lastTradeTicks?: number | null } = {}) {
    this.lastTradeTicks = options.lastTradeTicks ?? null;
  }

  place(command: PlaceCommand): PlaceResult {
    const invalid = validatePlace(command);
    if (invalid) return { code: invalid };
    if (this.index.has(command.orderId) || (this.stopIndex.size > 0 && this.stopIndex.has(command.orderId)))
      return { code: 'duplicate_order_id' };
    if (command.type === 'stop' || command.type === 'stop_limit') {
      const stop = stopOf(command, this.stopArrivals + 1);
      if (stopTriggered(stop.side, stop.stopTicks, this.lastTradeTicks)) return { code: 'stop_would_trigger' };
      this.stopArrivals = stop.arrival;
      this.stopsOf(stop.side).add(stop);
      this.stopIndex.set(stop.orderId, stop);
      this.noteExpiry(stop.expiresAt);
      return placed({ ...pendingExecution(stop.quantity), triggered: noTriggers });
    }
    if (command.postOnly === true && this.wouldTake(command.side, present(command.priceTicks, 'post-only is a limit')))
      return { code: 'post_only_would_take' };
    return placed(this.executeWithTriggers(takerOf(command)));
  }

  cancel(orderId: string, traderId: string): CancelResult {
    const slot = this.index.get(orderId);
    if (slot !== none && this.slots.traderId(slot) === traderId) {
      const cancelledQuantity = this.slots.remaining(slot);
      this.unlink(slot);
      return { code: 'ok', cancelledQuantity };
    }
    const stop = this.stopIndex.get(orderId);
    if (stop && stop.traderId === traderId) {
      this.removeStop(stop);
      return { code: 'ok', cancelledQuantity: stop.quantity };
    }
    return { code: 'unknown_order' };
  }

  amend(command: AmendCommand): AmendResult {
    const invalid = validateAmend(command);
    if (invalid) return { code: invalid };
    const { slots } = this;
    const slot = this.index.get(command.orderId);
    if (slot === none || slots.traderId(slot) !== command.traderId) return { code: 'unknown_order' };
    const priceTicks = slots.price(slot);
    const remaining = slots.remaining(slot);
    if (command.priceTicks === priceTicks && command.remaining <= remaining) {
      // Less at the same price keeps the place in the queue.
      this.levels.reduce(slots.level(slot), remaining - command.remaining);
      slots.setRemaining(slot, command.remaining);
      return keptPlace(command.remaining);
    }
    const side = slots.side(slot);
    const postOnly = slots.postOnly(slot);
    if (postOnly && command.priceTicks !== priceTicks && this.wouldTake(side, command.priceTicks))
      return { code: 'post_only_would_take' };
    // The order leaves its level but keeps its index entry and its slot: if it rests again, it is
    // re-queued as it is, sparing a deep book's index a delete and an insert.
    this.leaveLevel(slot);
    const outcome = this.executeWithTriggers(
      {
        orderId: command.orderId,
        traderId: command.traderId,
        side,
        type: 'limit',
        limitTicks: command.priceTicks,
        quantity: command.remaining,
        timeInForce: 'gtc',
        quoteBudget: null,
        selfTradePrevention: slots.selfTradePrevention(slot),
        postOnly,
        expiresAt: slots.expiresAt(slot),
      },
      slot,
    );
    return amended(false, outcome);
  }

  expire(now: number): Expiry[] {
    if (this.expiryBound === null || this.expiryBound > now) return [];
    const due: (Expiry & { expiresAt: number })[] = [];
    let bound: number | null = null;
    const consider = (orderId: string, traderId: string, quantity: number, expiresAt: number | null) => {
      if (expiresAt === null) return;
      if (expiresAt <= now) due.push({ orderId, traderId, quantity, expiresAt });
      else if (bound === null || expiresAt < bound) bound = expiresAt;
    };
    const { slots } = this;
    for (const slot of this.index.indexedSlots())
      consider(slots.orderId(slot), slots.traderId(slot), slots.remaining(slot), slots.expiresAt(slot));
    for (const stop of this.stopIndex.values()) consider(stop.orderId, stop.traderId, stop.quantity, stop.expiresAt);
    due.sort(expiresBefore);
    for (const expiry of due) this.cancel(expiry.orderId, expiry.traderId);
    this.expiryBound = bound;
    return due.map(({ orderId, traderId, quantity }) => ({ orderId, traderId, quantity }));
  }

  nextExpiry(): number | null {
    return this.expiryBound;
  }

  lastTrade(): number | null {
    return this.lastTradeTicks;
  }

  /** The last trade price as the store has it, when another process traded on this market (books.ts catch-up). */
  setLastTrade(priceTicks: number | null): void {
    this.lastTradeTicks = priceTicks;
  }

  bestBid(): number | null {
    return this.bids.bestPrice();
  }

  bestAsk(): number | null {
    return this.asks.bestPrice();
  }

  wouldTake(side: Side, limitTicks: number): boolean {
    const best = this.sideOf(side === 'buy' ? 'sell' : 'buy').bestPrice();
    return best !== null && crosses(side, limitTicks, best);
  }

  depth(side: Side, levels: number): LevelView[] {
    const views: LevelView[] = [];
    for (const level of this.sideOf(side).bestFirst()) {
      if (views.length >= levels) break;
      views.push(this.levelView(level));
    }
    return views;
  }

  /** The level at this price on one side, if anything rests there. */
  level(side: Side, priceTicks: number): LevelView | undefined {
    const level = this.sideOf(side).find(priceTicks);
    return level === none ? undefined : this.levelView(level);
  }

  private levelView(level: number): LevelView {
    const { levels } = this;
    return { priceTicks: levels.price(level), quantity: levels.quantity(level), orderCount: levels.count(level) };
  }

  /** How many orders rest on one side, without listing them. */
  restingCount(side: Side): number {
    return this.sideOf(side).orderCount();
  }

  order(orderId: string): RestingOrderView | undefined {
    const slot = this.index.get(orderId);
    return slot === none ? undefined : this.slots.view(slot);
  }

  orders(side: Side): RestingOrderView[] {
    const { slots } = this;
    const views: RestingOrderView[] = [];
    for (const level of this.sideOf(side).bestFirst()) {
      for (let slot = this.levels.head(level); slot !== none; slot = slots.next(slot)) views.push(slots.view(slot));
    }
    return views;
  }

  stop(orderId: string): PendingStopView | undefined {
    const stop = this.stopIndex.get(orderId);
    return stop && stopView(stop);
  }

  stops(side: Side): PendingStopView[] {
    return [...this.stopsOf(side).inTriggerOrder()].map(stopView);
  }

  /**
   * Internal consistency, for tests: levels sum their orders, nothing crosses, the indexes are exact, no stop is due.
   */
  checkInvariants(): string[] {
    return bookProblems({
      slots: this.slots,
      levels: this.levels,
      bids: this.bids,
      asks: this.asks,
      index: this.index,
      buyStops: this.buyStops,
      sellStops: this.sellStops,
      stopIndex: this.stopIndex,
      lastTradeTicks: this.lastTradeTicks,
      expiryBound: this.expiryBound,
    });
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private stopsOf(side: Side): StopSide {
    return side === 'buy' ? this.buyStops : this.sellStops;
  }

  private noteExpiry(expiresAt: number | null): void {
    if (expiresAt !== null && (this.expiryBound === null || expiresAt < this.expiryBound)) this.expiryBound = expiresAt;
  }

  /** Takes the order off the book: out of its level, the index and its slot. */
  private unlink(slot: number): void {
    this.leaveLevel(slot);
    this.index.delete(this.slots.orderId(slot));
    this.slots.release(slot);
  }

  /** Takes the order out of its level's queue (and the level off its side when it empties); the index keeps it. */
  private leaveLevel(slot: number): void {
    const level = this.slots.level(slot);
    this.levels.remove(slot);
    if (this.levels.count(level) === 0) this.sideOf(this.slots.side(slot)).removeLevel(level);
  }

  private removeStop(stop: StopOrder): void {
    this.stopsOf(stop.side).remove(stop);
    this.stopIndex.delete(stop.orderId);
  }

  /**
   * The taker's execution, then the stops its trades triggered, each executed in trigger order;
   * a triggered stop's own trades may trigger more, which queue behind. Stops are looked at only
   * after an execution that traded.
   */
  private executeWithTriggers(taker: Taker, requeued = none): Outcome {
    const outcome = this.execute(taker, requeued);
    if (outcome.fills.length === 0 || !this.anyStopTriggered()) return outcome;
    const queue: StopOrder[] = [];
    this.collectTriggered(queue);
    const triggered: TriggeredExecution[] = [];
    for (let i = 0; i < queue.length; i += 1) {
      const stop = present(queue[i], 'a queued stop in range');
      const { triggered: _none, ...stopped } = this.execute(takerOfStop(stop));
      triggered.push({ orderId: stop.orderId, traderId: stop.traderId, ...stopped });
      if (stopped.fills.length > 0) this.collectTriggered(queue);
    }
    if (triggered.length > 0) outcome.triggered = triggered;
    return outcome;
  }

  /** Whether the last trade reached a pending stop: a look at the next stop of each side, no allocation. */
  private anyStopTriggered(): boolean {
    const last = this.lastTradeTicks;
    return last !== null && (this.buyStops.hasTriggered(last) || this.sellStops.hasTriggered(last));
  }

  /** Moves every stop the last trade price has reached out of the pending stops, buys first. */
  private collectTriggered(into: StopOrder[]): void {
    if (this.lastTradeTicks === null) return;
    const from = into.length;
    this.buyStops.popTriggered(this.lastTradeTicks, into);
    this.sellStops.popTriggered(this.lastTradeTicks, into);
    for (let i = from; i < into.length; i += 1)
      this.stopIndex.delete(present(into[i], 'a popped stop in range').orderId);
  }

  /**
   * One incoming order against the book; `triggered` is left empty for the caller. `requeued`: the
   * slot of the amended order this taker is, out of its level but still indexed, rested again or dropped here.
   */
  private execute(taker: Taker, requeued = none): Outcome {
    const { slots, levels } = this;
    const opposite = this.sideOf(taker.side === 'buy' ? 'sell' : 'buy');
    if (taker.timeInForce === 'fok' && fillable(opposite, this.makers, taker) < taker.quantity) {
      return { ...closedExecution(taker.quantity, 'fok_unfilled'), triggered: noTriggers };
    }
    const walk = startWalk(this.walk, taker);
    // Looked up once the taker meets a maker: most amends and new orders rest without meeting one.
    let trader = unknownTrader;
    while (walk.remaining > 0) {
      const level = opposite.best();
      if (level === none) break;
      if (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, levels.price(level))) break;
      if (trader === unknownTrader) trader = slots.traderNumber(taker.traderId);
      const maker = levels.head(level);
      const goesOn =
        slots.trader(maker) === trader
          ? preventSelfTrade(walk, taker.selfTradePrevention, this.makers, maker)
          : trade(walk, taker, this.makers, maker);
      if (slots.remaining(maker) === 0) this.unlink(maker);
      if (!goesOn) break;
    }
    if (walk.lastPriceTicks !== null) this.lastTradeTicks = walk.lastPriceTicks;
    let closureReason: ClosureReason | null = walk.closureReason;
    let restingQuantity = 0;
    let closedQuantity = 0;
    if (walk.remaining > 0) {
      closureReason = closureOf(walk, taker);
      if (closureReason !== null) closedQuantity = walk.remaining;
      else {
        this.rest(taker, walk.remaining, requeued);
        restingQuantity = walk.remaining;
      }
    }
    if (restingQuantity === 0 && requeued !== none) {
      this.index.delete(taker.orderId);
      slots.release(requeued);
    }
    return {
      fills: walk.fills ?? noFills,
      restingQuantity,
      closedQuantity,
      closureReason,
      prevented: walk.prevented ?? noPreventions,
      decrementedQuantity: walk.decrementedQuantity,
      pendingQuantity: 0,
      triggered: noTriggers,
    };
  }

  /** Rests what is left of the taker last at its limit: in the amended order's slot, or in a new one. */
  private rest(taker: Taker, remaining: number, requeued: number): void {
    const level = this.sideOf(taker.side).levelAt(present(taker.limitTicks, 'a resting taker has a limit'));
    const slot = requeued !== none ? requeued : this.slots.allocate(taker);
    this.slots.setRemaining(slot, remaining);
    this.levels.append(level, slot);
    if (requeued === none) this.index.add(taker.orderId, slot);
    this.noteExpiry(taker.expiresAt);
  }
}
