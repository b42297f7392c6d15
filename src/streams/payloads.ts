import type { BookSnapshot, MarketEvent, UserEvent } from '../core/events.js';
import type { serverEvents } from '../../generated/types/streams.js';

/**
 * The pushes of the `ws:trading` channel (openapi/asyncapi.yaml): each event's data, framed, once
 * per event (router.ts), whatever the number of subscribers. The ticker is flat with the live
 * CLI's `bid` and `ask` beside our names; orders carry the CLI's `original_quantity`,
 * `order_type`, `average_fill_price` and `created_at` beside ours, trades its `executed_at`; every
 * other push is `{stream, data}`.
 *
 * The payloads are typed by generated/types/streams.ts (`serverEvents`, made by `npm run generate`
 * from the AsyncAPI document), so the compiler holds each push to the message the document
 * describes for its event.
 */
type ServerEvent = keyof serverEvents;

/** A push: an event the server sends and its payload as the document types it. */
export type DocumentedPush = { [E in ServerEvent]: { event: E; payload: serverEvents[E] } }[ServerEvent];

/**
 * What a session sends: a documented push, or an ack whose `status` the compiler sees as a string
 * (session.ts computes it into a plain object, which widens the literal; typing that local as
 * `serverEvents['ack']['status']` there would let this second branch go).
 */
export type Push = DocumentedPush | { event: 'ack'; payload: Omit<serverEvents['ack'], 'status'> & { status: string } };

export function pushOf(event: MarketEvent | UserEvent): DocumentedPush {
  switch (event.stream) {
    case 'market.ticker':
      return {
        event: event.event,
        payload: { ...event.data, bid: event.data.highest_bid, ask: event.data.lowest_ask, stream: event.stream },
      };
    case 'market.trades':
      return {
        event: event.event,
        payload: {
          stream: event.stream,
          data: { ...event.data, executed_at: event.data.execution_timestamp, ...event.orderIds },
        },
      };
    case 'market.book':
      return { event: event.event, payload: { stream: event.stream, data: event.data } };
    case 'market.candles':
      return { event: event.event, payload: { stream: event.stream, data: event.data } };
    case 'user.orders':
      return {
        event: event.event,
        payload: {
          stream: event.stream,
          data: {
            ...event.data,
            original_quantity: event.data.quantity,
            order_type: event.data.type,
            average_fill_price: event.data.average_price,
            created_at: event.data.submitted_at,
            trading_account_id: event.tradingAccountId,
          },
        },
      };
    case 'user.trades':
      return { event: event.event, payload: { stream: event.stream, data: userTradeData(event) } };
    case 'user.balances':
      return { event: event.event, payload: { stream: event.stream, data: event.data } };
  }
}

export type UserTradeEvent = Extract<UserEvent, { stream: 'user.trades' }>;
const userTradeData = (event: UserTradeEvent) => ({
  ...event.data,
  executed_at: event.data.execution_timestamp,
  ...event.orderIds,
});

/**
 * The second push of a fill that left the user's resting order partly filled (`restingPartially`):
 * the same fill as `update_trade` on user.orders, which is the stream the live CLI follows.
 */
export const tradeUpdatePush = (event: UserTradeEvent): DocumentedPush => ({
  event: 'update_trade',
  payload: { stream: 'user.orders', data: userTradeData(event) },
});

export const snapshotPush = (snapshot: BookSnapshot): DocumentedPush => ({
  event: 'book_snapshot',
  payload: { stream: 'market.book', data: snapshot },
});
