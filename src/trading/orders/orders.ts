import { isUniqueViolation } from '../../db/knex.js';
import {
  findOrderOfUser,
  marketsWithDueOrders,
  marketsWithOpenOrders,
  orderIdByClientOrderId,
} from '../../db/orders.js';
import { poolSql, withSql } from '../../db/sql.js';
import { newOrderId, newTradeId, newTransferId } from '../../lib/ids.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { move } from '../../ledger/journal.js';
import { unitsOf, usd } from '../../ledger/assets.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { TradingBatch } from './batch.js';
import type { MarketSession } from './books.js';
import type { OrderDeps } from './order-books.js';
import { stopTriggered } from '../../engine/index.js';
import type { Outcome, PlaceCommand, Side } from '../../engine/types.js';
import { buyReserveMicros, feeOn, marketBuyBudgetTicks, microsPerTick } from '../../core/fees.js';
import {
  checkCollar,
  checkMarketOpen,
  checkOrderControls,
  postOnlyWouldTake,
  stopWouldTrigger,
  type Submitted,
} from './order-rules.js';
import {
  checkOrderFields,
  duplicateClientOrderId,
  needsOf,
  rateLimited,
  requireAdvanced,
  requireMarket,
  type CheckedOrder,
  type NewOrder,
} from './order-entry.js';
import { bulkCancelRateLimit, takeToken, type BucketDecision } from './rate-limits.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import { openStatuses, type OrderRow, type OrderStatus } from '../../db/trading-rows.js';
import { answer, refuse, refused, type Refusable, type Refusal } from './refusals.js';
import { settle, type Settled } from './settle.js';

/**
 * The write side of trading: create, amend and cancel orders. Every command is one pipeline:
 *
 *   check  – the rules that need no lock, before the queue (order-entry.ts, order-rules.ts), then
 *            those that need the market's state (collar, client_order_id, the order still open, a
 *            stop not already due, a post-only order not taking);
 *   hold   – locks what the order may spend, in the batch's balances, or refuses;
 *   match  – the engine, in memory;
 *   settle – fills in, journal entries and row changes out, with no I/O (settle.ts);
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

interface Amendment {
  priceText: string | undefined;
  quantity: number | undefined;
}

async function placeOrder(deps: OrderDeps, userId: string, input: NewOrder, nowUs: number): Promise<PlacedOrder> {
  const market = await requireMarket(deps, input.marketId, nowUs);
  await requireAdvanced(deps, userId, input.triggeredByAutoBuy ?? false, 'creation');
  const rate = await takeToken(deps, `orders:${userId}:${market.market.id}`, deps.config.orderRate, nowUs);
  refuse(
    rateLimited(
      rate,
      `Order submission limit of ${deps.config.orderRate.ratePerSecond} per second for this market reached`,
    ),
  );
  const order = await checkOrderFields(deps, userId, market, input, nowUs);
  const placed = await deps.orderBooks.books.run(
    market.market.id,
    (session) => placeChecked(deps, session, userId, order, nowUs),
    needsOf(userId, order),
  );
  return { ...placed, rate };
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
  // A market order's protection price never rests, so the collar (a band for resting prices) leaves it alone.
  if (priceTicks !== null && input.type !== 'market')
    refuse(checkCollar(market.market, state.lastTradeTicks, priceTicks, submitted));
  if (input.clientOrderId !== null) await refuseDuplicate(deps, batch, userId, input.clientOrderId);
  if (stopTicks !== null && state.lastTradeTicks !== null && stopTriggered(input.side, stopTicks, state.lastTradeTicks))
    refuse(stopWouldTrigger(input.side, stopTicks, state.lastTradeTicks, submitted));
  if (input.postOnly === true && state.readBook.wouldTake(input.side, priceTicks!)) {
    refuse(
      postOnlyWouldTake(
        input.side,
        priceTicks!,
        input.side === 'buy' ? state.readBook.bestAsk() : state.readBook.bestBid(),
        submitted,
      ),
    );
  }
  const pending = newOrderRow(userId, checked, session.nextSequence(), nowUs);
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
    selfTradePrevention: checked.selfTradePrevention,
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
 * Locks what the order may spend: a limit or stop_limit order its price × quantity plus fee (buy)
 * or its Units (sell); a stop buy its quantity at the stop price plus fee, which is then its budget
 * once triggered; a market order what is available, within which the engine spends. Returns what
 * it locked and a market or stop buy's budget in ticks.
 */
