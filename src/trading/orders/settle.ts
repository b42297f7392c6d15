import type { ConsumptionLotRow } from '../../db/consumption-lots.js';
import {
  openStatuses,
  type OrderRow,
  type TradeLegRow,
  type TradeRow,
  type TransferRow,
} from '../../db/trading-rows.js';
import { assert } from '../../lib/assert.js';
import { buyReserveMicros, feeStep, notionalMicros } from '../../core/fees.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import { tokensOf, unitsOf, usd } from '../../ledger/assets.js';
import { lotLifetimeUs } from '../../ledger/consumption.js';
import { move, type Posting } from '../../ledger/journal.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { Execution, Fill, Outcome, Prevention } from '../../engine/types.js';

/** What settling needs besides the orders: ids of accounts, and where new ids and sequence numbers come from. */
interface SettleContext {
  market: MarketWithInstrument;
  /** Every trader of the orders settled (makers included). */
  accountsOf(userId: string): TraderAccounts;
  /** The fee account, the conversion accounts of the instrument, and consumption accounts of buyers that auto-transfer. */
  feeAccount: string;
  conversion: { units: string; tokens: string };
  consumptionAccountOf(userId: string): string;
  nowUs: number;
  nextTradeId(): string;
  nextTransferId(): string;
  nextSequence(): number;
}

export interface SettledEntry {
  kind: 'trade' | 'release' | 'transfer';
  reference: string;
  postings: Posting[];
}

/** Activity to record on a ledger account. */
export interface AccountStamp {
  accountId: string;
  deposit: boolean;
  withdrawal: boolean;
  trading: boolean;
  /** Units that arrived by transfer. */
  transferIn: number;
}

export interface Settled {
  /** Every order the command changed, as it now is. */
  orders: OrderRow[];
  entries: SettledEntry[];
  trades: TradeRow[];
  legs: TradeLegRow[];
  lots: Omit<ConsumptionLotRow, 'id'>[];
  transfers: TransferRow[];
  stamps: AccountStamp[];
  /** Price of the command's last trade, null when it traded none. */
  lastTradeTicks: number | null;
}

/**
 * Settles a command, with no I/O: its fills become one journal entry per trade (buyer's USD and fee
 * out of its reservation, seller's proceeds net of its fee, both fees to the fee account, Units from
 * seller to buyer); own orders that self-trade prevention reduced or cancelled take their new
 * state; then each order the command changed keeps locked only what its rest still needs; then
 * Units bought by an order that auto-transfers move to its consumption account.
 *
 * `changed` are the orders the command changed before matching (a new order, cancelled or amended
 * ones); `others` holds at least every other order the outcome names (makers, prevented orders,
 * triggered stops); `execution` is what the engine did with the incoming order, when there was
 * one, followed by the stops it triggered, in trigger order. A triggered stop that rests takes a
 * new time priority: it was queued when it triggered. The rows given are not changed: the result
 * carries new ones.
 */
export function settle(
  context: SettleContext,
  changed: readonly OrderRow[],
  others: ReadonlyMap<string, OrderRow>,
  execution: { orderId: string; outcome: Outcome } | null,
): Settled {
  const rows = new Map<string, OrderRow>();
  for (const row of changed) rows.set(row.id, { ...row });
  const rowOf = (orderId: string): OrderRow => {
    let row = rows.get(orderId);
    if (!row) {
      const loaded = others.get(orderId);
      assert(loaded, `the outcome names order ${orderId}, which was not loaded`);
      row = { ...loaded };
      rows.set(orderId, row);
    }
    return row;
  };
  const settled: Settled = {
    orders: [],
    entries: [],
    trades: [],
    legs: [],
    lots: [],
    transfers: [],
    stamps: [],
    lastTradeTicks: null,
  };
  /** Per buy order that auto-transfers: the Units bought, by seller. */
  const transfersDue = new Map<string, Map<string, number>>();

  if (execution) {
    const { triggered, ...own } = execution.outcome;
    const runs: { orderId: string; execution: Execution; isTriggered: boolean }[] = [
      { orderId: execution.orderId, execution: own, isTriggered: false },
    ];
    for (const stop of triggered) runs.push({ orderId: stop.orderId, execution: stop, isTriggered: true });
    for (const run of runs) {
      const taker = rowOf(run.orderId);
      for (const prevention of run.execution.prevented) prevent(rowOf(prevention.orderId), prevention, context.nowUs);
      for (const fill of run.execution.fills) {
        rowOf(fill.makerOrderId);
        settleFill(context, rows, fill, settled, transfersDue);
      }
      conclude(taker, run.execution, context.nowUs);
      if (run.isTriggered && taker.remaining_quantity > 0) taker.sequence = context.nextSequence();
    }
  }
  for (const row of rows.values()) release(context, row, settled);
  for (const [orderId, bySeller] of transfersDue) transfer(context, rows.get(orderId)!, bySeller, settled);
  settled.orders = [...rows.values()];
  return settled;
}

