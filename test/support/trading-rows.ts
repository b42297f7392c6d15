import { createHash, randomUUID } from 'node:crypto';
import { newOrderId } from '../../src/lib/ids.js';
import type { Services } from '../../src/app/services.js';
import type { Side } from '../../src/engine/types.js';
import type { OrderRow, TradeLegRow, TradeRow } from '../../src/db/trading-rows.js';

/**
 * Rows of orders, trades and trade legs written straight into the database, so the read side can
 * be tested apart from the order write path. Nothing here touches the ledger: balances stay as
 * they were.
 */

export interface SeededMarket {
  marketId: string;
  instrumentId: string;
  name: string;
  symbol: string;
  instrumentName: string;
}

/** The nine seeded markets, by name. */
export async function seededMarkets(services: Services): Promise<SeededMarket[]> {
  return (await services
    .db('markets as m')
    .join('instruments as i', 'i.id', 'm.instrument_id')
    .orderBy('m.name')
    .select(
      'm.id as marketId',
      'i.id as instrumentId',
      'm.name as name',
      'i.symbol as symbol',
      'i.name as instrumentName',
    )) as SeededMarket[];
}

const openStatuses = new Set(['active', 'pending', 'partially_filled', 'cancellation_pending']);

/** An order row; unspecified fields default to a fresh resting `gtc` limit buy of 10 at 0.4200. */
export async function insertOrder(
  services: Services,
  fields: Partial<OrderRow> & Pick<OrderRow, 'user_id' | 'market_id'>,
): Promise<OrderRow> {
  const market = (await services.db('markets').where('id', fields.market_id).first('instrument_id')) as {
    instrument_id: string;
  };
  const submittedAtUs = fields.submitted_at_us ?? services.clock.nowUs();
  const quantity = fields.quantity ?? 10;
  const filled = fields.filled_quantity ?? 0;
  const status = fields.status ?? 'active';
  const row: OrderRow = {
    id: newOrderId(),
    instrument_id: market.instrument_id,
    side: 'buy',
    type: 'limit',
    time_in_force: 'gtc',
    price_ticks: fields.type === 'market' ? null : 4200,
    stop_price_ticks: null,
    post_only: false,
    self_trade_prevention: 'expire_taker',
    quantity,
    filled_quantity: filled,
    remaining_quantity: openStatuses.has(status) ? quantity - filled : 0,
    status,
    closure_reason: null,
    client_order_id: null,
    reserved: 0,
    notional_micros: 0,
    fee_micros: 0,
    sequence: await nextSequence(services, 'orders', fields.market_id),
    triggered_by_auto_buy: false,
    should_autotransfer: false,
    expires_at_us: null,
    filled_at_us: null,
    submitted_at_us: submittedAtUs,
    updated_at_us: submittedAtUs,
    ...fields,
  };
  await services.db('orders').insert(row);
  return row;
}

interface TradeSide {
  userId: string;
  orderId: string;
  feeMicros?: number;
  /** Buy legs only: whether the fill moved on to the consumption account. */
  autotransfer?: boolean;
}

interface TradeFields {
  marketId: string;
  buyer: TradeSide;
  seller: TradeSide;
  priceTicks: number;
  quantity: number;
  takerSide?: Side;
  executedAtUs?: number;
}

export interface SeededTrade {
  trade: TradeRow;
  buyLeg: TradeLegRow;
  sellLeg: TradeLegRow;
}

/** The Units trading account id a user holds in a market (stable, shaped like the real ones). */
export function tradingAccountIdOf(userId: string, marketId: string): string {
  return `trading_account_${createHash('sha256').update(`${userId}|${marketId}`).digest('hex').slice(0, 16)}`;
}

/** A trade with both of its legs; the next sequence number of its market makes it the latest. */
export async function insertTrade(services: Services, fields: TradeFields): Promise<SeededTrade> {
  const takerSide = fields.takerSide ?? 'buy';
  const trade: TradeRow = {
    id: `trade_${randomUUID()}`,
    market_id: fields.marketId,
    price_ticks: fields.priceTicks,
    quantity: fields.quantity,
    taker_side: takerSide,
    taker_order_id: takerSide === 'buy' ? fields.buyer.orderId : fields.seller.orderId,
    buy_order_id: fields.buyer.orderId,
    sell_order_id: fields.seller.orderId,
    sequence: await nextSequence(services, 'trades', fields.marketId),
    executed_at_us: fields.executedAtUs ?? services.clock.nowUs(),
  };
  const leg = (side: Side, party: TradeSide): TradeLegRow => ({
    trade_id: trade.id,
    user_id: party.userId,
    side,
    order_id: party.orderId,
    market_id: trade.market_id,
    trading_account_id: tradingAccountIdOf(party.userId, trade.market_id),
    price_ticks: trade.price_ticks,
    quantity: trade.quantity,
    fee_micros: party.feeMicros ?? 0,
    autotransfer: side === 'buy' ? (party.autotransfer ?? false) : null,
    executed_at_us: trade.executed_at_us,
  });
  const buyLeg = leg('buy', fields.buyer);
  const sellLeg = leg('sell', fields.seller);
  await services.db.transaction(async (trx) => {
    await trx('trades').insert(trade);
    await trx('trade_legs').insert([buyLeg, sellLeg]);
  });
  return { trade, buyLeg, sellLeg };
}

async function nextSequence(services: Services, table: 'orders' | 'trades', marketId: string): Promise<number> {
  const row = (await services
    .db(table)
    .where('market_id', marketId)
    .first(services.db.raw('MAX(sequence) AS top'))) as { top: number | string | null };
  return Number(row.top ?? 0) + 1;
}

/** µs of an ISO 8601 instant, for fixed timestamps in tests. */
export const usAt = (iso: string): number => Date.parse(iso) * 1000;
