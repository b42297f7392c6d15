import type { RestingOrder } from './level.js';
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
  Execution,
  Expiry,
  Fill,
  LevelView,
  OrderBook,
  Outcome,
  PendingStopView,
  PlaceCommand,
  PlaceResult,
  Prevention,
  RestingOrderView,
  Side,
  TriggeredExecution,
} from './types.js';

/** Shared empty results: a command that prevents no self-trade and triggers no stop allocates nothing for them. */
const noPreventions: readonly Prevention[] = Object.freeze([]);
const noTriggers: readonly TriggeredExecution[] = Object.freeze([]);

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
      if (stopTriggered(command.side, command.stopTicks!, this.lastTradeTicks)) return { code: 'stop_would_trigger' };
      const stop = stopOf(command, (this.stopArrivals += 1));
      this.stopsOf(stop.side).add(stop);
      this.stopIndex.set(stop.orderId, stop);
      this.noteExpiry(stop.expiresAt);
      return placed({ ...pendingExecution(stop.quantity), triggered: noTriggers });
    }
    if (command.postOnly === true && this.wouldTake(command.side, command.priceTicks!))
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
      return {
        code: 'ok',
        priorityKept: true,
        fills: noFills,
        restingQuantity: order.remaining,
        closedQuantity: 0,
        closureReason: null,
        prevented: noPreventions,
        decrementedQuantity: 0,
        pendingQuantity: 0,
        triggered: noTriggers,
      };
    }
    if (order.postOnly && command.priceTicks !== order.priceTicks && this.wouldTake(order.side, command.priceTicks))
      return { code: 'post_only_would_take' };
    this.unlink(order);
    const outcome = this.executeWithTriggers({
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
    });
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

  /** Internal consistency, for tests: levels sum their orders, nothing crosses, the indexes are exact, no stop is due. */
  checkInvariants(): string[] {
    const problems: string[] = [];
    let indexed = 0;
    for (const side of [this.bids, this.asks]) {
      let previousPrice: number | null = null;
      for (const level of side.bestFirst()) {
        if (level.count === 0) problems.push(`${side.side} level ${level.priceTicks} is empty but listed`);
        const betterFirst = side.side === 'buy' ? previousPrice! > level.priceTicks : previousPrice! < level.priceTicks;
        if (previousPrice !== null && !betterFirst) {
          problems.push(`${side.side} levels out of order at ${level.priceTicks}`);
        }
        previousPrice = level.priceTicks;
        let quantity = 0;
        let count = 0;
        for (let order = level.head; order; order = order.next) {
          if (order.remaining <= 0) problems.push(`order ${order.orderId} rests with ${order.remaining}`);
          if (order.level !== level || order.priceTicks !== level.priceTicks)
            problems.push(`order ${order.orderId} is on the wrong level`);
          if (this.index.get(order.orderId) !== order) problems.push(`order ${order.orderId} is not indexed`);
          if (order.expiresAt !== null && (this.expiryBound === null || order.expiresAt < this.expiryBound))
            problems.push(`order ${order.orderId} expires before the bound`);
          quantity += order.remaining;
          count += 1;
        }
        indexed += count;
        if (quantity !== level.quantity || count !== level.count)
          problems.push(`${side.side} level ${level.priceTicks} totals are wrong`);
      }
    }
    if (indexed !== this.index.size) problems.push(`index holds ${this.index.size} orders, levels ${indexed}`);
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) problems.push(`book is crossed: bid ${bid} >= ask ${ask}`);
    let stops = 0;
    for (const side of [this.buyStops, this.sellStops]) {
      let previous: StopOrder | undefined;
      for (const stop of side.inTriggerOrder()) {
        if (stop.side !== side.side) problems.push(`stop ${stop.orderId} is on the wrong side`);
        if (this.stopIndex.get(stop.orderId) !== stop) problems.push(`stop ${stop.orderId} is not indexed`);
        if (stopTriggered(stop.side, stop.stopTicks, this.lastTradeTicks))
          problems.push(`stop ${stop.orderId} is due at ${this.lastTradeTicks} but waits`);
        if (
          previous &&
          !(
            previous.side === stop.side &&
            (stop.side === 'buy' ? previous.stopTicks <= stop.stopTicks : previous.stopTicks >= stop.stopTicks)
          )
        )
          problems.push(`stops out of order at ${stop.orderId}`);
        if (stop.expiresAt !== null && (this.expiryBound === null || stop.expiresAt < this.expiryBound))
          problems.push(`stop ${stop.orderId} expires before the bound`);
        previous = stop;
        stops += 1;
      }
    }
    if (stops !== this.stopIndex.size) problems.push(`stop index holds ${this.stopIndex.size}, sides ${stops}`);
    return problems;
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
    const level = order.level;
    level.remove(order);
    if (level.count === 0) this.sideOf(order.side).removeLevel(level);
    this.index.delete(order.orderId);
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
  private executeWithTriggers(taker: Taker): Outcome {
    const outcome = this.execute(taker);
    if (outcome.fills.length === 0 || !this.anyStopTriggered()) return outcome;
    const queue: StopOrder[] = [];
    this.collectTriggered(queue);
    const triggered: TriggeredExecution[] = [];
    for (let i = 0; i < queue.length; i += 1) {
      const stop = queue[i]!;
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
    for (let i = from; i < into.length; i += 1) this.stopIndex.delete(into[i]!.orderId);
  }

  /** One incoming order against the book; `triggered` is left empty for the caller. */
  private execute(taker: Taker): Outcome {
    const opposite = this.sideOf(taker.side === 'buy' ? 'sell' : 'buy');
    if (taker.timeInForce === 'fok' && this.fillable(opposite, taker) < taker.quantity) {
      return { ...closedExecution(taker.quantity, 'fok_unfilled'), triggered: noTriggers };
    }
    let fills: Fill[] | undefined;
    let prevented: Prevention[] | undefined;
    let decremented = 0;
    let remaining = taker.quantity;
    let budget = taker.quoteBudget;
    let closureReason: ClosureReason | null = null;
    while (remaining > 0) {
      const level = opposite.best();
      if (!level || (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, level.priceTicks))) break;
      const maker = level.head!;
      if (maker.traderId === taker.traderId) {
        const mode = taker.selfTradePrevention;
        if (mode === 'expire_taker') {
          closureReason = 'self_trade_prevented';
          break;
        }
        const quantity = mode === 'decrement' ? Math.min(remaining, maker.remaining) : maker.remaining;
        maker.remaining -= quantity;
        level.quantity -= quantity;
        (prevented ??= []).push({
          orderId: maker.orderId,
          traderId: maker.traderId,
          quantity,
          remaining: maker.remaining,
        });
        if (maker.remaining === 0) this.unlink(maker);
        if (mode === 'decrement') {
          remaining -= quantity;
          decremented += quantity;
          if (remaining === 0) closureReason = 'self_trade_prevented';
          continue;
        }
        if (mode === 'expire_both') {
          closureReason = 'self_trade_prevented';
          break;
        }
        continue;
      }
      let quantity = Math.min(remaining, maker.remaining);
      if (budget !== null) {
        quantity = Math.min(quantity, Math.floor(budget / level.priceTicks));
        if (quantity === 0) {
          closureReason = 'insufficient_funds';
          break;
        }
        budget -= quantity * level.priceTicks;
      }
      maker.remaining -= quantity;
      level.quantity -= quantity;
      remaining -= quantity;
      (fills ??= []).push({
        makerOrderId: maker.orderId,
        makerTraderId: maker.traderId,
        takerOrderId: taker.orderId,
        takerTraderId: taker.traderId,
        takerSide: taker.side,
        priceTicks: level.priceTicks,
        quantity,
        makerRemaining: maker.remaining,
      });
      this.lastTradeTicks = level.priceTicks;
      if (maker.remaining === 0) this.unlink(maker);
    }
    let restingQuantity = 0;
    let closedQuantity = 0;
    if (remaining > 0) {
      closureReason ??= taker.type === 'market' ? 'no_liquidity' : taker.timeInForce === 'ioc' ? 'ioc_remainder' : null;
      if (closureReason !== null) closedQuantity = remaining;
      else {
        this.rest(taker, remaining);
        restingQuantity = remaining;
      }
    }
    return {
      fills: fills ?? noFills,
      restingQuantity,
      closedQuantity,
      closureReason,
      prevented: prevented ?? noPreventions,
      decrementedQuantity: decremented,
      pendingQuantity: 0,
      triggered: noTriggers,
    };
  }

  /**
   * How much of a fill-or-kill taker could fill now, under the same rules as execute(). Own
   * orders: `expire_maker` would cancel them and go on, so they are skipped; every other mode
   * would stop there (or, for `decrement`, shrink the order without a fill), so the count stops.
   */
  private fillable(opposite: BookSide, taker: Taker): number {
    let total = 0;
    let budget = taker.quoteBudget;
    for (const level of opposite.bestFirst()) {
      if (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, level.priceTicks)) break;
      for (let maker = level.head; maker; maker = maker.next) {
        if (maker.traderId === taker.traderId) {
          if (taker.selfTradePrevention === 'expire_maker') continue;
          return total;
        }
        let quantity = Math.min(taker.quantity - total, maker.remaining);
        if (budget !== null) {
          quantity = Math.min(quantity, Math.floor(budget / level.priceTicks));
          if (quantity === 0) return total;
          budget -= quantity * level.priceTicks;
        }
        total += quantity;
        if (total >= taker.quantity) return total;
      }
    }
    return total;
  }

  private rest(taker: Taker, remaining: number): void {
    const level = this.sideOf(taker.side).levelAt(taker.limitTicks!);
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

const noFills: readonly Fill[] = Object.freeze([]);

/**
 * The results of place and amend, field by field rather than by spreading the outcome: the hot
 * path (an amend that keeps its place, a limit order that rests) then builds one object of a
 * fixed shape.
 */
function placed(outcome: Outcome): PlaceResult {
  const {
    fills,
    restingQuantity,
    closedQuantity,
    closureReason,
    prevented,
    decrementedQuantity,
    pendingQuantity,
    triggered,
  } = outcome;
  return {
    code: 'ok',
    fills,
    restingQuantity,
    closedQuantity,
    closureReason,
    prevented,
    decrementedQuantity,
    pendingQuantity,
    triggered,
  };
}

function amended(priorityKept: boolean, outcome: Outcome): AmendResult {
  const {
    fills,
    restingQuantity,
    closedQuantity,
    closureReason,
    prevented,
    decrementedQuantity,
    pendingQuantity,
    triggered,
  } = outcome;
  return {
    code: 'ok',
    priorityKept,
    fills,
    restingQuantity,
    closedQuantity,
    closureReason,
    prevented,
    decrementedQuantity,
    pendingQuantity,
    triggered,
  };
}

/** A stop accepted, waiting for its trigger. */
function pendingExecution(quantity: number): Execution {
  return {
    fills: noFills,
    restingQuantity: 0,
    closedQuantity: 0,
    closureReason: null,
    prevented: noPreventions,
    decrementedQuantity: 0,
    pendingQuantity: quantity,
  };
}

/** Nothing matched; `quantity` closed for `reason`. */
function closedExecution(quantity: number, reason: ClosureReason): Execution {
  return {
    fills: noFills,
    restingQuantity: 0,
    closedQuantity: quantity,
    closureReason: reason,
    prevented: noPreventions,
    decrementedQuantity: 0,
    pendingQuantity: 0,
  };
}

function view(order: RestingOrder): RestingOrderView {
  return {
    orderId: order.orderId,
    traderId: order.traderId,
    side: order.side,
    priceTicks: order.priceTicks,
    remaining: order.remaining,
  };
}

function stopView(stop: StopOrder): PendingStopView {
  return {
    orderId: stop.orderId,
    traderId: stop.traderId,
    side: stop.side,
    type: stop.type,
    stopTicks: stop.stopTicks,
    priceTicks: stop.priceTicks,
    quantity: stop.quantity,
  };
}
