import type { RestingOrder } from './level.js';
import { BookSide } from './side.js';
import { validatePlace, validateAmend, crosses, type Taker } from './rules.js';
import type {
  AmendCommand,
  AmendResult,
  CancelResult,
  ClosureReason,
  Execution,
  Fill,
  LevelView,
  OrderBook,
  PlaceCommand,
  PlaceResult,
  RestingOrderView,
  Side,
} from './types.js';

/**
 * The fast book: price levels in a sorted array per side, a FIFO linked list per level and an
 * index by order id, so best price, append and cancel are O(1) and a new level is O(levels).
 */
export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly index = new Map<string, RestingOrder>();

  place(command: PlaceCommand): PlaceResult {
    const invalid = validatePlace(command);
    if (invalid) return { code: invalid };
    if (this.index.has(command.orderId)) return { code: 'duplicate_order_id' };
    return { code: 'ok', ...this.execute(takerOf(command)) };
  }

  cancel(orderId: string, traderId: string): CancelResult {
    const order = this.index.get(orderId);
    if (!order || order.traderId !== traderId) return { code: 'unknown_order' };
    const cancelledQuantity = order.remaining;
    this.unlink(order);
    return { code: 'ok', cancelledQuantity };
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
      return { code: 'ok', priorityKept: true, fills: [], restingQuantity: order.remaining, closedQuantity: 0, closureReason: null };
    }
    this.unlink(order);
    const execution = this.execute({
      orderId: order.orderId,
      traderId: order.traderId,
      side: order.side,
      type: 'limit',
      limitTicks: command.priceTicks,
      quantity: command.remaining,
      timeInForce: 'gtc',
      quoteBudget: null,
    });
    return { code: 'ok', priorityKept: false, ...execution };
  }

  bestBid(): number | null {
    return this.bids.best()?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.priceTicks ?? null;
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

  /** Internal consistency, for tests: levels sum their orders, nothing crosses, the index is exact. */
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
          if (order.level !== level || order.priceTicks !== level.priceTicks) problems.push(`order ${order.orderId} is on the wrong level`);
          if (this.index.get(order.orderId) !== order) problems.push(`order ${order.orderId} is not indexed`);
          quantity += order.remaining;
          count += 1;
        }
        indexed += count;
        if (quantity !== level.quantity || count !== level.count) problems.push(`${side.side} level ${level.priceTicks} totals are wrong`);
      }
    }
    if (indexed !== this.index.size) problems.push(`index holds ${this.index.size} orders, levels ${indexed}`);
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) problems.push(`book is crossed: bid ${bid} >= ask ${ask}`);
    return problems;
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private unlink(order: RestingOrder): void {
    const level = order.level;
    level.remove(order);
    if (level.count === 0) this.sideOf(order.side).removeLevel(level);
    this.index.delete(order.orderId);
  }

  private execute(taker: Taker): Execution {
    const opposite = this.sideOf(taker.side === 'buy' ? 'sell' : 'buy');
    if (taker.timeInForce === 'fok' && this.fillable(opposite, taker) < taker.quantity) {
      return { fills: [], restingQuantity: 0, closedQuantity: taker.quantity, closureReason: 'fok_unfilled' };
    }
    const fills: Fill[] = [];
    let remaining = taker.quantity;
    let budget = taker.quoteBudget;
    let closureReason: ClosureReason | null = null;
    while (remaining > 0) {
      const level = opposite.best();
      if (!level || (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, level.priceTicks))) break;
      const maker = level.head!;
      if (maker.traderId === taker.traderId) {
        closureReason = 'self_trade_prevented';
        break;
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
      fills.push({
        makerOrderId: maker.orderId,
        makerTraderId: maker.traderId,
        takerOrderId: taker.orderId,
        takerTraderId: taker.traderId,
        takerSide: taker.side,
        priceTicks: level.priceTicks,
        quantity,
        makerRemaining: maker.remaining,
      });
      if (maker.remaining === 0) this.unlink(maker);
    }
    if (remaining === 0) return { fills, restingQuantity: 0, closedQuantity: 0, closureReason: null };
    closureReason ??= taker.type === 'market' ? 'no_liquidity' : taker.timeInForce === 'ioc' ? 'ioc_remainder' : null;
    if (closureReason !== null) return { fills, restingQuantity: 0, closedQuantity: remaining, closureReason };
    this.rest(taker, remaining);
    return { fills, restingQuantity: remaining, closedQuantity: 0, closureReason: null };
  }

  /** How much of a fill-or-kill taker could fill now, under the same rules as execute(). */
  private fillable(opposite: BookSide, taker: Taker): number {
    let total = 0;
    let budget = taker.quoteBudget;
    for (const level of opposite.bestFirst()) {
      if (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, level.priceTicks)) break;
      for (let maker = level.head; maker; maker = maker.next) {
        if (maker.traderId === taker.traderId) return total;
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
      previous: null,
      next: null,
      level,
    };
    level.append(order);
    this.index.set(order.orderId, order);
  }
}

function takerOf(command: PlaceCommand): Taker {
  return {
    orderId: command.orderId,
    traderId: command.traderId,
    side: command.side,
    type: command.type,
    limitTicks: command.type === 'limit' ? command.priceTicks : null,
    quantity: command.quantity,
    timeInForce: command.type === 'market' && command.timeInForce !== 'fok' ? 'ioc' : command.timeInForce,
    quoteBudget: command.type === 'market' && command.side === 'buy' && command.quoteBudget !== undefined ? command.quoteBudget : null,
  };
}

function view(order: RestingOrder): RestingOrderView {
  return { orderId: order.orderId, traderId: order.traderId, side: order.side, priceTicks: order.priceTicks, remaining: order.remaining };
}
