import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import * as accounts from '../accounts/accounts.js';
import { consumptionAccountView, currencyAccountView, tradingAccountView } from '../accounts/account-views.js';
import { positionView } from '../accounts/position-views.js';
import * as positions from '../accounts/positions.js';
import { callerId } from './requests.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

export const listTradingAccounts: Handler<'listTradingAccounts'> = async ({ principal, query }, services) => {
  const page = await accounts.listTradingAccounts(
    services,
    callerId(principal),
    {
      accountId: query.account_id,
      marketId: query.market_id,
      instrumentId: query.instrument_id,
      status: query.status,
      orderBy: query.order_by ?? 'created_at',
      direction: query.order_direction ?? 'asc',
    },
    pageParams(query),
  );
  return ok({ data: page.rows.map(tradingAccountView), paging: page.paging });
};

export const getTradingAccount: Handler<'getTradingAccount'> = async ({ principal, params }, services) =>
  ok({ data: tradingAccountView(await accounts.getTradingAccount(services, callerId(principal), params.account_id)) });

export const listConsumptionAccounts: Handler<'listConsumptionAccounts'> = async ({ principal, query }, services) => {
  const page = await accounts.listConsumptionAccounts(
    services,
    callerId(principal),
    {
      accountId: query.account_id,
      instrumentId: query.instrument_id,
      status: query.status,
      orderBy: query.order_by ?? 'created_at',
      direction: query.order_direction ?? 'asc',
    },
    pageParams(query),
  );
  return ok({ data: page.rows.map(consumptionAccountView), paging: page.paging });
};

export const getConsumptionAccount: Handler<'getConsumptionAccount'> = async ({ principal, params }, services) =>
  ok({
    data: consumptionAccountView(
      await accounts.getConsumptionAccount(services, callerId(principal), params.account_id),
    ),
  });

export const listCurrencyTradingAccounts: Handler<'listCurrencyTradingAccounts'> = async (
  { principal, query },
  services,
) => {
  const page = await accounts.listCurrencyAccounts(services, callerId(principal), pageParams(query));
  return ok({ data: page.rows.map(currencyAccountView), paging: page.paging });
};

export const getCurrencyTradingAccount: Handler<'getCurrencyTradingAccount'> = async (
  { principal, params },
  services,
) =>
  ok({
    data: currencyAccountView(await accounts.getCurrencyAccount(services, callerId(principal), params.account_id)),
  });

export const listPositions: Handler<'listPositions'> = async ({ principal, query }, services) => {
  const userId = callerId(principal);
  const page = await positions.listPositions(
    services,
    userId,
    { instrumentId: query.instrument_id, marketId: query.market_id, status: query.status },
    pageParams(query),
  );
  return ok({ data: page.rows.map((row) => positionView(userId, row)), paging: page.paging });
};
