import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from '../db/paging.js';
import type { Side } from './engine/types.js';
import { openStatuses, type OrderRow, type OrderStatus } from '../db/trading-rows.js';

/** `open` or one order state (specification part 3, rule 2). */
export type OrderStatusFilter = 'open' | OrderStatus;
export type OrderOrderBy = 'submitted_at' | 'price' | 'quantity' | 'original_quantity' | 'filled_quantity' | 'status';

export interface OrderFilter {
  marketId?: string | undefined;
  /** Accepted for compatibility: only the caller's own id can match. */
  traderId?: string | undefined;
  instrumentId?: string | undefined;
  side?: Side | undefined;
  status?: OrderStatusFilter | undefined;
  /** Inclusive. */
  submittedFromUs?: number | undefined;
  /** Exclusive. */
  submittedToUs?: number | undefined;
}

export interface OrderSort {
  orderBy: OrderOrderBy;
  direction: Direction;
}

export interface OrderQueries {
  list(userId: string, filter: OrderFilter, sort: OrderSort, page: PageParams): Promise<Page<OrderRow>>;
  count(userId: string, filter: OrderFilter): Promise<number>;
  /** The caller's order, or undefined when it does not exist or belongs to someone else. */
  find(userId: string, orderId: string): Promise<OrderRow | undefined>;
}

/** A sortable row: market orders have no price and sort as price 0 (a NULL would escape the keyset). */
type SortableOrderRow = OrderRow & { price_sort: number };

const sortColumns: Record<OrderOrderBy, keyof SortableOrderRow> = {
  submitted_at: 'submitted_at_us',
  price: 'price_sort',
  quantity: 'quantity',
  original_quantity: 'quantity',
  filled_quantity: 'filled_quantity',
  status: 'status',
};

/** Only the caller's orders are ever visible; every filter narrows that set. */
function whereOrders(query: Knex.QueryBuilder, userId: string, filter: OrderFilter): Knex.QueryBuilder {
  query.where('user_id', userId);
  if (filter.traderId !== undefined) query.where('user_id', filter.traderId);
  if (filter.marketId !== undefined) query.where('market_id', filter.marketId);
  if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
  if (filter.side !== undefined) query.where('side', filter.side);
  if (filter.status === 'open') query.whereIn('status', openStatuses);
  else if (filter.status !== undefined) query.where('status', filter.status);
  if (filter.submittedFromUs !== undefined) query.where('submitted_at_us', '>=', filter.submittedFromUs);
  if (filter.submittedToUs !== undefined) query.where('submitted_at_us', '<', filter.submittedToUs);
  return query;
}

export function createOrderQueries(db: Db): OrderQueries {
  return {
    async list(userId, filter, sort, page) {
      const filtered = whereOrders(db('orders').select('*', db.raw('COALESCE(price_ticks, 0) AS price_sort')), userId, filter);
      const query = db.from(filtered.as('o')).select('o.*');
      const column = sortColumns[sort.orderBy];
      const result = await keysetPage<SortableOrderRow>(query, { name: sort.orderBy, column: `o.${column}`, idColumn: 'o.id', direction: sort.direction }, page, (row) => [
        row[column] as string | number,
        row.id,
      ]);
      return { rows: result.rows.map(({ price_sort: _sortKey, ...row }) => row), paging: result.paging };
    },

    async count(userId, filter) {
      const row = (await whereOrders(db('orders'), userId, filter).first(db.raw('COUNT(*) AS count'))) as { count: number | string };
      return Number(row.count);
    },

    async find(userId, orderId) {
      return db<OrderRow>('orders').where({ id: orderId, user_id: userId }).first();
    },
  };
}