async function hold(
  deps: OrderDeps,
  batch: TradingBatch,
  market: MarketWithInstrument,
  order: OrderRow,
  ids: TraderAccounts,
  submitted: Submitted,
  nowUs: number,
): Promise<{ reserved: number; quoteBudget?: number }> {
  const feePpm = market.instrument.fee_ppm;
  const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
  await batch.readBalances([accountId]);
  const available = batch.available(accountId);
  let amount: number;
  let quoteBudget: number | undefined;
  if (order.type === 'market') {
    if (available === 0) {
      refuse({
        code: 'nothing_to_spend',
        detail:
          order.side === 'buy'
            ? 'A market buy needs USD in the currency account, and it holds none.'
            : `A market sell needs Units of ${market.instrument.symbol}, and the trading account holds none.`,
        context: { quantity: order.quantity, available: order.side === 'buy' ? formatDecimal(0, usdScale) : '0' },
      });
    }
    if (order.side === 'buy') quoteBudget = marketBuyBudgetTicks(available, feePpm);
    amount =
      quoteBudget === undefined
        ? order.quantity
        : quoteBudget * microsPerTick + feeOn(quoteBudget * microsPerTick, feePpm);
    if (amount > available || amount === 0) refuse(shortfall(order, submitted, amount, available));
  } else if (order.type === 'stop' && order.side === 'buy') {
    // A stop buy holds its quantity at the stop price, and spends at most that once triggered.
    quoteBudget = order.quantity * order.stop_price_ticks!;
    amount = buyReserveMicros(order.quantity, order.stop_price_ticks!, 0, feePpm);
  } else {
    amount = order.side === 'buy' ? buyReserveMicros(order.quantity, order.price_ticks!, 0, feePpm) : order.quantity;
  }
  const refused = batch.post(
    'reserve',
    order.id,
    move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, amount),
    nowUs,
  );
  if (refused !== undefined) refuse(shortfall(order, submitted, amount, batch.available(accountId)));
  return quoteBudget === undefined ? { reserved: amount } : { reserved: amount, quoteBudget };
}

/** An amendment that needs more locked than the order holds takes the difference from available. */
async function holdMore(
  deps: OrderDeps,
  batch: TradingBatch,
  market: MarketWithInstrument,
  order: OrderRow,
  remaining: number,
  priceTicks: number,
  submitted: Submitted,
  nowUs: number,
): Promise<number> {
  const required =
    order.side === 'buy'
      ? buyReserveMicros(remaining, priceTicks, order.notional_micros, market.instrument.fee_ppm)
      : remaining;
  const extra = required - order.reserved;
  if (extra <= 0) return order.reserved;
  const ids = await deps.orderBooks.accounts.of(batch.sql, order.user_id, order.instrument_id);
  const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
  await batch.readBalances([accountId]);
  const refused = batch.post(
    'reserve',
    order.id,
    move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, extra),
    nowUs,
  );
  if (refused !== undefined) refuse(shortfall(order, submitted, extra, batch.available(accountId)));
  return required;
}

/** Settles what the command changed and what its outcome did (fills, preventions, triggered stops); the batch records the result. */
async function settleIn(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  changed: readonly OrderRow[],
  execution: { orderId: string; outcome: Outcome } | null,
  nowUs: number,
): Promise<Settled> {
  const { batch } = session;
  const instrumentId = market.instrument.id;
  const changedIds = new Set(changed.map((row) => row.id));
  const named = execution === null ? [] : namedOrders(execution.outcome);
  const others = new Map((await batch.orders(named.filter((id) => !changedIds.has(id)))).map((row) => [row.id, row]));
  const rows = [...changed, ...others.values()];
  const traders = new Map<string, TraderAccounts>();
  const consumption = new Map<string, string>();
  for (const row of rows) {
    if (!traders.has(row.user_id))
      traders.set(row.user_id, await deps.orderBooks.accounts.of(batch.sql, row.user_id, instrumentId));
    if (row.side === 'buy' && Boolean(row.should_autotransfer) && !consumption.has(row.user_id)) {
      consumption.set(
        row.user_id,
        await deps.orderBooks.accounts.consumptionOf(batch.sql, row.user_id, instrumentId, nowUs),
      );
    }
  }
  const system = deps.orderBooks.accounts.system(instrumentId);
  const settled = settle(
    {
      market,
      accountsOf: (userId) => traders.get(userId)!,
      feeAccount: system.fees,
      conversion: system.conversion,
      consumptionAccountOf: (userId) => consumption.get(userId)!,
      nowUs,
      nextTradeId: newTradeId,
      nextTransferId: newTransferId,
      nextSequence: session.nextSequence,
    },
    changed,
    others,
    execution,
  );
  if (settled.lastTradeTicks !== null) session.state.lastTradeTicks = settled.lastTradeTicks;
  return settled;
}

