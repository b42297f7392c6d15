import { ApiError, validationError } from '../lib/errors.js';
import { parseDecimal, priceScale } from '../lib/money.js';
import { collarBand } from './controls.js';
import type { MarketRow } from '../core/reference.js';
import { formatPrice } from './views.js';

/**
 * The largest order value, price × quantity: 1e9 USD. Every USD amount of an order (notional, fee,
 * reservation) is then far inside the safe integers of micro-dollars, on both databases.
 */
export const notionalTicksMax = 1_000_000_000 * 10 ** priceScale;

/**
 * The order controls of specification part 4, checked in a stated order, each failing with its
 * own code and the context the specification asks for: submitted price and quantity, the
 * client_order_id when given, and the market's limits.
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
export function checkPricePresence(type: 'limit' | 'market', priceText: string | undefined): void {
  if (type === 'limit' && priceText === undefined) {
    throw validationError('Invalid request: body.price is required for a limit order.', { errors: [{ path: 'body.price', message: 'is required for a limit order', value: null }] });
  }
  if (type === 'market' && priceText !== undefined) {
    throw validationError('Invalid request: body.price must be omitted for a market order.', { errors: [{ path: 'body.price', message: 'must be omitted for a market order', value: priceText }] });
  }
}

export function checkMarketOpen(market: MarketRow): void {
  if (market.status === 'suspended' || market.status === 'closed') {
    throw new ApiError(422, 'market_not_open', `Market ${market.id} is ${market.status} and accepts no new orders.`);
  }
}

/** Tick, lot, minimum and maximum size. Returns the price in ticks (null for a market order). */
export function checkOrderControls(market: MarketRow, submitted: Submitted): number | null {
  const context = controlsContext(market, submitted);
  let priceTicks: number | null = null;
  if (submitted.priceText !== null) {
    priceTicks = parseDecimal(submitted.priceText, priceScale);
    if (priceTicks === null || priceTicks <= 0) {
      throw validationError(`Invalid request: body.price ${submitted.priceText} is not a positive decimal with at most 4 places.`, { errors: [{ path: 'body.price', message: 'must be a positive decimal string with at most 4 decimals', value: submitted.priceText }] });
    }
    if (priceTicks % market.tick_size_ticks !== 0) {
      throw new ApiError(422, 'tick_size_violation', `Price ${submitted.priceText} is not a multiple of the tick size ${formatPrice(market.tick_size_ticks)}.`, { context });
    }
  }
  const { quantity } = submitted;
  if (quantity % market.lot_size !== 0) {
    throw new ApiError(422, 'lot_size_violation', `Quantity ${quantity} is not a multiple of the lot size ${market.lot_size}.`, { context });
  }
  if (quantity < market.min_order_size) {
    throw new ApiError(422, 'quantity_below_min_order_size', `Quantity ${quantity} is below the minimum order size ${market.min_order_size}.`, { context });
  }
  if (quantity > market.max_order_size) {
    throw new ApiError(422, 'quantity_above_max_order_size', `Quantity ${quantity} is above the maximum order size ${market.max_order_size}.`, { context });
  }
  if (priceTicks !== null && priceTicks * quantity > notionalTicksMax) {
    throw new ApiError(422, 'notional_above_max', `Price ${submitted.priceText} × quantity ${quantity} is above the largest order value, ${formatPrice(notionalTicksMax)} USD.`, {
      context: { ...context, notional_max: formatPrice(notionalTicksMax) },
    });
  }
  return priceTicks;
}

/** While the market has traded, a limit price must lie within ±price_collar_pct of the last trade. */
export function checkCollar(market: MarketRow, referenceTicks: number | null, priceTicks: number, submitted: Submitted): void {
  const band = collarBand(referenceTicks, market.price_collar_pct);
  if (band === null || (priceTicks >= band.lowTicks && priceTicks <= band.highTicks)) return;
  const [low, high, reference] = [formatPrice(band.lowTicks), formatPrice(band.highTicks), formatPrice(band.referenceTicks)];
  throw new ApiError(422, 'price_collar_violation', `Price ${formatPrice(priceTicks)} is outside the band ${low}–${high} (reference ${reference} ± ${market.price_collar_pct}%).`, {
    context: {
      price: submitted.priceText,
      quantity: submitted.quantity,
      ...(submitted.clientOrderId === null ? {} : { client_order_id: submitted.clientOrderId }),
      reference_price: reference,
      price_collar_pct: market.price_collar_pct,
      price_band_low: low,
      price_band_high: high,
    },
  });
}
