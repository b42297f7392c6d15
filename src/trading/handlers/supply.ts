import type { operations } from '../../../generated/types/trading.js';
import { created, ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import { assert } from '../../lib/assert.js';
import { supplyIssuanceView } from '../account-views.js';
import * as supply from '../supply.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

/**
 * The supply operations accept a signature or an OAuth access token with a `supply:` scope
 * (trading.yaml; src/core/oauth-catalogue.ts says why); the scope was checked with the token.
 */
function supplierId(principal: Principal | null): string {
  assert(principal?.kind === 'signature' || principal?.kind === 'oauth', 'supply operations need a signature or an OAuth principal');
  return principal.userId;
}

export const createSupplyIssuance: Handler<'createSupplyIssuance'> = async ({ principal, body }, services) =>
  created({ data: supplyIssuanceView(await supply.issueUnits(services, supplierId(principal), body.instrument_id, body.quantity)) });

export const listSupplyIssuances: Handler<'listSupplyIssuances'> = async ({ principal, query }, services) => {
  const page = await supply.listIssuances(services, supplierId(principal), { instrumentId: query.instrument_id }, pageParams(query));
  return ok({ data: page.rows.map(supplyIssuanceView), paging: page.paging });
};
