import type { components, operations } from '../../../generated/types/trading.js';
import { created } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { toIso } from '../../lib/clock.js';
import { orderView } from '../orders/order-views.js';
import { placeOrderBatch } from '../orders/orders-batch.js';
import { callerId } from './requests.js';
import { newOrderOf } from './orders-write.js';
import { answered, refusalHttp } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

export const createOrderBatch: Handler<'createOrderBatch'> = async ({ principal, body }, services) => {
  const nowUs = services.clock.nowUs();
  const { results, rate } = answered(
    await placeOrderBatch(services, callerId(principal), body.orders.map(newOrderOf), nowUs),
  );
  const data = results.map((result): components['schemas']['OrderBatchResult'] => {
    if ('order' in result) return { index: result.index, order: orderView(result.order, result.market) };
    const { refusal } = result;
    return {
      index: result.index,
      errors: {
        code: refusalHttp(refusal).error,
        detail: refusal.detail,
        message: refusal.detail,
        server_time: toIso(nowUs),
        ...(refusal.context === undefined ? {} : { context: refusal.context }),
      },
    };
  });
  return created(
    { data },
    { 'x-ratelimit-limit': services.config.orderRate.burst, 'x-ratelimit-remaining': rate.remaining },
  );
};
