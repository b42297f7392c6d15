import { readFileSync } from 'node:fs';
import type { components } from '../../../generated/types/trading.js';
import { newClientOrderId } from '../../lib/ids.js';
import { failure, marketRouting, tradingData, tradingList, tradingRequest, type Session } from './http.js';
import { resolveMarket } from './market.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type Order = components['schemas']['Order'];
type CreatedOrder = components['schemas']['CreatedOrder'];
type CancelledCount = components['schemas']['CancelledCount'];
type OrderBatchResult = components['schemas']['OrderBatchResult'];

export interface PlaceOptions {
  price?: string;
  /**
   * limit, market, stop or stop_limit; without it: stop or stop_limit with --stop-price, limit with --price, else
   * market.
   */
  type?: string;
  stopPrice?: string;
  tif: string;
  expireTime?: string;
  postOnly?: boolean;
  stp?: string;
  clientOrderId?: string;
  autotransfer: boolean;
}

/** The order type the flags say, when --type does not: a stop price makes a stop, a price a limit. */
function typeOf(options: PlaceOptions): string {
  if (options.type !== undefined) return options.type;
  if (options.stopPrice !== undefined) return options.price === undefined ? 'stop' : 'stop_limit';
  return options.price === undefined ? 'market' : 'limit';
}

/** A quantity of whole Units, as the documents take it. */
export function parseQuantity(text: string): number {
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new CliError(`QTY must be a positive whole number of Units; got ${text}`);
  return Number(text);
}

function checkPrice(text: string | undefined, flag = '--price'): string | undefined {
  if (text !== undefined && !/^\d+(\.\d+)?$/.test(text))
    throw new CliError(`${flag} must be a decimal price in USD per Unit, like 0.4000; got ${text}`);
  return text;
}

const durationUnitsMs = new Map([
  ['s', 1_000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
]);

/** --expire-time as ISO 8601 (2026-11-23T18:00:00Z), or a duration from now: 90s, 15m, 2h, 7d. */
function expireTimeOf(text: string, nowMs: number): string {
  const duration = /^(\d+)([smhd])$/.exec(text);
  const unitMs = duration ? durationUnitsMs.get(duration[2] ?? '') : undefined;
  if (duration && unitMs !== undefined) return new Date(nowMs + Number(duration[1]) * unitMs).toISOString();
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))) return text;
  throw new CliError(
    `--expire-time must be an ISO 8601 time like 2026-11-23T18:00:00Z, or a duration like 90s, 15m, 2h, 7d; got ${text}`,
  );
}

const field = (label: string, value: string): [string, string] => [label, value];

function renderOrder(order: Order): string {
  return renderRecord([
    ['order', order.order_id],
    ['market', `${order.instrument_symbol} (${order.market_id})`],
    ['side / type', `${order.side} ${order.type} ${order.time_in_force}${order.post_only ? ' post-only' : ''}`],
    ['price', order.price],
    ...(order.stop_price === null ? [] : [field('stop price', order.stop_price)]),
    ...(order.expire_time === null ? [] : [field('expires', order.expire_time)]),
    ['self-trade', order.self_trade_prevention],
    ['quantity', order.quantity],
    ['filled', order.filled_quantity],
    ['average price', order.average_price],
    ['fee USD', order.fee],
    ['status', order.closure_reason ? `${order.status} (${order.closure_reason})` : order.status],
    ['client order id', order.client_order_id],
  ]);
}

/**
 * `mkt buy|sell MARKET QTY`: a limit order with --price, a stop with --stop-price (stop_limit with
 * both), else a market order; --type says it outright. Each order gets a client_order_id (this
 * command's own unless given), so two identical orders in one second still sign differently and a
 * retry stays idempotent. The server checks the combinations and says what to fix.
 */
export async function placeOrder(
  session: Session,
  output: Output,
  side: 'buy' | 'sell',
  given: string,
  quantityText: string,
  options: PlaceOptions,
): Promise<void> {
  const quantity = parseQuantity(quantityText);
  const price = checkPrice(options.price);
  const stopPrice = checkPrice(options.stopPrice, '--stop-price');
  const market = await resolveMarket(session, given);
  const body = {
    market_id: market.market_id,
    client_order_id: options.clientOrderId ?? newClientOrderId(),
    side,
    type: typeOf(options),
    ...(price === undefined ? {} : { price }),
    ...(stopPrice === undefined ? {} : { stop_price: stopPrice }),
    quantity,
    time_in_force: options.tif,
    ...(options.expireTime === undefined
      ? {}
      : { expire_time: expireTimeOf(options.expireTime, session.clock.nowUs() / 1000) }),
    ...(options.postOnly ? { post_only: true } : {}),
    ...(options.stp === undefined ? {} : { self_trade_prevention: options.stp }),
    should_autotransfer: options.autotransfer,
  };
  const headers = marketRouting(market.market_id);
  const created = await tradingData<CreatedOrder>(session, 'POST', '/v1/orders', { body, headers });
  const order = await tradingData<Order>(session, 'GET', `/v1/orders/${created.order_id}`);
  show(output, order, () => renderOrder(order));
}

