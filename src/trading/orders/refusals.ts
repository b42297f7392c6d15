import { ApiError, type ErrorCode } from '../../lib/errors.js';

/**
 * Why the trading pipeline refuses a command: a closed set, each code checked at one stage
 * (orders.ts says which), and the one table below that maps it to what a client sees.
 */
export type RefusalCode =
  | 'unknown_signer'
  | 'auto_mode'
  | 'unknown_market'
  | 'unknown_order'
  | 'rate_limited'
  | 'price_required'
  | 'price_not_allowed'
  | 'price_malformed'
  | 'stop_price_required'
  | 'stop_price_not_allowed'
  | 'post_only_not_allowed'
  | 'expire_time_required'
  | 'expire_time_not_allowed'
  | 'expire_time_malformed'
  | 'expire_time_out_of_range'
  | 'post_only_would_take'
  | 'stop_would_trigger'
  | 'stop_not_amendable'
  | 'market_not_open'
  | 'tick_size'
  | 'lot_size'
  | 'below_min_order_size'
  | 'above_max_order_size'
  | 'notional_above_max'
  | 'price_collar'
  | 'duplicate_client_order_id'
  | 'order_not_open'
  | 'order_already_cancelled'
  | 'quantity_not_above_filled'
  | 'nothing_to_spend'
  | 'insufficient_balance';

export interface Refusal {
  code: RefusalCode;
  /** What went wrong and how to fix it. */
  detail: string;
  context?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const http: Record<RefusalCode, { status: number; error: ErrorCode }> = {
  unknown_signer: { status: 401, error: 'invalid_signature' },
  auto_mode: { status: 403, error: 'auto_mode_trading_restricted' },
  unknown_market: { status: 404, error: 'not_found' },
  unknown_order: { status: 404, error: 'not_found' },
  rate_limited: { status: 429, error: 'rate_limit_exceeded' },
  price_required: { status: 422, error: 'validation_error' },
  price_not_allowed: { status: 422, error: 'validation_error' },
  price_malformed: { status: 422, error: 'validation_error' },
  stop_price_required: { status: 422, error: 'validation_error' },
  stop_price_not_allowed: { status: 422, error: 'validation_error' },
  post_only_not_allowed: { status: 422, error: 'validation_error' },
  expire_time_required: { status: 422, error: 'validation_error' },
  expire_time_not_allowed: { status: 422, error: 'validation_error' },
  expire_time_malformed: { status: 422, error: 'validation_error' },
  expire_time_out_of_range: { status: 422, error: 'validation_error' },
  post_only_would_take: { status: 422, error: 'post_only_would_take' },
  stop_would_trigger: { status: 422, error: 'stop_would_trigger' },
  stop_not_amendable: { status: 422, error: 'validation_error' },
  market_not_open: { status: 422, error: 'market_not_open' },
  tick_size: { status: 422, error: 'tick_size_violation' },
  lot_size: { status: 422, error: 'lot_size_violation' },
  below_min_order_size: { status: 422, error: 'quantity_below_min_order_size' },
  above_max_order_size: { status: 422, error: 'quantity_above_max_order_size' },
  notional_above_max: { status: 422, error: 'notional_above_max' },
  price_collar: { status: 422, error: 'price_collar_violation' },
  duplicate_client_order_id: { status: 422, error: 'duplicate_client_order_id' },
  order_not_open: { status: 409, error: 'order_not_open' },
  order_already_cancelled: { status: 409, error: 'order_already_cancelled' },
  quantity_not_above_filled: { status: 422, error: 'validation_error' },
  nothing_to_spend: { status: 422, error: 'insufficient_inventory_or_funds' },
  insufficient_balance: { status: 422, error: 'insufficient_available_balance' },
};

/** The refusal as the error the HTTP edge renders. */
function refusalError(refusal: Refusal): ApiError {
  const { status, error } = http[refusal.code];
  return new ApiError(status, error, refusal.detail, { context: refusal.context, headers: refusal.headers });
}

/** Throws the refusal, if there is one: the pipeline's stages stop the command here. */
export function refuse(refusal: Refusal | undefined): void {
  if (refusal) throw refusalError(refusal);
}
