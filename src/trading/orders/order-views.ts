import type { components } from '../../../generated/types/trading.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { OrderRow } from '../../db/trading-rows.js';
import { formatPrice } from '../views.js';

type Schemas = components['schemas'];

/**
 * Volume-weighted average fill price in micro-dollars per Unit, rounded half up with integer
 * arithmetic (notional and quantities are non-negative); null before the first fill.
 */
function averagePriceMicros(notionalMicros: number, filledQuantity: number): number | null {
  if (filledQuantity <= 0) return null;
  return Math.floor((2 * notionalMicros + filledQuantity) / (2 * filledQuantity));
}

/** One of the caller's orders as the Order schema shows it. */
export function orderView(row: OrderRow, { market, instrument }: MarketWithInstrument): Schemas['Order'] {
  const average = averagePriceMicros(row.notional_micros, row.filled_quantity);
  return {
    order_id: row.id,
    market_id: market.id,
    market_name: market.name,
    instrument_id: instrument.id,
    instrument_name: instrument.name,
    instrument_symbol: instrument.symbol,
    trader_id: row.user_id,
    type: row.type,
    side: row.side,
    price: row.price_ticks === null ? null : formatPrice(row.price_ticks),
    quantity: row.quantity,
    filled_quantity: row.filled_quantity,
    remaining_quantity: row.remaining_quantity,
    filled_at: toIsoOrNull(row.filled_at_us),
    average_price: average === null ? null : formatDecimal(average, usdScale),
    fee: formatDecimal(row.fee_micros, usdScale),
    status: row.status,
    closure_reason: row.closure_reason,
    time_in_force: row.time_in_force,
    stop_price: row.stop_price_ticks === null ? null : formatPrice(row.stop_price_ticks),
    post_only: Boolean(row.post_only),
    self_trade_prevention: row.self_trade_prevention,
    expire_time: toIsoOrNull(row.expires_at_us),
    client_order_id: row.client_order_id,
    triggered_by_auto_buy: Boolean(row.triggered_by_auto_buy),
    triggered_by_auto_top_up: false,
    should_autotransfer: row.side === 'sell' ? null : Boolean(row.should_autotransfer),
    submitted_at: toIso(row.submitted_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}
