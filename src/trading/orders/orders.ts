import { assert } from '../../lib/assert.js';
import { isUniqueViolation } from '../../db/knex.js';
import {
  findOrderOfUser,
  marketsWithDueOrders,
  marketsWithOpenOrders,
  orderIdByClientOrderId,
} from '../../db/orders.js';
import { poolSql, withSql } from '../../db/sql.js';
import type { PendingClaim } from '../../core/signatures.js';
import { admitAlone, admitted, type OrderAdmission } from './admission.js';
import { newOrderId } from '../../lib/ids.js';
import type { TradingBatch } from './batch.js';
import type { MarketSession } from './market-book.js';
import type { OrderDeps } from './order-books.js';
import { stopTriggered } from '../../engine/index.js';
import type { PlaceCommand, SelfTradePrevention, Side } from '../../engine/types.js';
import { checkCollar, postOnlyWouldTake, stopWouldTrigger } from './order-rules.js';
import {
  checkOrderFields,
  duplicateClientOrderId,
  needsOf,
  requireAdvanced,
  requireMarket,
  type CheckedOrder,
  type NewOrder,
} from './order-entry.js';
import { bulkCancelRateLimit, rateLimited, takeToken, type BucketDecision } from './rate-limits.js';
import { openStatuses, type OrderRow } from '../../db/trading-rows.js';
import { hold } from './hold.js';
import { answer, refuse, refused, type Refusable } from './refusals.js';
import { closeOrders, expireDue, settleIn } from './session-settle.js';
import { countOrder, marketLabelOf } from './order-metrics.js';

/**
 * The write side of trading: create and cancel orders (amend.ts amends them). Every command is one pipeline:
 *
 *   check  – the rules that need no lock, before the queue (order-entry.ts, order-rules.ts), then
 *            those that need the market's state (collar, client_order_id, the order still open, a
 *            stop not already due, a post-only order not taking);
 *   hold   – locks what the order may spend, in the batch's balances, or refuses (hold.ts);
 *   match  – the engine, in memory;
 *   settle – fills in, journal entries and row changes out, with no I/O (settle.ts, session-settle.ts);
 *   record – into the group commit's batch, written with it in one write set (books.ts), and
 *            acknowledged only once that commit has landed.
 *
 * A refusal comes before the hold, or is the hold, so a refused command changes nothing.
 */

export { openOrderBooks, type OrderBooks, type OrderDeps } from './order-books.js';
export { type NewOrder } from './order-entry.js';

export interface PlacedOrder {
  orderId: string;
  clientOrderId: string | null;
  rate: BucketDecision;
}

async function placeOrder(
  deps: OrderDeps,
  userId: string,
  input: NewOrder,
  nowUs: number,
  claim: PendingClaim | undefined,
): Promise<PlacedOrder> {
  const admission: OrderAdmission = { claim, bucket: undefined, nowUs };
  const market = await admittedOnRefusal(deps, admission, () => requireMarket(deps, input.marketId, nowUs));
  await admittedOnRefusal(deps, admission, () =>
    requireAdvanced(deps, userId, input.triggeredByAutoBuy ?? false, 'creation'),
  );
  admission.bucket = { key: `orders:${userId}:${market.market.id}`, spec: deps.config.orderRate };
  const order = await admittedOnRefusal(deps, admission, () => checkOrderFields(deps, userId, market, input, nowUs));
  return deps.orderBooks.books.run(
    market.market.id,
    async (session) => {
      const rate = admitted(admission);
      return { ...(await placeChecked(deps, session, userId, order, nowUs)), rate };
    },
    { ...needsOf(userId, order), admission },
  );
}

/** A check before the queue; when it fails, the admission so far is made on its own first (its refusal wins). */
async function admittedOnRefusal<T>(deps: OrderDeps, admission: OrderAdmission, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await admitAlone(poolSql(deps.db), admission);
    throw error;
  }
}

/**
 * The order's stage in the market's queue: due expiries first, then the checks that need the
 * market's state (collar, client_order_id, a stop not already due, post-only not taking), the
 * hold, the engine, settlement, and the record into the batch.
 */
