import { findOrders, writeOrders } from '../db/orders.js';
import { sqlOf } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { transferToConsumption } from '../ledger/consumption.js';
import { post, systemAccount, type Posting } from '../ledger/journal.js';
import { unitsOf, usd } from '../ledger/assets.js';
import type { AccountIds } from './account-ids.js';
import type { MarketSession } from './books.js';
import type { Fill } from './engine/types.js';
import { buyReserveMicros, feeStep, notionalMicros } from '../core/fees.js';
import type { MarketWithInstrument } from '../core/reference.js';
import { openStatuses, type OrderRow, type TradeLegRow, type TradeRow } from '../db/trading-rows.js';
import { newTradeId } from '../lib/ids.js';

/**
 * Turns the engine's fills into the ledger and the tables, inside the market's transaction: one
 * journal entry per trade (buyer's USD and fee out of its reservation, seller's proceeds net of
 * its fee, both fees to the fee account, Units from seller to buyer), then each touched order's
 * row, its reservation trimmed to what its rest still needs, and auto-transfers of bought Units.
 */
export class Settlement {
  private readonly orders = new Map<string, OrderRow>();
  private readonly inserted = new Set<string>();
  private readonly touched = new Set<string>();
  private readonly trades: TradeRow[] = [];
  private readonly legs: TradeLegRow[] = [];
  /** Per buy order to auto-transfer: the Units bought, by seller. */
  private readonly transfersDue = new Map<string, Map<string, number>>();

  constructor(
    private readonly session: MarketSession,
    private readonly market: MarketWithInstrument,
    private readonly accounts: AccountIds,
    private readonly nowUs: number,
  ) {}

  /** A new order: written at `finish`. */
  insert(row: OrderRow): void {
    this.orders.set(row.id, row);
    this.inserted.add(row.id);
  }

  /** An existing order this command changes. */
  track(row: OrderRow): void {
    this.orders.set(row.id, row);
    this.touched.add(row.id);
  }

  async applyFills(fills: readonly Fill[]): Promise<void> {
    const { trx } = this.session;
    const missing = [...new Set(fills.map((f) => f.makerOrderId))].filter((id) => !this.orders.has(id));
    if (missing.length > 0) for (const row of await findOrders(await sqlOf(trx), missing)) this.track(row);
    const feeAccount = fills.length > 0 ? await systemAccount(trx, 'fees', usd, this.nowUs) : '';
    for (const fill of fills) await this.applyFill(fill, feeAccount);
  }

  private async applyFill(fill: Fill, feeAccount: string): Promise<void> {
    const { trx } = this.session;
    const { instrument } = this.market;
    const maker = this.orders.get(fill.makerOrderId);
    const taker = this.orders.get(fill.takerOrderId);
    assert(maker && taker, `fill ${fill.takerOrderId}×${fill.makerOrderId} names an order not loaded`);
    this.touched.add(maker.id);
    const [buy, sell] = fill.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const notional = notionalMicros(fill.priceTicks, fill.quantity);
    const buyFee = feeStep(buy.notional_micros, notional, instrument.fee_ppm);
    const sellFee = feeStep(sell.notional_micros, notional, instrument.fee_ppm);
    const buyer = await this.accounts.of(trx, buy.user_id, instrument.id);
    const seller = await this.accounts.of(trx, sell.user_id, instrument.id);
    const units = unitsOf(instrument.id);
    const tradeId = newTradeId();
    const postings: Posting[] = [
      { accountId: buyer.usd, bucket: 'locked', asset: usd, amount: -(notional + buyFee) },
      { accountId: seller.usd, bucket: 'available', asset: usd, amount: notional - sellFee },
      { accountId: feeAccount, bucket: 'available', asset: usd, amount: buyFee + sellFee },
      { accountId: seller.units, bucket: 'locked', asset: units, amount: -fill.quantity },
      { accountId: buyer.units, bucket: 'available', asset: units, amount: fill.quantity },
    ];
    await post(trx, 'trade', tradeId, postings, this.nowUs);

    buy.reserved -= notional + buyFee;
    sell.reserved -= fill.quantity;
    for (const [order, fee] of [[buy, buyFee], [sell, sellFee]] as const) {
      order.filled_quantity += fill.quantity;
      order.notional_micros += notional;
      order.fee_micros += fee;
      order.updated_at_us = this.nowUs;
      if (order.filled_quantity === order.quantity) order.filled_at_us = this.nowUs;
    }
    maker.remaining_quantity = fill.makerRemaining;
    maker.status = fill.makerRemaining === 0 ? 'filled' : 'partially_filled';
    if (fill.makerRemaining === 0) maker.filled_at_us = this.nowUs;
    assert(buy.reserved >= 0 && sell.reserved >= 0, `reservation of ${buy.reserved < 0 ? buy.id : sell.id} went negative`);

    const sequence = this.session.nextSequence();
    this.trades.push({
      id: tradeId,
      market_id: this.market.market.id,
      price_ticks: fill.priceTicks,
      quantity: fill.quantity,
      taker_side: fill.takerSide,
      taker_order_id: taker.id,
      buy_order_id: buy.id,
      sell_order_id: sell.id,
      sequence,
      executed_at_us: this.nowUs,
    });
    const autotransfer = Boolean(buy.should_autotransfer);
    const leg = (order: OrderRow, accountId: string, fee: number, transfer: boolean | null): TradeLegRow => ({
      trade_id: tradeId,
      user_id: order.user_id,
      side: order.side,
      order_id: order.id,
      market_id: this.market.market.id,
      trading_account_id: accountId,
      price_ticks: fill.priceTicks,
      quantity: fill.quantity,
      fee_micros: fee,
      autotransfer: transfer,
      executed_at_us: this.nowUs,
    });
    this.legs.push(leg(buy, buyer.units, buyFee, autotransfer), leg(sell, seller.units, sellFee, null));
    if (autotransfer) {
      const bySeller = this.transfersDue.get(buy.id) ?? new Map<string, number>();
      bySeller.set(sell.user_id, (bySeller.get(sell.user_id) ?? 0) + fill.quantity);
      this.transfersDue.set(buy.id, bySeller);
    }
    this.session.state.lastTradeTicks = fill.priceTicks;
  }

