import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { withMarket, withMarkets } from '../orders/market-lookup.js';
import { tradeLegOfUser, tradeLegPage } from '../../db/order-history.js';
import { tradeView } from '../market-data/trade-views.js';
import { callerId, timeBound } from './requests.js';
import { pageParams } from '../../db/paging.js';
import { unknown } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

export const listTrades: Handler<'listTrades'> = async ({ query, principal }, services) => {
  const filter = {
    marketId: query.market_id,
    instrumentId: query.instrument_id,
    tradeId: query.trade_id,
    orderId: query.order_id,
    buyerOrderId: query.buyer_order_id,
    sellerOrderId: query.seller_order_id,
    triggeringOrderId: query.triggering_order_id,
    executedFromUs: timeBound('executed_from', query.executed_from),
    executedToUs: timeBound('executed_to', query.executed_to),
    orderBy: query.order_by ?? 'execution_timestamp',
    direction: query.order_direction ?? 'asc',
  };
  // Every trade settles as it executes: the only status filter value, `settled`, matches them all.
  const page = await tradeLegPage(services.db, callerId(principal), filter, pageParams(query));
  const rows = await withMarkets(services.reference, page.rows);
  return ok({ data: rows.map(({ row, market }) => tradeView(row, market)), paging: page.paging });
};

export const getTrade: Handler<'getTrade'> = async ({ params, principal }, services) => {
  const leg = await tradeLegOfUser(services.db, callerId(principal), params.trade_id);
  if (!leg) throw unknown('unknown_trade', 'trade', params.trade_id);
  const { row, market } = await withMarket(services.reference, leg);
  return ok({ data: tradeView(row, market) });
};
