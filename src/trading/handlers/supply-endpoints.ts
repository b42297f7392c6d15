import type { operations } from '../../../generated/types/trading.js';
import { created, noContent, ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import * as endpoints from '../supply/endpoints.js';
import { supplierEndpointView } from '../supply/endpoint-views.js';
import { supplierId } from './supply.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

/** A list that is always one page: a supplier's endpoints are few. */
const onePage = { has_more: false, next_cursor: null, prev_cursor: null };

export const listSupplierEndpoints: Handler<'listSupplierEndpoints'> = async ({ principal }, services) =>
  ok({
    data: (await endpoints.listEndpoints(services, supplierId(principal))).map(supplierEndpointView),
    paging: onePage,
  });

export const createSupplierEndpoint: Handler<'createSupplierEndpoint'> = async ({ principal, body }, services) =>
  created({
    data: supplierEndpointView(
      await endpoints.createEndpoint(services, supplierId(principal), {
        baseUrl: body.base_url,
        model: body.model,
        apiKey: body.api_key,
        instruments: body.instrument_ids,
      }),
    ),
  });

export const getSupplierEndpoint: Handler<'getSupplierEndpoint'> = async ({ principal, params }, services) =>
  ok({ data: supplierEndpointView(await endpoints.getEndpoint(services, supplierId(principal), params.endpoint_id)) });

export const updateSupplierEndpoint: Handler<'updateSupplierEndpoint'> = async (
  { principal, params, body },
  services,
) =>
  ok({
    data: supplierEndpointView(
      await endpoints.changeEndpoint(services, supplierId(principal), params.endpoint_id, {
        baseUrl: body.base_url,
        model: body.model,
        apiKey: body.api_key,
        instruments: body.instrument_ids,
        status: body.status,
      }),
    ),
  });

export const deleteSupplierEndpoint: Handler<'deleteSupplierEndpoint'> = async ({ principal, params }, services) => {
  await endpoints.deleteEndpoint(services, supplierId(principal), params.endpoint_id);
  return noContent();
};
