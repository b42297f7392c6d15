import type { components } from '../../../generated/types/trading.js';
import { toIso } from '../../lib/clock.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import type { MarketWithInstrument } from '../../core/reference.js';
import type { TradeLegRow, TradeRow } from '../../db/trading-rows.js';
import { formatPrice } from '../views.js';

type Schemas = components['schemas'];

/** A tick is 0.0001 USD = 100 micro-dollars. */
const microsPerTick = 100;

/** An amount counted in ticks (a sum of price × quantity) in USD, as a 6-decimal string. */
export const usdOfTicks = (ticks: number): string => formatDecimal(ticks * microsPerTick, usdScale);

/** price × quantity in USD, as a 6-decimal string. */
const totalValue = (priceTicks: number, quantity: number): string => usdOfTicks(priceTicks * quantity);

/** A trade of the market, whoever traded: `side` is the taker's. Trades settle as they execute. */
export function marketTradeView(row: TradeRow, { market, instrument }: MarketWithInstrument): Schemas['MarketTrade'] {
  return {
    trade_id: row.id,
    market_id: market.id,
    market_name: market.name,
    instrument_id: instrument.id,
    instrument_symbol: instrument.symbol,
    instrument_name: instrument.name,
    price: formatPrice(row.price_ticks),
    quantity: row.quantity,
    side: row.taker_side,
    total_value: totalValue(row.price_ticks, row.quantity),
    status: 'settled',
    execution_timestamp: toIso(row.executed_at_us),
    settlement_timestamp: toIso(row.executed_at_us),
  };
}

/** One of the caller's fills, seen from the caller's side, with the caller's fee. */
export function tradeView(leg: TradeLegRow, { market, instrument }: MarketWithInstrument): Schemas['Trade'] {
  return {
    trade_id: leg.trade_id,
    market_id: market.id,
    market_name: market.name,
    instrument_id: instrument.id,
    instrument_symbol: instrument.symbol,
    instrument_name: instrument.name,
    price: formatPrice(leg.price_ticks),
    quantity: leg.quantity,
    side: leg.side,
    total_value: totalValue(leg.price_ticks, leg.quantity),
    fee: formatDecimal(leg.fee_micros, usdScale),
    order_id: leg.order_id,
    trading_account_id: leg.trading_account_id,
    status: 'settled',
    execution_timestamp: toIso(leg.executed_at_us),
    settlement_timestamp: toIso(leg.executed_at_us),
    buyer_should_autotransfer: leg.side === 'sell' || leg.autotransfer === null ? null : Boolean(leg.autotransfer),
  };
}
