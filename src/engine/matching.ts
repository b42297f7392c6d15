import type { PriceLevels } from './level.js';
import { crosses, type Taker } from './rules.js';
import type { BookSide } from './side.js';
import { none, type OrderSlots } from './slots.js';
import type { ClosureReason, Fill, Prevention, SelfTradePrevention } from './types.js';

/**
 * One incoming order's walk down the opposite side, step by step: what is left of it and of its
 * budget, what it filled and prevented, and why it stopped. The fast book keeps one walk and starts
 * it afresh for each execution, so matching allocates nothing beyond the fills and preventions it
 * hands back (and those only when there are some).
 */
interface Walk {
  remaining: number;
  budget: number | null;
  decrementedQuantity: number;
  closureReason: ClosureReason | null;
  fills: Fill[] | undefined;
  prevented: Prevention[] | undefined;
  /** The price of the walk's last fill; null while it has none. */
  lastPriceTicks: number | null;
}

export function newWalk(): Walk {
  return {
    remaining: 0,
    budget: null,
    decrementedQuantity: 0,
    closureReason: null,
    fills: undefined,
    prevented: undefined,
    lastPriceTicks: null,
  };
}

export function startWalk(walk: Walk, taker: Taker): Walk {
  walk.remaining = taker.quantity;
  walk.budget = taker.quoteBudget;
  walk.decrementedQuantity = 0;
  walk.closureReason = null;
  walk.fills = undefined;
  walk.prevented = undefined;
  walk.lastPriceTicks = null;
  return walk;
}

/** Where the makers are: the book's order slots and its levels. */
export interface MakerStore {
  slots: OrderSlots;
  levels: PriceLevels;
}

/**
 * The taker meets its own trader's order (the slot `maker`) at the head of the best level: the taker's mode
 * decides. Returns whether the walk goes on; the maker may be left with nothing (the caller unlinks it).
 */
export function preventSelfTrade(walk: Walk, mode: SelfTradePrevention, store: MakerStore, maker: number): boolean {
  if (mode === 'expire_taker') {
    walk.closureReason = 'self_trade_prevented';
    return false;
  }
  const { slots } = store;
  const makerRemaining = slots.remaining(maker);
  const quantity = mode === 'decrement' ? Math.min(walk.remaining, makerRemaining) : makerRemaining;
  slots.setRemaining(maker, makerRemaining - quantity);
  store.levels.reduce(slots.level(maker), quantity);
  (walk.prevented ??= []).push({
    orderId: slots.orderId(maker),
    traderId: slots.traderId(maker),
    quantity,
    remaining: makerRemaining - quantity,
  });
  if (mode === 'decrement') {
    walk.remaining -= quantity;
    walk.decrementedQuantity += quantity;
    if (walk.remaining === 0) walk.closureReason = 'self_trade_prevented';
    return true;
  }
  if (mode === 'expire_both') {
    walk.closureReason = 'self_trade_prevented';
    return false;
  }
  return true;
}

/**
 * The taker trades with the maker (a slot) at the head of the best level, at the maker's price, as much as
 * both (and the taker's budget) allow. Returns whether the walk goes on: false when the budget
 * buys not one more Unit.
 */
export function trade(walk: Walk, taker: Taker, store: MakerStore, maker: number): boolean {
  const { slots } = store;
  const priceTicks = slots.price(maker);
  const makerRemaining = slots.remaining(maker);
  let quantity = Math.min(walk.remaining, makerRemaining);
  if (walk.budget !== null) {
    quantity = Math.min(quantity, Math.floor(walk.budget / priceTicks));
    if (quantity === 0) {
      walk.closureReason = 'insufficient_funds';
      return false;
    }
    walk.budget -= quantity * priceTicks;
  }
  slots.setRemaining(maker, makerRemaining - quantity);
  store.levels.reduce(slots.level(maker), quantity);
  walk.remaining -= quantity;
  (walk.fills ??= []).push({
    makerOrderId: slots.orderId(maker),
    makerTraderId: slots.traderId(maker),
    takerOrderId: taker.orderId,
    takerTraderId: taker.traderId,
    takerSide: taker.side,
    priceTicks,
    quantity,
    makerRemaining: makerRemaining - quantity,
  });
  walk.lastPriceTicks = priceTicks;
  return true;
}

/** Why what is left of the taker after its walk closes; null: it rests (a limit order with time left). */
export function closureOf(walk: Walk, taker: Taker): ClosureReason | null {
  return (
    walk.closureReason ??
    (taker.type === 'market' ? 'no_liquidity' : taker.timeInForce === 'ioc' ? 'ioc_remainder' : null)
  );
}

/**
 * How much of a fill-or-kill taker could fill now, under the same rules as the walk. Own orders:
 * `expire_maker` would cancel them and go on, so they are skipped; every other mode would stop
 * there (or, for `decrement`, shrink the order without a fill), so the count stops.
 */
export function fillable(opposite: BookSide, store: MakerStore, taker: Taker): number {
  const { slots, levels } = store;
  const trader = slots.traderNumber(taker.traderId);
  let total = 0;
  let budget = taker.quoteBudget;
  for (const level of opposite.bestFirst()) {
    const priceTicks = levels.price(level);
    if (taker.limitTicks !== null && !crosses(taker.side, taker.limitTicks, priceTicks)) break;
    for (let maker = levels.head(level); maker !== none; maker = slots.next(maker)) {
      if (slots.trader(maker) === trader) {
        if (taker.selfTradePrevention === 'expire_maker') continue;
        return total;
      }
      let quantity = Math.min(taker.quantity - total, slots.remaining(maker));
      if (budget !== null) {
        quantity = Math.min(quantity, Math.floor(budget / priceTicks));
        if (quantity === 0) return total;
        budget -= quantity * priceTicks;
      }
      total += quantity;
      if (total >= taker.quantity) return total;
    }
  }
  return total;
}
