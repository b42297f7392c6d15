import { present } from './invariant.js';
import {
  crossing,
  fillsInFull,
  strip,
  stripStop,
  walkMakers,
  type NaiveOrder,
  type NaiveStop,
} from './reference-walk.js';
import { crosses, expiresBefore, validateAmend, validatePlace, type Taker } from './rules.js';
import type {
  AmendCommand,
  AmendResult,
  CancelResult,
  Execution,
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
 * The reference book: one flat list of resting orders, sorted by price-time priority whenever it
 * is read, and one flat list of pending stops, all of them looked at after every trade. Slow and
 * obviously right; the fast book must agree with it on every command.
 */
export class ReferenceOrderBook implements OrderBook {
  private resting: NaiveOrder[] = [];
  private pending: NaiveStop[] = [];
  private sequence = 0;
  private arrivals = 0;
  private last: number | null;

  constructor(options: { lastTradeTicks?: number | null } = {}) {
    this.last = options.lastTradeTicks ?? null;
  }

  place(command: PlaceCommand): PlaceResult {
    const invalid = validatePlace(command);
    if (invalid) return { code: invalid };
    if (
      this.resting.some((o) => o.orderId === command.orderId) ||
      this.pending.some((s) => s.orderId === command.orderId)
    )
      return { code: 'duplicate_order_id' };
    if (command.type === 'stop' || command.type === 'stop_limit') return this.placeStop(command);
    if (command.postOnly === true && this.wouldTake(command.side, present(command.priceTicks, 'post-only is a limit')))
      return { code: 'post_only_would_take' };
    const isMarket = command.type === 'market';
    return {
      code: 'ok',
      ...this.executeAndTrigger({
        orderId: command.orderId,
        traderId: command.traderId,
        side: command.side,
        type: isMarket ? 'market' : 'limit',
        limitTicks: command.priceTicks, // a market order's protection price, or null
        quantity: command.quantity,
        timeInForce: isMarket && command.timeInForce !== 'fok' ? 'ioc' : command.timeInForce,
        quoteBudget:
          isMarket && command.side === 'buy' && command.quoteBudget !== undefined ? command.quoteBudget : null,
        selfTradePrevention: command.selfTradePrevention ?? 'expire_taker',
        postOnly: command.postOnly ?? false,
        expiresAt: command.expiresAt ?? null,
      }),
    };
  }

  private placeStop(command: PlaceCommand): PlaceResult {
    const stopTicks = present(command.stopTicks, 'a validated stop has a stop price');
    if (this.last !== null && (command.side === 'buy' ? this.last >= stopTicks : this.last <= stopTicks))
      return { code: 'stop_would_trigger' };
    this.pending.push({
      orderId: command.orderId,
      traderId: command.traderId,
      side: command.side,
      type: command.type === 'stop' ? 'stop' : 'stop_limit',
      stopTicks,
      priceTicks: command.type === 'stop_limit' ? command.priceTicks : null,
      quantity: command.quantity,
      arrival: (this.arrivals += 1),
      timeInForce: command.timeInForce,
      quoteBudget:
        command.type === 'stop' && command.side === 'buy' && command.quoteBudget !== undefined
          ? command.quoteBudget
          : null,
      selfTradePrevention: command.selfTradePrevention ?? 'expire_taker',
      expiresAt: command.expiresAt ?? null,
    });
    return {
      code: 'ok',
      fills: [],
      restingQuantity: 0,
      closedQuantity: 0,
      closureReason: null,
      prevented: [],
      decrementedQuantity: 0,
      pendingQuantity: command.quantity,
      triggered: [],
    };
  }

  cancel(orderId: string, traderId: string): CancelResult {
    const order = this.resting.find((o) => o.orderId === orderId && o.traderId === traderId);
    if (order) {
      this.resting = this.resting.filter((o) => o !== order);
      return { code: 'ok', cancelledQuantity: order.remaining };
    }
    const stop = this.pending.find((s) => s.orderId === orderId && s.traderId === traderId);
    if (stop) {
      this.pending = this.pending.filter((s) => s !== stop);
      return { code: 'ok', cancelledQuantity: stop.quantity };
    }
    return { code: 'unknown_order' };
  }

  amend(command: AmendCommand): AmendResult {
    const invalid = validateAmend(command);
    if (invalid) return { code: invalid };
    const order = this.resting.find((o) => o.orderId === command.orderId && o.traderId === command.traderId);
    if (!order) return { code: 'unknown_order' };
    if (command.priceTicks === order.priceTicks && command.remaining <= order.remaining) {
      order.remaining = command.remaining;
      return {
        code: 'ok',
        priorityKept: true,
        fills: [],
        restingQuantity: order.remaining,
        closedQuantity: 0,
        closureReason: null,
        prevented: [],
        decrementedQuantity: 0,
        pendingQuantity: 0,
        triggered: [],
      };
    }
    if (order.postOnly && command.priceTicks !== order.priceTicks && this.wouldTake(order.side, command.priceTicks))
      return { code: 'post_only_would_take' };
    this.resting = this.resting.filter((o) => o !== order);
    const outcome = this.executeAndTrigger({
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
    return { code: 'ok', priorityKept: false, ...outcome };
  }

  expire(now: number): Expiry[] {
    const due = [
      ...this.resting.flatMap(({ orderId, traderId, remaining, expiresAt }) =>
        expiresAt !== null && expiresAt <= now ? [{ orderId, traderId, quantity: remaining, expiresAt }] : [],
      ),
      ...this.pending.flatMap(({ orderId, traderId, quantity, expiresAt }) =>
        expiresAt !== null && expiresAt <= now ? [{ orderId, traderId, quantity, expiresAt }] : [],
      ),
    ].sort(expiresBefore);
    const gone = new Set(due.map((d) => d.orderId));
    this.resting = this.resting.filter((o) => !gone.has(o.orderId));
    this.pending = this.pending.filter((s) => !gone.has(s.orderId));
    return due.map(({ orderId, traderId, quantity }) => ({ orderId, traderId, quantity }));
  }

  nextExpiry(): number | null {
    const times = [...this.resting, ...this.pending].flatMap((o) => (o.expiresAt === null ? [] : [o.expiresAt]));
    return times.length === 0 ? null : Math.min(...times);
  }

  lastTrade(): number | null {
    return this.last;
  }

  bestBid(): number | null {
    return this.orders('buy')[0]?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.orders('sell')[0]?.priceTicks ?? null;
  }

  wouldTake(side: Side, limitTicks: number): boolean {
    return this.resting.some((o) => o.side !== side && crosses(side, limitTicks, o.priceTicks));
  }

  depth(side: Side, levels: number): LevelView[] {
    const views: LevelView[] = [];
    for (const order of this.orders(side)) {
      const last = views[views.length - 1];
      if (last && last.priceTicks === order.priceTicks) {
        last.quantity += order.remaining;
        last.orderCount += 1;
      } else {
        views.push({ priceTicks: order.priceTicks, quantity: order.remaining, orderCount: 1 });
      }
    }
    return views.slice(0, levels);
  }

  order(orderId: string): RestingOrderView | undefined {
    const order = this.resting.find((o) => o.orderId === orderId);
    return order && strip(order);
  }

  orders(side: Side): RestingOrderView[] {
    return this.sorted(side).map(strip);
  }

  stop(orderId: string): PendingStopView | undefined {
    const stop = this.pending.find((s) => s.orderId === orderId);
    return stop && stripStop(stop);
  }

  /** Buy stops lowest stop price first, sell stops highest first; then oldest first. */
  stops(side: Side): PendingStopView[] {
    return this.pending
      .filter((s) => s.side === side)
      .sort((a, b) =>
        a.stopTicks === b.stopTicks
          ? a.arrival - b.arrival
          : side === 'buy'
            ? a.stopTicks - b.stopTicks
            : b.stopTicks - a.stopTicks,
      )
      .map(stripStop);
  }

  private sorted(side: Side): NaiveOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) =>
        a.priceTicks === b.priceTicks
          ? a.sequence - b.sequence
          : side === 'buy'
            ? b.priceTicks - a.priceTicks
            : a.priceTicks - b.priceTicks,
      );
  }

  /**
   * After an execution that traded, every pending stop the last price reached triggers: buys first
   * (lowest stop first), then sells (highest first), oldest first among equal stops; each runs as
   * an incoming order, and what its trades trigger joins the end of the queue.
   */
  private executeAndTrigger(taker: Taker): Outcome {
    const first = this.execute(taker);
    const triggered: TriggeredExecution[] = [];
    const queue: NaiveStop[] = first.fills.length > 0 ? this.takeTriggered() : [];
    for (let stop = queue.shift(); stop; stop = queue.shift()) {
      const isMarket = stop.type === 'stop';
      const execution = this.execute({
        orderId: stop.orderId,
        traderId: stop.traderId,
        side: stop.side,
        type: isMarket ? 'market' : 'limit',
        limitTicks: stop.priceTicks,
        quantity: stop.quantity,
        timeInForce: isMarket && stop.timeInForce !== 'fok' ? 'ioc' : stop.timeInForce,
        quoteBudget: stop.quoteBudget,
        selfTradePrevention: stop.selfTradePrevention,
        postOnly: false,
        expiresAt: stop.expiresAt,
      });
      triggered.push({ orderId: stop.orderId, traderId: stop.traderId, ...execution });
      if (execution.fills.length > 0) queue.push(...this.takeTriggered());
    }
    return { ...first, triggered };
  }

  private takeTriggered(): NaiveStop[] {
    const last = this.last;
    if (last === null) return [];
    const due = (side: Side) =>
      this.pending.filter((s) => s.side === side && (side === 'buy' ? last >= s.stopTicks : last <= s.stopTicks));
    const order = (side: Side) => (a: NaiveStop, b: NaiveStop) =>
      a.stopTicks === b.stopTicks
        ? a.arrival - b.arrival
        : side === 'buy'
          ? a.stopTicks - b.stopTicks
          : b.stopTicks - a.stopTicks;
    const taken = [...due('buy').sort(order('buy')), ...due('sell').sort(order('sell'))];
    this.pending = this.pending.filter((s) => !taken.includes(s));
    return taken;
  }

  private execute(taker: Taker): Execution {
    const makers = this.sorted(taker.side === 'buy' ? 'sell' : 'buy').filter((o) => crossing(taker, o));
    if (taker.timeInForce === 'fok' && !fillsInFull(makers, taker)) {
      return {
        fills: [],
        restingQuantity: 0,
        closedQuantity: taker.quantity,
        closureReason: 'fok_unfilled',
        prevented: [],
        decrementedQuantity: 0,
        pendingQuantity: 0,
      };
    }
    const { fills, prevented, decrementedQuantity, remaining, closureReason, lastPriceTicks } = walkMakers(
      makers,
      taker,
    );
    if (lastPriceTicks !== null) this.last = lastPriceTicks;
    this.resting = this.resting.filter((o) => o.remaining > 0);
    const done = { fills, prevented, decrementedQuantity, pendingQuantity: 0 };
    if (remaining === 0) return { ...done, restingQuantity: 0, closedQuantity: 0, closureReason };
    const closure =
      closureReason ??
      (taker.type === 'market' ? 'no_liquidity' : taker.timeInForce === 'ioc' ? 'ioc_remainder' : null);
    if (closure !== null) return { ...done, restingQuantity: 0, closedQuantity: remaining, closureReason: closure };
    this.sequence += 1;
    this.resting.push({
      orderId: taker.orderId,
      traderId: taker.traderId,
      side: taker.side,
      priceTicks: present(taker.limitTicks, 'a resting taker has a limit'),
      remaining,
      sequence: this.sequence,
      selfTradePrevention: taker.selfTradePrevention,
      postOnly: taker.postOnly,
      expiresAt: taker.expiresAt,
    });
    return { ...done, restingQuantity: remaining, closedQuantity: 0, closureReason: null };
  }
}
