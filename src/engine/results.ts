import type { StopOrder } from './rules.js';
import type {
  AmendResult,
  ClosureReason,
  Execution,
  Fill,
  Outcome,
  PendingStopView,
  PlaceResult,
  Prevention,
  TriggeredExecution,
} from './types.js';

/**
 * Shared empty results: a command that fills nothing, prevents no self-trade and triggers no stop allocates nothing for
 * them.
 */
export const noFills: readonly Fill[] = Object.freeze([]);
export const noPreventions: readonly Prevention[] = Object.freeze([]);
export const noTriggers: readonly TriggeredExecution[] = Object.freeze([]);

/**
 * The results of place and amend, field by field rather than by spreading the outcome: the hot
 * path (an amend that keeps its place, a limit order that rests) then builds one object of a
 * fixed shape.
 */
export function placed(outcome: Outcome): PlaceResult {
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

export function amended(priorityKept: boolean, outcome: Outcome): AmendResult {
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

/** An amendment that asked for less at the same price: it keeps its place and rests with `restingQuantity`. */
export function keptPlace(restingQuantity: number): AmendResult {
  return {
    code: 'ok',
    priorityKept: true,
    fills: noFills,
    restingQuantity,
    closedQuantity: 0,
    closureReason: null,
    prevented: noPreventions,
    decrementedQuantity: 0,
    pendingQuantity: 0,
    triggered: noTriggers,
  };
}

/** A stop accepted, waiting for its trigger. */
export function pendingExecution(quantity: number): Execution {
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
export function closedExecution(quantity: number, reason: ClosureReason): Execution {
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

export function stopView(stop: StopOrder): PendingStopView {
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
