import type { Db } from '../db/knex.js';
import { countOrders, orderPage, type OrderFilter, type OrderSort } from '../db/order-history.js';
import { findOrderOfUser } from '../db/orders.js';
import type { Page, PageParams } from '../db/paging.js';
import { poolSql } from '../db/sql.js';
import type { OrderRow } from '../db/trading-rows.js';

export type { OrderFilter, OrderOrderBy, OrderSort, OrderStatusFilter } from '../db/order-history.js';

export interface OrderQueries {
  list(userId: string, filter: OrderFilter, sort: OrderSort, page: PageParams): Promise<Page<OrderRow>>;
  count(userId: string, filter: OrderFilter): Promise<number>;
  /** The caller's order, or undefined when it does not exist or belongs to someone else. */
  find(userId: string, orderId: string): Promise<OrderRow | undefined>;
}

export function createOrderQueries(db: Db): OrderQueries {
  return {
    list: (userId, filter, sort, page) => orderPage(db, userId, filter, sort, page),
    count: (userId, filter) => countOrders(db, userId, filter),
    find: (userId, orderId) => findOrderOfUser(poolSql(db), orderId, userId),
  };
}
