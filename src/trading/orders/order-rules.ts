import { usPerDay, usPerSecond } from '../../lib/clock.js';
import { parseDecimal, priceScale } from '../../lib/money.js';
import type { OrderType, Side, TimeInForce } from '../../engine/types.js';
import { collarBand } from './controls.js';
import type { MarketRow } from '../../core/reference.js';
import type { Refusal } from './refusals.js';
import { formatPrice } from '../views.js';

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

/** What the shape checks read of a new order: its type, time in force and the optional fields. */
interface OrderShape {
  type: OrderType;
  timeInForce: TimeInForce;
  priceText: string | undefined;
  stopPriceText: string | undefined;
  postOnly: boolean;
  expireTimeText: string | undefined;
}

/** The soonest and latest `expire_time` of a `gtd` order, from now. */
const gtdAheadMinUs = usPerSecond;
const gtdAheadMaxUs = 90 * usPerDay;

const invalid = (code: Refusal['code'], path: string, message: string, value: unknown): Refusal => ({
  code,
  detail: `Invalid request: ${path} ${message}.`,
  context: { errors: [{ path, message, value }] },
});

/**
 * The rules between the fields of a new order, in this order: `price` with the types that have a
 * limit (limit, stop_limit), optional on a market order (its protection: it fills no worse) and
 * refused on a stop, `stop_price` likewise with the stop types,
 * `post_only` only on a limit order that may rest, `expire_time` with `gtd` and only with it, at
 * least 1 s and at most 90 days ahead. Gives the expiry of a `gtd` order in microseconds.
 */
export function checkOrderShape(
  order: OrderShape,
  nowUs: number,
): { refusal: Refusal } | { expireAtUs: number | null } {
  const refusal = priceFieldsRefusal(order) ?? postOnlyRefusal(order);
  if (refusal !== undefined) return { refusal };
  return checkExpireTime(order, nowUs);
}

/** `price` with the types that have a limit (optional on a market order), `stop_price` with the stop types. */
function priceFieldsRefusal(order: OrderShape): Refusal | undefined {
  const hasLimit = order.type === 'limit' || order.type === 'stop_limit';
  const isStop = order.type === 'stop' || order.type === 'stop_limit';
  if (hasLimit && order.priceText === undefined)
    return invalid('price_required', 'body.price', `is required for a ${order.type} order`, null);
  // A market order may carry a price as its protection (the live service's CLI always sends one).
  if (!hasLimit && order.type !== 'market' && order.priceText !== undefined)
    return invalid('price_not_allowed', 'body.price', `must be omitted for a ${order.type} order`, order.priceText);
  if (isStop && order.stopPriceText === undefined)
    return invalid('stop_price_required', 'body.stop_price', `is required for a ${order.type} order`, null);
  if (!isStop && order.stopPriceText !== undefined)
    return invalid(
      'stop_price_not_allowed',
      'body.stop_price',
      `must be omitted for a ${order.type} order (only stop and stop_limit orders take one)`,
      order.stopPriceText,
    );
  return undefined;
}

/** `post_only` only on a limit order that may rest. */
function postOnlyRefusal(order: OrderShape): Refusal | undefined {
  if (order.postOnly && order.type !== 'limit')
    return invalid('post_only_not_allowed', 'body.post_only', `is only for limit orders, not ${order.type}`, true);
  if (order.postOnly && (order.timeInForce === 'ioc' || order.timeInForce === 'fok')) {
    return invalid(
      'post_only_not_allowed',
      'body.post_only',
      `cannot be combined with time_in_force ${order.timeInForce} (a post-only order must be able to rest)`,
      true,
    );
  }
  return undefined;
}

