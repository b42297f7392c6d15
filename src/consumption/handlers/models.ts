import type { operations } from '../../../generated/types/consumption.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { Failure } from '../../lib/failure.js';
import { listModels as modelsOf } from '../../core/reference.js';
import { aliasModelView, instrumentModelView } from '../views.js';

/** A model the request names that nothing lists (mapped in failures.ts). */
export type ModelsFailure = 'model_not_found';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

export const listModels: Handler<'listModels'> = async (_request, services) => {
  const { instruments, aliases } = await modelsOf(services);
  return ok({
    object: 'list' as const,
    data: [...instruments.map(instrumentModelView), ...aliases.map(aliasModelView)],
  });
};

export const getModel: Handler<'getModel'> = async ({ params }, services) => {
  const { instruments, aliases } = await modelsOf(services);
  const instrument = instruments.find((i) => i.model_name === params.model);
  if (instrument) return ok(instrumentModelView(instrument));
  const alias = aliases.find((a) => a.alias === params.model);
  if (alias) return ok(aliasModelView(alias));
  throw new Failure<ModelsFailure>(
    'model_not_found',
    `No model ${params.model}. GET /v1/models lists the nine instruments and their -latest aliases.`,
  );
};
