import type { Db } from '../db/knex.js';
import { countOrders as countOrderRows, orderPage, type OrderFilter, type OrderSort } from '../db/order-history.js';
import { findOrderOfUser } from '../db/orders.js';
import type { Page, PageParams } from '../db/paging.js';
import { poolSql } from '../db/sql.js';
import type { OrderRow } from '../db/trading-rows.js';

export type { OrderFilter, OrderOrderBy, OrderSort, OrderStatusFilter } from '../db/order-history.js';

export const listOrders = (deps: { db: Db }, userId: string, filter: OrderFilter, sort: OrderSort, page: PageParams): Promise<Page<OrderRow>> =>
  orderPage(deps.db, userId, filter, sort, page);

export const countOrders = (deps: { db: Db }, userId: string, filter: OrderFilter): Promise<number> => countOrderRows(deps.db, userId, filter);

/** The caller's order, or undefined when it does not exist or belongs to someone else. */
export const findOrder = (deps: { db: Db }, userId: string, orderId: string): Promise<OrderRow | undefined> => findOrderOfUser(poolSql(deps.db), orderId, userId);
