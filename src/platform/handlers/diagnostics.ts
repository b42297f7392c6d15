import type { operations } from '../../../generated/types/platform.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import { platformDiagnostics } from '../../core/diagnostics.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;

export const getDiagnostics: Handler<'getDiagnostics'> = async ({ principal }, services) => {
  if (principal?.kind !== 'oauth' && principal?.kind !== 'session')
    throw new AssertionFailed('platform diagnostics need an OAuth or session principal');
  return ok({ data: await platformDiagnostics(services, principal) });
};