export async function placeChecked(
  deps: OrderDeps,
  session: MarketSession,
  userId: string,
  checked: CheckedOrder,
  nowUs: number,
): Promise<{ orderId: string; clientOrderId: string | null }> {
  const { batch, state } = session;
  const { input, market, submitted, priceTicks, stopTicks } = checked;
  await expireDue(deps, session, market, nowUs);
  const selfTradePrevention = checked.selfTradePrevention ?? (await batch.defaultSelfTradePrevention(userId));
  // A market order's protection price never rests, so the collar (a band for resting prices) leaves it alone.
  if (priceTicks !== null && input.type !== 'market')
    refuse(checkCollar(market.market, state.lastTradeTicks, priceTicks, submitted));
  if (input.clientOrderId !== null) await refuseDuplicate(deps, batch, userId, input.clientOrderId);
  if (stopTicks !== null && state.lastTradeTicks !== null && stopTriggered(input.side, stopTicks, state.lastTradeTicks))
    refuse(stopWouldTrigger(input.side, stopTicks, state.lastTradeTicks, submitted));
  // A post-only order is a limit order (checkOrderShape), so it has its price.
  if (input.postOnly === true && priceTicks !== null && state.readBook.wouldTake(input.side, priceTicks)) {
    refuse(
      postOnlyWouldTake(
        input.side,
        priceTicks,
        input.side === 'buy' ? state.readBook.bestAsk() : state.readBook.bestBid(),
        submitted,
      ),
    );
  }
  const pending = newOrderRow(userId, { ...checked, selfTradePrevention }, session.nextSequence(), nowUs);
  const { reserved, quoteBudget } = await hold(deps, batch, market, pending, checked.ids, submitted, nowUs);
  const order = { ...pending, reserved };
  const command: PlaceCommand = {
    orderId: order.id,
    traderId: userId,
    side: order.side,
    type: order.type,
    priceTicks,
    quantity: order.quantity,
    timeInForce: order.time_in_force,
    stopTicks,
    postOnly: input.postOnly ?? false,
    selfTradePrevention,
    expiresAt: checked.expiresAtUs,
    ...(quoteBudget === undefined ? {} : { quoteBudget }),
  };
  const placed = state.book.place(command);
  if (placed.code !== 'ok') throw new Error(`engine refused ${order.id}: ${placed.code}`);
  const settled = await settleIn(deps, session, market, [order], { orderId: order.id, outcome: placed }, nowUs);
  batch.record(settled, nowUs);
  return { orderId: order.id, clientOrderId: order.client_order_id };
}

/**
 * One command on the market's book that cancels, with `reason`, the orders `choose` picks under the
 * market's lock (after due day orders expired); the rest of what `choose` answers is the command's
 * result. For callers that decide inside the transaction which orders go: batch cancel and the
 * dead-man's switch (batch-cancel.ts, dead-man-switch.ts).
 */
export async function cancelChosen<T>(
  deps: OrderDeps,
  marketId: string,
  reason: OrderRow['closure_reason'],
  nowUs: number,
  choose: (session: MarketSession) => Promise<{ orders: readonly OrderRow[]; result: T }>,
): Promise<T> {
  const market = await requireMarket(deps, marketId, nowUs);
  return deps.orderBooks.books.run(marketId, async (session) => {
    await expireDue(deps, session, market, nowUs);
    const { orders, result } = await choose(session);
    if (orders.length > 0) await closeOrders(deps, session, market, orders, 'cancelled', reason, nowUs);
    return result;
  });
}

async function refuseDuplicate(
  deps: OrderDeps,
  batch: TradingBatch,
  userId: string,
  clientOrderId: string,
): Promise<void> {
  const existing = await batch.orderIdByClientOrderId(userId, clientOrderId);
  if (existing !== undefined) refuse(duplicateClientOrderId(clientOrderId, existing));
}

/** Cancels one open order of the user; answers its refusal (unknown, not open, Auto Mode) as a value. */
export function cancelOrder(deps: OrderDeps, userId: string, orderId: string, nowUs: number): Promise<Refusable<void>> {
  return answer(() => cancelOne(deps, userId, orderId, nowUs));
}

async function cancelOne(deps: OrderDeps, userId: string, orderId: string, nowUs: number): Promise<void> {
  await requireAdvanced(deps, userId, false, 'cancellation');
  const found = await findOwn(deps, userId, orderId);
  refuseUnlessOpen(found, 'cancel');
  const market = await requireMarket(deps, found.market_id, nowUs);
  await deps.orderBooks.books.run(found.market_id, async (session) => {
    await expireDue(deps, session, market, nowUs);
    const order = await session.batch.order(orderId);
    assert(order !== undefined, `order ${orderId} vanished under the market's lock`);
    refuseUnlessOpen(order, 'cancel');
    await closeOrders(deps, session, market, [order], 'cancelled', 'cancelled_by_user', nowUs);
  });
}

/** Cancels every open order of the user, optionally on one market and one side; answers how many. */
export function cancelOrders(
  deps: OrderDeps,
  userId: string,
  filter: OrderFilter,
  nowUs: number,
  options: { unknownMarketMatchesNothing: boolean },
): Promise<Refusable<number>> {
  return answer(() => cancelAll(deps, userId, filter, nowUs, options));
}

interface OrderFilter {
  marketId?: string | undefined;
  side?: Side | undefined;
}

