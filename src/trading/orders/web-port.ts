import type { CancelOutcome, PlaceOutcome, TicketOrder, TradingPort } from '../../core/trading-port.js';
import type { Clock } from '../../lib/clock.js';
import { refusalError, refusalHttp } from '../handlers/failures.js';
import { cancelOrder, createOrder, type OrderDeps } from './orders.js';
import type { RefusalCode } from './refusals.js';

/**
 * The order pipeline as the dashboard reaches it (core/trading-port.ts): the functions the trading API's order
 * handlers call (handlers/orders-write.ts), so a cancel or an order from a page is checked, held, matched and
 * committed exactly as a signed request is. Refusals come back as values with the trading API's status and words.
 */

/** The trading pipeline's refusals of a cancel, as the port's closed outcomes. */
const cancelRefusals: Partial<Record<RefusalCode, CancelOutcome>> = {
  unknown_order: 'unknown_order',
  unknown_market: 'unknown_order',
  order_not_open: 'not_open',
  order_already_cancelled: 'already_cancelled',
  auto_mode: 'auto_mode',
};

/** A user's cancel, through the orders service (the book and its group commit). */
async function cancelThrough(deps: OrderDeps, userId: string, orderId: string, nowUs: number): Promise<CancelOutcome> {
  const answer = await cancelOrder(deps, userId, orderId, nowUs);
  if ('value' in answer) return 'cancelled';
  const outcome = cancelRefusals[answer.refused.code];
  if (outcome === undefined) throw refusalError(answer.refused);
  return outcome;
}

/** A ticket's order, through the orders service; it answers once the order's commit has landed. */
async function placeThrough(deps: OrderDeps, userId: string, order: TicketOrder, nowUs: number): Promise<PlaceOutcome> {
  const answer = await createOrder(
    deps,
    userId,
    {
      marketId: order.marketId,
      clientOrderId: null,
      side: order.side,
      type: order.type,
      priceText: order.priceText,
      quantity: order.quantity,
      timeInForce: order.timeInForce,
      postOnly: order.postOnly,
      shouldAutotransfer: false,
    },
    nowUs,
  );
  if ('value' in answer) return { outcome: 'placed', orderId: answer.value.orderId };
  const { refused } = answer;
  return {
    outcome: 'refused',
    status: refusalHttp(refused).status,
    detail: refused.detail,
    headers: refused.headers ?? {},
  };
}

export const tradingPortOf = (deps: OrderDeps, clock: Clock): TradingPort => ({
  cancelOrder: (userId, orderId) => cancelThrough(deps, userId, orderId, clock.nowUs()),
  placeOrder: (userId, order) => placeThrough(deps, userId, order, clock.nowUs()),
});
