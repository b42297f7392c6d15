import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import * as runs from '../supply/qualification-runs.js';
import { qualificationRunView } from '../supply/qualification-views.js';
import { supplierId } from './supply.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

const onePage = { has_more: false, next_cursor: null, prev_cursor: null };

export const startEndpointQualification: Handler<'startEndpointQualification'> = async (
  { principal, params },
  services,
) => ({
  status: 202,
  body: {
    data: qualificationRunView(await runs.startQualificationRun(services, supplierId(principal), params.endpoint_id)),
  },
});

export const listEndpointQualifications: Handler<'listEndpointQualifications'> = async (
  { principal, params },
  services,
) =>
  ok({
    data: (await runs.listQualificationRuns(services, supplierId(principal), params.endpoint_id)).map(
      qualificationRunView,
    ),
    paging: onePage,
  });

export const getEndpointQualification: Handler<'getEndpointQualification'> = async ({ principal, params }, services) =>
  ok({
    data: qualificationRunView(
      await runs.getQualificationRun(services, supplierId(principal), params.endpoint_id, params.qualification_id),
    ),
  });
