import type { DiagnosticsService } from '../core/diagnostics.js';
import type { UpstreamKeyring } from '../core/upstream-keys.js';
import type { MeasureEndpoint } from './supply/qualification-runs.js';
import type { ReferenceService } from '../core/reference.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { OrderDeps } from './orders/order-books.js';

/**
 * `account` (the default, as the live service): issued Units wait in the supplier's issuance account
 * until `POST /v1/issuance-accounts/transfer` moves them to trading. `direct`: they reach the trading
 * account at once, recorded as issued and transferred (MKT_SUPPLY_ISSUANCE, read by src/app/config.ts).
 */
export type SupplyIssuanceMode = 'account' | 'direct';

/**
 * What the trading surface's handlers take, built once by the composition root (src/app/services.ts):
 * the order pipeline's state (OrderDeps), the clock and logger, and the reference data and checks
 * bound to the database.
 */
export interface TradingDeps extends OrderDeps {
  clock: Clock;
  logger: Logger;
  reference: ReferenceService;
  diagnostics: DiagnosticsService;
  config: OrderDeps['config'] & { supplyIssuance: SupplyIssuanceMode };
  /** Seals suppliers' upstream keys (supply/endpoints.ts). */
  upstreamKeys: UpstreamKeyring;
  /** mkt's own origins, which no supplier endpoint may point at. */
  mktOrigins: () => readonly string[];
  /** Measures an endpoint for one instrument (the consumption surface's probes, wired by app/services.ts). */
  measureEndpoint: MeasureEndpoint;
}
