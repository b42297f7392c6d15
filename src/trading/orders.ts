import type { Db } from '../db/knex.js';
import { isUniqueViolation } from '../db/knex.js';
import { availableBalance } from '../db/journal.js';
import { dueDayOrders, findOrder, findOrderOfUser, marketsWithDueDayOrders, marketsWithOpenOrders, nextDayOrderExpiryUs, openOrders, orderIdByClientOrderId } from '../db/orders.js';
import { poolSql, sqlOf, withSql } from '../db/sql.js';
import { newOrderId } from '../lib/ids.js';
import { ApiError, notFound } from '../lib/errors.js';
import { formatDecimal, usdScale } from '../lib/money.js';
import { post, LedgerShortfall } from '../ledger/journal.js';
import { unitsOf, usd } from '../ledger/assets.js';
import { findUser } from '../core/identity.js';
import { AccountIds, type TraderAccounts } from './account-ids.js';
import { BookRegistry, type MarketSession } from './books.js';
import type { Execution, OrderType, Side, TimeInForce } from './engine/types.js';
import { buyReserveMicros, feeOn, marketBuyBudgetTicks, microsPerTick } from '../core/fees.js';
import { checkCollar, checkMarketOpen, checkOrderControls, checkPricePresence, type Submitted } from './order-rules.js';
import { bulkCancelRateLimit, type BucketDecision, type BucketSpec, type RateLimiter } from './rate-limits.js';
import type { MarketWithInstrument, ReferenceService } from '../core/reference.js';
import { openStatuses, type OrderRow, type OrderStatus } from '../db/trading-rows.js';
import { Settlement } from './settlement.js';
import { nextUtcMidnightUs } from './trading-day.js';

export interface NewOrder {
  marketId: string;
  clientOrderId: string | null;
  side: Side;
  type: OrderType;
  priceText: string | undefined;
  quantity: number;
  timeInForce: TimeInForce;
  shouldAutotransfer: boolean;
  /** Placed by the service's auto-buy on the user's behalf (allowed in Auto Mode). */
  triggeredByAutoBuy?: boolean;
}

export interface PlacedOrder {
  orderId: string;
  clientOrderId: string | null;
  rate: BucketDecision;
}

export interface Amendment {
  priceText: string | undefined;
  quantity: number | undefined;
}

const reserveAttemptsMax = 3;