  /** Releases what each order no longer needs, moves auto-transfers, and writes every row. */
  async finish(): Promise<void> {
    const { trx } = this.session;
    for (const order of this.orders.values()) await this.trimReservation(order);
    for (const [orderId, bySeller] of this.transfersDue) {
      const order = this.orders.get(orderId)!;
      let quantity = 0;
      let supplierUserId: string | null = null;
      for (const [seller, sold] of bySeller) {
        if (supplierUserId === null || sold > bySeller.get(supplierUserId)!) supplierUserId = seller;
        quantity += sold;
      }
      const usdMicrosPerUnit = Math.floor(order.notional_micros / order.filled_quantity);
      await transferToConsumption(trx, { userId: order.user_id, instrumentId: order.instrument_id, quantity, orderId, nowUs: this.nowUs, usdMicrosPerUnit, supplierUserId });
    }
    // Last activity on the Units accounts: Units arrived for buyers, left for sellers.
    const unitsAccounts = (side: 'buy' | 'sell') => [...new Set(this.legs.filter((l) => l.side === side).map((l) => l.trading_account_id))];
    await writeOrders(await sqlOf(trx), {
      inserted: [...this.inserted].map((id) => this.orders.get(id)!),
      updated: [...this.touched].filter((id) => !this.inserted.has(id)).map((id) => this.orders.get(id)!),
      trades: this.trades,
      legs: this.legs,
      bought: unitsAccounts('buy'),
      sold: unitsAccounts('sell'),
      nowUs: this.nowUs,
    });
  }

  private async trimReservation(order: OrderRow): Promise<void> {
    const open = openStatuses.includes(order.status);
    let required = 0;
    if (open && order.side === 'buy') {
      assert(order.price_ticks !== null, `open buy ${order.id} has no limit price`);
      required = buyReserveMicros(order.remaining_quantity, order.price_ticks, order.notional_micros, this.market.instrument.fee_ppm);
    } else if (open) {
      required = order.remaining_quantity;
    }
    const release = order.reserved - required;
    assert(release >= 0, `order ${order.id} holds ${order.reserved} but its rest needs ${required}`);
    if (release === 0) return;
    const accounts = await this.accounts.of(this.session.trx, order.user_id, order.instrument_id);
    const [accountId, asset] = order.side === 'buy' ? [accounts.usd, usd] : [accounts.units, unitsOf(order.instrument_id)];
    await post(
      this.session.trx,
      'release',
      order.id,
      [
        { accountId, bucket: 'locked', asset, amount: -release },
        { accountId, bucket: 'available', asset, amount: release },
      ],
      this.nowUs,
    );
    order.reserved = required;
    if (!this.inserted.has(order.id)) this.touched.add(order.id);
  }
}
