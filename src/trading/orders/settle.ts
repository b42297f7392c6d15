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
import { unitsOf, usd } from '../../ledger/assets.js';
import { move, type Posting } from '../../ledger/journal.js';
import type { TraderAccounts } from '../accounts/account-ids.js';
import type { Execution, Fill, Outcome, Prevention } from '../../engine/types.js';
import { autoTransfer, type TransferContext } from './settle-transfer.js';

/** What settling needs besides the orders: ids of accounts, and where new ids and sequence numbers come from. */
interface SettleContext extends TransferContext {
  /** The fee account. */
  feeAccount: string;
  nextTradeId(): string;
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
  const transfersDue: TransfersDue = new Map();

  if (execution) {
    const { triggered, ...own } = execution.outcome;
    const runs: { orderId: string; execution: Execution; isTriggered: boolean }[] = [
      { orderId: execution.orderId, execution: own, isTriggered: false },
    ];
    for (const stop of triggered) runs.push({ orderId: stop.orderId, execution: stop, isTriggered: true });
    for (const run of runs) {
      const taker = rowOf(rows, others, run.orderId);
      for (const prevention of run.execution.prevented) {
        prevent(rowOf(rows, others, prevention.orderId), prevention, context.nowUs);
      }
      for (const fill of run.execution.fills) {
        rowOf(rows, others, fill.makerOrderId);
        settleFill(context, rows, fill, settled, transfersDue);
      }
      conclude(taker, run.execution, context.nowUs);
      if (run.isTriggered && taker.remaining_quantity > 0) taker.sequence = context.nextSequence();
    }
  }
  for (const row of rows.values()) release(context, row, settled);
  for (const { order, bySeller } of transfersDue.values()) transfer(context, order, bySeller, settled);
  settled.orders = [...rows.values()];
  return settled;
}

/** Per buy order that auto-transfers, by its id: the order, and the Units it bought, by seller. */
type TransfersDue = Map<string, { order: OrderRow; bySeller: Map<string, number> }>;

