import type { components, operations } from '../../../generated/types/trading.js';
import { created, noContent, ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import type { OrderType, Side, TimeInForce } from '../../engine/types.js';
import { orderView } from '../orders/order-views.js';
import * as orders from '../orders/orders.js';
import { amendOrder as amendOwnOrder } from '../orders/amend.js';
import { callerId } from './requests.js';
import { answered, unknown } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

/** Case-insensitive enums are stored in lower case (the document's patterns accept any case). */
const lower = <T extends string>(text: string): T => text.toLowerCase() as T;

/** A CreateOrderRequest as the order pipeline takes it (POST /v1/orders, and each order of a batch). */
export function newOrderOf(body: components['schemas']['CreateOrderRequest']): orders.NewOrder {
  return {
    marketId: body.market_id,
    clientOrderId: body.client_order_id ?? null,
    side: lower<Side>(body.side),
    type: lower<OrderType>(body.type),
    priceText: body.price,
    stopPriceText: body.stop_price,
    quantity: body.quantity,
    timeInForce: lower<TimeInForce>(body.time_in_force ?? 'gtc'),
    expireTimeText: body.expire_time,
    postOnly: body.post_only ?? false,
    selfTradePrevention: body.self_trade_prevention,
    shouldAutotransfer: body.should_autotransfer ?? false,
  };
}

export const createOrder: Handler<'createOrder'> = async ({ principal, body }, services) => {
  const placed = answered(
    await orders.createOrder(
      services,
      callerId(principal),
      newOrderOf(body),
      services.clock.nowUs(),
      principal?.kind === 'signature' ? principal.pendingClaim : undefined,
    ),
  );
  return created(
    { data: { order_id: placed.orderId, client_order_id: placed.clientOrderId } },
    { 'x-ratelimit-limit': services.config.orderRate.burst, 'x-ratelimit-remaining': placed.rate.remaining },
  );
};

export const cancelOrder: Handler<'cancelOrder'> = async ({ principal, params }, services) => {
  answered(await orders.cancelOrder(services, callerId(principal), params.order_id, services.clock.nowUs()));
  return noContent();
};

export const amendOrder: Handler<'amendOrder'> = async ({ principal, params, body }, services) => {
  const { order, market } = answered(
    await amendOwnOrder(
      services,
      callerId(principal),
      params.order_id,
      { priceText: body.price, quantity: body.quantity },
      services.clock.nowUs(),
    ),
  );
  return ok({ data: orderView(order, market) });
};

export const cancelOrders: Handler<'cancelOrders'> = async ({ principal, query }, services) => {
  const cancelled = answered(
    await orders.cancelOrders(
      services,
      callerId(principal),
      { marketId: query.market_id, side: query.side },
      services.clock.nowUs(),
      { unknownMarketMatchesNothing: true },
    ),
  );
  return ok({ data: { cancelled } });
};

export const cancelMarketOrders: Handler<'cancelMarketOrders'> = async ({ principal, params }, services) => {
  const cancelled = answered(
    await orders.cancelOrders(services, callerId(principal), { marketId: params.market_id }, services.clock.nowUs(), {
      unknownMarketMatchesNothing: false,
    }),
  );
  return ok({ data: { cancelled } });
};

export const getAccountLimits: Handler<'getAccountLimits'> = async ({ query }, { config, reference }) => {
  const market = await reference.findMarket(query.market_id);
  if (!market) throw unknown('unknown_market', 'market', query.market_id);
  const { ratePerSecond, burst } = config.orderRate;
  return ok({
    data: {
      market_id: market.market.id,
      order_rate_limits: {
        scope: 'user_market' as const,
        max_orders_per_second: ratePerSecond,
        max_orders_per_minute: ratePerSecond * 60,
        burst_capacity: burst,
        window_seconds: 1,
      },
      response_headers: {
        limit: 'x-ratelimit-limit' as const,
        remaining: 'x-ratelimit-remaining' as const,
        retry_after: 'retry-after' as const,
      },
    },
  });
};
