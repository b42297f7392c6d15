import { findOrders } from '../../db/orders.js';
import { poolSql } from '../../db/sql.js';
import { openStatuses } from '../../db/trading-rows.js';
import type { OrderDeps } from './order-books.js';
import { requireAdvanced } from './order-entry.js';
import { cancelChosen } from './orders.js';
import { answer, type Refusable } from './refusals.js';

type BatchCancelStatus = 'cancelled' | 'not_found' | 'not_open';

/**
 * `POST /v1/orders/batch-cancel`: cancels the caller's open orders among `orderIds` (distinct, as
 * the document requires) and answers a status per id, in their order. The orders of one market are
 * cancelled in one command of its book, and the markets' commands are queued together so that
 * they can share one group commit. Each order's state is judged again under its market's lock: one
 * that filled or was cancelled meanwhile is `not_open`. Not throttled: it costs what as many
 * single cancels cost, which are not throttled either.
 */
export function batchCancelOrders(
  deps: OrderDeps,
  userId: string,
  orderIds: readonly string[],
  nowUs: number,
): Promise<Refusable<BatchCancelResult[]>> {
  return answer(() => cancelEach(deps, userId, orderIds, nowUs));
}

interface BatchCancelResult {
  orderId: string;
  status: BatchCancelStatus;
}

async function cancelEach(
  deps: OrderDeps,
  userId: string,
  orderIds: readonly string[],
  nowUs: number,
): Promise<BatchCancelResult[]> {
  await requireAdvanced(deps, userId, false, 'cancellation');
  const statuses = new Map<string, BatchCancelStatus>(orderIds.map((id) => [id, 'not_found']));
  const openByMarket = new Map<string, string[]>();
  for (const order of await findOrders(poolSql(deps.db), orderIds)) {
    if (order.user_id !== userId) continue;
    statuses.set(order.id, 'not_open');
    if (openStatuses.includes(order.status))
      openByMarket.set(order.market_id, [...(openByMarket.get(order.market_id) ?? []), order.id]);
  }
  const cancelled = await Promise.all(
    [...openByMarket].map(([marketId, ids]) =>
      cancelChosen(deps, marketId, 'cancelled_by_user', nowUs, async (session) => {
        const open = (await session.batch.orders(ids)).filter(
          (order) => order.user_id === userId && openStatuses.includes(order.status),
        );
        return { orders: open, result: open.map((order) => order.id) };
      }),
    ),
  );
  for (const id of cancelled.flat()) statuses.set(id, 'cancelled');
  return orderIds.map((orderId) => ({ orderId, status: statuses.get(orderId) ?? 'not_found' }));
}
