/**
 * What the trading surface offers the others (the dashboard) without being imported by them: the
 * composition root (src/app/services.ts) wires it to the order pipeline of src/trading/orders/orders.ts
 * (src/trading/orders/web-port.ts), so a cancel or an order from a web page goes through the same book and group
 * commit as a signed DELETE or POST.
 */

/** How a cancel ended: a closed set, so a page can explain each without reading error codes. */
export type CancelOutcome = 'cancelled' | 'unknown_order' | 'not_open' | 'already_cancelled' | 'auto_mode';

/**
 * How Auto Mode's buy ended, as admission needs it: `placed` (filled or not: admission reads the
 * balance again), or `insufficient_funds` when the user's USD cannot pay for it. Any other refusal
 * of the order is trading's to explain and reaches the caller as trading answers it.
 */
export type AutoBuyOutcome = 'placed' | 'insufficient_funds';

/**
 * What admission needs of trading: a buy of `units` for the user, placed in Auto Mode's name
 * (`triggered_by_auto_buy`) and moved to consumption as it fills: at market, or under a price cap
 * a limit fill-or-kill buy at `capTicks` (all of `units` at or under the cap, or nothing; a cap
 * the market cannot take as a limit price buys nothing). The composition root (src/app/services.ts)
 * passes the orders service's.
 */
export type AutoBuy = (
  userId: string,
  marketId: string,
  units: number,
  capTicks: number | null,
  nowUs: number,
) => Promise<AutoBuyOutcome>;

/** An order from the dashboard's ticket, as the trading API's CreateOrderRequest would carry it. */
export interface TicketOrder {
  marketId: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  /** Whole Units. */
  quantity: number;
  /** As typed (the pipeline reads and checks it, as it does a request's); undefined for a market order. */
  priceText: string | undefined;
  postOnly: boolean;
  timeInForce: 'gtc' | 'ioc' | 'fok' | 'day';
}

/**
 * How a ticket's order ended in the pipeline: placed (committed: filled, resting or closed, as the order's row
 * says), or refused with the status and words the trading API answers that refusal with.
 */
export type PlaceOutcome =
  | { outcome: 'placed'; orderId: string }
  | { outcome: 'refused'; status: number; detail: string; headers: Record<string, string> };

export interface TradingPort {
  /** Cancels one open order of the user through the trading pipeline. */
  cancelOrder(userId: string, orderId: string): Promise<CancelOutcome>;
  /** Places an order of the user through the trading pipeline (POST /v1/orders' path, without the signature). */
  placeOrder(userId: string, order: TicketOrder): Promise<PlaceOutcome>;
}

/**
 * Auto top-up as consumption reaches it (src/trading/accounts/auto-top-up.ts): told of each settlement once
 * it has committed, it checks the account off the caller's path, so nothing it does (a purchase,
 * a refusal, a failure) reaches the inference that settled.
 */
export interface AutoTopUpPort {
  /** A settlement committed on this consumption account (of `instrumentId`'s tokens). */
  settled(consumptionAccountId: string, instrumentId: string): void;
  /** Waits for the checks queued so far (stop, tests). */
  idle(): Promise<void>;
}