/** A resting own order that self-trade prevention reduced, or took off the book (then it ends cancelled). */
function prevent(order: OrderRow, prevention: Prevention, nowUs: number): void {
  order.remaining_quantity = prevention.remaining;
  order.updated_at_us = nowUs;
  if (prevention.remaining === 0) {
    order.status = 'cancelled';
    order.closure_reason = 'self_trade_prevented';
  }
}

function settleFill(
  context: SettleContext,
  rows: Map<string, OrderRow>,
  fill: Fill,
  settled: Settled,
  transfersDue: Map<string, Map<string, number>>,
): void {
  const { instrument } = context.market;
  const { nowUs } = context;
  const maker = rows.get(fill.makerOrderId)!;
  const taker = rows.get(fill.takerOrderId);
  assert(taker, `fill ${fill.takerOrderId}×${fill.makerOrderId} names a taker the command did not change`);
  const [buy, sell] = fill.takerSide === 'buy' ? [taker, maker] : [maker, taker];
  const notional = notionalMicros(fill.priceTicks, fill.quantity);
  const buyFee = feeStep(buy.notional_micros, notional, instrument.fee_ppm);
  const sellFee = feeStep(sell.notional_micros, notional, instrument.fee_ppm);
  const buyer = context.accountsOf(buy.user_id);
  const seller = context.accountsOf(sell.user_id);
  const units = unitsOf(instrument.id);
  const tradeId = context.nextTradeId();
  settled.entries.push({
    kind: 'trade',
    reference: tradeId,
    postings: [
      { accountId: buyer.usd, bucket: 'locked', asset: usd, amount: -(notional + buyFee) },
      { accountId: seller.usd, bucket: 'available', asset: usd, amount: notional - sellFee },
      { accountId: context.feeAccount, bucket: 'available', asset: usd, amount: buyFee + sellFee },
      { accountId: seller.units, bucket: 'locked', asset: units, amount: -fill.quantity },
      { accountId: buyer.units, bucket: 'available', asset: units, amount: fill.quantity },
    ],
  });

  buy.reserved -= notional + buyFee;
  sell.reserved -= fill.quantity;
  for (const [order, fee] of [
    [buy, buyFee],
    [sell, sellFee],
  ] as const) {
    order.filled_quantity += fill.quantity;
    order.notional_micros += notional;
    order.fee_micros += fee;
    order.updated_at_us = nowUs;
    if (order.filled_quantity === order.quantity) order.filled_at_us = nowUs;
  }
  maker.remaining_quantity = fill.makerRemaining;
  maker.status = fill.makerRemaining === 0 ? 'filled' : 'partially_filled';
  if (fill.makerRemaining === 0) maker.filled_at_us = nowUs;
  assert(
    buy.reserved >= 0 && sell.reserved >= 0,
    `reservation of ${buy.reserved < 0 ? buy.id : sell.id} went negative`,
  );

  const marketId = context.market.market.id;
  settled.trades.push({
    id: tradeId,
    market_id: marketId,
    price_ticks: fill.priceTicks,
    quantity: fill.quantity,
    taker_side: fill.takerSide,
    taker_order_id: taker.id,
    buy_order_id: buy.id,
    sell_order_id: sell.id,
    sequence: context.nextSequence(),
    executed_at_us: nowUs,
  });
  const autotransfer = Boolean(buy.should_autotransfer);
  const leg = (order: OrderRow, accountId: string, fee: number, transferred: boolean | null): TradeLegRow => ({
    trade_id: tradeId,
    user_id: order.user_id,
    side: order.side,
    order_id: order.id,
    market_id: marketId,
    trading_account_id: accountId,
    price_ticks: fill.priceTicks,
    quantity: fill.quantity,
    fee_micros: fee,
    autotransfer: transferred,
    executed_at_us: nowUs,
  });
  settled.legs.push(leg(buy, buyer.units, buyFee, autotransfer), leg(sell, seller.units, sellFee, null));
  // Last activity on the Units accounts: Units arrived for the buyer, left the seller.
  settled.stamps.push(
    { accountId: buyer.units, deposit: true, withdrawal: false, trading: true, transferIn: 0 },
    { accountId: seller.units, deposit: false, withdrawal: true, trading: true, transferIn: 0 },
  );
  if (autotransfer) {
    const bySeller = transfersDue.get(buy.id) ?? new Map<string, number>();
    bySeller.set(sell.user_id, (bySeller.get(sell.user_id) ?? 0) + fill.quantity);
    transfersDue.set(buy.id, bySeller);
  }
  settled.lastTradeTicks = fill.priceTicks;
}

