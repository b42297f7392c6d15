import type { Db } from '../../db/knex.js';
import {
  countOrders as countOrderRows,
  openOrderCountsByMarket,
  orderPage,
  type MarketOrderCount,
  type OrderFilter,
  type OrderSort,
} from '../../db/order-history.js';
import { findOrderOfUser } from '../../db/orders.js';
import type { Page, PageParams } from '../../db/paging.js';
import { poolSql } from '../../db/sql.js';
import type { OrderRow } from '../../db/trading-rows.js';

export const listOrders = (
  deps: { db: Db },
  userId: string,
  filter: OrderFilter,
  sort: OrderSort,
  page: PageParams,
): Promise<Page<OrderRow>> => orderPage(deps.db, userId, filter, sort, page);

export const countOrders = (deps: { db: Db }, userId: string, filter: OrderFilter): Promise<number> =>
  countOrderRows(deps.db, userId, filter);

/** The caller's open orders per market (`by_market` of `GET /v1/orders/count`): narrowed by market and side, never by status. */
export const countOpenOrdersByMarket = (
  deps: { db: Db },
  userId: string,
  filter: OrderFilter,
): Promise<MarketOrderCount[]> => openOrderCountsByMarket(deps.db, userId, filter);

/** The caller's order, or undefined when it does not exist or belongs to someone else. */
export const findOrder = (deps: { db: Db }, userId: string, orderId: string): Promise<OrderRow | undefined> =>
  findOrderOfUser(poolSql(deps.db), orderId, userId);
