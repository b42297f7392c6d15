/**
 * Rows of the trading tables (migration 0005_trading) as both databases return them: BIGINT
 * columns are safe integers, booleans may come back from SQLite as 0/1 (compare with `Boolean()`).
 */
import type { ClosureReason, OrderType, SelfTradePrevention, Side, TimeInForce } from '../engine/types.js';

export type OrderStatus =
  | 'active'
  | 'pending'
  | 'partially_filled'
  | 'cancellation_pending'
  | 'filled'
  | 'closed'
  | 'cancelled'
  | 'expired'
  | 'rejected';
export type OrderClosureReason = ClosureReason | 'cancelled_by_user' | 'dead_man_switch' | 'expired' | 'rejected';

export const openStatuses: readonly OrderStatus[] = ['active', 'pending', 'partially_filled', 'cancellation_pending'];

export interface OrderRow {
  id: string;
  user_id: string;
  market_id: string;
  instrument_id: string;
  side: Side;
  type: OrderType;
  time_in_force: TimeInForce;
  /** Null for market and stop orders. */
  price_ticks: number | null;
  /** stop and stop_limit: the trigger (migration 0017). */
  stop_price_ticks: number | null;
  post_only: boolean | number;
  self_trade_prevention: SelfTradePrevention;
  quantity: number;
  filled_quantity: number;
  /** Units resting on the book; 0 once the order is terminal, and while a stop is pending. */
  remaining_quantity: number;
  status: OrderStatus;
  closure_reason: OrderClosureReason | null;
  client_order_id: string | null;
  /** Still locked for the order: micro-dollars for a buy, Units for a sell. */
  reserved: number;
  /** Σ price × quantity of its fills, in micro-dollars (average price = notional / filled). */
  notional_micros: number;
  fee_micros: number;
  sequence: number;
  triggered_by_auto_buy: boolean | number;
  should_autotransfer: boolean | number;
  /** day: the next 00:00 UTC; gtd: its expire_time. */
  expires_at_us: number | null;
  filled_at_us: number | null;
  submitted_at_us: number;
  updated_at_us: number;
}

export interface TradeRow {
  id: string;
  market_id: string;
  price_ticks: number;
  quantity: number;
  /** The incoming order's side; market-wide trades report it as `side`. */
  taker_side: Side;
  taker_order_id: string;
  buy_order_id: string;
  sell_order_id: string;
  sequence: number;
  executed_at_us: number;
}

/** One participant's view of a trade: `GET /v1/trades` lists the caller's legs. */
export interface TradeLegRow {
  trade_id: string;
  user_id: string;
  side: Side;
  order_id: string;
  market_id: string;
  /** The Units trading account of the instrument. */
  trading_account_id: string;
  price_ticks: number;
  quantity: number;
  fee_micros: number;
  /** Buy legs: whether the fill moved on to the consumption account; null on sell legs. */
  autotransfer: boolean | number | null;
  executed_at_us: number;
}

export interface TransferRow {
  id: string;
  user_id: string;
  instrument_id: string;
  quantity: number;
  from_account_id: string;
  to_account_id: string;
  /** The buy order whose fill this automatic transfer followed; null when the user asked. */
  order_id: string | null;
  created_at_us: number;
}

export interface SupplierRow {
  user_id: string;
  /** JSON array of instrument ids. */
  instrument_ids: string;
  base_url: string | null;
  model: string | null;
  upstream_api_key: string | null;
  simulated: boolean | number;
  status: 'enabled' | 'disabled';
  created_at_us: number;
  updated_at_us: number;
}

export interface SupplyIssuanceRow {
  id: string;
  user_id: string;
  instrument_id: string;
  trading_account_id: string;
  /** The issuance account it went through (migration 0020). */
  issuance_account_id: string;
  quantity: number;
  created_at_us: number;
}
