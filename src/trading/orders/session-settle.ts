import { assert } from '../../lib/assert.js';
import { newTradeId, newTransferId } from '../../lib/ids.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { MarketSession } from './market-book.js';
import type { OrderDeps } from './order-books.js';
import type { Outcome } from '../../engine/types.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { OrderRow, OrderStatus } from '../../db/trading-rows.js';
import { settle, type Settled } from './settle.js';

/**
 * The `settle` and `record` stages of the order pipeline (orders.ts) inside a market's session:
 * the rows a command changed and what the engine did, settled (settle.ts) with the accounts they
 * name, and orders closed (cancelled, expired) with what they held released.
 */

/**
 * Settles what the command changed and what its outcome did (fills, preventions, triggered stops); the batch records
 * the result.
 */
export async function settleIn(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  changed: readonly OrderRow[],
  execution: { orderId: string; outcome: Outcome } | null,
  nowUs: number,
): Promise<Settled> {
  const { batch } = session;
  const instrumentId = market.instrument.id;
  const changedIds = new Set(changed.map((row) => row.id));
  const named = execution === null ? [] : namedOrders(execution.outcome);
  const makers = named.filter((id) => !changedIds.has(id));
  const others = new Map((await batch.orders(makers, session.state.rows)).map((row) => [row.id, row]));
  const rows = [...changed, ...others.values()];
  const traders = new Map<string, TraderAccounts>();
  const consumption = new Map<string, string>();
  for (const row of rows) {
    if (!traders.has(row.user_id))
      traders.set(row.user_id, await deps.orderBooks.accounts.of(batch.sql, row.user_id, instrumentId));
    if (row.side === 'buy' && Boolean(row.should_autotransfer) && !consumption.has(row.user_id)) {
      consumption.set(
        row.user_id,
        await deps.orderBooks.accounts.consumptionOf(batch.sql, row.user_id, instrumentId, nowUs),
      );
    }
  }
  const system = deps.orderBooks.accounts.system(instrumentId);
  const settled = settle(
    {
      market,
      accountsOf: (userId) => found(traders, userId),
      feeAccount: system.fees,
      conversion: system.conversion,
      consumptionAccountOf: (userId) => found(consumption, userId),
      nowUs,
      nextTradeId: newTradeId,
      nextTransferId: newTransferId,
      nextSequence: session.nextSequence,
    },
    changed,
    others,
    execution,
  );
  if (settled.lastTradeTicks !== null) session.state.lastTradeTicks = settled.lastTradeTicks;
  return settled;
}

/** What settlement asks of the accounts read above: every trader and consumer it names was read. */
function found<T>(read: ReadonlyMap<string, T>, userId: string): T {
  const value = read.get(userId);
  assert(value !== undefined, `settlement named user ${userId}, whose accounts were not read`);
  return value;
}

/** Every order an outcome names besides its own: makers, prevented orders, triggered stops and their makers. */
function namedOrders(outcome: Outcome): string[] {
  const ids: string[] = [];
  for (const execution of [outcome, ...outcome.triggered]) {
    if (execution !== outcome) ids.push((execution as { orderId: string }).orderId);
    for (const prevention of execution.prevented) ids.push(prevention.orderId);
    for (const fill of execution.fills) ids.push(fill.makerOrderId);
  }
  return ids;
}

/**
 * Orders whose expiry has come (`day` at 00:00 UTC, `gtd` at its expire_time, resting or pending
 * stops) leave the book before anything else happens to it. The book says what is due; it reads
 * nothing unless something may be.
 */
export async function expireDue(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  nowUs: number,
): Promise<void> {
  const { state, batch } = session;
  const bound = state.readBook.nextExpiry();
  if (bound === null || bound > nowUs) return;
  const expired = state.book.expire(nowUs);
  if (expired.length === 0) return;
  const due = await batch.orders(expired.map((expiry) => expiry.orderId));
  await closeRows(deps, session, market, due, 'expired', 'expired', nowUs);
}

/** Takes the orders off the book and closes them, releasing what they held. */
export async function closeOrders(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  orders: readonly OrderRow[],
  status: OrderStatus,
  reason: OrderRow['closure_reason'],
  nowUs: number,
): Promise<void> {
  for (const order of orders) session.state.book.cancel(order.id, order.user_id);
  await closeRows(deps, session, market, orders, status, reason, nowUs);
}

/** Closes orders already off the book. */
async function closeRows(
  deps: OrderDeps,
  session: MarketSession,
  market: MarketWithInstrument,
  orders: readonly OrderRow[],
  status: OrderStatus,
  reason: OrderRow['closure_reason'],
  nowUs: number,
): Promise<void> {
  const closed = orders.map((order) => ({
    ...order,
    status,
    closure_reason: reason,
    remaining_quantity: 0,
    updated_at_us: nowUs,
  }));
  session.batch.record(await settleIn(deps, session, market, closed, null, nowUs), nowUs);
}
