import type { BookSnapshot, MarketEvent, UserEvent } from '../core/events.js';

/**
 * The pushes of the `ws:trading` channel (openapi/asyncapi.yaml): each event's data, framed. The
 * ticker is flat with the live CLI's `bid` and `ask` beside our names; orders carry the CLI's
 * `original_quantity` and `order_type` beside ours; every other push is `{stream, data}`.
 */
export interface Push {
  event: string;
  payload: Record<string, unknown>;
}

export function pushOf(event: MarketEvent | UserEvent): Push {
  switch (event.stream) {
    case 'market.ticker':
      return { event: event.event, payload: { ...event.data, bid: event.data.highest_bid, ask: event.data.lowest_ask, stream: event.stream } };
    case 'user.orders':
      return { event: event.event, payload: { stream: event.stream, data: { ...event.data, original_quantity: event.data.quantity, order_type: event.data.type } } };
    default:
      return { event: event.event, payload: { stream: event.stream, data: event.data } };
  }
}

export const snapshotPush = (snapshot: BookSnapshot): Push => ({ event: 'book_snapshot', payload: { stream: 'market.book', data: snapshot } });
