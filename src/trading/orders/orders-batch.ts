import { assert } from '../../lib/assert.js';
import { findOrders } from '../../db/orders.js';
import { poolSql, withSql } from '../../db/sql.js';
import type { OrderRow } from '../../db/trading-rows.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { Outcome } from './batch-commands.js';
import type { MarketSession } from './market-book.js';
import type { OrderDeps } from './order-books.js';
import {
  completeOrder,
  duplicateClientOrderId,
  needsOf,
  requireAdvanced,
  requireMarket,
  validateOrder,
  type CheckedOrder,
  type NewOrder,
  type ValidOrder,
} from './order-entry.js';
import { placeChecked } from './orders.js';
import { expireDue } from './session-settle.js';
import { answer, refusalOf, refuse, refused, type Refusable, type Refusal } from './refusals.js';
import { rateLimited, takeTokens, type BucketDecision } from './rate-limits.js';
import { countOrder, marketLabelOf } from './order-metrics.js';

/** One order's result: the order as stored after the commit, or the refusal that order alone met. */
type BatchResult =
  { index: number; order: OrderRow; market: MarketWithInstrument } | { index: number; refusal: Refusal };

interface PlacedBatch {
  results: BatchResult[];
  rate: BucketDecision;
}

/**
 * POST /v1/orders/batch, as one pipeline over its orders:
 *
 *   check – every order's fields and controls (no lock), and no client_order_id twice: the first
 *           failure refuses the whole batch with its `index`, and nothing is placed;
 *   rate  – per market, one token per order, all at once, or a 429 for the whole batch;
 *   place – every order in one group commit (BookRegistry.runTogether), in request order, each
 *           held, matched and settled as POST /v1/orders does, each refused on its own;
 *   read  – the orders as stored after the commit.
 */
export async function placeOrderBatch(
  deps: OrderDeps,
  userId: string,
  inputs: readonly NewOrder[],
  nowUs: number,
): Promise<Refusable<PlacedBatch>> {
  const placed = await answer(() => placeBatch(deps, userId, inputs, nowUs));
  countBatch(deps, inputs, placed);
  return placed;
}

/** Each order of the batch as decided: a batch refused whole counts every order of it with the batch's refusal. */
function countBatch(deps: OrderDeps, inputs: readonly NewOrder[], placed: Refusable<PlacedBatch>): void {
  const { metrics, markets } = deps.orderBooks;
  inputs.forEach((input, index) => {
    const result = 'value' in placed ? placed.value.results[index] : undefined;
    const decided = result === undefined || 'order' in result ? placed : { refused: result.refusal };
    countOrder(metrics, marketLabelOf(markets, input.marketId), input.type, decided);
  });
}

async function placeBatch(
  deps: OrderDeps,
  userId: string,
  inputs: readonly NewOrder[],
  nowUs: number,
): Promise<PlacedBatch> {
  await requireAdvanced(deps, userId, false, 'creation');
  const valid: ValidOrder[] = [];
  for (const [index, input] of inputs.entries()) {
    valid.push(
      await atIndex(index, async () => validateOrder(await requireMarket(deps, input.marketId, nowUs), input, nowUs)),
    );
  }
  refuseRepeatedClientOrderIds(inputs);
  const rate = await takeBatchTokens(deps, userId, valid, nowUs);
  const checked: CheckedOrder[] = [];
  for (const order of valid) checked.push(await completeOrder(deps, userId, order, nowUs));

  // Each market's due expiries go first, as parts of their own: an order refused after an expiry
  // changed the batch could not be undone alone, and would fail the whole group.
  const markets = new Map(checked.map((order) => [order.market.market.id, order.market]));
  const expiries = [...markets.values()].map((market) => ({
    marketId: market.market.id,
    work: (session: MarketSession) => expireDue(deps, session, market, nowUs),
  }));
  const placements = checked.map((order) => ({
    marketId: order.market.market.id,
    work: (session: MarketSession) => placeChecked(deps, session, userId, order, nowUs),
    needs: needsOf(userId, order),
  }));
  const outcomes = (await deps.orderBooks.books.runTogether<unknown>([...expiries, ...placements])).slice(
    expiries.length,
  ) as Outcome<{ orderId: string; clientOrderId: string | null }>[];
  const placedIds = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value.orderId] : []));
  const stored = new Map((await withSql(deps.db, (sql) => findOrders(sql, placedIds))).map((row) => [row.id, row]));
  const results = outcomes.map((outcome, index): BatchResult => {
    if (!outcome.ok) return { index, refusal: refusalOf(outcome.error) };
    const order = stored.get(outcome.value.orderId);
    const market = checked[index]?.market;
    assert(order !== undefined && market !== undefined, `order ${index} of the batch was placed but not stored`);
    return { index, order, market };
  });
  return { results, rate };
}

/** Runs a check of the order at `index`; its refusal, if any, names the index. */
async function atIndex<T>(index: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const refusal = refusalOf(error);
    return refused({
      ...refusal,
      detail: `Order ${index} of the batch: ${refusal.detail} No order of the batch was placed.`,
      context: { ...refusal.context, index },
    });
  }
}

/** Two orders of one batch with the same client_order_id: the second is refused, with the whole batch. */
function refuseRepeatedClientOrderIds(inputs: readonly NewOrder[]): void {
  const seen = new Map<string, number>();
  for (const [index, input] of inputs.entries()) {
    if (input.clientOrderId === null) continue;
    const first = seen.get(input.clientOrderId);
    if (first !== undefined) {
      const refusal = duplicateClientOrderId(input.clientOrderId, undefined);
      refuse({
        ...refusal,
        detail: `Order ${index} of the batch repeats the client_order_id of order ${first}. No order of the batch was placed.`,
        context: { ...refusal.context, index, first_index: first },
      });
    }
    seen.set(input.clientOrderId, index);
  }
}

/** One token per order from each market's bucket, a market's all at once; the answer carries the smallest remainder. */
async function takeBatchTokens(
  deps: OrderDeps,
  userId: string,
  orders: readonly ValidOrder[],
  nowUs: number,
): Promise<BucketDecision> {
  const perMarket = new Map<string, number>();
  for (const order of orders) perMarket.set(order.market.market.id, (perMarket.get(order.market.market.id) ?? 0) + 1);
  let smallest: BucketDecision | undefined;
  for (const [marketId, count] of perMarket) {
    const decision = await takeTokens(
      poolSql(deps.db),
      `orders:${userId}:${marketId}`,
      deps.config.orderRate,
      nowUs,
      count,
    );
    refuse(
      rateLimited(
        decision,
        `Order submission limit of ${deps.config.orderRate.ratePerSecond} per second for market ${marketId} cannot take the batch's ${count} order${count === 1 ? '' : 's'} there; nothing was placed`,
      ),
    );
    if (smallest === undefined || decision.remaining < smallest.remaining) smallest = decision;
  }
  return smallest ?? refused({ code: 'unknown_market', detail: 'The batch names no market.' });
}
