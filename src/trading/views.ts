import { parseStringArray } from '../lib/json.js';
import type { components } from '../../generated/types/trading.js';
import { toIso } from '../lib/clock.js';
import { formatDecimal, priceScale, rateScale } from '../lib/money.js';
import type { InstrumentRow, MarketRow, MarketWithInstrument } from '../core/reference.js';

type Schemas = components['schemas'];

/** A rate in parts per million as a decimal string with at least 4 places: 5000 → "0.0050". */
function formatRate(ppm: number): string {
  const text = formatDecimal(ppm, rateScale);
  return text.replace(/(\.\d{4}\d*?)0+$/, '$1');
}

export const formatPrice = (ticks: number): string => formatDecimal(ticks, priceScale);

/** Units are whole: quantities of every instrument have no decimal places. */
const quantityDecimals = 0;

/** Instrument statuses that are listed for trading (InstrumentStatus of trading.yaml). */
const listedStatuses: ReadonlySet<string> = new Set(['draft', 'active']);

export function instrumentView(row: InstrumentRow): Schemas['Instrument'] {
  return {
    instrument_id: row.id,
    symbol: row.symbol,
    name: row.name,
    description: row.description,
    instrument_type: row.instrument_type,
    status: row.status,
    basic_info: { service_type: row.service_type, model_category: row.model_category },
    trading_params: {
      min_quantity: row.min_quantity,
      max_quantity: row.max_quantity,
      quantity_increment: row.quantity_increment,
      fee: formatRate(row.fee_ppm),
    },
    ai_specs: {
      context_window: String(row.context_window),
      token_throughput: String(row.token_throughput),
      tokens_per_unit: row.tokens_per_unit,
      usage: row.usage,
      qualifying_models: parseStringArray(row.qualifying_models),
      max_output_length: row.max_output_length,
      min_performance_benchmark: row.min_performance_benchmark,
      min_time_to_first_token_ms: row.min_time_to_first_token_ms,
      model_id: row.model_id,
      model_version: row.model_version,
    },
    precision: quantityDecimals,
    is_active: listedStatuses.has(row.status),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

function orderControlsView(market: MarketRow): Schemas['OrderControls'] {
  return {
    tick_size: formatPrice(market.tick_size_ticks),
    lot_size: market.lot_size,
    min_order_size: market.min_order_size,
    max_order_size: market.max_order_size,
  };
}

export function marketView({ market, instrument }: MarketWithInstrument): Schemas['Market'] {
  return {
    market_id: market.id,
    name: market.name,
    description: market.description,
    market_type: market.market_type,
    status: market.status,
    associated_instruments: [instrument.id],
    instrument_id: instrument.id,
    instrument_symbol: instrument.symbol,
    instrument_name: instrument.name,
    instruments: [
      {
        instrument_id: instrument.id,
        instrument_type: instrument.instrument_type,
        symbol: instrument.symbol,
        name: instrument.name,
        description: instrument.description,
      },
    ],
    created_at: toIso(market.created_at_us),
    updated_at: toIso(market.updated_at_us),
    order_controls: orderControlsView(market),
    price_collar_pct: market.price_collar_pct,
  };
}
