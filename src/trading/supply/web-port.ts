import type { EndpointOverview, SupplierStanding, SupplyPort } from '../../core/supply-port.js';
import { supplierOfUser } from '../../db/supply.js';
import { ApiError } from '../../lib/errors.js';
import { Failure, type FailureHttp } from '../../lib/failure.js';
import type { TradingDeps } from '../deps.js';
import { tradingFailures } from '../handlers/failures.js';
import { supplierEndpointView } from './endpoint-views.js';
import * as endpoints from './endpoints.js';
import * as runs from './qualification-runs.js';
import { qualificationRunView } from './qualification-views.js';
import { supplierScorecards } from './scorecard-reads.js';
import { earningsPeriodsDefault, supplierBooks } from './earnings.js';
import { supplyEarningsView } from './earnings-views.js';

/**
 * The suppliers' services as the dashboard reaches them (core/supply-port.ts): the functions the trading API's
 * handlers call (handlers/supply-endpoints.ts, supply-qualifications.ts, scorecards.ts, supply.ts), their views, and their
 * refusals turned into the ApiError the trading API answers, through its one failure table.
 */
const failureHttp: ReadonlyMap<string, FailureHttp> = new Map(Object.entries(tradingFailures));

const isFailure = (error: unknown): error is Failure<string> => error instanceof Failure;

async function asTradingAnswers<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const http = isFailure(error) ? failureHttp.get(error.code) : undefined;
    if (isFailure(error) && http !== undefined)
      throw new ApiError(http.status, http.error, error.detail, { context: error.context, headers: error.headers });
    throw error;
  }
}

async function standing(deps: TradingDeps, userId: string): Promise<SupplierStanding> {
  const row = await supplierOfUser(deps.db, userId);
  if (row === undefined) return 'none';
  return row.status === 'enabled' ? 'enabled' : 'disabled';
}

async function overviews(deps: TradingDeps, userId: string): Promise<EndpointOverview[]> {
  const listed = await endpoints.listEndpoints(deps, userId);
  const answer: EndpointOverview[] = [];
  for (const endpoint of listed) {
    const [latest] = await runs.listQualificationRuns(deps, userId, endpoint.row.id);
    answer.push({
      endpoint: supplierEndpointView(endpoint),
      latestRun: latest === undefined ? null : qualificationRunView(latest),
    });
  }
  return answer;
}

/**
 * The port over the services `depsOf` answers: a function, because the composition root makes the port inside the
 * object literal that becomes its deps.
 */
export function supplyPortOf(depsOf: () => TradingDeps): SupplyPort {
  return {
    standing: (userId) => standing(depsOf(), userId),
    listEndpoints: (userId) => asTradingAnswers(overviews(depsOf(), userId)),
    registerEndpoint: async (userId, registration) =>
      supplierEndpointView(await asTradingAnswers(endpoints.createEndpoint(depsOf(), userId, registration))),
    setEndpointStatus: async (userId, endpointId, status) =>
      supplierEndpointView(await asTradingAnswers(endpoints.changeEndpoint(depsOf(), userId, endpointId, { status }))),
    deleteEndpoint: (userId, endpointId) => asTradingAnswers(endpoints.deleteEndpoint(depsOf(), userId, endpointId)),
    startQualification: async (userId, endpointId) =>
      qualificationRunView(await asTradingAnswers(runs.startQualificationRun(depsOf(), userId, endpointId))),
    getQualification: async (userId, endpointId, qualificationId) =>
      qualificationRunView(
        await asTradingAnswers(runs.getQualificationRun(depsOf(), userId, endpointId, qualificationId)),
      ),
    scorecards: (userId) => asTradingAnswers(supplierScorecards(depsOf(), userId)),
    earnings: async (userId, period) =>
      supplyEarningsView(
        await supplierBooks(depsOf(), userId, { period, periods: earningsPeriodsDefault, instrumentId: undefined }),
      ),
  };
}
