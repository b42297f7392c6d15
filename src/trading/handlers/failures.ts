import { ApiError } from '../../lib/errors.js';
import { Failure, type FailureHttp, type FailureTable } from '../../lib/failure.js';
import type { AccountFailure } from '../accounts/accounts.js';
import type { TransferFailure } from '../accounts/transfers.js';
import type { Refusable, Refusal, RefusalCode } from '../orders/refusals.js';
import type { IssuanceTransferRefusalCode } from '../supply/issuance-accounts.js';
import type { SupplyFailure } from '../supply/supply.js';
import type { EndpointFailure } from '../supply/endpoints.js';
import type { QualificationRunFailure } from '../supply/qualification-runs.js';

/**
 * What the handlers answer themselves: a path naming nothing, a query value the document lets through but we refuse.
 */
export type HandlerFailure =
  'unknown_instrument' | 'unknown_symbol' | 'unknown_market' | 'unknown_order' | 'unknown_trade' | 'query_invalid';

/** Every failure code of the trading surface: the order pipeline's refusals, its services' failures, its handlers'. */
type TradingFailure =
  | RefusalCode
  | SupplyFailure
  | EndpointFailure
  | QualificationRunFailure
  | IssuanceTransferRefusalCode
  | TransferFailure
  | AccountFailure
  | HandlerFailure;

/**
 * The trading surface's one failure table: every failure code its services raise (and every core code
 * it answers differently from src/http/failures.ts), with the HTTP status and ErrorCode a client sees.
 */
export const tradingFailures: FailureTable<TradingFailure> = {
  // the order pipeline's refusals (orders/refusals.ts)
  unknown_signer: { status: 401, error: 'invalid_signature' },
  auto_mode: { status: 403, error: 'auto_mode_trading_restricted' },
  unknown_market: { status: 404, error: 'not_found' },
  unknown_order: { status: 404, error: 'not_found' },
  rate_limited: { status: 429, error: 'rate_limit_exceeded' },
  signature_replayed: { status: 401, error: 'signature_replayed' },
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

  // suppliers and issuance (supply/supply.ts, supply/issuance-accounts.ts, supply/supplier-liability.ts)
  supplier_routing_invalid: { status: 422, error: 'validation_error' },
  supplier_instruments_missing: { status: 422, error: 'validation_error' },
  unknown_supplier: { status: 404, error: 'not_found' },
  supplier_not_qualified: { status: 403, error: 'supplier_not_qualified' },
  quantity_above_max: { status: 422, error: 'validation_error' },
  foreign_trading_account: { status: 422, error: 'validation_error' },
  insufficient_issuance_balance: { status: 422, error: 'insufficient_issuance_balance' },
  client_transfer_id_reused: { status: 409, error: 'idempotency_key_reused' },

  // suppliers' endpoints and their qualifications (supply/endpoints.ts, supply/qualification.ts)
  endpoint_url_invalid: { status: 422, error: 'validation_error' },
  endpoint_url_is_mkt: { status: 422, error: 'validation_error' },
  endpoint_instruments_missing: { status: 422, error: 'validation_error' },
  endpoint_unknown_instrument: { status: 422, error: 'validation_error' },
  unknown_endpoint: { status: 404, error: 'not_found' },
  unknown_endpoint_instrument: { status: 404, error: 'not_found' },
  not_suspendable: { status: 409, error: 'conflict' },
  not_suspended: { status: 409, error: 'conflict' },
  qualification_running: { status: 409, error: 'conflict' },
  unknown_qualification: { status: 404, error: 'not_found' },

  // transfers and accounts (accounts/transfers.ts, accounts/accounts.ts)
  unknown_transfer: { status: 404, error: 'not_found' },
  consumption_units_not_resellable: { status: 422, error: 'consumption_units_not_resellable' },
  unknown_account: { status: 404, error: 'not_found' },

  // the handlers' own (reference, market data, orders and trades read, query values)
  unknown_instrument: { status: 404, error: 'not_found' },
  unknown_symbol: { status: 404, error: 'not_found' },
  unknown_trade: { status: 404, error: 'not_found' },
  query_invalid: { status: 422, error: 'validation_error' },
};

/** A path naming nothing of its kind: `No <what> with id <id>.`, a 404 through the table. */
export function unknown(code: HandlerFailure, what: string, id: string): Failure<HandlerFailure> {
  return new Failure(code, `No ${what} with id ${id}.`);
}

/** What a client sees of a refusal: the table's status and ErrorCode. */
export function refusalHttp(refusal: Refusal): FailureHttp {
  return tradingFailures[refusal.code];
}

/**
 * The refusal as the error the HTTP edge renders, through the table above: for the trading
 * handlers, and for the ports (src/app/services.ts) whose callers on other hosts get a refusal
 * they do not handle as trading answers it.
 */
export function refusalError(refusal: Refusal): ApiError {
  const { status, error } = refusalHttp(refusal);
  return new ApiError(status, error, refusal.detail, { context: refusal.context, headers: refusal.headers });
}

/** The command's value; its refusal thrown as the error the edge renders. */
export function answered<T>(result: Refusable<T>): T {
  if ('refused' in result) throw refusalError(result.refused);
  return result.value;
}
