import type { Db } from '../../db/knex.js';
import { openAsksOfUser } from '../../db/order-history.js';
import { marketIdOfInstrument } from '../../db/reference.js';
import { tradingAccountAvailable } from '../../db/trading-accounts.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { parseDecimal, priceScale } from '../../lib/money.js';
import { unitsOf } from '../../ledger/assets.js';
import { createUser, findUserByEmail } from '../../core/identity.js';
import { createOrder, type OrderDeps } from '../orders/orders.js';
import { listModels } from '../../core/reference.js';
import { isSupplier, issueUnits, registerSupplier } from './supply.js';
import { formatPrice } from '../views.js';

/**
 * The embedded default's house supplier (DESIGN.md §2): a built-in, simulated supplier account
 * that keeps a ladder of resting asks on all nine books, so a fresh install has prices to buy at.
 * It issues the Units it sells and trades through the same order path as everyone else. A level
 * is topped up once it is less than half there. `MKT_SIMULATED_SUPPLIER=off` turns it off.
 */
const houseEmail = 'house-supplier@mkt.local';

/** USD per Unit (1M tokens) of the lowest ask, by model name. */
const housePrices: Record<string, string> = {
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
const houseLadder = [
  { premiumPct: 0, quantity: 500 },
  { premiumPct: 2, quantity: 1_000 },
  { premiumPct: 5, quantity: 2_000 },
];

interface HouseBook {
  marketId: string;
  instrumentId: string;
  /** The ask ladder's prices, in ticks, with the Units each level keeps. */
  levels: { priceTicks: number; quantity: number }[];
}

interface HousePlan {
  userId: string;
  books: HouseBook[];
}

/**
 * The house account and its nine ladders, found or made by the first round and reused by every
 * later one. Made once in the composition root (app/services.ts) and passed in as `deps.housePlan`.
 */
export interface HousePlanCache {
  plan: Promise<HousePlan> | undefined;
}

export const newHousePlanCache = (): HousePlanCache => ({ plan: undefined });

type PlanDeps = { db: Db; clock: Clock; housePlan: HousePlanCache };

async function makePlan(deps: { db: Db; clock: Clock }): Promise<HousePlan> {
  const { db, clock } = deps;
  const existing = await findUserByEmail(db, houseEmail);
  const user =
    existing ??
    (await createUser(db, clock, { email: houseEmail, verified: true, acceptTerms: true, mode: 'advanced' }));
  const { instruments } = await listModels(deps);
  if (!(await isSupplier(deps, user.id)))
    await registerSupplier(deps, { userId: user.id, instruments: instruments.map((i) => i.id), simulated: true });
  const books: HouseBook[] = [];
  for (const instrument of instruments) {
    const basePrice = housePrices[instrument.model_name];
    const marketId = await marketIdOfInstrument(db, instrument.id);
    if (basePrice === undefined || marketId === undefined) continue;
    const baseTicks = parseDecimal(basePrice, priceScale)!;
    const levels = houseLadder.map((level) => ({
      priceTicks: Math.round((baseTicks * (100 + level.premiumPct)) / 100),
      quantity: level.quantity,
    }));
    books.push({ marketId, instrumentId: instrument.id, levels });
  }
  return { userId: user.id, books };
}

function currentPlan(deps: PlanDeps): Promise<HousePlan> {
  const cache = deps.housePlan;
  cache.plan ??= makePlan(deps).catch((error: unknown) => {
    cache.plan = undefined; // try again next round
    throw error;
  });
  return cache.plan;
}

/** `ownsMarket`: the markets this process trades (MKT_MARKETS; unset: all), the only books it tops up. */
type ReplenishDeps = PlanDeps & OrderDeps & { logger: Logger; ownsMarket?: (marketId: string) => boolean };

/** Tops up every level of every book that has fallen below half; returns the orders placed. */
export async function replenishHouseAsks(deps: ReplenishDeps): Promise<number> {
  const { userId, books } = await currentPlan(deps);
  let placed = 0;
  for (const book of books) {
    if (deps.ownsMarket?.(book.marketId) === false) continue;
    const resting = await openAsksOfUser(deps.db, userId, book.marketId);
    for (const level of book.levels) {
      const have = resting
        .filter((r) => r.price_ticks === level.priceTicks)
        .reduce((sum, r) => sum + r.remaining_quantity, 0);
      if (have * 2 >= level.quantity) continue;
      if (await placeAsk(deps, userId, book.marketId, book.instrumentId, level.priceTicks, level.quantity - have))
        placed += 1;
    }
  }
  return placed;
}

async function placeAsk(
  deps: ReplenishDeps,
  userId: string,
  marketId: string,
  instrumentId: string,
  priceTicks: number,
  quantity: number,
): Promise<boolean> {
  const missing = quantity - ((await tradingAccountAvailable(deps.db, userId, unitsOf(instrumentId))) ?? 0);
  // The house's Units are for its own asks at once: always `direct`, whatever MKT_SUPPLY_ISSUANCE says.
  if (missing > 0) await issueUnits(deps, userId, instrumentId, missing, 'direct');
  const placed = await createOrder(
    deps,
    userId,
    {
      marketId,
      clientOrderId: null,
      side: 'sell',
      type: 'limit',
      priceText: formatPrice(priceTicks),
      quantity,
      timeInForce: 'gtc',
      shouldAutotransfer: false,
    },
    deps.clock.nowUs(),
  );
  if ('value' in placed) return true;
  // The market may have moved its collar away from the house price, or be suspended: skip it this round.
  const { code, detail } = placed.refused;
  deps.logger.warn({ marketId, code, detail }, 'house supplier skipped a level');
  return false;
}
