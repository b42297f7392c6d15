/**
 * The matching engine's vocabulary. Prices are integer ticks, quantities integer Units; an order
 * book knows nothing of money, accounts, time or storage: commands come in, results go out. Where
 * time matters (an order's expiry) it comes in as a number the caller chose, and the book only
 * compares it with the `now` the caller passes to `expire`.
 */
export type Side = 'buy' | 'sell';
/** `stop` becomes a market order and `stop_limit` a limit order when the last trade crosses its stop price. */
export type OrderType = 'limit' | 'market' | 'stop' | 'stop_limit';
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'day' | 'gtd';

/**
 * What happens when an incoming order meets its own trader's resting order (the taker's mode
 * decides): `expire_taker` closes the incoming remainder; `expire_maker` cancels the resting order
 * and goes on; `expire_both` does both; `decrement` takes the overlap off both, with no trade.
 */
export type SelfTradePrevention = 'expire_taker' | 'expire_maker' | 'expire_both' | 'decrement';

/** Why an incoming order's remainder did not rest. */
export type ClosureReason =
  'ioc_remainder' | 'fok_unfilled' | 'no_liquidity' | 'self_trade_prevented' | 'insufficient_funds';

export interface PlaceCommand {
  orderId: string;
  traderId: string;
  side: Side;
  type: OrderType;
  /** Limit price (limit, stop_limit), a market order's protection price (or null); null for stop orders. */
  priceTicks: number | null;
  quantity: number;
  timeInForce: TimeInForce;
  /**
   * Market buys (and stop buys, once triggered) only: the most Σ price × quantity (ticks × Units) the order may spend.
   */
  quoteBudget?: number;
  /** stop and stop_limit only: the last trade price that triggers the order. */
  stopTicks?: number | null;
  /** Limit orders only: refused (`post_only_would_take`) if it would take liquidity on arrival; rests or nothing. */
  postOnly?: boolean;
  /** Default `expire_taker`. */
  selfTradePrevention?: SelfTradePrevention;
  /** When the order expires, in the caller's unit of time (see `expire`); null or absent: never. */
  expiresAt?: number | null;
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

/** A resting order of the taker's own trader that self-trade prevention reduced or removed. */
export interface Prevention {
  orderId: string;
  traderId: string;
  /** Units taken off it (all it had, when it was cancelled). */
  quantity: number;
  /** What it has left resting: 0 when it left the book. */
  remaining: number;
}

/** What happened to an incoming order (a new one, an amended one that lost its place, or a triggered stop). */
export interface Execution {
  fills: readonly Fill[];
  /** Quantity now resting on the book under this order id. */
  restingQuantity: number;
  /** Quantity that will never fill, and why; 0 and null when nothing was closed. */
  closedQuantity: number;
  /**
   * Why the order stopped short of filling, null when it filled or rests. `self_trade_prevented`
   * with `closedQuantity` 0 means decrement prevention took all that was left.
   */
  closureReason: ClosureReason | null;
  /** Own resting orders that self-trade prevention reduced or removed, in the order met. */
  prevented: readonly Prevention[];
  /** Units of this order that `decrement` prevention took off (no trade). */
  decrementedQuantity: number;
  /** Units waiting as an untriggered stop (the whole quantity, or 0). */
  pendingQuantity: number;
}

/** A stop that a trade of the command triggered, and what it did as an incoming order. */
export interface TriggeredExecution extends Execution {
  orderId: string;
  traderId: string;
}

/**
 * A command's outcome: its own order's execution, then the stops its trades triggered, in trigger
 * order (a triggered stop's trades may trigger more: they follow).
 */
export type Outcome = Execution & { triggered: readonly TriggeredExecution[] };

export type PlaceRefusal =
  | 'duplicate_order_id'
  | 'invalid_quantity'
  | 'invalid_price'
  | 'invalid_stop_price'
  /** post-only on anything but a limit order that may rest (not ioc, not fok). */
  | 'invalid_post_only'
  | 'post_only_would_take'
  /** A stop whose condition already holds on arrival. */
  | 'stop_would_trigger';
export type PlaceResult = ({ code: 'ok' } & Outcome) | { code: PlaceRefusal };
export type CancelResult = { code: 'ok'; cancelledQuantity: number } | { code: 'unknown_order' };
export type AmendResult =
  | ({ code: 'ok'; priorityKept: boolean } & Outcome)
  | { code: 'unknown_order' | 'invalid_quantity' | 'invalid_price' | 'post_only_would_take' };

/** An order that `expire` took off the book or out of the pending stops. */
export interface Expiry {
  orderId: string;
  traderId: string;
  /** What it had resting, or its whole quantity for a pending stop. */
  quantity: number;
}

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

export interface PendingStopView {
  orderId: string;
  traderId: string;
  side: Side;
  type: 'stop' | 'stop_limit';
  stopTicks: number;
  /** The limit of a stop_limit; null for a stop. */
  priceTicks: number | null;
  quantity: number;
}

/** One central limit order book: price-time priority, execution at the maker price. */
export interface OrderBook {
  place(command: PlaceCommand): PlaceResult;
  /** Cancels a resting order or a pending stop. */
  cancel(orderId: string, traderId: string): CancelResult;
  amend(command: AmendCommand): AmendResult;
  /**
   * Takes off every resting order and pending stop whose `expiresAt` is at or before `now`, earliest first (then by
   * id).
   */
  expire(now: number): Expiry[];
  /** No later than the earliest `expiresAt` of what rests or waits; null when nothing expires. */
  nextExpiry(): number | null;
  /** The price of the last trade, which stops are checked against; null before the first. */
  lastTrade(): number | null;
  bestBid(): number | null;
  bestAsk(): number | null;
  /** Whether a limit order of `side` at `limitTicks` would take liquidity now (post-only's test). */
  wouldTake(side: Side, limitTicks: number): boolean;
  /** Price levels of one side, best first, at most `levels` of them. */
  depth(side: Side, levels: number): LevelView[];
  order(orderId: string): RestingOrderView | undefined;
  /** Every resting order of one side in priority order (best price first, then time). */
  orders(side: Side): RestingOrderView[];
  stop(orderId: string): PendingStopView | undefined;
  /** Every pending stop of one side in trigger order. */
  stops(side: Side): PendingStopView[];
}
