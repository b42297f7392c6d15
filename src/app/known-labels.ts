import type { Operation } from 'openapi-backend';
import type { HostName } from './config.js';
import type { Services } from './services.js';
import type { HostDefinition } from '../http/app.js';
import { allInstruments } from '../db/reference.js';
import { marketsControls } from '../db/diagnostics.js';
import { groupCommitLabels } from '../db/group-commit.js';
import type { DepositMethod } from '../db/deposits.js';
import type { OrderType } from '../engine/types.js';
import type { RefusalCode } from '../trading/orders/refusals.js';
import type { Endpoint } from '../core/inference-endpoint.js';
import type { ServedResult } from '../consumption/inference/inference-metrics.js';
import type { Settled } from '../consumption/inference/settle.js';
import { closeCodes } from '../streams/limits.js';
import { startAtZero, type KnownLabels, type KnownOperation } from '../lib/metric-series.js';
import { seriesAtZeroOf } from '../lib/metrics.js';

/**
 * The label values this process knows when it starts (lib/metric-series.ts): markets and instruments from the
 * reference data, the operations of the hosts it serves from their documents, and the closed sets of the code. Each
 * closed set is written as a record over its type, so that a value added to the type fails to compile until it is
 * listed here.
 */
async function knownLabelsOf(
  services: Pick<Services, 'db'>,
  definitions: Readonly<Record<HostName, HostDefinition<Services>>>,
  served: readonly HostName[],
): Promise<KnownLabels> {
  const [markets, instruments] = await Promise.all([marketsControls(services.db), allInstruments(services.db)]);
  const infers = served.includes('consumption') || served.includes('messages');
  return {
    hosts: served,
    operations: served.flatMap((host) => definitions[host].operations.flatMap((o) => knownOperation(host, o))),
    markets: markets.map((market) => market.id),
    // Only a process that serves inference counts it: the others would carry its series at 0 forever.
    instruments: infers ? instruments.map((instrument) => instrument.id) : [],
    orderOutcomes: orderOutcomes(),
    endpoints: Object.keys(endpoints),
    servedResults: Object.keys(servedResults),
    tokenTypes: ['input', 'output'],
    costStatuses: Object.keys(costStatuses),
    // consumption/inference/routing.ts counts each attempt as one of these.
    attemptResults: ['ok', 'failed', 'timeout', 'aborted', 'cooled_down'],
    // core/payments.ts `countCredited`: an auto-reload by its origin, any other deposit by its method.
    depositMethods: [...Object.keys(depositMethods), 'auto_reload'],
    withdrawalMethods: Object.keys(depositMethods),
    closeCodes: served.includes('trading') ? closeCodeLabels() : [],
    databases: [groupCommitLabels(services.db).database],
  };
}

/** Creates this process's known series at 0 (before it serves, so that nothing is counted yet). */
export async function startKnownSeriesAtZero(
  services: Pick<Services, 'db' | 'metrics'>,
  definitions: Readonly<Record<HostName, HostDefinition<Services>>>,
  served: readonly HostName[],
): Promise<void> {
  await startAtZero(seriesAtZeroOf(services.metrics), await knownLabelsOf(services, definitions, served));
}

/** An operation as the HTTP histogram labels it: its method as a request carries it, its documented status classes. */
function knownOperation(host: string, operation: Operation): KnownOperation[] {
  if (operation.operationId === undefined) return [];
  const statusClasses = new Set(
    Object.keys(operation.responses ?? {})
      .filter((status) => /^[1-5]/.test(status))
      .map((status) => `${status[0]}xx`),
  );
  const method = operation.method.toUpperCase();
  return [{ host, operation: operation.operationId, method, statusClasses: [...statusClasses].sort() }];
}

const endpoints: Record<Endpoint, null> = { 'chat.completions': null, responses: null, messages: null };
const servedResults: Record<ServedResult, null> = {
  ok: null,
  cancelled: null,
  supplier_failed: null,
  no_supplier: null,
  not_settled: null,
};
const costStatuses: Record<Settled['costStatus'], null> = { settled: null, not_billed: null };
const depositMethods: Record<DepositMethod, null> = { sandbox: null, manual: null };

const allTypes: readonly OrderType[] = ['limit', 'market', 'stop', 'stop_limit'];

/**
 * The order types each refusal can meet when an order is placed (trading/orders/order-rules.ts): most, every type; a
 * price field's, only the types that have (or must not have) it; `[]`, a refusal of an amend or a cancel, or of an
 * unknown market (whose orders carry the market label `unknown`, not a known market's).
 */
const refusalTypes: Record<RefusalCode, readonly OrderType[]> = {
  unknown_signer: allTypes,
  auto_mode: allTypes,
  unknown_market: [],
  unknown_order: [],
  rate_limited: allTypes,
  signature_replayed: allTypes,
  price_required: ['limit', 'stop_limit'],
  price_not_allowed: ['stop'],
  price_malformed: allTypes,
  stop_price_required: ['stop', 'stop_limit'],
  stop_price_not_allowed: ['limit', 'market'],
  post_only_not_allowed: allTypes,
  expire_time_required: allTypes,
  expire_time_not_allowed: allTypes,
  expire_time_malformed: allTypes,
  expire_time_out_of_range: allTypes,
  post_only_would_take: ['limit'],
  stop_would_trigger: ['stop', 'stop_limit'],
  stop_not_amendable: [],
  market_not_open: allTypes,
  tick_size: allTypes,
  lot_size: allTypes,
  below_min_order_size: allTypes,
  above_max_order_size: allTypes,
  notional_above_max: allTypes,
  price_collar: allTypes,
  duplicate_client_order_id: allTypes,
  order_not_open: [],
  order_already_cancelled: [],
  quantity_not_above_filled: [],
  nothing_to_spend: allTypes,
  insufficient_balance: allTypes,
};

/** `accepted` with every type, and each refusal with the types it can meet. */
function orderOutcomes(): { type: string; result: string }[] {
  const refusals = Object.entries(refusalTypes).flatMap(([result, types]) => types.map((type) => ({ type, result })));
  return [...allTypes.map((type) => ({ type, result: 'accepted' })), ...refusals];
}

/** The codes streams/session.ts labels by number: the protocol's (1000–1015) and ours, and `other`. */
function closeCodeLabels(): string[] {
  const protocol = Array.from({ length: 16 }, (_, i) => 1000 + i);
  const codes = new Set<number>([...protocol, ...Object.values(closeCodes)]);
  return [...[...codes].sort((a, b) => a - b).map(String), 'other'];
}
