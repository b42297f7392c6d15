import type { operations } from '../../../generated/types/trading.js';
import { created, ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { transferHistoryView, transferView } from '../accounts/account-views.js';
import * as transfers from '../accounts/transfers.js';
import { callerId } from './requests.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

export const createTransfer: Handler<'createTransfer'> = async ({ principal, body }, services) =>
  created({
    data: transferView(
      await transfers.createTransfer(services, callerId(principal), body.instrument_id, body.quantity),
    ),
  });

export const listTransfers: Handler<'listTransfers'> = async ({ principal, query }, services) => {
  const page = await transfers.listTransfers(
    services,
    callerId(principal),
    { instrumentId: query.instrument_id },
    pageParams(query),
  );
  return ok({ data: page.rows.map(transferView), paging: page.paging });
};

export const getTransfer: Handler<'getTransfer'> = async ({ principal, params }, services) =>
  ok({ data: transferView(await transfers.getTransfer(services, callerId(principal), params.transfer_id)) });

/** Refused by design (consumption Units cannot be resold); the 422 says what to do instead. */
export const createConsumptionToTradingTransfer: Handler<'createConsumptionToTradingTransfer'> = async (
  { principal, body },
  services,
) => {
  callerId(principal);
  return transfers.refuseConsumptionToTrading(services, body.instrument_id, body.quantity);
};

export const listTransferHistories: Handler<'listTransferHistories'> = async ({ principal, query }, services) => {
  const filter = {
    instrumentId: query.instrument_id,
    marketId: query.market_id,
    accountId: query.account_id,
    senderAccountId: query.sender_account_id,
  };
  const page = await transfers.listTransferHistories(services, callerId(principal), filter, pageParams(query));
  return ok({ data: page.rows.map(transferHistoryView), paging: page.paging });
};
