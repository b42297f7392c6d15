import { lastTradePriceTicks } from '../../db/orders.js';
import { poolSql } from '../../db/sql.js';
import { findMarket, type MarketRow } from '../../core/reference.js';
import { formatDecimal, priceScale } from '../../lib/money.js';
import { collarBand } from './controls.js';
import { notionalTicksMax } from './order-rules.js';
import { createOrder, type NewOrder, type OrderDeps, type PlacedOrder } from './orders.js';
import type { Refusable } from './refusals.js';

/**
 * Auto Mode's buy for an inference request's shortfall (DESIGN.md §5, §12), placed in the user's
 * name (`triggered_by_auto_buy`) and transferred to consumption as it fills. Without a price cap
 * it is a market buy. Under a cap it is a limit buy at the cap, fill-or-kill: the whole quantity
 * at or under the cap, or nothing (an IOC could fill part, and a part is bought in vain when the
 * request still cannot run).
 *
 * The limit is the cap as the market can take it: rounded down to the tick size, and no higher
 * than the market's price band (a limit outside it would be refused; no resting ask above the band
 * could fill a limit buy anyway) or the largest order value. A cap below the band buys nothing.
 * Answers the order placed; undefined when none was (nothing to buy under the cap); or the refusal.
 */
export async function placeAutoBuy(
  deps: OrderDeps,
  userId: string,
  marketId: string,
  units: number,
  capTicks: number | null,
  nowUs: number,
): Promise<Refusable<PlacedOrder | undefined>> {
  const base = {
    marketId,
    clientOrderId: null,
    side: 'buy',
    quantity: units,
    shouldAutotransfer: true,
    triggeredByAutoBuy: true,
  } as const;
  if (capTicks === null)
    return createOrder(deps, userId, { ...base, type: 'market', priceText: undefined, timeInForce: 'ioc' }, nowUs);
  const market = await findMarket(deps, marketId);
  if (market === undefined) return { value: undefined };
  const limitTicks = limitUnderCap(
    market.market,
    await lastTradePriceTicks(poolSql(deps.db), marketId),
    units,
    capTicks,
  );
  if (limitTicks === null) return { value: undefined };
  const order: NewOrder = {
    ...base,
    type: 'limit',
    priceText: formatDecimal(limitTicks, priceScale),
    timeInForce: 'fok',
  };
  const placed = await createOrder(deps, userId, order, nowUs);
  // The band moved between the read above and the order: nothing was bought, as when the book cannot fill it.
  if ('refused' in placed && placed.refused.code === 'price_collar') return { value: undefined };
  return placed;
}

/** The highest limit price at or under `capTicks` the market takes for `units`; null when there is none. */
export function limitUnderCap(
  market: MarketRow,
  lastTradeTicks: number | null,
  units: number,
  capTicks: number,
): number | null {
  const tick = market.tick_size_ticks;
  const band = collarBand(lastTradeTicks, market.price_collar_pct);
  const highest = Math.min(capTicks, band?.highTicks ?? capTicks, Math.floor(notionalTicksMax / units));
  const limitTicks = highest - (highest % tick);
  if (limitTicks <= 0 || (band !== null && limitTicks < band.lowTicks)) return null;
  return limitTicks;
}
