import { crosses, validateAmend, validatePlace, type Taker } from './rules.js';
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

interface NaiveOrder extends RestingOrderView {
  sequence: number;
}

/**
 * The reference book: one flat list of resting orders, sorted by price-time priority whenever it
 * is read. Slow and obviously right; the fast book must agree with it on every command.
 */
export class ReferenceOrderBook implements OrderBook {
  private resting: NaiveOrder[] = [];
  private sequence = 0;

  place(command: PlaceCommand): PlaceResult {
    const invalid = validatePlace(command);
    if (invalid) return { code: invalid };
    if (this.resting.some((o) => o.orderId === command.orderId)) return { code: 'duplicate_order_id' };
    const isMarket = command.type === 'market';
    return {
      code: 'ok',
      ...this.execute({
        orderId: command.orderId,
        traderId: command.traderId,
        side: command.side,
        type: command.type,
        limitTicks: isMarket ? null : command.priceTicks,
        quantity: command.quantity,
        timeInForce: isMarket && command.timeInForce !== 'fok' ? 'ioc' : command.timeInForce,
        quoteBudget: isMarket && command.side === 'buy' && command.quoteBudget !== undefined ? command.quoteBudget : null,
      }),
    };
  }

  cancel(orderId: string, traderId: string): CancelResult {
    const order = this.resting.find((o) => o.orderId === orderId && o.traderId === traderId);
    if (!order) return { code: 'unknown_order' };
    this.resting = this.resting.filter((o) => o !== order);
    return { code: 'ok', cancelledQuantity: order.remaining };
  }

  amend(command: AmendCommand): AmendResult {
    const invalid = validateAmend(command);
    if (invalid) return { code: invalid };
    const order = this.resting.find((o) => o.orderId === command.orderId && o.traderId === command.traderId);
    if (!order) return { code: 'unknown_order' };
    if (command.priceTicks === order.priceTicks && command.remaining <= order.remaining) {
      order.remaining = command.remaining;
      return { code: 'ok', priorityKept: true, fills: [], restingQuantity: order.remaining, closedQuantity: 0, closureReason: null };
    }
    this.resting = this.resting.filter((o) => o !== order);
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
    return this.orders('buy')[0]?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.orders('sell')[0]?.priceTicks ?? null;
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

  private sorted(side: Side): NaiveOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) => (a.priceTicks === b.priceTicks ? a.sequence - b.sequence : side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks));
  }

  private execute(taker: Taker): Execution {
    const makers = this.sorted(taker.side === 'buy' ? 'sell' : 'buy').filter((o) => taker.limitTicks === null || crosses(taker.side, taker.limitTicks, o.priceTicks));
    // Fill-or-kill: dry-run the same walk first.
    if (taker.timeInForce === 'fok') {
      let total = 0;
      let budget = taker.quoteBudget;
      for (const maker of makers) {
        if (maker.traderId === taker.traderId) break;
        let quantity = Math.min(taker.quantity - total, maker.remaining);
        if (budget !== null) {
          quantity = Math.min(quantity, Math.floor(budget / maker.priceTicks));
          if (quantity === 0) break;
          budget -= quantity * maker.priceTicks;
        }
        total += quantity;
        if (total >= taker.quantity) break;
      }
      if (total < taker.quantity) return { fills: [], restingQuantity: 0, closedQuantity: taker.quantity, closureReason: 'fok_unfilled' };
    }
    const fills: Fill[] = [];
    let remaining = taker.quantity;
    let budget = taker.quoteBudget;
    let closureReason: ClosureReason | null = null;
    // Walk makers in priority order; a maker left with quantity (the taker or its budget ran out)
    // is looked at again, exactly as a queue head would be.
    for (let i = 0; i < makers.length && remaining > 0; i += makers[i]!.remaining === 0 ? 1 : 0) {
      const maker = makers[i]!;
      if (maker.traderId === taker.traderId) {
        closureReason = 'self_trade_prevented';
        break;
      }
      let quantity = Math.min(remaining, maker.remaining);
      if (budget !== null) {
        quantity = Math.min(quantity, Math.floor(budget / maker.priceTicks));
        if (quantity === 0) {
          closureReason = 'insufficient_funds';
          break;
        }
        budget -= quantity * maker.priceTicks;
      }
      maker.remaining -= quantity;
      remaining -= quantity;
      fills.push({
        makerOrderId: maker.orderId,
        makerTraderId: maker.traderId,
        takerOrderId: taker.orderId,
        takerTraderId: taker.traderId,
        takerSide: taker.side,
        priceTicks: maker.priceTicks,
        quantity,
        makerRemaining: maker.remaining,
      });
    }
    this.resting = this.resting.filter((o) => o.remaining > 0);
    if (remaining === 0) return { fills, restingQuantity: 0, closedQuantity: 0, closureReason: null };
    closureReason ??= taker.type === 'market' ? 'no_liquidity' : taker.timeInForce === 'ioc' ? 'ioc_remainder' : null;
    if (closureReason !== null) return { fills, restingQuantity: 0, closedQuantity: remaining, closureReason };
    this.sequence += 1;
    this.resting.push({ orderId: taker.orderId, traderId: taker.traderId, side: taker.side, priceTicks: taker.limitTicks!, remaining, sequence: this.sequence });
    return { fills, restingQuantity: remaining, closedQuantity: 0, closureReason: null };
  }
}

function strip(order: NaiveOrder): RestingOrderView {
  return { orderId: order.orderId, traderId: order.traderId, side: order.side, priceTicks: order.priceTicks, remaining: order.remaining };
}