/** `expire_time` with `gtd` and only with it, at least 1 s and at most 90 days ahead: the expiry in microseconds. */
function checkExpireTime(order: OrderShape, nowUs: number): { refusal: Refusal } | { expireAtUs: number | null } {
  if (order.timeInForce !== 'gtd') {
    if (order.expireTimeText !== undefined)
      return {
        refusal: invalid(
          'expire_time_not_allowed',
          'body.expire_time',
          'is only allowed with time_in_force gtd',
          order.expireTimeText,
        ),
      };
    return { expireAtUs: null };
  }
  if (order.expireTimeText === undefined)
    return { refusal: invalid('expire_time_required', 'body.expire_time', 'is required with time_in_force gtd', null) };
  const ms = /^\d{4}-\d{2}-\d{2}T/i.test(order.expireTimeText) ? Date.parse(order.expireTimeText) : Number.NaN;
  if (Number.isNaN(ms))
    return {
      refusal: invalid(
        'expire_time_malformed',
        'body.expire_time',
        'must be an ISO 8601 date-time with an offset, like 2026-11-23T18:00:00Z',
        order.expireTimeText,
      ),
    };
  const expireAtUs = ms * 1000;
  if (expireAtUs < nowUs + gtdAheadMinUs)
    return {
      refusal: invalid(
        'expire_time_out_of_range',
        'body.expire_time',
        'must be at least 1 second in the future',
        order.expireTimeText,
      ),
    };
  if (expireAtUs > nowUs + gtdAheadMaxUs)
    return {
      refusal: invalid(
        'expire_time_out_of_range',
        'body.expire_time',
        'must be at most 90 days in the future',
        order.expireTimeText,
      ),
    };
  return { expireAtUs };
}

/** A stop price: a positive price on the market's tick grid, in ticks. */
export function checkStopPrice(
  market: MarketRow,
  stopPriceText: string,
  submitted: Submitted,
): { refusal: Refusal } | { stopTicks: number } {
  const stopTicks = parseDecimal(stopPriceText, priceScale);
  if (stopTicks === null || stopTicks <= 0) {
    return {
      refusal: invalid(
        'price_malformed',
        'body.stop_price',
        'must be a positive decimal string with at most 4 decimals',
        stopPriceText,
      ),
    };
  }
  if (stopTicks % market.tick_size_ticks !== 0) {
    return {
      refusal: {
        code: 'tick_size',
        detail: `Stop price ${stopPriceText} is not a multiple of the tick size ${formatPrice(market.tick_size_ticks)}.`,
        context: { ...controlsContext(market, submitted), stop_price: stopPriceText },
      },
    };
  }
  if (stopTicks * submitted.quantity > notionalTicksMax) {
    const detail = `Stop price ${stopPriceText} × quantity ${submitted.quantity} is above the largest order value, ${formatPrice(notionalTicksMax)} USD.`;
    return {
      refusal: {
        code: 'notional_above_max',
        detail,
        context: {
          ...controlsContext(market, submitted),
          stop_price: stopPriceText,
          notional_max: formatPrice(notionalTicksMax),
        },
      },
    };
  }
  return { stopTicks };
}

/** A stop whose condition the last trade already meets would trigger at once: refused, as Binance does. */
export function stopWouldTrigger(side: Side, stopTicks: number, lastTradeTicks: number, submitted: Submitted): Refusal {
  const [stop, last] = [formatPrice(stopTicks), formatPrice(lastTradeTicks)];
  const direction = side === 'buy' ? 'at or above' : 'at or below';
  return {
    code: 'stop_would_trigger',
    detail: `The last trade (${last}) is already ${direction} the stop price ${stop}: the stop would trigger at once. Place a ${side} stop ${side === 'buy' ? 'above' : 'below'} ${last}, or a limit or market order.`,
    context: {
      stop_price: stop,
      last_price: last,
      side,
      quantity: submitted.quantity,
      ...(submitted.clientOrderId === null ? {} : { client_order_id: submitted.clientOrderId }),
    },
  };
}

/** A post-only order (or its amendment) that would take liquidity on arrival. */
export function postOnlyWouldTake(
  side: Side,
  priceTicks: number,
  bestOppositeTicks: number | null,
  submitted: Submitted,
): Refusal {
  const best = bestOppositeTicks === null ? null : formatPrice(bestOppositeTicks);
  return {
    code: 'post_only_would_take',
    detail: `A post-only ${side} at ${formatPrice(priceTicks)} would take liquidity (best ${side === 'buy' ? 'ask' : 'bid'} ${best}); nothing was placed. Price it ${side === 'buy' ? 'below the best ask' : 'above the best bid'} to rest as a maker.`,
    context: {
      price: submitted.priceText,
      quantity: submitted.quantity,
      side,
      [side === 'buy' ? 'best_ask' : 'best_bid']: best,
      ...(submitted.clientOrderId === null ? {} : { client_order_id: submitted.clientOrderId }),
    },
  };
}