async function cancelAll(
  deps: OrderDeps,
  userId: string,
  filter: OrderFilter,
  nowUs: number,
  options: { unknownMarketMatchesNothing: boolean },
): Promise<number> {
  await requireAdvanced(deps, userId, false, 'cancellation');
  // A filter naming an unknown market matches nothing; a path naming one is a 404.
  if (filter.marketId !== undefined && !options.unknownMarketMatchesNothing)
    await requireMarket(deps, filter.marketId, nowUs);
  const rate = await takeToken(poolSql(deps.db), `bulk-cancel:${userId}`, bulkCancelRateLimit, nowUs);
  refuse(rateLimited(rate, 'Bulk cancellation limit reached'));
  const marketIds = await marketsWithOpenOrders(poolSql(deps.db), userId, filter);
  let cancelled = 0;
  for (const marketId of marketIds) {
    const market = await requireMarket(deps, marketId, nowUs);
    cancelled += await deps.orderBooks.books.run(marketId, async (session) => {
      await expireDue(deps, session, market, nowUs);
      const open = await session.batch.openOrders(userId, { marketId, side: filter.side });
      if (open.length > 0) await closeOrders(deps, session, market, open, 'cancelled', 'cancelled_by_user', nowUs);
      return open.length;
    });
  }
  return cancelled;
}

export async function findOwn(deps: OrderDeps, userId: string, orderId: string): Promise<OrderRow> {
  const order = await withSql(deps.db, (sql) => findOrderOfUser(sql, orderId, userId));
  return order ?? refused({ code: 'unknown_order', detail: `No order with id ${orderId}.` });
}

/**
 * Expires due orders (`day`, `gtd`) on every market that has some: a fast timer calls this (background.ts), so nobody
 * need touch the market.
 */
export async function expireDueOrders(
  deps: OrderDeps,
  nowUs: number,
  ownsMarket: (marketId: string) => boolean = () => true,
): Promise<number> {
  // Only the markets this process trades (MKT_MARKETS): it never catches up another process's book to expire.
  const due = (await marketsWithDueOrders(poolSql(deps.db), nowUs)).filter(ownsMarket);
  for (const marketId of due) {
    const market = await requireMarket(deps, marketId, nowUs);
    await deps.orderBooks.books.run(marketId, (session) => expireDue(deps, session, market, nowUs));
  }
  return due.length;
}

/** Places a new order; answers it as placed (filled or resting, once committed), or the refusal; counts either. */
export async function createOrder(
  deps: OrderDeps,
  userId: string,
  input: NewOrder,
  nowUs: number,
  claim?: PendingClaim,
): Promise<Refusable<PlacedOrder>> {
  const placed = await answer(() => placeOrderOnce(deps, userId, input, nowUs, claim));
  const { metrics, markets } = deps.orderBooks;
  countOrder(metrics, marketLabelOf(markets, input.marketId), input.type, placed);
  return placed;
}

/** A duplicate client_order_id that slipped past the check (a race on two markets) is still refused as one. */
async function placeOrderOnce(
  deps: OrderDeps,
  userId: string,
  input: NewOrder,
  nowUs: number,
  claim: PendingClaim | undefined,
): Promise<PlacedOrder> {
  try {
    return await placeOrder(deps, userId, input, nowUs, claim);
  } catch (error) {
    if (!isUniqueViolation(error) || input.clientOrderId === null) throw error;
    const clientOrderId = input.clientOrderId;
    const existing = await withSql(deps.db, (sql) => orderIdByClientOrderId(sql, userId, clientOrderId));
    return refused(duplicateClientOrderId(clientOrderId, existing));
  }
}

/** A new order as the hold finds it: nothing filled, nothing reserved yet. */
function newOrderRow(
  userId: string,
  checked: CheckedOrder & { selfTradePrevention: SelfTradePrevention },
  sequence: number,
  nowUs: number,
): OrderRow {
  const { input, market } = checked;
  return {
    id: newOrderId(),
    user_id: userId,
    market_id: market.market.id,
    instrument_id: market.instrument.id,
    side: input.side,
    type: input.type,
    time_in_force: input.timeInForce,
    price_ticks: checked.priceTicks,
    stop_price_ticks: checked.stopTicks,
    post_only: input.postOnly ?? false,
    self_trade_prevention: checked.selfTradePrevention,
    quantity: input.quantity,
    filled_quantity: 0,
    remaining_quantity: 0,
    status: 'pending',
    closure_reason: null,
    client_order_id: input.clientOrderId,
    reserved: 0,
    notional_micros: 0,
    fee_micros: 0,
    sequence,
    triggered_by_auto_buy: input.triggeredByAutoBuy ?? false,
    should_autotransfer: checked.autotransfer,
    expires_at_us: checked.expiresAtUs,
    filled_at_us: null,
    submitted_at_us: nowUs,
    updated_at_us: nowUs,
  };
}

export function refuseUnlessOpen(order: OrderRow, action: 'cancel' | 'amend'): void {
  if (openStatuses.includes(order.status)) return;
  if (order.status === 'cancelled' && action === 'cancel') {
    refused({ code: 'order_already_cancelled', detail: `Order ${order.id} is already cancelled.` });
  }
  refused({ code: 'order_not_open', detail: `Order ${order.id} is ${order.status} and can no longer be changed.` });
}
