import type { lotColumns, transferColumns } from './consumption-lots.js';
import type { legColumns, orderColumns, tradeColumns } from './orders.js';

/** The PostgreSQL type of each column a group commit writes from JSON records (src/db/trading-batch-postgres.ts). */
export type Cast = 'text' | 'bigint' | 'boolean' | 'int' | 'json';

export const orderCasts = {
  id: 'text',
  user_id: 'text',
  market_id: 'text',
  instrument_id: 'text',
  side: 'text',
  type: 'text',
  time_in_force: 'text',
  price_ticks: 'bigint',
  stop_price_ticks: 'bigint',
  post_only: 'boolean',
  self_trade_prevention: 'text',
  quantity: 'bigint',
  filled_quantity: 'bigint',
  remaining_quantity: 'bigint',
  status: 'text',
  closure_reason: 'text',
  client_order_id: 'text',
  reserved: 'bigint',
  notional_micros: 'bigint',
  fee_micros: 'bigint',
  sequence: 'bigint',
  triggered_by_auto_buy: 'boolean',
  should_autotransfer: 'boolean',
  expires_at_us: 'bigint',
  filled_at_us: 'bigint',
  submitted_at_us: 'bigint',
  updated_at_us: 'bigint',
} as const satisfies Record<(typeof orderColumns)[number], Cast>;
export const tradeCasts = {
  id: 'text',
  market_id: 'text',
  price_ticks: 'bigint',
  quantity: 'bigint',
  taker_side: 'text',
  taker_order_id: 'text',
  buy_order_id: 'text',
  sell_order_id: 'text',
  sequence: 'bigint',
  executed_at_us: 'bigint',
} as const satisfies Record<(typeof tradeColumns)[number], Cast>;
export const legCasts = {
  trade_id: 'text',
  user_id: 'text',
  side: 'text',
  order_id: 'text',
  market_id: 'text',
  trading_account_id: 'text',
  price_ticks: 'bigint',
  quantity: 'bigint',
  fee_micros: 'bigint',
  autotransfer: 'boolean',
  executed_at_us: 'bigint',
} as const satisfies Record<(typeof legColumns)[number], Cast>;
export const lotCasts = {
  account_id: 'text',
  tokens_total: 'bigint',
  tokens_remaining: 'bigint',
  source: 'text',
  arrived_at_us: 'bigint',
  expires_at_us: 'bigint',
  usd_micros_per_unit: 'bigint',
  supplier_user_id: 'text',
} as const satisfies Record<(typeof lotColumns)[number], Cast>;
export const transferCasts = {
  id: 'text',
  user_id: 'text',
  instrument_id: 'text',
  quantity: 'bigint',
  from_account_id: 'text',
  to_account_id: 'text',
  order_id: 'text',
  created_at_us: 'bigint',
} as const satisfies Record<(typeof transferColumns)[number], Cast>;
