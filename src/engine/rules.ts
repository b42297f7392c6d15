import { present } from './invariant.js';
import type { AmendCommand, PlaceCommand, PlaceRefusal, SelfTradePrevention, Side, TimeInForce } from './types.js';

/** An incoming order as the matching loop sees it (a new order, an amended one re-queued, or a triggered stop). */
export interface Taker {
  orderId: string;
  traderId: string;
  side: Side;
  type: 'limit' | 'market';
  /** null: no price limit (market orders). */
  limitTicks: number | null;
  quantity: number;
  /** Market orders arrive here as `ioc` unless `fok`. */
  timeInForce: TimeInForce;
  quoteBudget: number | null;
  selfTradePrevention: SelfTradePrevention;
  /** Kept by the order while it rests: an amendment may not make it take. */
  postOnly: boolean;
  expiresAt: number | null;
}

/** A stop waiting for its trigger: what it becomes (a Taker) once the last trade crosses `stopTicks`. */
export interface StopOrder {
  orderId: string;
  traderId: string;
  side: Side;
  type: 'stop' | 'stop_limit';
  stopTicks: number;
  /** The limit of a stop_limit; null for a stop. */
  priceTicks: number | null;
  quantity: number;
  timeInForce: TimeInForce;
  quoteBudget: number | null;
  selfTradePrevention: SelfTradePrevention;
  expiresAt: number | null;
  /** Arrival order among stops: ties of stop price trigger oldest first. */
  arrival: number;
}

const isPositiveInteger = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const hasLimit = (command: PlaceCommand): boolean => command.type === 'limit' || command.type === 'stop_limit';
const isStop = (command: PlaceCommand): boolean => command.type === 'stop' || command.type === 'stop_limit';

export function validatePlace(
  command: PlaceCommand,
): Exclude<PlaceRefusal, 'duplicate_order_id' | 'post_only_would_take' | 'stop_would_trigger'> | null {
  if (!isPositiveInteger(command.quantity)) return 'invalid_quantity';
  if (hasLimit(command) && !isPositiveInteger(command.priceTicks)) return 'invalid_price';
  if (
    command.type === 'market'
      ? command.priceTicks !== null && !isPositiveInteger(command.priceTicks)
      : !hasLimit(command) && command.priceTicks !== null
  )
    return 'invalid_price';
  if (command.quoteBudget !== undefined && !(Number.isSafeInteger(command.quoteBudget) && command.quoteBudget >= 0))
    return 'invalid_price';
  if (
    isStop(command)
      ? !isPositiveInteger(command.stopTicks)
      : command.stopTicks !== undefined && command.stopTicks !== null
  )
    return 'invalid_stop_price';
  if (
    command.postOnly === true &&
    (command.type !== 'limit' || command.timeInForce === 'ioc' || command.timeInForce === 'fok')
  )
    return 'invalid_post_only';
  return null;
}

export function validateAmend(command: AmendCommand): 'invalid_quantity' | 'invalid_price' | null {
  if (!isPositiveInteger(command.remaining)) return 'invalid_quantity';
  if (!isPositiveInteger(command.priceTicks)) return 'invalid_price';
  return null;
}

/** Whether a `side` order limited at `limitTicks` trades against a resting price of `restingTicks`. */
export function crosses(side: Side, limitTicks: number, restingTicks: number): boolean {
  return side === 'buy' ? limitTicks >= restingTicks : limitTicks <= restingTicks;
}

/** A buy stop triggers once the last trade is at or above its stop price, a sell stop at or below. */
export function stopTriggered(side: Side, stopTicks: number, lastTradeTicks: number | null): boolean {
  if (lastTradeTicks === null) return false;
  return side === 'buy' ? lastTradeTicks >= stopTicks : lastTradeTicks <= stopTicks;
}

/**
 * Which of two triggered stops goes first: buys before sells; among buys the lowest stop price,
 * among sells the highest (the one the price path crossed first), then the oldest.
 */
export function triggersBefore(a: StopOrder, b: StopOrder): boolean {
  if (a.side !== b.side) return a.side === 'buy';
  if (a.stopTicks !== b.stopTicks) return a.side === 'buy' ? a.stopTicks < b.stopTicks : a.stopTicks > b.stopTicks;
  return a.arrival < b.arrival;
}

export function takerOf(command: PlaceCommand): Taker {
  const isMarket = command.type === 'market';
  return {
    orderId: command.orderId,
    traderId: command.traderId,
    side: command.side,
    type: isMarket ? 'market' : 'limit',
    limitTicks: command.priceTicks, // a market order's protection price, or null
    quantity: command.quantity,
    timeInForce: isMarket && command.timeInForce !== 'fok' ? 'ioc' : command.timeInForce,
    quoteBudget: isMarket && command.side === 'buy' && command.quoteBudget !== undefined ? command.quoteBudget : null,
    selfTradePrevention: command.selfTradePrevention ?? 'expire_taker',
    postOnly: command.postOnly ?? false,
    expiresAt: command.expiresAt ?? null,
  };
}

export function stopOf(command: PlaceCommand, arrival: number): StopOrder {
  return {
    orderId: command.orderId,
    traderId: command.traderId,
    side: command.side,
    type: command.type === 'stop' ? 'stop' : 'stop_limit',
    stopTicks: present(command.stopTicks, 'a validated stop has a stop price'),
    priceTicks: command.type === 'stop' ? null : command.priceTicks,
    quantity: command.quantity,
    timeInForce: command.timeInForce,
    quoteBudget:
      command.type === 'stop' && command.side === 'buy' && command.quoteBudget !== undefined
        ? command.quoteBudget
        : null,
    selfTradePrevention: command.selfTradePrevention ?? 'expire_taker',
    expiresAt: command.expiresAt ?? null,
    arrival,
  };
}

/** A triggered stop as an incoming order: a stop becomes a market order, a stop_limit a limit order. */
export function takerOfStop(stop: StopOrder): Taker {
  const isMarket = stop.type === 'stop';
  return {
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
  };
}

/** Whether `a` expires before `b`: earlier time first, then the smaller id, so both books list expiries alike. */
export function expiresBefore(
  a: { expiresAt: number; orderId: string },
  b: { expiresAt: number; orderId: string },
): number {
  return a.expiresAt !== b.expiresAt
    ? a.expiresAt - b.expiresAt
    : a.orderId < b.orderId
      ? -1
      : a.orderId > b.orderId
        ? 1
        : 0;
}
