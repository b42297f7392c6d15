import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { withMarket, withMarkets } from '../orders/market-lookup.js';
import { countOrders as countOrderRows, openOrderCountsByMarket, orderPage } from '../../db/order-history.js';
import { findOrderOfUser } from '../../db/orders.js';
import { poolSql } from '../../db/sql.js';
import { orderView } from '../orders/order-views.js';
import { callerId, timeBound } from './requests.js';
import { pageParams } from '../../db/paging.js';
import { unknown } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

export const listOrders: Handler<'listOrders'> = async ({ query, principal }, services) => {
  const filter = {
    marketId: query.market_id,
    traderId: query.trader_id,
    instrumentId: query.instrument_id,
    side: query.side,
    status: query.status,
    submittedFromUs: timeBound('submitted_from', query.submitted_from),
    submittedToUs: timeBound('submitted_to', query.submitted_to),
  };
  const sort = { orderBy: query.order_by ?? 'submitted_at', direction: query.order_direction ?? 'asc' } as const;
  const page = await orderPage(services.db, callerId(principal), filter, sort, pageParams(query));
  const rows = await withMarkets(services.reference, page.rows);
  return ok({ data: rows.map(({ row, market }) => orderView(row, market)), paging: page.paging });
};

export const countOrders: Handler<'countOrders'> = async ({ query, principal }, services) => {
  const userId = callerId(principal);
  const filter = { marketId: query.market_id, side: query.side, status: query.status };
  const count = await countOrderRows(services.db, userId, filter);
  const byMarket = await openOrderCountsByMarket(services.db, userId, filter);
  return ok({ data: { count, by_market: byMarket } });
};

export const getOrder: Handler<'getOrder'> = async ({ params, principal }, services) => {
  const order = await findOrderOfUser(poolSql(services.db), params.order_id, callerId(principal));
  if (!order) throw unknown('unknown_order', 'order', params.order_id);
  const { row, market } = await withMarket(services.reference, order);
  return ok({ data: orderView(row, market) });
};
