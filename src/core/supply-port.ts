import type { components } from '../../generated/types/trading.js';

/**
 * What the trading surface's suppliers' services offer the dashboard (src/web/pages/endpoints.ts, scorecard.ts, supply.ts)
 * without being imported by it: the composition root (src/app/services.ts) wires it to src/trading/supply/web-port.ts,
 * which calls the services the trading API's handlers call and answers the same views, so a page shows what
 * `GET /v1/supply/endpoints` would. A refusal reaches the page as the ApiError the trading API answers (its status,
 * code and words).
 */

type Schemas = components['schemas'];
export type SupplierEndpointView = Schemas['SupplierEndpoint'];
export type QualificationRunView = Schemas['QualificationRun'];
export type SupplierScorecardView = Schemas['SupplierScorecard'];
export type SupplyEarningsView = Schemas['SupplyEarnings'];
export type EarningsPeriodView = Schemas['EarningsPeriod'];

/** Whether the user supplies inference: `none` before a first endpoint, `disabled` when the operator stopped it. */
export type SupplierStanding = 'none' | 'enabled' | 'disabled';

/** One endpoint with its latest qualification run (null before any), for the list page. */
export interface EndpointOverview {
  endpoint: SupplierEndpointView;
  latestRun: QualificationRunView | null;
}

export interface EndpointRegistration {
  baseUrl: string;
  model: string;
  /** Sent to the upstream as a Bearer token; undefined for none. */
  apiKey: string | undefined;
  /** Instrument ids or symbols. */
  instruments: string[];
}

export interface SupplyPort {
  standing(userId: string): Promise<SupplierStanding>;
  /** The user's endpoints that are not deleted, oldest first. */
  listEndpoints(userId: string): Promise<EndpointOverview[]>;
  registerEndpoint(userId: string, registration: EndpointRegistration): Promise<SupplierEndpointView>;
  setEndpointStatus(userId: string, endpointId: string, status: 'active' | 'disabled'): Promise<SupplierEndpointView>;
  deleteEndpoint(userId: string, endpointId: string): Promise<void>;
  /** Starts a qualification run; answers it running. */
  startQualification(userId: string, endpointId: string): Promise<QualificationRunView>;
  getQualification(userId: string, endpointId: string, qualificationId: string): Promise<QualificationRunView>;
  /** The same data as `GET /v1/supply/scorecard`. */
  scorecards(userId: string): Promise<SupplierScorecardView[]>;
  /** The same data as `GET /v1/supply/earnings?period=…` (its default count of periods, every instrument). */
  earnings(userId: string, period: EarningsPeriodView): Promise<SupplyEarningsView>;
}