export function checkMarketOpen(market: MarketRow): Refusal | undefined {
  if (market.status === 'suspended' || market.status === 'closed') {
    return { code: 'market_not_open', detail: `Market ${market.id} is ${market.status} and accepts no new orders.` };
  }
  return undefined;
}

/** Tick, lot, minimum and maximum size, and the largest value. Gives the price in ticks (null for a market order). */
export function checkOrderControls(
  market: MarketRow,
  submitted: Submitted,
): { refusal: Refusal } | { priceTicks: number | null } {
  const context = controlsContext(market, submitted);
  let priceTicks: number | null = null;
  if (submitted.priceText !== null) {
    const price = checkPrice(market, submitted.priceText, context);
    if ('refusal' in price) return price;
    priceTicks = price.priceTicks;
  }
  const refusal = quantityRefusal(market, submitted.quantity, context);
  if (refusal !== undefined) return { refusal };
  const { quantity } = submitted;
  if (priceTicks !== null && priceTicks * quantity > notionalTicksMax) {
    const detail = `Price ${submitted.priceText} × quantity ${quantity} is above the largest order value, ${formatPrice(notionalTicksMax)} USD.`;
    return {
      refusal: {
        code: 'notional_above_max',
        detail,
        context: { ...context, notional_max: formatPrice(notionalTicksMax) },
      },
    };
  }
  return { priceTicks };
}

/** A price as sent: a positive decimal of at most 4 places, on the tick size. */
function checkPrice(
  market: MarketRow,
  priceText: string,
  context: Record<string, unknown>,
): { refusal: Refusal } | { priceTicks: number } {
  const priceTicks = parseDecimal(priceText, priceScale);
  if (priceTicks === null || priceTicks <= 0) {
    const errors = [
      { path: 'body.price', message: 'must be a positive decimal string with at most 4 decimals', value: priceText },
    ];
    return {
      refusal: {
        code: 'price_malformed',
        detail: `Invalid request: body.price ${priceText} is not a positive decimal with at most 4 places.`,
        context: { errors },
      },
    };
  }
  if (priceTicks % market.tick_size_ticks !== 0) {
    return {
      refusal: {
        code: 'tick_size',
        detail: `Price ${priceText} is not a multiple of the tick size ${formatPrice(market.tick_size_ticks)}.`,
        context,
      },
    };
  }
  return { priceTicks };
}

/** The quantity on the lot size, within the market's smallest and largest order. */
function quantityRefusal(market: MarketRow, quantity: number, context: Record<string, unknown>): Refusal | undefined {
  if (quantity % market.lot_size !== 0)
    return {
      code: 'lot_size',
      detail: `Quantity ${quantity} is not a multiple of the lot size ${market.lot_size}.`,
      context,
    };
  if (quantity < market.min_order_size)
    return {
      code: 'below_min_order_size',
      detail: `Quantity ${quantity} is below the minimum order size ${market.min_order_size}.`,
      context,
    };
  if (quantity > market.max_order_size)
    return {
      code: 'above_max_order_size',
      detail: `Quantity ${quantity} is above the maximum order size ${market.max_order_size}.`,
      context,
    };
  return undefined;
}

/** While the market has traded, a limit price must lie within ±price_collar_pct of the last trade. */
export function checkCollar(
  market: MarketRow,
  referenceTicks: number | null,
  priceTicks: number,
  submitted: Submitted,
): Refusal | undefined {
  const band = collarBand(referenceTicks, market.price_collar_pct);
  if (band === null || (priceTicks >= band.lowTicks && priceTicks <= band.highTicks)) return undefined;
  const [low, high, reference] = [
    formatPrice(band.lowTicks),
    formatPrice(band.highTicks),
    formatPrice(band.referenceTicks),
  ];
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
