import { bookProblems } from './book-invariants.js';
import { present } from './invariant.js';
import type { RestingOrder } from './level.js';
import { closureOf, fillable, newWalk, preventSelfTrade, startWalk, trade } from './matching.js';
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
  view,
} from './results.js';
import { BookSide } from './side.js';
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

/**
 * The fast book: price levels in a sorted array per side, a FIFO linked list per level and an
 * index by order id, so best price, append and cancel are O(1) and a new level is O(levels).
 * Pending stops wait in a sorted array per side (stops.ts), looked at only after a trade.
 */
export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly index = new Map<string, RestingOrder>();
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
    if (this.index.has(command.orderId) || this.stopIndex.has(command.orderId)) return { code: 'duplicate_order_id' };
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
    const order = this.index.get(orderId);
    if (order && order.traderId === traderId) {
      const cancelledQuantity = order.remaining;
      this.unlink(order);
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
    const order = this.index.get(command.orderId);
    if (!order || order.traderId !== command.traderId) return { code: 'unknown_order' };
    if (command.priceTicks === order.priceTicks && command.remaining <= order.remaining) {
      // Less at the same price keeps the place in the queue.
      order.level.quantity -= order.remaining - command.remaining;
      order.remaining = command.remaining;
      return keptPlace(order.remaining);
    }
    if (order.postOnly && command.priceTicks !== order.priceTicks && this.wouldTake(order.side, command.priceTicks))
      return { code: 'post_only_would_take' };
    // The order leaves its level but keeps its index entry and its object: if it rests again, it is
    // re-queued as it is, sparing a deep book's index a delete and an insert (and the heap a new order).
    this.leaveLevel(order);
    const outcome = this.executeWithTriggers(
      {
        orderId: order.orderId,
        traderId: order.traderId,
        side: order.side,
        type: 'limit',
        limitTicks: command.priceTicks,
        quantity: command.remaining,
        timeInForce: 'gtc',
        quoteBudget: null,
        selfTradePrevention: order.selfTradePrevention,
        postOnly: order.postOnly,
        expiresAt: order.expiresAt,
      },
      order,
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
    for (const order of this.index.values()) consider(order.orderId, order.traderId, order.remaining, order.expiresAt);
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
    return this.bids.best()?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.priceTicks ?? null;
  }

  wouldTake(side: Side, limitTicks: number): boolean {
    const best = this.sideOf(side === 'buy' ? 'sell' : 'buy').best();
    return best !== undefined && crosses(side, limitTicks, best.priceTicks);
  }

  depth(side: Side, levels: number): LevelView[] {
    const views: LevelView[] = [];
    for (const level of this.sideOf(side).bestFirst()) {
      if (views.length >= levels) break;
      views.push({ priceTicks: level.priceTicks, quantity: level.quantity, orderCount: level.count });
    }
    return views;
  }

  /** The level at this price on one side, if anything rests there. */
  level(side: Side, priceTicks: number): LevelView | undefined {
    const level = this.sideOf(side).find(priceTicks);
    return level && { priceTicks: level.priceTicks, quantity: level.quantity, orderCount: level.count };
  }

  /** How many orders rest on one side, without listing them. */
  restingCount(side: Side): number {
    return this.sideOf(side).orderCount();
  }

  order(orderId: string): RestingOrderView | undefined {
    const order = this.index.get(orderId);
    return order && view(order);
  }

  orders(side: Side): RestingOrderView[] {
    const views: RestingOrderView[] = [];
    for (const level of this.sideOf(side).bestFirst()) {
      for (let order = level.head; order; order = order.next) views.push(view(order));
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

  private unlink(order: RestingOrder): void {
    this.leaveLevel(order);
    this.index.delete(order.orderId);
  }

  /** Takes the order out of its level's queue (and the level off its side when it empties); the index keeps it. */
  private leaveLevel(order: RestingOrder): void {
    const level = order.level;
    level.remove(order);
    if (level.count === 0) this.sideOf(order.side).removeLevel(level);
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
  private executeWithTriggers(taker: Taker, requeued: RestingOrder | null = null): Outcome {
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
   * amended order this taker is, out of its level but still indexed, rested again or dropped here.
   */
  private execute(taker: Taker, requeued: RestingOrder | null = null): Outcome {
    const opposite = this.sideOf(taker.side === 'buy' ? 'sell' : 'buy');
    if (taker.timeInForce === 'fok' && fillable(opposite, taker) < taker.quantity) {
      return { ...closedExecution(taker.quantity, 'fok_unfilled'), triggered: noTriggers };
    }
    const walk = startWalk(this.walk, taker);
    while (walk.remaining > 0) {
      const level = opposite.best();
      if (!level || (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, level.priceTicks))) break;
      const maker = level.first();
      const goesOn =
        maker.traderId === taker.traderId
          ? preventSelfTrade(walk, taker.selfTradePrevention, maker)
          : trade(walk, taker, maker);
      if (maker.remaining === 0) this.unlink(maker);
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
    if (restingQuantity === 0 && requeued) this.index.delete(requeued.orderId);
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

  private rest(taker: Taker, remaining: number, requeued: RestingOrder | null): void {
    const level = this.sideOf(taker.side).levelAt(present(taker.limitTicks, 'a resting taker has a limit'));
    if (requeued) {
      requeued.priceTicks = level.priceTicks;
      requeued.remaining = remaining;
      requeued.level = level;
      level.append(requeued);
      this.noteExpiry(requeued.expiresAt);
      return;
    }
    const order: RestingOrder = {
      orderId: taker.orderId,
      traderId: taker.traderId,
      side: taker.side,
      priceTicks: level.priceTicks,
      remaining,
      selfTradePrevention: taker.selfTradePrevention,
      postOnly: taker.postOnly,
      expiresAt: taker.expiresAt,
      previous: null,
      next: null,
      level,
    };
    level.append(order);
    this.index.set(order.orderId, order);
    this.noteExpiry(order.expiresAt);
  }
}
