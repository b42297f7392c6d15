import { createHash } from 'node:crypto';
import type { components } from '../../../generated/types/trading.js';
import { toIso } from '../../lib/clock.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { averageCostMicros, marketValueMicros, type PositionRecord } from './positions.js';
import { formatPrice } from '../views.js';

type Schemas = components['schemas'];

const formatUsd = (micros: number): string => formatDecimal(micros, usdScale);
const formatUsdOrNull = (micros: number | null): string | null => (micros === null ? null : formatUsd(micros));

/** Stable for one user and instrument, and reveals neither. */
const positionId = (userId: string, instrumentId: string): string =>
  `position_${createHash('sha256').update(`${userId}|${instrumentId}`).digest('hex').slice(0, 16)}`;

export function positionView(userId: string, row: PositionRecord): Schemas['Position'] {
  const marketValue = marketValueMicros(row);
  const updatedAtUs = Math.max(row.updated_at_us, row.lastEventAtUs ?? 0);
  return {
    id: positionId(userId, row.instrument_id),
    user_account_id: userId,
    instrument_id: row.instrument_id,
    instrument_symbol: row.instrument_symbol,
    instrument_name: row.instrument_name,
    market_id: row.market_id,
    status: row.status,
    quantity: row.quantity,
    trading_quantity: row.trading_units,
    consumption_quantity: row.consumption_units,
    average_cost: formatUsdOrNull(averageCostMicros(row.totalCostMicros, row.quantity)),
    total_cost: formatUsd(row.totalCostMicros),
    last_trade_price: row.last_trade_price_ticks === null ? null : formatPrice(row.last_trade_price_ticks),
    current_market_value: formatUsdOrNull(marketValue),
    unrealized_pnl: formatUsdOrNull(marketValue === null ? null : marketValue - row.totalCostMicros),
    realized_pnl: formatUsd(row.realizedMicros),
    fees_paid: formatUsd(row.feesMicros),
    opened_at: toIso(row.firstAcquiredAtUs ?? row.opened_at_us),
    closed_at: row.status === 'closed' ? toIso(updatedAtUs) : null,
    inserted_at: toIso(row.opened_at_us),
    updated_at: toIso(updatedAtUs),
  };
}
