import { parseDecimal, priceScale } from '../lib/money.js';
import { collarBand } from './controls.js';
import type { MarketRow } from '../core/reference.js';
import type { Refusal } from './refusals.js';
import { formatPrice } from './views.js';

/**
 * The largest order value, price × quantity: 1e9 USD. Every USD amount of an order (notional, fee,
 * reservation) is then far inside the safe integers of micro-dollars, on both databases.
 */
export const notionalTicksMax = 1_000_000_000 * 10 ** priceScale;

/**
 * The order controls of specification part 4, checked in a stated order, each refusing with its
 * own code and the context the specification asks for: submitted price and quantity, the
 * client_order_id when given, and the market's limits. The checks are pure: they return a refusal
 * (refusals.ts maps it to HTTP) or nothing.
 */
export interface Submitted {
  priceText: string | null;
  quantity: number;
  clientOrderId: string | null;
}

function controlsContext(market: MarketRow, submitted: Submitted): Record<string, unknown> {
  return {
    price: submitted.priceText,
    quantity: submitted.quantity,
    ...(submitted.clientOrderId === null ? {} : { client_order_id: submitted.clientOrderId }),
    tick_size: formatPrice(market.tick_size_ticks),
    lot_size: market.lot_size,
    min_order_size: market.min_order_size,
    max_order_size: market.max_order_size,
  };
}

/** `price` must come with a limit order and stay away from a market order. */
export function checkPricePresence(type: 'limit' | 'market', priceText: string | undefined): Refusal | undefined {
  if (type === 'limit' && priceText === undefined) {
    return { code: 'price_required', detail: 'Invalid request: body.price is required for a limit order.', context: { errors: [{ path: 'body.price', message: 'is required for a limit order', value: null }] } };
  }
  if (type === 'market' && priceText !== undefined) {
    return { code: 'price_not_allowed', detail: 'Invalid request: body.price must be omitted for a market order.', context: { errors: [{ path: 'body.price', message: 'must be omitted for a market order', value: priceText }] } };
  }
  return undefined;
}

export function checkMarketOpen(market: MarketRow): Refusal | undefined {
  if (market.status === 'suspended' || market.status === 'closed') {
    return { code: 'market_not_open', detail: `Market ${market.id} is ${market.status} and accepts no new orders.` };
  }
  return undefined;
}

/** Tick, lot, minimum and maximum size, and the largest value. Gives the price in ticks (null for a market order). */
export function checkOrderControls(market: MarketRow, submitted: Submitted): { refusal: Refusal } | { priceTicks: number | null } {
  const context = controlsContext(market, submitted);
  let priceTicks: number | null = null;
  if (submitted.priceText !== null) {
    priceTicks = parseDecimal(submitted.priceText, priceScale);
    if (priceTicks === null || priceTicks <= 0) {
      const errors = [{ path: 'body.price', message: 'must be a positive decimal string with at most 4 decimals', value: submitted.priceText }];
      return { refusal: { code: 'price_malformed', detail: `Invalid request: body.price ${submitted.priceText} is not a positive decimal with at most 4 places.`, context: { errors } } };
    }
    if (priceTicks % market.tick_size_ticks !== 0) {
      return { refusal: { code: 'tick_size', detail: `Price ${submitted.priceText} is not a multiple of the tick size ${formatPrice(market.tick_size_ticks)}.`, context } };
    }
  }
  const { quantity } = submitted;
  if (quantity % market.lot_size !== 0) {
    return { refusal: { code: 'lot_size', detail: `Quantity ${quantity} is not a multiple of the lot size ${market.lot_size}.`, context } };
  }
  if (quantity < market.min_order_size) {
    return { refusal: { code: 'below_min_order_size', detail: `Quantity ${quantity} is below the minimum order size ${market.min_order_size}.`, context } };
  }
  if (quantity > market.max_order_size) {
    return { refusal: { code: 'above_max_order_size', detail: `Quantity ${quantity} is above the maximum order size ${market.max_order_size}.`, context } };
  }
  if (priceTicks !== null && priceTicks * quantity > notionalTicksMax) {
    const detail = `Price ${submitted.priceText} × quantity ${quantity} is above the largest order value, ${formatPrice(notionalTicksMax)} USD.`;
    return { refusal: { code: 'notional_above_max', detail, context: { ...context, notional_max: formatPrice(notionalTicksMax) } } };
  }
  return { priceTicks };
}

/** While the market has traded, a limit price must lie within ±price_collar_pct of the last trade. */
export function checkCollar(market: MarketRow, referenceTicks: number | null, priceTicks: number, submitted: Submitted): Refusal | undefined {
  const band = collarBand(referenceTicks, market.price_collar_pct);
  if (band === null || (priceTicks >= band.lowTicks && priceTicks <= band.highTicks)) return undefined;
  const [low, high, reference] = [formatPrice(band.lowTicks), formatPrice(band.highTicks), formatPrice(band.referenceTicks)];
  return {
    code: 'price_collar',
    detail: `Price ${formatPrice(priceTicks)} is outside the band ${low}–${high} (reference ${reference} ± ${market.price_collar_pct}%).`,
    context: {
      price: submitted.priceText,
      quantity: submitted.quantity,
      ...(submitted.clientOrderId === null ? {} : { client_order_id: submitted.clientOrderId }),
      reference_price: reference,
      price_collar_pct: market.price_collar_pct,
      price_band_low: low,
      price_band_high: high,
    },
  };
}