const rateLimited = (decision: BucketDecision, what: string): ApiError =>
  new ApiError(429, 'rate_limit_exceeded', `${what}; retry after ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(decision.retryAfterSeconds) },
  });

/**
 * The write side of trading: create, amend and cancel orders. Each command is checked against the
 * rules that need no lock, then runs inside its market's serialised transaction: reserve → match
 * → settle → release, and is acknowledged only once that transaction has committed.
 */
export function createOrdersService(db: Db, reference: ReferenceService, limiter: RateLimiter, orderRateLimit: BucketSpec) {
  const books = new BookRegistry(db);
  const accounts = new AccountIds();

  async function requireAdvanced(userId: string, autoBuy: boolean, action: string): Promise<void> {
    const user = await findUser(db, userId);
    if (!user) throw new ApiError(401, 'invalid_signature', 'The signing key belongs to no user.');
    if (user.account_mode === 'auto' && !autoBuy) {
      throw new ApiError(403, 'auto_mode_trading_restricted', `Order ${action} is not allowed in Auto Mode; switch to Advanced Mode (POST /v1/self/system-settings/account-mode on the platform API) to trade directly.`);
    }
  }

  async function requireMarket(marketId: string): Promise<MarketWithInstrument> {
    const market = await reference.findMarket(marketId);
    if (!market) throw new ApiError(404, 'not_found', `No market with id ${marketId}. Use the market_id of GET /v1/markets; never derive it from a symbol.`);
    return market;
  }

  /** Day orders whose 00:00 UTC has passed leave the book before anything else happens to it. */
  async function expireDue(session: MarketSession, market: MarketWithInstrument, nowUs: number): Promise<void> {
    const { state, trx } = session;
    if (state.nextExpiryUs === null || state.nextExpiryUs > nowUs) return;
    const sql = await sqlOf(trx);
    const due = await dueDayOrders(sql, market.market.id, nowUs);
    const settlement = new Settlement(session, market, accounts, nowUs);
    for (const order of due) {
      state.book.cancel(order.id, order.user_id);
      close(order, 'expired', 'expired', nowUs);
      settlement.track(order);
    }
    await settlement.finish();
    state.nextExpiryUs = await nextDayOrderExpiryUs(sql, market.market.id);
  }

  /**
   * Locks what the order may spend. A limit order tries at once and reads the balance only to
   * explain a refusal; a market order spends what is available, which another market's commit may
   * change between the read and the lock, so it reads again and retries a few times.
   */
  async function reserve(session: MarketSession, market: MarketWithInstrument, order: OrderRow, ids: TraderAccounts, submitted: Submitted, nowUs: number): Promise<number | undefined> {
    const { trx } = session;
    const feePpm = market.instrument.fee_ppm;
    const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
    // A market order holds the row from the read to the reservation (on PostgreSQL; SQLite has one writer).
    const availableNow = async (lock = false) => availableBalance(await sqlOf(trx), accountId, lock);
    for (let attempt = 1; ; attempt++) {
      let amount: number;
      let quoteBudget: number | undefined;
      if (order.type === 'market') {
        const available = await availableNow(true);
        if (available === 0) {
          throw new ApiError(422, 'insufficient_inventory_or_funds', order.side === 'buy' ? 'A market buy needs USD in the currency account, and it holds none.' : `A market sell needs Units of ${market.instrument.symbol}, and the trading account holds none.`, {
            context: { quantity: order.quantity, available: order.side === 'buy' ? formatDecimal(0, usdScale) : '0' },
          });
        }
        if (order.side === 'buy') quoteBudget = marketBuyBudgetTicks(available, feePpm);
        amount = quoteBudget === undefined ? order.quantity : quoteBudget * microsPerTick + feeOn(quoteBudget * microsPerTick, feePpm);
        if (amount > available || amount === 0) throw shortfall(order, submitted, amount, available);
      } else {
        amount = order.side === 'buy' ? buyReserveMicros(order.quantity, order.price_ticks!, 0, feePpm) : order.quantity;
      }
      const postings = [
        { accountId, bucket: 'available' as const, asset, amount: -amount },
        { accountId, bucket: 'locked' as const, asset, amount },
      ];
      try {
        // A market order may try again in this transaction, so its attempt runs in a savepoint
        // that a shortfall rolls back whole; a limit order's shortfall ends the transaction anyway.
        if (order.type === 'market') await trx.transaction((savepoint) => post(savepoint, 'reserve', order.id, postings, nowUs));
        else await post(trx, 'reserve', order.id, postings, nowUs);
        order.reserved = amount;
        return quoteBudget;
      } catch (error) {
        if (!(error instanceof LedgerShortfall)) throw error;
        if (order.type === 'limit' || attempt >= reserveAttemptsMax) throw shortfall(order, submitted, amount, await availableNow());
      }
    }
  }

  function shortfall(order: Pick<OrderRow, 'side' | 'quantity'>, submitted: Submitted, required: number, available: number): ApiError {
    const buy = order.side === 'buy';
    const [need, have] = buy ? [formatDecimal(required, usdScale), formatDecimal(available, usdScale)] : [String(required), String(available)];
    const detail = buy
      ? `The order needs ${need} USD (price × quantity + fee) but ${have} USD is available.`
      : `The order needs ${need} Units but ${have} are available in the trading account.`;
    return new ApiError(422, 'insufficient_available_balance', detail, {
      context: { price: submitted.priceText, quantity: submitted.quantity, required: need, available: have, currency: buy ? 'usd' : 'units' },
    });
  }

  async function create(userId: string, input: NewOrder, nowUs: number): Promise<PlacedOrder> {
    const market = await requireMarket(input.marketId);
    await requireAdvanced(userId, input.triggeredByAutoBuy ?? false, 'creation');
    const rate = await limiter.take(`orders:${userId}:${market.market.id}`, orderRateLimit, nowUs);
    if (!rate.allowed) throw rateLimited(rate, `Order submission limit of ${orderRateLimit.ratePerSecond} per second for this market reached`);

    checkPricePresence(input.type, input.priceText);
    checkMarketOpen(market.market);
    const submitted: Submitted = { priceText: input.priceText ?? null, quantity: input.quantity, clientOrderId: input.clientOrderId };
    const priceTicks = checkOrderControls(market.market, submitted);
    const ids = await accounts.open(db, userId, market.instrument.id, nowUs);
    const autotransfer = input.side === 'buy' && (input.shouldAutotransfer || (input.triggeredByAutoBuy ?? false));

    return books.run(market.market.id, async (session) => {
      await expireDue(session, market, nowUs);
      if (priceTicks !== null) checkCollar(market.market, session.state.lastTradeTicks, priceTicks, submitted);
      if (input.clientOrderId !== null) await refuseDuplicate(session, userId, input.clientOrderId);
      const order: OrderRow = {
        id: newOrderId(),
        user_id: userId,
        market_id: market.market.id,
        instrument_id: market.instrument.id,
        side: input.side,
        type: input.type,
        time_in_force: input.timeInForce,
        price_ticks: priceTicks,
        quantity: input.quantity,
        filled_quantity: 0,
        remaining_quantity: 0,
        status: 'pending',
        closure_reason: null,
        client_order_id: input.clientOrderId,
        reserved: 0,
        notional_micros: 0,
        fee_micros: 0,
        sequence: session.nextSequence(),
        triggered_by_auto_buy: input.triggeredByAutoBuy ?? false,
        should_autotransfer: autotransfer,
        expires_at_us: input.timeInForce === 'day' ? nextUtcMidnightUs(nowUs) : null,
        filled_at_us: null,
        submitted_at_us: nowUs,
        updated_at_us: nowUs,
      };
      const quoteBudget = await reserve(session, market, order, ids, submitted, nowUs);
      const placed = session.state.book.place({
        orderId: order.id,
        traderId: userId,
        side: order.side,
        type: order.type,
        priceTicks,
        quantity: order.quantity,
        timeInForce: order.time_in_force,
        ...(quoteBudget === undefined ? {} : { quoteBudget }),
      });
      if (placed.code !== 'ok') throw new Error(`engine refused ${order.id}: ${placed.code}`);
      const settlement = new Settlement(session, market, accounts, nowUs);
      settlement.insert(order);
      await settlement.applyFills(placed.fills);
      conclude(order, placed, nowUs);
      if (order.expires_at_us !== null && order.remaining_quantity > 0) {
        const { state } = session;
        if (state.nextExpiryUs === null || order.expires_at_us < state.nextExpiryUs) state.nextExpiryUs = order.expires_at_us;
      }
      await settlement.finish();
      return { orderId: order.id, clientOrderId: order.client_order_id, rate };
    });
  }

  async function refuseDuplicate(session: MarketSession, userId: string, clientOrderId: string): Promise<void> {
    const existing = await orderIdByClientOrderId(await sqlOf(session.trx), userId, clientOrderId);
    if (existing !== undefined) {
      throw new ApiError(422, 'duplicate_client_order_id', 'client_order_id already exists', { context: { client_order_id: clientOrderId, order_id: existing } });
    }
  }

  async function cancel(userId: string, orderId: string, nowUs: number): Promise<void> {
    await requireAdvanced(userId, false, 'cancellation');
    const found = await findOwn(userId, orderId);
    refuseUnlessOpen(found, 'cancel');
    const market = await requireMarket(found.market_id);
    await books.run(found.market_id, async (session) => {
      await expireDue(session, market, nowUs);
      const order = (await findOrder(await sqlOf(session.trx), orderId))!;
      refuseUnlessOpen(order, 'cancel');
      await cancelInSession(session, market, [order], nowUs);
    });
  }

  async function cancelInSession(session: MarketSession, market: MarketWithInstrument, orders: OrderRow[], nowUs: number): Promise<number> {
    const settlement = new Settlement(session, market, accounts, nowUs);
    for (const order of orders) {
      session.state.book.cancel(order.id, order.user_id);
      close(order, 'cancelled', 'cancelled_by_user', nowUs);
      settlement.track(order);
    }
    await settlement.finish();
    return orders.length;
  }

  /** Cancels every open order of the user, optionally on one market and one side. */
  async function cancelAll(userId: string, filter: { marketId?: string | undefined; side?: Side | undefined }, nowUs: number, options: { unknownMarketMatchesNothing: boolean }): Promise<number> {
    await requireAdvanced(userId, false, 'cancellation');
    // A filter naming an unknown market matches nothing; a path naming one is a 404.
    if (filter.marketId !== undefined && !options.unknownMarketMatchesNothing) await requireMarket(filter.marketId);
    const rate = await limiter.take(`bulk-cancel:${userId}`, bulkCancelRateLimit, nowUs);
    if (!rate.allowed) throw rateLimited(rate, 'Bulk cancellation limit reached');
    const marketIds = await marketsWithOpenOrders(poolSql(db), userId, filter);
    let cancelled = 0;
    for (const marketId of marketIds) {
      const market = await requireMarket(marketId);
      cancelled += await books.run(marketId, async (session) => {
        await expireDue(session, market, nowUs);
        const open = await openOrders(await sqlOf(session.trx), userId, { marketId, side: filter.side });
        return cancelInSession(session, market, open, nowUs);
      });
    }
    return cancelled;
  }

  async function amend(userId: string, orderId: string, change: Amendment, nowUs: number): Promise<{ order: OrderRow; market: MarketWithInstrument }> {
    await requireAdvanced(userId, false, 'amendment');
    const found = await findOwn(userId, orderId);
    refuseUnlessOpen(found, 'amend');
    const market = await requireMarket(found.market_id);
    checkMarketOpen(market.market);
    const priceText = change.priceText;
    const quantity = change.quantity ?? found.quantity;
    const submitted: Submitted = { priceText: priceText ?? null, quantity, clientOrderId: found.client_order_id };
    const newPriceTicks = checkOrderControls(market.market, submitted) ?? found.price_ticks!;
    return books.run(found.market_id, async (session) => {
      await expireDue(session, market, nowUs);
      const order = (await findOrder(await sqlOf(session.trx), orderId))!;
      refuseUnlessOpen(order, 'amend');
      if (quantity <= order.filled_quantity) {
        throw new ApiError(422, 'validation_error', `Invalid request: body.quantity ${quantity} must exceed the ${order.filled_quantity} Units already filled.`, {
          context: { errors: [{ path: 'body.quantity', message: `must exceed filled_quantity ${order.filled_quantity}`, value: quantity }] },
        });
      }
      if (priceText !== undefined) checkCollar(market.market, session.state.lastTradeTicks, newPriceTicks, submitted);
      const remaining = quantity - order.filled_quantity;
      await topUpReservation(session, market, order, remaining, newPriceTicks, submitted, nowUs);
      const amended = session.state.book.amend({ orderId, traderId: userId, priceTicks: newPriceTicks, remaining });
      if (amended.code !== 'ok') throw new Error(`engine refused amendment of ${orderId}: ${amended.code}`);
      order.quantity = quantity;
      order.price_ticks = newPriceTicks;
      order.updated_at_us = nowUs;
      if (!amended.priorityKept) order.sequence = session.nextSequence();
      const settlement = new Settlement(session, market, accounts, nowUs);
      settlement.track(order);
      await settlement.applyFills(amended.fills);
      conclude(order, amended, nowUs);
      await settlement.finish();
      return { order, market };
    });
  }

  /** An amendment that needs more locked than the order holds takes the difference from available. */
  async function topUpReservation(session: MarketSession, market: MarketWithInstrument, order: OrderRow, remaining: number, priceTicks: number, submitted: Submitted, nowUs: number): Promise<void> {
    const required = order.side === 'buy' ? buyReserveMicros(remaining, priceTicks, order.notional_micros, market.instrument.fee_ppm) : remaining;
    const extra = required - order.reserved;
    if (extra <= 0) return;
    const ids = await accounts.of(session.trx, order.user_id, order.instrument_id);
    const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
    const available = await availableBalance(await sqlOf(session.trx), accountId);
    if (available < extra) throw shortfall(order, submitted, extra, available);
    await post(session.trx, 'reserve', order.id, [
      { accountId, bucket: 'available', asset, amount: -extra },
      { accountId, bucket: 'locked', asset, amount: extra },
    ], nowUs);
    order.reserved = required;
  }

  async function findOwn(userId: string, orderId: string): Promise<OrderRow> {
    const order = await withSql(db, (sql) => findOrderOfUser(sql, orderId, userId));
    if (!order) throw notFound('order', orderId);
    return order;
  }

  /** Expires due `day` orders on every market that has some (a timer calls this). */
  async function expireDayOrders(nowUs: number): Promise<number> {
    const due = await marketsWithDueDayOrders(poolSql(db), nowUs);
    for (const marketId of due) {
      const market = await requireMarket(marketId);
      await books.run(marketId, (session) => expireDue(session, market, nowUs));
    }
    return due.length;
  }

  /** A duplicate client_order_id that slipped past the check (a race on two markets) still answers 422. */
  async function createOnce(userId: string, input: NewOrder, nowUs: number): Promise<PlacedOrder> {
    try {
      return await create(userId, input, nowUs);
    } catch (error) {
      if (!isUniqueViolation(error) || input.clientOrderId === null) throw error;
      const clientOrderId = input.clientOrderId;
      const existing = await withSql(db, (sql) => orderIdByClientOrderId(sql, userId, clientOrderId));
      throw new ApiError(422, 'duplicate_client_order_id', 'client_order_id already exists', { context: { client_order_id: clientOrderId, order_id: existing } });
    }
  }

  return { create: createOnce, cancel, cancelAll, amend, expireDayOrders, books, orderRateLimit };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

function refuseUnlessOpen(order: OrderRow, action: 'cancel' | 'amend'): void {
  if (openStatuses.includes(order.status)) return;
  if (order.status === 'cancelled' && action === 'cancel') {
    throw new ApiError(409, 'order_already_cancelled', `Order ${order.id} is already cancelled.`);
  }
  throw new ApiError(409, 'order_not_open', `Order ${order.id} is ${order.status} and can no longer be changed.`);
}

function close(order: OrderRow, status: OrderStatus, reason: OrderRow['closure_reason'], nowUs: number): void {
  order.status = status;
  order.closure_reason = reason;
  order.remaining_quantity = 0;
  order.updated_at_us = nowUs;
}

/** The state of the incoming (or re-queued) order once the engine is done with it. */
function conclude(order: OrderRow, execution: Execution, nowUs: number): void {
  order.remaining_quantity = execution.restingQuantity;
  order.updated_at_us = nowUs;
  if (order.filled_quantity === order.quantity) {
    order.status = 'filled';
    order.closure_reason = null;
  } else if (execution.restingQuantity > 0) {
    order.status = order.filled_quantity > 0 ? 'partially_filled' : 'active';
  } else {
    order.status = 'closed';
    order.closure_reason = execution.closureReason;
  }
}