/** Unlocks what the order holds beyond what its rest still needs. */
function release(context: SettleContext, order: OrderRow, settled: Settled): void {
  const open = openStatuses.includes(order.status);
  // A pending stop holds for its whole quantity: at its limit (stop_limit) or its stop price (stop).
  const working = order.status === 'pending' ? order.quantity - order.filled_quantity : order.remaining_quantity;
  let required = 0;
  if (open && order.side === 'buy') {
    const priceTicks = order.price_ticks ?? (order.status === 'pending' ? order.stop_price_ticks : null);
    assert(priceTicks !== null, `open buy ${order.id} has no price to hold for`);
    required = buyReserveMicros(working, priceTicks, order.notional_micros, context.market.instrument.fee_ppm);
  } else if (open) {
    required = working;
  }
  const excess = order.reserved - required;
  assert(excess >= 0, `order ${order.id} holds ${order.reserved} but its rest needs ${required}`);
  if (excess === 0) return;
  const accounts = context.accountsOf(order.user_id);
  const [accountId, asset] =
    order.side === 'buy' ? [accounts.usd, usd] : [accounts.units, unitsOf(order.instrument_id)];
  settled.entries.push({
    kind: 'release',
    reference: order.id,
    postings: move(asset, { accountId, bucket: 'locked' }, { accountId, bucket: 'available' }, excess),
  });
  order.reserved = required;
}

/**
 * Moves the Units a buy bought to its consumption account as tokens (journal kind `transfer`:
 * Units to system:conversion, tokens from it), in a lot that expires after `lotLifetimeUs`, priced at
 * the buy's average and credited to the seller of most of it.
 */
function transfer(
  context: SettleContext,
  order: OrderRow,
  bySeller: ReadonlyMap<string, number>,
  settled: Settled,
): void {
  const { instrument } = context.market;
  const { nowUs } = context;
  let quantity = 0;
  let supplierUserId: string | null = null;
  for (const [seller, sold] of bySeller) {
    if (supplierUserId === null || sold > bySeller.get(supplierUserId)!) supplierUserId = seller;
    quantity += sold;
  }
  const tokens = quantity * instrument.tokens_per_unit;
  assert(
    Number.isSafeInteger(tokens),
    `${quantity} Units of ${instrument.id} are more tokens than the ledger can count`,
  );
  const trading = context.accountsOf(order.user_id).units;
  const consumption = context.consumptionAccountOf(order.user_id);
  const id = context.nextTransferId();
  settled.entries.push({
    kind: 'transfer',
    reference: id,
    postings: [
      ...move(
        unitsOf(instrument.id),
        { accountId: trading, bucket: 'available' },
        { accountId: context.conversion.units, bucket: 'available' },
        quantity,
      ),
      ...move(
        tokensOf(instrument.id),
        { accountId: context.conversion.tokens, bucket: 'available' },
        { accountId: consumption, bucket: 'available' },
        tokens,
      ),
    ],
  });
  settled.lots.push({
    account_id: consumption,
    tokens_total: tokens,
    tokens_remaining: tokens,
    source: id,
    arrived_at_us: nowUs,
    expires_at_us: nowUs + lotLifetimeUs,
    usd_micros_per_unit: Math.floor(order.notional_micros / order.filled_quantity),
    supplier_user_id: supplierUserId,
  });
  settled.transfers.push({
    id,
    user_id: order.user_id,
    instrument_id: instrument.id,
    quantity,
    from_account_id: trading,
    to_account_id: consumption,
    order_id: order.id,
    created_at_us: nowUs,
  });
  settled.stamps.push(
    { accountId: trading, deposit: false, withdrawal: true, trading: false, transferIn: 0 },
    { accountId: consumption, deposit: false, withdrawal: false, trading: false, transferIn: quantity },
  );
}

/**
 * The state of the incoming (re-queued, or triggered) order once the engine is done with it: a
 * stop still `pending`; resting; filled in all that was left of it (decrement prevention may have
 * taken some off); `cancelled` when decrement prevention took all that was left; else `closed`
 * with the engine's reason.
 */
function conclude(order: OrderRow, execution: Execution, nowUs: number): void {
  order.updated_at_us = nowUs;
  order.remaining_quantity = execution.restingQuantity;
  if (execution.pendingQuantity > 0) {
    order.status = 'pending';
    order.closure_reason = null;
  } else if (execution.restingQuantity > 0) {
    order.status = order.filled_quantity > 0 ? 'partially_filled' : 'active';
    order.closure_reason = null;
  } else if (execution.closureReason === null) {
    order.status = 'filled';
    order.closure_reason = null;
    order.filled_at_us ??= nowUs;
  } else if (execution.closureReason === 'self_trade_prevented' && execution.closedQuantity === 0) {
    order.status = 'cancelled';
    order.closure_reason = 'self_trade_prevented';
  } else {
    order.status = 'closed';
    order.closure_reason = execution.closureReason;
  }
}
