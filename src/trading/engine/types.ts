/**
 * The matching engine's vocabulary. Prices are integer ticks, quantities integer Units; an order
 * book knows nothing of money, accounts, time or storage: commands come in, results go out.
 */
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'day';

/** Why an incoming order's remainder did not rest. */
export type ClosureReason = 'ioc_remainder' | 'fok_unfilled' | 'no_liquidity' | 'self_trade_prevented' | 'insufficient_funds';

export interface PlaceCommand {
  orderId: string;
  traderId: string;
  side: Side;
  type: OrderType;
  /** Limit price; null for market orders. */
  priceTicks: number | null;
  quantity: number;
  timeInForce: TimeInForce;
  /** Market buys only: the most Σ price × quantity (ticks × Units) the order may spend. */
  quoteBudget?: number;
}

export interface AmendCommand {
  orderId: string;
  traderId: string;
  priceTicks: number;
  /** The new resting quantity (what is left to fill), at least 1. */
  remaining: number;
}

export interface Fill {
  makerOrderId: string;
  makerTraderId: string;
  takerOrderId: string;
  takerTraderId: string;
  /** The taker's side; the maker is on the other. */
  takerSide: Side;
  /** Execution is at the maker's (resting) price. */
  priceTicks: number;
  quantity: number;
  /** What the maker has left resting after this fill. */
  makerRemaining: number;
}

/** What happened to an incoming order (a new one, or an amended one that lost its place). */
export interface Execution {
  fills: Fill[];
  /** Quantity now resting on the book under this order id. */
  restingQuantity: number;
  /** Quantity that will never fill, and why; 0 and null when nothing was closed. */
  closedQuantity: number;
  closureReason: ClosureReason | null;
}

export type PlaceResult = ({ code: 'ok' } & Execution) | { code: 'duplicate_order_id' | 'invalid_quantity' | 'invalid_price' };
export type CancelResult = { code: 'ok'; cancelledQuantity: number } | { code: 'unknown_order' };
export type AmendResult =
  | ({ code: 'ok'; priorityKept: boolean } & Execution)
  | { code: 'unknown_order' | 'invalid_quantity' | 'invalid_price' };

export interface LevelView {
  priceTicks: number;
  quantity: number;
  orderCount: number;
}

export interface RestingOrderView {
  orderId: string;
  traderId: string;
  side: Side;
  priceTicks: number;
  remaining: number;
}

/** One central limit order book: price-time priority, execution at the maker price. */
export interface OrderBook {
  place(command: PlaceCommand): PlaceResult;
  cancel(orderId: string, traderId: string): CancelResult;
  amend(command: AmendCommand): AmendResult;
  bestBid(): number | null;
  bestAsk(): number | null;
  /** Price levels of one side, best first, at most `levels` of them. */
  depth(side: Side, levels: number): LevelView[];
  order(orderId: string): RestingOrderView | undefined;
  /** Every resting order of one side in priority order (best price first, then time). */
  orders(side: Side): RestingOrderView[];
}
