import type { MarketWithInstrument } from '../../core/reference.js';
import type { OrderRow } from '../../db/trading-rows.js';
import { holdMore } from './hold.js';
import type { MarketSession } from './market-book.js';
import type { OrderDeps } from './order-books.js';
import { requireAdvanced, requireMarket } from './order-entry.js';
import { checkCollar, checkMarketOpen, checkOrderControls, postOnlyWouldTake, type Submitted } from './order-rules.js';
import { findOwn, refuseUnlessOpen } from './orders.js';
import { answer, refuse, refused, type Refusable, type Refusal } from './refusals.js';
import { expireDue, settleIn } from './session-settle.js';

/**
 * `PATCH /v1/orders/{order_id}`: an open order's new price or quantity, through the same pipeline
 * as a new order (orders.ts): the checks that need no lock, then under the market's lock the order
 * still open, the collar, post-only, the hold of any difference, the engine and settlement.
 */

interface Amendment {
  priceText: string | undefined;
  quantity: number | undefined;
}

interface AmendedOrder {
  order: OrderRow;
  market: MarketWithInstrument;
}

/** What the amendment asks for once checked without the lock: the new quantity, and the price in ticks. */
interface CheckedAmendment {
  priceText: string | undefined;
  quantity: number;
  priceTicks: number;
  submitted: Submitted;
}

/** Amends an open order's price or quantity; answers the order as amended, or the refusal. */
export function amendOrder(
  deps: OrderDeps,
  userId: string,
  orderId: string,
  change: Amendment,
  nowUs: number,
): Promise<Refusable<AmendedOrder>> {
  return answer(() => amendOne(deps, userId, orderId, change, nowUs));
}

async function amendOne(
  deps: OrderDeps,
  userId: string,
  orderId: string,
  change: Amendment,
  nowUs: number,
): Promise<AmendedOrder> {
  await requireAdvanced(deps, userId, false, 'amendment');
  const found = await findOwn(deps, userId, orderId);
  refuseUnlessOpen(found, 'amend');
  refuseIfPendingStop(found);
  const market = await requireMarket(deps, found.market_id, nowUs);
  refuse(checkMarketOpen(market.market));
  const quantity = change.quantity ?? found.quantity;
  const submitted: Submitted = { priceText: change.priceText ?? null, quantity, clientOrderId: found.client_order_id };
  const controls = checkOrderControls(market.market, submitted);
  if ('refusal' in controls) return refused(controls.refusal);
  const priceTicks = controls.priceTicks ?? found.price_ticks;
  // An open order that is not a pending stop rests on the book, so it has a limit price.
  if (priceTicks === null) throw new Error(`order ${orderId} rests without a price`);
  const amendment: CheckedAmendment = { priceText: change.priceText, quantity, priceTicks, submitted };
  return deps.orderBooks.books.run(found.market_id, (session) =>
    amendInSession(deps, session, market, orderId, amendment, nowUs),
  );
}

/**
 * The amendment's stage in the market's queue: the order judged again under the lock, the hold, the engine, settlement.
 */
async function amendInSession(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  orderId: string,
  amendment: CheckedAmendment,
  nowUs: number,
): Promise<AmendedOrder> {
  const { batch, state } = session;
  const { quantity, priceTicks, submitted } = amendment;
  await expireDue(deps, session, market, nowUs);
  const order = await batch.order(orderId);
  if (order === undefined) throw new Error(`order ${orderId} vanished under the market's lock`);
  refuseUnlessOpen(order, 'amend');
  refuseIfPendingStop(order);
  // What no longer works: the fills, and what decrement self-trade prevention took off.
  const done = order.quantity - order.remaining_quantity;
  if (quantity <= done) refused(quantityNotAboveFilled(order, quantity, done));
  if (amendment.priceText !== undefined)
    refuse(checkCollar(market.market, state.lastTradeTicks, priceTicks, submitted));
  if (
    Boolean(order.post_only) &&
    priceTicks !== order.price_ticks &&
    state.readBook.wouldTake(order.side, priceTicks)
  ) {
    const best = order.side === 'buy' ? state.readBook.bestAsk() : state.readBook.bestBid();
    refuse(postOnlyWouldTake(order.side, priceTicks, best, submitted));
  }
  const remaining = quantity - done;
  const reserved = await holdMore(deps, batch, market, order, remaining, priceTicks, submitted, nowUs);
  const amended = state.book.amend({ orderId, traderId: order.user_id, priceTicks, remaining });
  if (amended.code !== 'ok') throw new Error(`engine refused amendment of ${orderId}: ${amended.code}`);
  const sequence = amended.priorityKept ? order.sequence : session.nextSequence();
  const changed: OrderRow = { ...order, quantity, price_ticks: priceTicks, reserved, sequence, updated_at_us: nowUs };
  const settled = await settleIn(deps, session, market, [changed], { orderId, outcome: amended }, nowUs);
  batch.record(settled, nowUs);
  const stored = settled.orders.find((row) => row.id === orderId);
  if (stored === undefined) throw new Error(`settlement of ${orderId}'s amendment left out the order`);
  return { order: stored, market };
}

function quantityNotAboveFilled(order: OrderRow, quantity: number, done: number): Refusal {
  const taken = done - order.filled_quantity;
  const what =
    taken > 0
      ? `${order.filled_quantity} Units already filled and the ${taken} removed by self-trade prevention`
      : `${order.filled_quantity} Units already filled`;
  return {
    code: 'quantity_not_above_filled',
    detail: `Invalid request: body.quantity ${quantity} must exceed the ${what}.`,
    context: {
      errors: [
        {
          path: 'body.quantity',
          message: `must exceed ${taken > 0 ? `${done} (filled_quantity plus what self-trade prevention removed)` : `filled_quantity ${order.filled_quantity}`}`,
          value: quantity,
        },
      ],
    },
  };
}

/** A pending stop is not on the book: amending it is refused (cancel it and place another). */
function refuseIfPendingStop(order: OrderRow): void {
  if (order.status !== 'pending') return;
  refused({
    code: 'stop_not_amendable',
    detail: `Order ${order.id} is a pending ${order.type} order; it cannot be amended before it triggers. Cancel it and place a new one.`,
    context: { errors: [{ path: 'order_id', message: 'is a pending stop order', value: order.id }] },
  });
}
