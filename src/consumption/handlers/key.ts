import type { operations } from '../../../generated/types/consumption.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import { currentApiKey } from '../../core/keys.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

/** The calling key's limits and usage (OpenRouter's `GET /api/v1/key`); read-only, no inference. */
export const getCurrentKey: Handler<'getCurrentKey'> = async ({ principal }, services) => {
  if (principal?.kind !== 'api_key') throw new AssertionFailed('GET /v1/key needs a consumption-key principal');
  return ok({ data: await currentApiKey(services, principal.apiKeyId) });
};
