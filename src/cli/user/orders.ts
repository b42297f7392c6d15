import type { components } from '../../../generated/types/trading.js';
import { newClientOrderId } from '../../lib/ids.js';
import { failure, tradingData, tradingList, tradingRequest, type Session } from './http.js';
import { resolveMarket } from './market.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type Order = components['schemas']['Order'];
type CreatedOrder = components['schemas']['CreatedOrder'];
type CancelledCount = components['schemas']['CancelledCount'];

export interface PlaceOptions {
  price?: string;
  tif: string;
  clientOrderId?: string;
  autotransfer: boolean;
}

/** A quantity of whole Units, as the documents take it. */
export function parseQuantity(text: string): number {
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new CliError(`QTY must be a positive whole number of Units; got ${text}`);
  return Number(text);
}

function checkPrice(text: string | undefined): string | undefined {
  if (text !== undefined && !/^\d+(\.\d+)?$/.test(text)) throw new CliError(`--price must be a decimal price in USD per Unit, like 0.4000; got ${text}`);
  return text;
}

export function renderOrder(order: Order): string {
  return renderRecord([
    ['order', order.order_id],
    ['market', `${order.instrument_symbol} (${order.market_id})`],
    ['side / type', `${order.side} ${order.type} ${order.time_in_force}`],
    ['price', order.price],
    ['quantity', order.quantity],
    ['filled', order.filled_quantity],
    ['average price', order.average_price],
    ['fee USD', order.fee],
    ['status', order.closure_reason ? `${order.status} (${order.closure_reason})` : order.status],
    ['client order id', order.client_order_id],
  ]);
}

/**
 * `mkt buy|sell MARKET QTY`: a limit order with --price, else a market order. Each order gets a
 * client_order_id (this command's own unless given), so two identical orders in one second still
 * sign differently and a retry stays idempotent.
 */
export async function placeOrder(session: Session, output: Output, side: 'buy' | 'sell', given: string, quantityText: string, options: PlaceOptions): Promise<void> {
  const quantity = parseQuantity(quantityText);
  const price = checkPrice(options.price);
  const market = await resolveMarket(session, given);
  const body = {
    market_id: market.market_id,
    client_order_id: options.clientOrderId ?? newClientOrderId(),
    side,
    type: price === undefined ? 'market' : 'limit',
    ...(price === undefined ? {} : { price }),
    quantity,
    time_in_force: options.tif,
    should_autotransfer: options.autotransfer,
  };
  const created = await tradingData<CreatedOrder>(session, 'POST', '/v1/orders', { body });
  const order = await tradingData<Order>(session, 'GET', `/v1/orders/${created.order_id}`);
  show(output, order, () => renderOrder(order));
}

/** `mkt orders [--status S] [--market M]`: newest first. */
export async function listOrders(session: Session, output: Output, options: { status?: string; market?: string }): Promise<void> {
  const marketId = options.market === undefined ? undefined : (await resolveMarket(session, options.market)).market_id;
  const orders = await tradingList<Order>(session, '/v1/orders', { status: options.status, market_id: marketId, order_direction: 'desc' }, 5);
  show(output, orders, () =>
    orders.length === 0
      ? '(no orders)'
      : renderTable(
          ['order', 'symbol', 'side', 'type', 'price', 'qty', 'filled', 'status', 'submitted'],
          orders.map((o) => [o.order_id, o.instrument_symbol, o.side, o.type, o.price, o.quantity, o.filled_quantity, o.closure_reason ? `${o.status} (${o.closure_reason})` : o.status, o.submitted_at]),
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
  const result = await tradingData<CancelledCount>(session, 'DELETE', '/v1/orders', { query: { market_id: marketId } });
  show(output, result, () => `Cancelled ${result.cancelled} order${result.cancelled === 1 ? '' : 's'}.`);
}

/** `mkt amend ORDER_ID [--price P] [--quantity Q]`: new price and/or total quantity of an open limit order. */
export async function amendOrder(session: Session, output: Output, orderId: string, options: { price?: string; quantity?: string }): Promise<void> {
  if (options.price === undefined && options.quantity === undefined) throw new CliError('amend needs --price and/or --quantity');
  const body = { ...(options.price === undefined ? {} : { price: checkPrice(options.price) }), ...(options.quantity === undefined ? {} : { quantity: parseQuantity(options.quantity) }) };
  const order = await tradingData<Order>(session, 'PUT', `/v1/orders/${encodeURIComponent(orderId)}`, { body });
  show(output, order, () => renderOrder(order));
}
