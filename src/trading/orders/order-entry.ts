import { findUser } from '../../core/identity.js';
import { findMarket, type MarketWithInstrument } from '../../core/reference.js';
import { cachedMarket, cachedUser } from '../../core/trading-cache.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { BatchNeeds } from './batch.js';
import type { OrderType, SelfTradePrevention, Side, TimeInForce } from '../../engine/types.js';
import type { OrderDeps } from './order-books.js';
import { checkMarketOpen, checkOrderControls, checkOrderShape, checkStopPrice, type Submitted } from './order-rules.js';
import { refuse, refused, type Refusal } from './refusals.js';
import { nextUtcMidnightUs } from '../../lib/periods.js';

/**
 * Order entry: what a new order is, and the checks it passes before it joins a market's queue
 * (the `check` stage of orders.ts that needs no lock), shared by POST /v1/orders and batches.
 */

export interface NewOrder {
  marketId: string;
  clientOrderId: string | null;
  side: Side;
  type: OrderType;
  priceText: string | undefined;
  /** stop and stop_limit: the trigger price as sent. */
  stopPriceText?: string | undefined;
  quantity: number;
  timeInForce: TimeInForce;
  /** gtd: when the order expires, as sent. */
  expireTimeText?: string | undefined;
  postOnly?: boolean;
  /** Undefined: the account default. */
  selfTradePrevention?: SelfTradePrevention | undefined;
  shouldAutotransfer: boolean;
  /** Placed by the service's auto-buy on the user's behalf (allowed in Auto Mode). */
  triggeredByAutoBuy?: boolean;
}

export async function requireAdvanced(
  deps: OrderDeps,
  userId: string,
  autoBuy: boolean,
  action: string,
): Promise<void> {
  const user = await cachedUser(deps.db, userId, () => findUser(deps.db, userId));
  if (!user) return refused({ code: 'unknown_signer', detail: 'The signing key belongs to no user.' });
  if (user.account_mode === 'auto' && !autoBuy) {
    refuse({
      code: 'auto_mode',
      detail: `Order ${action} is not allowed in Auto Mode; switch to Advanced Mode (POST /v1/self/system-settings/account-mode on the platform API) to trade directly.`,
    });
  }
}

/** The market, with its system accounts opened (settling only finds them). */
export async function requireMarket(deps: OrderDeps, marketId: string, nowUs: number): Promise<MarketWithInstrument> {
  const market = await cachedMarket(deps.db, marketId, () => findMarket(deps, marketId));
  if (!market)
    return refused({
      code: 'unknown_market',
      detail: `No market with id ${marketId}. Use the market_id of GET /v1/markets; never derive it from a symbol.`,
    });
  await deps.orderBooks.accounts.openSystem(deps.db, market.instrument.id, nowUs);
  deps.orderBooks.markets.set(market.market.id, market);
  return market;
}

/** A new order that passed every check needing no lock: what the queue's stage of the pipeline works from. */
export interface CheckedOrder {
  input: NewOrder;
  market: MarketWithInstrument;
  submitted: Submitted;
  /** Limit price (limit, stop_limit), null otherwise. */
  priceTicks: number | null;
  stopTicks: number | null;
  expiresAtUs: number | null;
  /** Null: the account's default, which the order's batch reads (`needsOf`) when it places it. */
  selfTradePrevention: SelfTradePrevention | null;
  autotransfer: boolean;
  ids: TraderAccounts;
}

/**
 * The checks of a new order that need no lock, after the market and the account mode, in their
 * stated order: the fields between themselves (order-rules.ts checkOrderShape), the market open,
 * the order controls (price, stop price, quantity, value); then the accounts (the account's
 * default of self-trade prevention is read with the batch). The rate limit is the caller's: one token per order for POST
 * /v1/orders, a batch's all at once (orders-batch.ts).
 */
export async function checkOrderFields(
  deps: OrderDeps,
  userId: string,
  market: MarketWithInstrument,
  input: NewOrder,
  nowUs: number,
): Promise<CheckedOrder> {
  return completeOrder(deps, userId, validateOrder(market, input, nowUs), nowUs);
}

/** An order whose fields and controls passed, before the account default and the accounts are added. */
export type ValidOrder = Pick<
  CheckedOrder,
  'input' | 'market' | 'submitted' | 'priceTicks' | 'stopTicks' | 'expiresAtUs'
>;

/** The pure checks: the fields between themselves, the market open, the order controls. Throws the refusal. */
export function validateOrder(market: MarketWithInstrument, input: NewOrder, nowUs: number): ValidOrder {
  const shape = checkOrderShape(
    {
      type: input.type,
      timeInForce: input.timeInForce,
      priceText: input.priceText,
      stopPriceText: input.stopPriceText,
      postOnly: input.postOnly ?? false,
      expireTimeText: input.expireTimeText,
    },
    nowUs,
  );
  if ('refusal' in shape) return refused(shape.refusal);
  refuse(checkMarketOpen(market.market));
  const submitted: Submitted = {
    priceText: input.priceText ?? null,
    quantity: input.quantity,
    clientOrderId: input.clientOrderId,
  };
  const controls = checkOrderControls(market.market, submitted);
  if ('refusal' in controls) return refused(controls.refusal);
  let stopTicks: number | null = null;
  if (input.stopPriceText !== undefined) {
    const stop = checkStopPrice(market.market, input.stopPriceText, submitted);
    if ('refusal' in stop) return refused(stop.refusal);
    stopTicks = stop.stopTicks;
  }
  const expiresAtUs = input.timeInForce === 'day' ? nextUtcMidnightUs(nowUs) : shape.expireAtUs;
  return { input, market, submitted, priceTicks: controls.priceTicks, stopTicks, expiresAtUs };
}

/** The accounts the order trades on (opened if new). */
export async function completeOrder(
  deps: OrderDeps,
  userId: string,
  valid: ValidOrder,
  nowUs: number,
): Promise<CheckedOrder> {
  const { input, market } = valid;
  const selfTradePrevention = input.selfTradePrevention ?? null;
  const autotransfer = input.side === 'buy' && (input.shouldAutotransfer || (input.triggeredByAutoBuy ?? false));
  const ids = await deps.orderBooks.accounts.open(deps.db, userId, market.instrument.id, nowUs, {
    consumption: autotransfer,
  });
  return { ...valid, selfTradePrevention, autotransfer, ids };
}

/** What the order's stage in the batch reads, declared so the batch reads it for all its commands at once. */
export function needsOf(userId: string, order: CheckedOrder): BatchNeeds {
  const { input, ids } = order;
  return {
    accounts: [input.side === 'buy' ? ids.usd : ids.units],
    ...(order.selfTradePrevention === null ? { defaultSelfTradePreventionOf: userId } : {}),
    ...(input.clientOrderId === null ? {} : { clientOrderId: { userId, clientOrderId: input.clientOrderId } }),
  };
}

export const duplicateClientOrderId = (clientOrderId: string, orderId: string | undefined): Refusal => ({
  code: 'duplicate_client_order_id',
  detail: 'client_order_id already exists',
  context: { client_order_id: clientOrderId, order_id: orderId },
});
