import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * What `mkt admin status` reads from the database (src/cli/admin-status.ts), each statement prepared once: every
 * market's best prices, resting orders and last trade, and the inference slots leased per instrument. All of it
 * lives in the database, so any process (or none) answers the same.
 */

export interface MarketStatusRow {
  marketId: string;
  modelName: string;
  bestBidTicks: number | null;
  bestAskTicks: number | null;
  restingOrders: number;
  lastTrade: { priceTicks: number; quantity: number; takerSide: string; executedAtUs: number } | null;
}

interface SlotsInUseRow {
  instrumentId: string;
  modelName: string;
  slots: number;
}

type Count = number | string;

interface MarketRow {
  market_id: string;
  model_name: string;
  best_bid_ticks: Count | null;
  best_ask_ticks: Count | null;
  resting_orders: Count;
  trade_price_ticks: Count | null;
  trade_quantity: Count | null;
  trade_taker_side: string | null;
  trade_executed_at_us: Count | null;
}

// What rests on the book, as the book snapshot reads it (book-snapshot.ts); the last trade by sequence (migration 0022).
const markets = statement(
  'status_markets',
  `SELECT m.id AS market_id, i.model_name,
     (SELECT MAX(o.price_ticks) FROM orders o
       WHERE o.market_id = m.id AND o.side = 'buy' AND o.remaining_quantity > 0 AND o.price_ticks IS NOT NULL)
       AS best_bid_ticks,
     (SELECT MIN(o.price_ticks) FROM orders o
       WHERE o.market_id = m.id AND o.side = 'sell' AND o.remaining_quantity > 0 AND o.price_ticks IS NOT NULL)
       AS best_ask_ticks,
     (SELECT COUNT(*) FROM orders o
       WHERE o.market_id = m.id AND o.remaining_quantity > 0 AND o.price_ticks IS NOT NULL) AS resting_orders,
     t.price_ticks AS trade_price_ticks, t.quantity AS trade_quantity, t.taker_side AS trade_taker_side,
     t.executed_at_us AS trade_executed_at_us
   FROM markets m
   JOIN instruments i ON i.id = m.instrument_id
   LEFT JOIN trades t ON t.market_id = m.id
     AND t.sequence = (SELECT MAX(l.sequence) FROM trades l WHERE l.market_id = m.id)
   ORDER BY i.model_name`,
);

// A slot whose lease ran out is abandoned, not in use: the sweep settles it (consumption/capacity/leases.ts).
const slots = statement(
  'status_slots_in_use',
  `SELECT r.instrument_id, i.model_name, COUNT(*) AS slots
   FROM inference_slots s
   JOIN inference_requests r ON r.id = s.request_id
   JOIN instruments i ON i.id = r.instrument_id
   WHERE s.expires_at_us > ?
   GROUP BY r.instrument_id, i.model_name
   ORDER BY i.model_name`,
);

const numberOrNull = (value: Count | null): number | null => (value === null ? null : Number(value));

function lastTradeOf(row: MarketRow): MarketStatusRow['lastTrade'] {
  if (row.trade_price_ticks === null || row.trade_quantity === null || row.trade_executed_at_us === null) return null;
  return {
    priceTicks: Number(row.trade_price_ticks),
    quantity: Number(row.trade_quantity),
    takerSide: row.trade_taker_side ?? '',
    executedAtUs: Number(row.trade_executed_at_us),
  };
}

export async function marketStatuses(db: Db): Promise<MarketStatusRow[]> {
  const rows = await poolSql(db).all<MarketRow>(markets);
  return rows.map((row) => ({
    marketId: row.market_id,
    modelName: row.model_name,
    bestBidTicks: numberOrNull(row.best_bid_ticks),
    bestAskTicks: numberOrNull(row.best_ask_ticks),
    restingOrders: Number(row.resting_orders),
    lastTrade: lastTradeOf(row),
  }));
}

export async function slotsInUse(db: Db, nowUs: number): Promise<SlotsInUseRow[]> {
  const rows = await poolSql(db).all<{ instrument_id: string; model_name: string; slots: Count }>(slots, [nowUs]);
  return rows.map((row) => ({ instrumentId: row.instrument_id, modelName: row.model_name, slots: Number(row.slots) }));
}