/** Every order an outcome names besides its own: makers, prevented orders, triggered stops and their makers. */
function namedOrders(outcome: Outcome): string[] {
  const ids: string[] = [];
  for (const execution of [outcome, ...outcome.triggered]) {
    if (execution !== outcome) ids.push((execution as { orderId: string }).orderId);
    for (const prevention of execution.prevented) ids.push(prevention.orderId);
    for (const fill of execution.fills) ids.push(fill.makerOrderId);
  }
  return ids;
}

/**
 * Orders whose expiry has come (`day` at 00:00 UTC, `gtd` at its expire_time, resting or pending
 * stops) leave the book before anything else happens to it. The book says what is due; it reads
 * nothing unless something may be.
 */
export async function expireDue(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  nowUs: number,
): Promise<void> {
  const { state, batch } = session;
  const bound = state.readBook.nextExpiry();
  if (bound === null || bound > nowUs) return;
  const expired = state.book.expire(nowUs);
  if (expired.length === 0) return;
  const due = await batch.orders(expired.map((expiry) => expiry.orderId));
  await closeRows(deps, session, market, due, 'expired', 'expired', nowUs);
}

/** Takes the orders off the book and closes them, releasing what they held. */
async function closeOrders(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  orders: readonly OrderRow[],
  status: OrderStatus,
  reason: OrderRow['closure_reason'],
  nowUs: number,
): Promise<void> {
  for (const order of orders) session.state.book.cancel(order.id, order.user_id);
  await closeRows(deps, session, market, orders, status, reason, nowUs);
}

