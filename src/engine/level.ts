import { present } from './invariant.js';
import type { SelfTradePrevention, Side } from './types.js';

/** A resting order, linked into the FIFO queue of its price level. */
export interface RestingOrder {
  readonly orderId: string;
  readonly traderId: string;
  readonly side: Side;
  /** Changes only when an amendment re-queues the order at another price. */
  priceTicks: number;
  remaining: number;
  /** The order's own mode, for when an amendment re-queues it as an incoming order. */
  readonly selfTradePrevention: SelfTradePrevention;
  readonly postOnly: boolean;
  readonly expiresAt: number | null;
  previous: RestingOrder | null;
  next: RestingOrder | null;
  level: PriceLevel;
}

/** The orders at one price, oldest first; removal anywhere in O(1). */
export class PriceLevel {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  quantity = 0;
  count = 0;

  constructor(readonly priceTicks: number) {}

  /** The oldest order: a level the side lists is never empty. */
  first(): RestingOrder {
    return present(this.head, 'a listed level has an order');
  }

  append(order: RestingOrder): void {
    order.previous = this.tail;
    order.next = null;
    if (this.tail) this.tail.next = order;
    else this.head = order;
    this.tail = order;
    this.quantity += order.remaining;
    this.count += 1;
  }

  remove(order: RestingOrder): void {
    if (order.previous) order.previous.next = order.next;
    else this.head = order.next;
    if (order.next) order.next.previous = order.previous;
    else this.tail = order.previous;
    order.previous = null;
    order.next = null;
    this.quantity -= order.remaining;
    this.count -= 1;
  }
}
