import type { operations } from '../../../generated/types/consumption.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import { Failure } from '../../lib/failure.js';
import {
  findUsageReceipt,
  listUsageReceipts,
  summaryWindow,
  usageBounds,
  usageReceiptView,
  usageSummary,
  usageSummaryView,
} from '../usage.js';
import { pageParams } from '../../db/paging.js';

/** A receipt not in the caller's account (mapped in failures.ts). */
export type UsageFailure = 'receipt_not_found';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

/** The consumption key's user: a caller sees the receipts of every key of its user, and only those. */
function callerUserId(principal: Principal | null): string {
  if (principal?.kind !== 'api_key') throw new AssertionFailed('usage operations need a consumption-key principal');
  return principal.userId;
}

export const getUsageReceipt: Handler<'getUsageReceipt'> = async ({ params, principal }, services) => {
  const receipt = await findUsageReceipt(services, callerUserId(principal), params.request_id);
  if (!receipt)
    throw new Failure<UsageFailure>(
      'receipt_not_found',
      `No usage receipt ${params.request_id} in this account. Use the x-mkt-request-id of a /r/v1/… response; GET /v1/usage lists them.`,
    );
  return ok({ data: usageReceiptView(receipt) });
};

export const listUsage: Handler<'listUsage'> = async ({ query, principal }, services) => {
  const filter = {
    model: query.model,
    apiKeyId: query.api_key_id,
    status: query.status,
    endpoint: query.endpoint,
    ...usageBounds(query.from, query.to),
  };
  const sort = { orderBy: query.order_by ?? 'created_at', direction: query.order_direction ?? 'asc' } as const;
  const page = await listUsageReceipts(services, callerUserId(principal), filter, sort, pageParams(query));
  return ok({ data: page.rows.map(usageReceiptView), paging: page.paging });
};

export const getUsageSummary: Handler<'getUsageSummary'> = async ({ query, principal }, services) => {
  const window = summaryWindow(query.from, query.to, services.clock.nowUs());
  const summary = await usageSummary(services, callerUserId(principal), query.group_by, window);
  return ok({ data: usageSummaryView(query.group_by, window, summary) });
};
