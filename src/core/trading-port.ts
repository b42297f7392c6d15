/**
 * What the trading surface offers the others (the dashboard) without being imported by them: the
 * composition root (src/app/services.ts) wires it to the order pipeline of src/trading/orders/orders.ts, so a
 * cancel from a web page goes through the same book and group commit as a signed DELETE.
 */

/** How a cancel ended: a closed set, so a page can explain each without reading error codes. */
export type CancelOutcome = 'cancelled' | 'unknown_order' | 'not_open' | 'already_cancelled' | 'auto_mode';

export interface TradingPort {
  /** Cancels one open order of the user through the trading pipeline. */
  cancelOrder(userId: string, orderId: string): Promise<CancelOutcome>;
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
