import { crosses, type Taker } from './rules.js';
import type {
  ClosureReason,
  Fill,
  PendingStopView,
  PlaceCommand,
  Prevention,
  RestingOrderView,
  SelfTradePrevention,
} from './types.js';

/** The reference book's resting order: a row of its one flat list. */
export interface NaiveOrder extends RestingOrderView {
  sequence: number;
  selfTradePrevention: SelfTradePrevention;
  postOnly: boolean;
  expiresAt: number | null;
}

/** The reference book's pending stop. */
export interface NaiveStop extends PendingStopView {
  arrival: number;
  timeInForce: PlaceCommand['timeInForce'];
  quoteBudget: number | null;
  selfTradePrevention: SelfTradePrevention;
  expiresAt: number | null;
}

/** What a taker's walk over the makers did, before it rests or closes. */
interface NaiveWalk {
  fills: Fill[];
  prevented: Prevention[];
  decrementedQuantity: number;
  remaining: number;
  closureReason: ClosureReason | null;
  /** The price of the last fill; null when nothing traded. */
  lastPriceTicks: number | null;
}

/**
 * Fill-or-kill: a dry run of the same walk. An own order would be cancelled under expire_maker
 * (skip it) and stops the walk under every other mode. Whether the taker would fill in full.
 */
export function fillsInFull(makers: readonly NaiveOrder[], taker: Taker): boolean {
  let total = 0;
  let budget = taker.quoteBudget;
  for (const maker of makers) {
    if (maker.traderId === taker.traderId) {
      if (taker.selfTradePrevention === 'expire_maker') continue;
      break;
    }
    let quantity = Math.min(taker.quantity - total, maker.remaining);
    if (budget !== null) {
      quantity = Math.min(quantity, Math.floor(budget / maker.priceTicks));
      if (quantity === 0) break;
      budget -= quantity * maker.priceTicks;
    }
    total += quantity;
    if (total >= taker.quantity) break;
  }
  return total >= taker.quantity;
}

/**
 * Walks the makers (crossing, in priority order) with the taker, changing their `remaining`. A
 * maker left with quantity (the taker or its budget ran out) is looked at again, exactly as a queue
 * head would be.
 */
export function walkMakers(makers: readonly NaiveOrder[], taker: Taker): NaiveWalk {
  const walk: NaiveWalk = {
    fills: [],
    prevented: [],
    decrementedQuantity: 0,
    remaining: taker.quantity,
    closureReason: null,
    lastPriceTicks: null,
  };
  let budget = taker.quoteBudget;
  let i = 0;
  for (let maker = makers[i]; maker && walk.remaining > 0; maker = makers[i]) {
    if (maker.traderId === taker.traderId) {
      if (!preventNaively(walk, taker.selfTradePrevention, maker)) break;
    } else {
      let quantity = Math.min(walk.remaining, maker.remaining);
      if (budget !== null) {
        quantity = Math.min(quantity, Math.floor(budget / maker.priceTicks));
        if (quantity === 0) {
          walk.closureReason = 'insufficient_funds';
          break;
        }
        budget -= quantity * maker.priceTicks;
      }
      maker.remaining -= quantity;
      walk.remaining -= quantity;
      walk.lastPriceTicks = maker.priceTicks;
      walk.fills.push(naiveFill(taker, maker, quantity));
    }
    if (maker.remaining === 0) i += 1;
  }
  return walk;
}

/** Self-trade prevention against one own maker; whether the walk goes on. */
function preventNaively(walk: NaiveWalk, stp: SelfTradePrevention, maker: NaiveOrder): boolean {
  if (stp === 'expire_taker') {
    walk.closureReason = 'self_trade_prevented';
    return false;
  }
  const quantity = stp === 'decrement' ? Math.min(walk.remaining, maker.remaining) : maker.remaining;
  maker.remaining -= quantity;
  walk.prevented.push({ orderId: maker.orderId, traderId: maker.traderId, quantity, remaining: maker.remaining });
  if (stp === 'expire_both') {
    walk.closureReason = 'self_trade_prevented';
    return false;
  }
  if (stp === 'decrement') {
    walk.remaining -= quantity;
    walk.decrementedQuantity += quantity;
    if (walk.remaining === 0) walk.closureReason = 'self_trade_prevented';
  }
  return true;
}

function naiveFill(taker: Taker, maker: NaiveOrder, quantity: number): Fill {
  return {
    makerOrderId: maker.orderId,
    makerTraderId: maker.traderId,
    takerOrderId: taker.orderId,
    takerTraderId: taker.traderId,
    takerSide: taker.side,
    priceTicks: maker.priceTicks,
    quantity,
    makerRemaining: maker.remaining,
  };
}

/** The makers a taker may meet: the other side's orders it crosses. */
export function crossing(taker: Taker, order: NaiveOrder): boolean {
  return taker.limitTicks === null || crosses(taker.side, taker.limitTicks, order.priceTicks);
}

export function strip(order: NaiveOrder): RestingOrderView {
  return {
    orderId: order.orderId,
    traderId: order.traderId,
    side: order.side,
    priceTicks: order.priceTicks,
    remaining: order.remaining,
  };
}

export function stripStop(stop: NaiveStop): PendingStopView {
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
