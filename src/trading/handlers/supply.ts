import type { operations } from '../../../generated/types/trading.js';
import { created, ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import { supplyIssuanceView } from '../account-views.js';
import { callerId, pageOf } from './accounts.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

export const createSupplyIssuance: Handler<'createSupplyIssuance'> = async ({ principal, body }, { supply }) =>
  created({ data: supplyIssuanceView(await supply.issue(callerId(principal), body.instrument_id, body.quantity)) });

export const listSupplyIssuances: Handler<'listSupplyIssuances'> = async ({ principal, query }, { supply }) => {
  const page = await supply.listIssuances(callerId(principal), { instrumentId: query.instrument_id }, pageOf(query));
  return ok({ data: page.rows.map(supplyIssuanceView), paging: page.paging });
};
