import { microsPerTick, notionalMicros } from '../../core/fees.js';
import type { Db } from '../../db/knex.js';
import type { Page, PageParams } from '../../db/paging.js';
import {
  positionBalancePage,
  positionEventsOfUser,
  type PositionBalanceRow,
  type PositionEventRow,
  type PositionFilter,
} from '../../db/positions.js';
import { lastTradePrices } from '../../db/trading-accounts.js';
import { expireLots } from '../../ledger/consumption.js';
import { assert } from '../../lib/assert.js';
import type { Clock } from '../../lib/clock.js';

/**
 * The caller's positions (trading.yaml `GET /v1/positions`, whose description is the contract):
 * per instrument, the Units held, their FIFO cost, and realised profit and loss from fills. The
 * balances come from the ledger; cost and P&L from folding the caller's events in the order they
 * happened (one query for all of them). All amounts are integers: micro-dollars and whole Units.
 *
 * Decisions, as documented:
 * - fees are in: a buy's fee is part of its lot's cost, a sell's fee comes off its proceeds;
 * - issued Units (supply) open a lot at cost 0; so do Units that arrived with no recorded price;
 * - a transfer moves the oldest trading lots to the consumption side at cost; Units consumed or
 *   expired there leave the oldest consumption lots at cost, with no gain or loss.
 */

/** Units bought or issued together, with what they cost in total (micro-dollars, fees included). */
interface Lot {
  quantity: number;
  costMicros: number;
}

interface PositionFigures {
  /** Cost of the Units held, fees included. */
  totalCostMicros: number;
  realizedMicros: number;
  feesMicros: number;
  /** The first buy fill or issuance; null when there was none. */
  firstAcquiredAtUs: number | null;
  /** The latest event; null when there was none. */
  lastEventAtUs: number | null;
}

export interface PositionRecord extends PositionBalanceRow, PositionFigures {
  last_trade_price_ticks: number | null;
}

/**
 * Takes `quantity` Units from the oldest lots, returning the lots taken (a lot split pro rata, its
 * cost shared in integer micro-dollars so nothing is lost) and how many Units were not there.
 */
function takeOldest(pool: Lot[], quantity: number): { taken: Lot[]; missing: number } {
  const taken: Lot[] = [];
  let left = quantity;
  while (left > 0 && pool.length > 0) {
    const lot = pool[0]!;
    if (lot.quantity <= left) {
      taken.push(pool.shift()!);
      left -= lot.quantity;
      continue;
    }
    const costMicros = Number((BigInt(lot.costMicros) * BigInt(left)) / BigInt(lot.quantity));
    taken.push({ quantity: left, costMicros });
    lot.quantity -= left;
    lot.costMicros -= costMicros;
    left = 0;
  }
  return { taken, missing: left };
}

const costOf = (lots: readonly Lot[]): number => lots.reduce((sum, lot) => sum + lot.costMicros, 0);
const quantityOf = (lots: readonly Lot[]): number => lots.reduce((sum, lot) => sum + lot.quantity, 0);

/**
 * Brings a pool to what the ledger holds: Units gone without a record leave oldest first, at cost; Units arrived
 * without one join at cost 0.
 */
function reconcile(pool: Lot[], heldUnits: number): void {
  const recorded = quantityOf(pool);
  if (recorded > heldUnits) takeOldest(pool, recorded - heldUnits);
  if (recorded < heldUnits) pool.push({ quantity: heldUnits - recorded, costMicros: 0 });
}

/** Folds one instrument's events (in the order they happened) against its balances. Pure. */
export function foldPosition(
  events: readonly PositionEventRow[],
  held: { tradingUnits: number; consumptionUnits: number },
): PositionFigures {
  const trading: Lot[] = [];
  const consumption: Lot[] = [];
  let realizedMicros = 0;
  let feesMicros = 0;
  let firstAcquiredAtUs: number | null = null;
  let lastEventAtUs: number | null = null;
  for (const event of events) {
    lastEventAtUs = event.at_us;
    switch (event.kind) {
      case 'issue':
      case 'buy': {
        firstAcquiredAtUs ??= event.at_us;
        const priceMicros = event.kind === 'buy' ? notionalMicros(event.price_ticks, event.quantity) : 0;
        trading.push({ quantity: event.quantity, costMicros: priceMicros + event.fee_micros });
        feesMicros += event.fee_micros;
        break;
      }
      case 'sell': {
        const closed = costOf(takeOldest(trading, event.quantity).taken);
        realizedMicros += notionalMicros(event.price_ticks, event.quantity) - event.fee_micros - closed;
        feesMicros += event.fee_micros;
        break;
      }
      case 'transfer': {
        const { taken, missing } = takeOldest(trading, event.quantity);
        consumption.push(...taken);
        if (missing > 0) consumption.push({ quantity: missing, costMicros: 0 });
        break;
      }
    }
  }
  reconcile(trading, held.tradingUnits);
  reconcile(consumption, held.consumptionUnits);
  assert(
    quantityOf(trading) + quantityOf(consumption) === held.tradingUnits + held.consumptionUnits,
    'position lots must add up to the Units held',
  );
  return {
    totalCostMicros: costOf(trading) + costOf(consumption),
    realizedMicros,
    feesMicros,
    firstAcquiredAtUs,
    lastEventAtUs,
  };
}

/** USD per Unit rounded half up to the micro-dollar; null at quantity 0. */
export function averageCostMicros(totalCostMicros: number, quantity: number): number | null {
  if (quantity === 0) return null;
  return Number((2n * BigInt(totalCostMicros) + BigInt(quantity)) / (2n * BigInt(quantity)));
}

/** Market value of the Units held at the last trade price; null until the market has traded. */
export const marketValueMicros = (record: PositionRecord): number | null =>
  record.last_trade_price_ticks === null ? null : record.last_trade_price_ticks * record.quantity * microsPerTick;

function eventsByInstrument(events: readonly PositionEventRow[]): Map<string, PositionEventRow[]> {
  const byInstrument = new Map<string, PositionEventRow[]>();
  for (const event of events) {
    const list = byInstrument.get(event.instrument_id);
    if (list) list.push(event);
    else byInstrument.set(event.instrument_id, [event]);
  }
  return byInstrument;
}

/** One page of the caller's positions. Expired consumption lots are written off first, as consumption reads do. */
export async function listPositions(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  filter: PositionFilter,
  page: PageParams,
): Promise<Page<PositionRecord>> {
  await expireLots(db, clock.nowUs(), { userId });
  const balances = await positionBalancePage(db, userId, filter, page);
  if (balances.rows.length === 0) return { rows: [], paging: balances.paging };
  const events = eventsByInstrument(await positionEventsOfUser(db, userId));
  const prices = await lastTradePrices(
    db,
    balances.rows.map((row) => row.market_id),
  );
  const rows = balances.rows.map((row) => ({
    ...row,
    ...foldPosition(events.get(row.instrument_id) ?? [], {
      tradingUnits: row.trading_units,
      consumptionUnits: row.consumption_units,
    }),
    last_trade_price_ticks: prices.get(row.market_id) ?? null,
  }));
  return { rows, paging: balances.paging };
}
