import { assert } from '../../lib/assert.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { move } from '../../ledger/journal.js';
import { unitsOf, usd } from '../../ledger/assets.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { TradingBatch } from './batch.js';
import type { OrderDeps } from './order-books.js';
import { buyReserveMicros, feeOn, marketBuyBudgetTicks, microsPerTick } from '../../core/fees.js';
import type { Submitted } from './order-rules.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { OrderRow } from '../../db/trading-rows.js';
import { refuse, type Refusal } from './refusals.js';

/**
 * The `hold` stage of the order pipeline (orders.ts): what an order may spend is locked in the
 * batch's balances before the engine sees it, or the order is refused with what it lacks.
 */

/**
 * Locks what the order may spend: a limit or stop_limit order its price × quantity plus fee (buy)
 * or its Units (sell); a stop buy its quantity at the stop price plus fee, which is then its budget
 * once triggered; a market order what is available, within which the engine spends. Returns what
 * it locked and a market or stop buy's budget in ticks.
 */
export async function hold(
  deps: OrderDeps,
  batch: TradingBatch,
  market: MarketWithInstrument,
  order: OrderRow,
  ids: TraderAccounts,
  submitted: Submitted,
  nowUs: number,
): Promise<{ reserved: number; quoteBudget?: number }> {
  const feePpm = market.instrument.fee_ppm;
  const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
  await batch.readBalances([accountId]);
  const available = batch.available(accountId);
  let amount: number;
  let quoteBudget: number | undefined;
  if (order.type === 'market') {
    if (available === 0) {
      refuse({
        code: 'nothing_to_spend',
        detail:
          order.side === 'buy'
            ? 'A market buy needs USD in the currency account, and it holds none.'
            : `A market sell needs Units of ${market.instrument.symbol}, and the trading account holds none.`,
        context: { quantity: order.quantity, available: order.side === 'buy' ? formatDecimal(0, usdScale) : '0' },
      });
    }
    if (order.side === 'buy') quoteBudget = marketBuyBudgetTicks(available, feePpm);
    amount =
      quoteBudget === undefined
        ? order.quantity
        : quoteBudget * microsPerTick + feeOn(quoteBudget * microsPerTick, feePpm);
    if (amount > available || amount === 0) refuse(shortfall(order, submitted, amount, available));
  } else if (order.type === 'stop' && order.side === 'buy') {
    // A stop buy holds its quantity at the stop price, and spends at most that once triggered.
    const stopTicks = order.stop_price_ticks;
    assert(stopTicks !== null, `stop order ${order.id} has no stop price`);
    quoteBudget = order.quantity * stopTicks;
    amount = buyReserveMicros(order.quantity, stopTicks, 0, feePpm);
  } else if (order.side === 'buy') {
    const priceTicks = order.price_ticks;
    assert(priceTicks !== null, `limit buy ${order.id} has no price`);
    amount = buyReserveMicros(order.quantity, priceTicks, 0, feePpm);
  } else {
    amount = order.quantity;
  }
  const refused = batch.post(
    'reserve',
    order.id,
    move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, amount),
    nowUs,
  );
  if (refused !== undefined) refuse(shortfall(order, submitted, amount, batch.available(accountId)));
  return quoteBudget === undefined ? { reserved: amount } : { reserved: amount, quoteBudget };
}

/** An amendment that needs more locked than the order holds takes the difference from available. */
export async function holdMore(
  deps: OrderDeps,
  batch: TradingBatch,
  market: MarketWithInstrument,
  order: OrderRow,
  remaining: number,
  priceTicks: number,
  submitted: Submitted,
  nowUs: number,
): Promise<number> {
  const required =
    order.side === 'buy'
      ? buyReserveMicros(remaining, priceTicks, order.notional_micros, market.instrument.fee_ppm)
      : remaining;
  const extra = required - order.reserved;
  if (extra <= 0) return order.reserved;
  const ids = await deps.orderBooks.accounts.of(batch.sql, order.user_id, order.instrument_id);
  const [accountId, asset] = order.side === 'buy' ? [ids.usd, usd] : [ids.units, unitsOf(order.instrument_id)];
  await batch.readBalances([accountId]);
  const refused = batch.post(
    'reserve',
    order.id,
    move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, extra),
    nowUs,
  );
  if (refused !== undefined) refuse(shortfall(order, submitted, extra, batch.available(accountId)));
  return required;
}

function shortfall(
  order: Pick<OrderRow, 'side' | 'quantity'>,
  submitted: Submitted,
  required: number,
  available: number,
): Refusal {
  const buy = order.side === 'buy';
  const [need, have] = buy
    ? [formatDecimal(required, usdScale), formatDecimal(available, usdScale)]
    : [String(required), String(available)];
  const detail = buy
    ? `The order needs ${need} USD (price × quantity + fee) but ${have} USD is available.`
    : `The order needs ${need} Units but ${have} are available in the trading account.`;
  return {
    code: 'insufficient_balance',
    detail,
    context: {
      price: submitted.priceText,
      quantity: submitted.quantity,
      required: need,
      available: have,
      currency: buy ? 'usd' : 'units',
    },
  };
}
