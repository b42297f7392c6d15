import type { FailureTable } from '../../lib/failure.js';
import type { AdmissionFailure } from '../capacity/admission-terms.js';
import type { KeyLimitFailure } from '../capacity/key-limits.js';
import type { PriceCapFailure } from '../capacity/price-cap.js';
import type { ShortfallFailure } from '../capacity/token-shortfall.js';
import type { AnswerFailure } from '../inference/inference-answer.js';
import type { PrepareFailure } from '../inference/inference-prepare.js';
import type { TicketFailure } from '../../core/tickets.js';
import type { RoutingFailure } from '../inference/routing.js';
import type { TokenPoolFailure } from '../tokens/token-pool.js';
import type { UsageQueryFailure } from '../usage.js';
import type { ModelsFailure } from './models.js';
import type { UsageFailure } from './usage.js';

type ConsumptionFailure =
  | PrepareFailure
  | TicketFailure
  | KeyLimitFailure
  | AdmissionFailure
  | ShortfallFailure
  | PriceCapFailure
  | RoutingFailure
  | AnswerFailure
  | ModelsFailure
  | UsageFailure
  | UsageQueryFailure
  | TokenPoolFailure;

/**
 * The consumption surface's one failure table: every failure code its services raise (and every core code
 * it answers differently from src/http/failures.ts), with the HTTP status and ErrorCode a client sees.
 * The consumption and messages hosts render them in their dialects (OpenAI's, Anthropic's).
 */
export const consumptionFailures: FailureTable<ConsumptionFailure> = {
  // the request itself (inference/inference-prepare.ts, handlers/models.ts, usage.ts)
  model_not_found: { status: 404, error: 'model_not_found' },
  prompt_too_large: { status: 413, error: 'payload_too_large' },
  receipt_not_found: { status: 404, error: 'not_found' },
  invalid_usage_query: { status: 422, error: 'validation_error' },
  // the admission ticket, claimed by admission (inference/tickets.ts); its other refusals are authentication's
  ticket_used: { status: 401, error: 'ticket_used' },
  // the key's limits (capacity/key-limits.ts); key_expired is authentication's answer too (src/http/auth)
  key_gone: { status: 401, error: 'invalid_api_key' },
  key_expired: { status: 401, error: 'key_expired' },
  model_not_allowed: { status: 403, error: 'model_not_allowed' },
  key_budget_spent: { status: 403, error: 'key_limit_exceeded' },
  // admission (capacity/capacity.ts)
  slots_exhausted: { status: 429, error: 'concurrency_limit_exceeded' },
  daily_limit_reached: { status: 429, error: 'daily_request_limit_exceeded' },
  tokens_taken: { status: 402, error: 'insufficient_capacity' },
  // the tokens a request needs (capacity/token-shortfall.ts, capacity/price-cap.ts)
  tokens_short: { status: 402, error: 'insufficient_capacity' },
  no_usd_to_buy: { status: 402, error: 'insufficient_balance' },
  usd_short_for_buy: { status: 402, error: 'insufficient_balance' },
  no_market: { status: 402, error: 'insufficient_capacity' },
  liquidity_short: { status: 402, error: 'insufficient_capacity' },
  buy_in_flight: { status: 503, error: 'balance_replenishing' },
  price_cap_exceeded: { status: 402, error: 'price_cap_exceeded' },
  // routing and answering (inference/routing.ts, inference/inference-answer.ts)
  no_supplier: { status: 503, error: 'supplier_unavailable' },
  not_settled: { status: 503, error: 'service_unavailable' },
  counting_queue_full: { status: 503, error: 'service_unavailable' },
};