/** The command's copy of an order the outcome names, copied from `others` the first time it is named. */
function rowOf(rows: Map<string, OrderRow>, others: ReadonlyMap<string, OrderRow>, orderId: string): OrderRow {
  let row = rows.get(orderId);
  if (!row) {
    const loaded = others.get(orderId);
    assert(loaded, `the outcome names order ${orderId}, which was not loaded`);
    row = { ...loaded };
    rows.set(orderId, row);
  }
  return row;
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

/** One fill as it settles: its two orders, by role and by side, their traders' accounts and what each pays. */
interface FillTerms {
  fill: Fill;
  tradeId: string;
  maker: OrderRow;
  taker: OrderRow;
  buy: OrderRow;
  sell: OrderRow;
  buyer: TraderAccounts;
  seller: TraderAccounts;
  notional: number;
  buyFee: number;
  sellFee: number;
}

function settleFill(
  context: SettleContext,
  rows: ReadonlyMap<string, OrderRow>,
  fill: Fill,
  settled: Settled,
  transfersDue: TransfersDue,
): void {
  const terms = fillTerms(context, rows, fill);
  settled.entries.push(tradeEntry(context, terms));
  applyFill(terms, context.nowUs);
  settled.trades.push(tradeRow(context, terms));
  const autotransfer = Boolean(terms.buy.should_autotransfer);
  settled.legs.push(
    tradeLeg(context, terms, terms.buy, terms.buyer.units, terms.buyFee, autotransfer),
    tradeLeg(context, terms, terms.sell, terms.seller.units, terms.sellFee, null),
  );
  // Last activity on the Units accounts: Units arrived for the buyer, left the seller.
  settled.stamps.push(
    { accountId: terms.buyer.units, deposit: true, withdrawal: false, trading: true, transferIn: 0 },
    { accountId: terms.seller.units, deposit: false, withdrawal: true, trading: true, transferIn: 0 },
  );
  if (autotransfer) noteTransferDue(transfersDue, terms.buy, terms.sell.user_id, fill.quantity);
  settled.lastTradeTicks = fill.priceTicks;
}

/** The fill's orders, accounts and fees; takes the trade's id. */
function fillTerms(context: SettleContext, rows: ReadonlyMap<string, OrderRow>, fill: Fill): FillTerms {
  const { fee_ppm: feePpm } = context.market.instrument;
  const maker = rows.get(fill.makerOrderId);
  assert(maker, `fill ${fill.takerOrderId}×${fill.makerOrderId} names a maker that was not loaded`);
  const taker = rows.get(fill.takerOrderId);
  assert(taker, `fill ${fill.takerOrderId}×${fill.makerOrderId} names a taker the command did not change`);
  const [buy, sell] = fill.takerSide === 'buy' ? [taker, maker] : [maker, taker];
  const notional = notionalMicros(fill.priceTicks, fill.quantity);
  return {
    fill,
    maker,
    taker,
    buy,
    sell,
    notional,
    buyFee: feeStep(buy.notional_micros, notional, feePpm),
    sellFee: feeStep(sell.notional_micros, notional, feePpm),
    buyer: context.accountsOf(buy.user_id),
    seller: context.accountsOf(sell.user_id),
    tradeId: context.nextTradeId(),
  };
}

/**
 * The trade's journal entry: the buyer's USD and fee out of its reservation, the seller's proceeds
 * net of its fee, both fees to the fee account, Units from seller to buyer.
 */
function tradeEntry(context: SettleContext, terms: FillTerms): SettledEntry {
  const { fill, buyer, seller, notional, buyFee, sellFee } = terms;
  const units = unitsOf(context.market.instrument.id);
  return {
    kind: 'trade',
    reference: terms.tradeId,
    postings: [
      { accountId: buyer.usd, bucket: 'locked', asset: usd, amount: -(notional + buyFee) },
      { accountId: seller.usd, bucket: 'available', asset: usd, amount: notional - sellFee },
      { accountId: context.feeAccount, bucket: 'available', asset: usd, amount: buyFee + sellFee },
      { accountId: seller.units, bucket: 'locked', asset: units, amount: -fill.quantity },
      { accountId: buyer.units, bucket: 'available', asset: units, amount: fill.quantity },
    ],
  };
}

/** The fill on its two orders: reservations spent, quantities and fees added, the maker's rest and status. */
function applyFill(terms: FillTerms, nowUs: number): void {
  const { fill, maker, buy, sell, notional } = terms;
  buy.reserved -= notional + terms.buyFee;
  sell.reserved -= fill.quantity;
  for (const [order, fee] of [
    [buy, terms.buyFee],
    [sell, terms.sellFee],
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
}

/** The trade's row; takes its sequence number. */
function tradeRow(context: SettleContext, terms: FillTerms): TradeRow {
  const { fill } = terms;
  return {
    id: terms.tradeId,
    market_id: context.market.market.id,
    price_ticks: fill.priceTicks,
    quantity: fill.quantity,
    taker_side: fill.takerSide,
    taker_order_id: terms.taker.id,
    buy_order_id: terms.buy.id,
    sell_order_id: terms.sell.id,
    sequence: context.nextSequence(),
    executed_at_us: context.nowUs,
  };
}

/** One side's leg of the trade: `transferred` says whether a buy's Units auto-transfer (null for a sell). */
function tradeLeg(
  context: SettleContext,
  terms: FillTerms,
  order: OrderRow,
  accountId: string,
  fee: number,
  transferred: boolean | null,
): TradeLegRow {
  return {
    trade_id: terms.tradeId,
    user_id: order.user_id,
    side: order.side,
    order_id: order.id,
    market_id: context.market.market.id,
    trading_account_id: accountId,
    price_ticks: terms.fill.priceTicks,
    quantity: terms.fill.quantity,
    fee_micros: fee,
    autotransfer: transferred,
    executed_at_us: context.nowUs,
  };
}

/** Adds Units an auto-transferring buy bought from a seller to what will move to its consumption account. */
function noteTransferDue(transfersDue: TransfersDue, buy: OrderRow, sellerUserId: string, quantity: number): void {
  const due = transfersDue.get(buy.id) ?? { order: buy, bySeller: new Map<string, number>() };
  due.bySeller.set(sellerUserId, (due.bySeller.get(sellerUserId) ?? 0) + quantity);
  transfersDue.set(buy.id, due);
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

/** Moves the Units an auto-transferring buy bought to its consumption account (see `autoTransfer`). */
function transfer(
  context: SettleContext,
  order: OrderRow,
  bySeller: ReadonlyMap<string, number>,
  settled: Settled,
): void {
  const { postings, lot, row } = autoTransfer(context, order, bySeller);
  settled.entries.push({ kind: 'transfer', reference: row.id, postings });
  settled.lots.push(lot);
  settled.transfers.push(row);
  settled.stamps.push(
    { accountId: row.from_account_id, deposit: false, withdrawal: true, trading: false, transferIn: 0 },
    { accountId: row.to_account_id, deposit: false, withdrawal: false, trading: false, transferIn: row.quantity },
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
