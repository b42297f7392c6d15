import type { operations } from '../../../generated/types/trading.js';
import { created, ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { assert } from '../../lib/assert.js';
import { Failure } from '../../lib/failure.js';
import { supplyIssuanceView } from '../accounts/account-views.js';
import * as issuanceAccounts from '../supply/issuance-accounts.js';
import * as liability from '../supply/supplier-liability.js';
import { earningsPeriodsDefault, supplierBooks } from '../supply/earnings.js';
import { supplyEarningsView } from '../supply/earnings-views.js';
import * as supply from '../supply/supply.js';
import {
  issuanceAccountView,
  issuanceTransferView,
  supplierLiabilityView,
  supplySummaryView,
} from '../supply/supply-views.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

/**
 * The supply operations accept a signature or an OAuth access token with a `supply:` scope
 * (trading.yaml; src/core/oauth-catalogue.ts says why); the scope was checked with the token.
 */
export function supplierId(principal: Principal | null): string {
  assert(
    principal?.kind === 'signature' || principal?.kind === 'oauth',
    'supply operations need a signature or an OAuth principal',
  );
  return principal.userId;
}

/** A list that is always one page: at most one issuance account per instrument. */
const onePage = { has_more: false, next_cursor: null, prev_cursor: null };

export const createSupplyIssuance: Handler<'createSupplyIssuance'> = async ({ principal, body }, services) =>
  created({
    data: supplyIssuanceView(
      await supply.issueUnits(
        services,
        supplierId(principal),
        body.instrument_id,
        body.quantity,
        services.config.supplyIssuance,
      ),
    ),
  });

export const listSupplyIssuances: Handler<'listSupplyIssuances'> = async ({ principal, query }, services) => {
  const page = await supply.listIssuances(
    services,
    supplierId(principal),
    { instrumentId: query.instrument_id },
    pageParams(query),
  );
  return ok({ data: page.rows.map(supplyIssuanceView), paging: page.paging });
};

export const getSupplyIssuanceSummary: Handler<'getSupplyIssuanceSummary'> = async ({ principal }, services) =>
  ok({ data: (await issuanceAccounts.listIssuanceAccounts(services, supplierId(principal))).map(supplySummaryView) });

export const listIssuanceAccounts: Handler<'listIssuanceAccounts'> = async ({ principal }, services) =>
  ok({
    data: (await issuanceAccounts.listIssuanceAccounts(services, supplierId(principal))).map(issuanceAccountView),
    paging: onePage,
  });

export const transferFromIssuanceAccount: Handler<'transferFromIssuanceAccount'> = async (
  { principal, body },
  services,
) => {
  const outcome = await issuanceAccounts.transferFromIssuance(services, supplierId(principal), {
    instrumentId: body.instrument_id,
    quantity: body.quantity,
    tradingAccountId: body.trading_account_id,
    clientTransferId: body.client_transfer_id,
  });
  if (outcome.refusal)
    throw new Failure(outcome.refusal.code, outcome.refusal.detail, { context: outcome.refusal.context });
  return (outcome.replayed ? ok : created)({ data: issuanceTransferView(outcome.transfer) });
};

export const listSupplierLiabilities: Handler<'listSupplierLiabilities'> = async ({ principal, query }, services) =>
  ok({
    data: (await liability.listSupplierLiabilities(services, supplierId(principal), query.instrument_id)).map(
      supplierLiabilityView,
    ),
  });

export const getSupplierLiability: Handler<'getSupplierLiability'> = async ({ principal, params }, services) =>
  ok({
    data: supplierLiabilityView(
      await liability.getSupplierLiability(services, supplierId(principal), params.instrument_id),
    ),
  });

export const getSupplyEarnings: Handler<'getSupplyEarnings'> = async ({ principal, query }, services) =>
  ok({
    data: supplyEarningsView(
      await supplierBooks(services, supplierId(principal), {
        period: query.period ?? 'day',
        periods: query.periods ?? earningsPeriodsDefault,
        instrumentId: query.instrument_id,
      }),
    ),
  });