/** `mkt orders [--status S] [--market M]`: newest first. */
export async function listOrders(
  session: Session,
  output: Output,
  options: { status?: string; market?: string },
): Promise<void> {
  const marketId = options.market === undefined ? undefined : (await resolveMarket(session, options.market)).market_id;
  const orders = await tradingList<Order>(
    session,
    '/v1/orders',
    { status: options.status, market_id: marketId, order_direction: 'desc' },
    5,
  );
  show(output, orders, () =>
    orders.length === 0
      ? '(no orders)'
      : renderTable(
          ['order', 'symbol', 'side', 'type', 'price', 'qty', 'filled', 'status', 'submitted'],
          orders.map((o) => [
            o.order_id,
            o.instrument_symbol,
            o.side,
            o.type,
            o.price,
            o.quantity,
            o.filled_quantity,
            o.closure_reason ? `${o.status} (${o.closure_reason})` : o.status,
            o.submitted_at,
          ]),
          { rightAligned: [4, 5, 6] },
        ),
  );
}

export async function cancelOrder(session: Session, output: Output, orderId: string): Promise<void> {
  const reply = await tradingRequest(session, 'DELETE', `/v1/orders/${encodeURIComponent(orderId)}`);
  if (reply.status !== 204) throw failure(reply, 'the trading API');
  const order = await tradingData<Order>(session, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`);
  show(output, order, () => renderOrder(order));
}

/** `mkt cancel --all [--market M]`: every open order, or those of one market. */
export async function cancelAll(session: Session, output: Output, options: { market?: string }): Promise<void> {
  const marketId = options.market === undefined ? undefined : (await resolveMarket(session, options.market)).market_id;
  const result = await tradingData<CancelledCount>(session, 'DELETE', '/v1/orders', {
    query: { market_id: marketId },
    headers: marketRouting(marketId),
  });
  show(output, result, () => `Cancelled ${result.cancelled} order${result.cancelled === 1 ? '' : 's'}.`);
}

/** `mkt amend ORDER_ID [--price P] [--quantity Q]`: new price and/or total quantity of an open limit order. */
export async function amendOrder(
  session: Session,
  output: Output,
  orderId: string,
  options: { price?: string; quantity?: string },
): Promise<void> {
  if (options.price === undefined && options.quantity === undefined)
    throw new CliError('amend needs --price and/or --quantity');
  const body = {
    ...(options.price === undefined ? {} : { price: checkPrice(options.price) }),
    ...(options.quantity === undefined ? {} : { quantity: parseQuantity(options.quantity) }),
  };
  const order = await tradingData<Order>(session, 'PUT', `/v1/orders/${encodeURIComponent(orderId)}`, { body });
  show(output, order, () => renderOrder(order));
}

/**
 * `mkt batch FILE.json`: up to 20 orders placed together (POST /v1/orders/batch). The file holds
 * `{orders: [...]}` or the array itself, each a POST /v1/orders body; `market` may name the market
 * by symbol instead of `market_id`. Prints each order's id and status, or its error.
 */
export async function placeBatch(session: Session, output: Output, file: string): Promise<void> {
  const orders = await Promise.all(
    ordersInFile(file).map(async (order) => {
      if (typeof order.market !== 'string') return order;
      const { market, ...rest } = order;
      return { ...rest, market_id: (await resolveMarket(session, market)).market_id };
    }),
  );
  const first: unknown = orders[0]?.market_id;
  const results = await tradingData<OrderBatchResult[]>(session, 'POST', '/v1/orders/batch', {
    body: { orders },
    headers: marketRouting(typeof first === 'string' ? first : undefined),
  });
  show(output, results, () =>
    renderTable(
      ['#', 'order', 'side', 'type', 'price', 'qty', 'filled', 'status / error'],
      results.map((r) =>
        'order' in r
          ? [
              r.index,
              r.order.order_id,
              r.order.side,
              r.order.type,
              r.order.price ?? r.order.stop_price,
              r.order.quantity,
              r.order.filled_quantity,
              r.order.closure_reason ? `${r.order.status} (${r.order.closure_reason})` : r.order.status,
            ]
          : [r.index, '-', '', '', '', '', '', `${r.errors.code}: ${r.errors.detail}`],
      ),
      { rightAligned: [0, 4, 5, 6] },
    ),
  );
}

function ordersInFile(file: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const orders: unknown = Array.isArray(parsed) ? parsed : isRecord(parsed) ? parsed.orders : undefined;
  if (!Array.isArray(orders) || !orders.every(isRecord)) {
    throw new CliError(`${file} must hold {"orders": [...]} or an array of orders, each a POST /v1/orders body`);
  }
  return orders;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
