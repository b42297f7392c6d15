import type { Db } from '../db/knex.js';
import { openAsksOfUser } from '../db/order-history.js';
import { marketIdOfInstrument } from '../db/reference.js';
import { tradingAccountAvailable } from '../db/trading-accounts.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { parseDecimal, priceScale } from '../lib/money.js';
import { unitsOf } from '../ledger/assets.js';
import { createUser, findUserByEmail } from '../core/identity.js';
import type { OrdersService } from './orders.js';
import type { ReferenceService } from '../core/reference.js';
import { isSupplier, issueUnits, registerSupplier } from './supply.js';
import { formatPrice } from './views.js';

/**
 * The embedded default's house supplier (DESIGN.md §2): a built-in, simulated supplier account
 * that keeps a ladder of resting asks on all nine books, so a fresh install has prices to buy at.
 * It issues the Units it sells and trades through the same order path as everyone else. A level
 * is topped up once it is less than half there. `MKT_SIMULATED_SUPPLIER=off` turns it off.
 */
export const houseEmail = 'house-supplier@mkt.local';

/** USD per Unit (1M tokens) of the lowest ask, by model name. */
export const housePrices: Record<string, string> = {
  'text-standard': '0.4000',
  'text-prime': '0.9000',
  'text-max': '2.5000',
  'code-standard': '0.5000',
  'code-prime': '1.2000',
  'code-max': '3.0000',
  'agent-standard': '0.6000',
  'agent-prime': '1.5000',
  'agent-max': '4.0000',
};

/** The ladder: each level's premium over the house price (percent) and the Units it keeps resting. */
export const houseLadder = [
  { premiumPct: 0, quantity: 500 },
  { premiumPct: 2, quantity: 1_000 },
  { premiumPct: 5, quantity: 2_000 },
];

export interface HouseSupplierDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  reference: ReferenceService;
  orders: OrdersService;
}

export function createHouseSupplier({ db, clock, logger, reference, orders }: HouseSupplierDeps) {
  interface HouseBook {
    marketId: string;
    instrumentId: string;
    /** The ask ladder's prices, in ticks, with the Units each level keeps. */
    levels: { priceTicks: number; quantity: number }[];
  }

  /** The house account and its nine ladders; found or made once, then reused by every round. */
  let plan: Promise<{ userId: string; books: HouseBook[] }> | undefined;

  async function makePlan(): Promise<{ userId: string; books: HouseBook[] }> {
    const existing = await findUserByEmail(db, houseEmail);
    const user = existing ?? (await createUser(db, clock, { email: houseEmail, verified: true, acceptTerms: true, mode: 'advanced' }));
    const { instruments } = await reference.listModels();
    if (!(await isSupplier({ db }, user.id))) await registerSupplier({ db, clock }, { userId: user.id, instruments: instruments.map((i) => i.id), simulated: true });
    const books: HouseBook[] = [];
    for (const instrument of instruments) {
      const basePrice = housePrices[instrument.model_name];
      const marketId = await marketIdOfInstrument(db, instrument.id);
      if (basePrice === undefined || marketId === undefined) continue;
      const baseTicks = parseDecimal(basePrice, priceScale)!;
      const levels = houseLadder.map((level) => ({ priceTicks: Math.round((baseTicks * (100 + level.premiumPct)) / 100), quantity: level.quantity }));
      books.push({ marketId, instrumentId: instrument.id, levels });
    }
    return { userId: user.id, books };
  }

  async function houseUserId(): Promise<string> {
    return (await currentPlan()).userId;
  }

  function currentPlan(): Promise<{ userId: string; books: HouseBook[] }> {
    plan ??= makePlan().catch((error: unknown) => {
      plan = undefined; // try again next round
      throw error;
    });
    return plan;
  }

  /** Tops up every level of every book that has fallen below half; returns the orders placed. */
  async function replenish(): Promise<number> {
    const { userId, books } = await currentPlan();
    let placed = 0;
    for (const book of books) {
      const resting = await openAsksOfUser(db, userId, book.marketId);
      for (const level of book.levels) {
        const have = resting.filter((r) => r.price_ticks === level.priceTicks).reduce((sum, r) => sum + r.remaining_quantity, 0);
        if (have * 2 >= level.quantity) continue;
        if (await placeAsk(userId, book.marketId, book.instrumentId, level.priceTicks, level.quantity - have)) placed += 1;
      }
    }
    return placed;
  }

  async function placeAsk(userId: string, marketId: string, instrumentId: string, priceTicks: number, quantity: number): Promise<boolean> {
    const missing = quantity - ((await tradingAccountAvailable(db, userId, unitsOf(instrumentId))) ?? 0);
    if (missing > 0) await issueUnits({ db, clock }, userId, instrumentId, missing);
    try {
      await orders.create(userId, { marketId, clientOrderId: null, side: 'sell', type: 'limit', priceText: formatPrice(priceTicks), quantity, timeInForce: 'gtc', shouldAutotransfer: false }, clock.nowUs());
      return true;
    } catch (error) {
      // The market may have moved its collar away from the house price, or be suspended: skip it this round.
      if (error instanceof ApiError) {
        logger.warn({ marketId, code: error.code, detail: error.detail }, 'house supplier skipped a level');
        return false;
      }
      throw error;
    }
  }

  return { replenish, houseUserId };
}

export type HouseSupplier = ReturnType<typeof createHouseSupplier>;
