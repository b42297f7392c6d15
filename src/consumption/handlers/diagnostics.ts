import type { operations } from '../../../generated/types/consumption.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import { consumptionDiagnostics } from '../../core/diagnostics.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

/** Read-only: no inference, no routing, no 307, and it does not count toward the daily limit. */
export const getDiagnostics: Handler<'getDiagnostics'> = async ({ principal }, services) => {
  if (principal?.kind !== 'api_key')
    throw new AssertionFailed('consumption diagnostics need a consumption-key principal');
  return ok({ data: await consumptionDiagnostics(services, principal) });
};
