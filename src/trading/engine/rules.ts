import type { AmendCommand, OrderType, PlaceCommand, Side, TimeInForce } from './types.js';

/** An incoming order as the matching loop sees it (a new order, or an amended one re-queued). */
export interface Taker {
  orderId: string;
  traderId: string;
  side: Side;
  type: OrderType;
  /** null: no price limit (market orders). */
  limitTicks: number | null;
  quantity: number;
  /** Market orders arrive here as `ioc` unless `fok`. */
  timeInForce: TimeInForce;
  quoteBudget: number | null;
}

const isPositiveInteger = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function validatePlace(command: PlaceCommand): 'invalid_quantity' | 'invalid_price' | null {
  if (!isPositiveInteger(command.quantity)) return 'invalid_quantity';
  if (command.type === 'limit' && !isPositiveInteger(command.priceTicks)) return 'invalid_price';
  if (command.type === 'market' && command.priceTicks !== null) return 'invalid_price';
  if (command.quoteBudget !== undefined && !(Number.isSafeInteger(command.quoteBudget) && command.quoteBudget >= 0)) return 'invalid_price';
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