/** Closes orders already off the book. */
async function closeRows(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  orders: readonly OrderRow[],
  status: OrderStatus,
  reason: OrderRow['closure_reason'],
  nowUs: number,
): Promise<void> {
  const closed = orders.map((order) => ({
    ...order,
    status,
    closure_reason: reason,
    remaining_quantity: 0,
    updated_at_us: nowUs,
  }));
  session.batch.record(await settleIn(deps, session, market, closed, null, nowUs), nowUs);
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
    const order = (await session.batch.order(orderId))!;
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
  const rate = await takeToken(deps, `bulk-cancel:${userId}`, bulkCancelRateLimit, nowUs);
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

interface AmendedOrder {
  order: OrderRow;
  market: MarketWithInstrument;
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
  const priceText = change.priceText;
  const quantity = change.quantity ?? found.quantity;
  const submitted: Submitted = { priceText: priceText ?? null, quantity, clientOrderId: found.client_order_id };
  const controls = checkOrderControls(market.market, submitted);
  if ('refusal' in controls) return refused(controls.refusal);
  const newPriceTicks = controls.priceTicks ?? found.price_ticks!;
  return deps.orderBooks.books.run(found.market_id, async (session) => {
    const { batch, state } = session;
    await expireDue(deps, session, market, nowUs);
    const order = (await batch.order(orderId))!;
    refuseUnlessOpen(order, 'amend');
    refuseIfPendingStop(order);
    // What no longer works: the fills, and what decrement self-trade prevention took off.
    const done = order.quantity - order.remaining_quantity;
    if (quantity <= done) {
      const taken = done - order.filled_quantity;
      const what =
        taken > 0
          ? `${order.filled_quantity} Units already filled and the ${taken} removed by self-trade prevention`
          : `${order.filled_quantity} Units already filled`;
      refuse({
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
      });
    }
    if (priceText !== undefined) refuse(checkCollar(market.market, state.lastTradeTicks, newPriceTicks, submitted));
    if (
      Boolean(order.post_only) &&
      newPriceTicks !== order.price_ticks &&
      state.readBook.wouldTake(order.side, newPriceTicks)
    ) {
      refuse(
        postOnlyWouldTake(
          order.side,
          newPriceTicks,
          order.side === 'buy' ? state.readBook.bestAsk() : state.readBook.bestBid(),
          submitted,
        ),
      );
    }
    const remaining = quantity - done;
    const reserved = await holdMore(deps, batch, market, order, remaining, newPriceTicks, submitted, nowUs);
    const amended = state.book.amend({ orderId, traderId: userId, priceTicks: newPriceTicks, remaining });
    if (amended.code !== 'ok') throw new Error(`engine refused amendment of ${orderId}: ${amended.code}`);
    const sequence = amended.priorityKept ? order.sequence : session.nextSequence();
    const changed: OrderRow = {
      ...order,
      quantity,
      price_ticks: newPriceTicks,
      reserved,
      sequence,
      updated_at_us: nowUs,
    };
    const settled = await settleIn(deps, session, market, [changed], { orderId, outcome: amended }, nowUs);
    batch.record(settled, nowUs);
    return { order: settled.orders.find((row) => row.id === orderId)!, market };
  });
}

async function findOwn(deps: OrderDeps, userId: string, orderId: string): Promise<OrderRow> {
  const order = await withSql(deps.db, (sql) => findOrderOfUser(sql, orderId, userId));
  return order ?? refused({ code: 'unknown_order', detail: `No order with id ${orderId}.` });
}

/** Expires due orders (`day`, `gtd`) on every market that has some: a fast timer calls this (background.ts), so nobody need touch the market. */
export async function expireDueOrders(deps: OrderDeps, nowUs: number): Promise<number> {
  const due = await marketsWithDueOrders(poolSql(deps.db), nowUs);
  for (const marketId of due) {
    const market = await requireMarket(deps, marketId, nowUs);
    await deps.orderBooks.books.run(marketId, (session) => expireDue(deps, session, market, nowUs));
  }
  return due.length;
}

/** Places a new order; answers it as placed (filled or resting), or the refusal. */
export function createOrder(
  deps: OrderDeps,
  userId: string,
  input: NewOrder,
  nowUs: number,
): Promise<Refusable<PlacedOrder>> {
  return answer(() => placeOrderOnce(deps, userId, input, nowUs));
}

/** A duplicate client_order_id that slipped past the check (a race on two markets) is still refused as one. */
async function placeOrderOnce(deps: OrderDeps, userId: string, input: NewOrder, nowUs: number): Promise<PlacedOrder> {
  try {
    return await placeOrder(deps, userId, input, nowUs);
  } catch (error) {
    if (!isUniqueViolation(error) || input.clientOrderId === null) throw error;
    const clientOrderId = input.clientOrderId;
    const existing = await withSql(deps.db, (sql) => orderIdByClientOrderId(sql, userId, clientOrderId));
    return refused(duplicateClientOrderId(clientOrderId, existing));
  }
}

function shortfall(
  order: Pick<OrderRow, 'side' | 'quantity'>,
  submitted: Submitted,
  required: number,
  available: number,
): Refusal {
  const buy = order.side === 'buy';
  const [need, have] = buy
    ? [formatDecimal(required, usdScale), formatDecimal(available, usdScale)]
    : [String(required), String(available)];
  const detail = buy
    ? `The order needs ${need} USD (price × quantity + fee) but ${have} USD is available.`
    : `The order needs ${need} Units but ${have} are available in the trading account.`;
  return {
    code: 'insufficient_balance',
    detail,
    context: {
      price: submitted.priceText,
      quantity: submitted.quantity,
      required: need,
      available: have,
      currency: buy ? 'usd' : 'units',
    },
  };
}

/** A new order as the hold finds it: nothing filled, nothing reserved yet. */
function newOrderRow(userId: string, checked: CheckedOrder, sequence: number, nowUs: number): OrderRow {
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

/** A pending stop is not on the book: amending it is refused (cancel it and place another). */
function refuseIfPendingStop(order: OrderRow): void {
  if (order.status !== 'pending') return;
  refused({
    code: 'stop_not_amendable',
    detail: `Order ${order.id} is a pending ${order.type} order; it cannot be amended before it triggers. Cancel it and place a new one.`,
    context: { errors: [{ path: 'order_id', message: 'is a pending stop order', value: order.id }] },
  });
}

function refuseUnlessOpen(order: OrderRow, action: 'cancel' | 'amend'): void {
  if (openStatuses.includes(order.status)) return;
  if (order.status === 'cancelled' && action === 'cancel') {
    refused({ code: 'order_already_cancelled', detail: `Order ${order.id} is already cancelled.` });
  }
  refused({ code: 'order_not_open', detail: `Order ${order.id} is ${order.status} and can no longer be changed.` });
}
