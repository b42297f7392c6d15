/**
 * Why the trading pipeline refuses a command: a closed set, each code checked at one stage
 * (orders.ts says which); the trading table (handlers/failures.ts) maps it to what a client sees.
 */
export type RefusalCode =
  | 'unknown_signer'
  | 'auto_mode'
  | 'unknown_market'
  | 'unknown_order'
  | 'rate_limited'
  | 'signature_replayed'
  | 'price_required'
  | 'price_not_allowed'
  | 'price_malformed'
  | 'stop_price_required'
  | 'stop_price_not_allowed'
  | 'post_only_not_allowed'
  | 'expire_time_required'
  | 'expire_time_not_allowed'
  | 'expire_time_malformed'
  | 'expire_time_out_of_range'
  | 'post_only_would_take'
  | 'stop_would_trigger'
  | 'stop_not_amendable'
  | 'market_not_open'
  | 'tick_size'
  | 'lot_size'
  | 'below_min_order_size'
  | 'above_max_order_size'
  | 'notional_above_max'
  | 'price_collar'
  | 'duplicate_client_order_id'
  | 'order_not_open'
  | 'order_already_cancelled'
  | 'quantity_not_above_filled'
  | 'nothing_to_spend'
  | 'insufficient_balance';

export interface Refusal {
  code: RefusalCode;
  /** What went wrong and how to fix it. */
  detail: string;
  context?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * A stage's refusal on its way to the service's answer: thrown by `refuse` so that a refused
 * command stops where it is (and the book's queue, books.ts, undoes a part that changed nothing),
 * and caught only by `answer`, where the service returns it as a value.
 */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
    this.name = 'Refused';
  }
}

/** Stops the command with the refusal, if there is one: the pipeline's stages stop the command here. */
export function refuse(refusal: Refusal | undefined): void {
  if (refusal) throw new Refused(refusal);
}

/** `refuse` for a refusal there always is: the type says the code after it never runs. */
export function refused(refusal: Refusal): never {
  throw new Refused(refusal);
}

/** A service's answer: what the command did, or why it was refused (and then it changed nothing). */
export type Refusable<T> = { value: T } | { refused: Refusal };

/** Runs a command of the pipeline and answers its value, or the refusal one of its stages stopped it with. */
export async function answer<T>(command: () => Promise<T>): Promise<Refusable<T>> {
  try {
    return { value: await command() };
  } catch (error) {
    return { refused: refusalOf(error) };
  }
}

/** The refusal an error carries; any other error (a bug, the database) goes on up. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof Refused) return error.refusal;
  throw error;
}
