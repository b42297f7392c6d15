import { addFundsHint } from '../../core/payments.js';
import type { InstrumentRow } from '../../core/reference.js';
import type { AutoBuy } from '../../core/trading-port.js';
import {
  autoBuyInFlight,
  claimAutoBuy,
  deleteExpiredAutoBuy,
  marketIdOfInstrument,
  releaseAutoBuy,
} from '../../db/auto-buys.js';
import { availableBalance } from '../../db/journal.js';
import type { Db } from '../../db/knex.js';
import { poolSql } from '../../db/sql.js';
import { tokensOf } from '../../ledger/assets.js';
import { expireLots } from '../../ledger/consumption.js';
import { ensureAccount } from '../../ledger/journal.js';
import { Failure } from '../../lib/failure.js';
import { seenTokens, type Snapshot } from './admission-snapshot.js';
import { priceCapExceeded, unitsFor, usableTokens, type PriceCapFailure } from './price-cap.js';

/**
 * Why the consumption account cannot hold a request's tokens (mapped in handlers/failures.ts):
 * Advanced Mode's shortfall (`tokens_short`), Auto Mode's buy that cannot be made (`no_usd_to_buy`,
 * `usd_short_for_buy`, `no_market`) or did not bring enough (`liquidity_short`), or another buy of the
 * user and instrument in flight (`buy_in_flight`).
 */
export type ShortfallFailure =
  'tokens_short' | 'no_usd_to_buy' | 'usd_short_for_buy' | 'no_market' | 'liquidity_short' | 'buy_in_flight';

/** How long an auto-buy's claim holds if its process dies before releasing it. */
const autoBuyClaimUs = 30 * 1_000_000;

/**
 * The tokens a request reserves (its prompt plus its output limit) as admission learns them:
 * bounds known from the prompt's length at once, and the exact count, which a big prompt makes
 * slow (seconds of CPU, spent off the event loop). Admission asks for the count only when the
 * bounds cannot decide.
 */
export interface TokenDemand {
  min: number;
  max: number;
  /** The output limit, part of every bound (the rest is the prompt). */
  output: number;
  /** The exact number; counted once, however often asked. */
  exact(): Promise<number>;
  /**
   * Whether `exact()` takes microseconds on this thread (a small prompt), so admission may count before it knows it
   * must.
   */
  countsInline: boolean;
}

/** What admission takes: the database, and the port to trading's orders for Auto Mode's buys. */
export interface CapacityDeps {
  db: Db;
  autoBuy: AutoBuy;
  /** For the platform host's URL in a 402's hint (where to add funds). */
  publicUrls: { known(host: 'platform'): string | undefined };
}

/** What a request asks of the account: the user, the instrument, its tokens, and the price cap that applies. */
interface Demand {
  userId: string;
  instrument: InstrumentRow;
  tokens: TokenDemand;
  capTicks: number | null;
}

/**
 * How to add funds, naming the platform host where this process knows its URL; a process serving
 * only inference, with no MKT_PUBLIC_URL_PLATFORM, names it as the documents do, `{platform_url}`.
 */
function addFundsDetail(deps: CapacityDeps): string {
  const platformUrl = deps.publicUrls.known('platform') ?? '{platform_url}';
  return `${addFundsHint(platformUrl)}, then retry.`;
}

/** Tokens the user's consumption account of the instrument has free now (expired lots written off first). */
async function availableTokens(
  db: Db,
  userId: string,
  instrument: InstrumentRow,
  nowUs: number,
): Promise<{ accountId: string; available: number }> {
  const account = await ensureAccount(db, userId, 'consumption', tokensOf(instrument.id), instrument.id, nowUs);
  if ((await expireLots(db, nowUs, { accountId: account.id })) === 0)
    return { accountId: account.id, available: Number(account.available) };
  return { accountId: account.id, available: await availableBalance(poolSql(db), account.id) };
}

/**
 * Makes sure the consumption account holds the request's tokens. In Auto Mode a shortfall is
 * bought: a market buy (`triggered_by_auto_buy`) whose fill is transferred, or under a price cap
 * a limit fill-or-kill buy at the cap; other requests of the user and instrument that lack
 * capacity too meanwhile get 503 balance_replenishing (a claim row in `auto_buys`, so across
 * processes). In Advanced Mode a shortfall is a 402. Under a price cap only tokens of lots bought
 * at or under it count (price-cap.ts), and what the cap keeps out is 402 price_cap_exceeded.
 *
 * The bounds decide first, so a big prompt is counted only when its count changes the answer:
 * an account that holds the upper bound is admitted, and one short of even the lower bound is
 * refused in Advanced Mode (a user with 0 tokens gets 402 at once, whatever the prompt's size).
 * In Auto Mode a shortfall of the lower bound is refused at once only when there is no USD to buy
 * with; otherwise the buy is sized from the exact count, never from a bound. The upper bound
 * counts a token per byte, about 4 times the real count of prose: a buy sized from it would buy
 * Units the request never uses, which expire within 4 hours and cannot be sold back (transfers to
 * consumption are one-way), so the user would lose that USD. The lower bound (a token per 128
 * bytes) would buy too little and fail the request. Counting first costs the caller a wait,
 * spent off the event loop, and no one else anything. Answers the consumption account's id.
 */
export async function ensureTokens(deps: CapacityDeps, demand: Demand, seen: Snapshot, nowUs: number): Promise<string> {
  const { userId, instrument, tokens, capTicks } = demand;
  // The snapshot knows the account's free tokens, not the prices of its lots: under a cap, the lots are read below.
  const shown = capTicks === null ? seenTokens(seen) : null;
  if (shown !== null && shown.available >= tokens.max) return shown.accountId;
  if (shown !== null && shown.available >= tokens.min && shown.available >= (await tokens.exact()))
    return shown.accountId;
  const { accountId, available: held } = await availableTokens(deps.db, userId, instrument, nowUs);
  const available = await usableTokens(poolSql(deps.db), accountId, held, capTicks, nowUs);
  if (available >= tokens.max) return accountId;
  if (available < tokens.min && !seen.autoMode)
    throw await advancedShortfall(deps, instrument, { held, available, needed: tokens.min, exact: false }, capTicks);
  if (available < tokens.min && seen.usdAvailableMicros <= 0)
    throw await nothingToBuyWith(deps, demand, available, nowUs);
  const needed = await tokens.exact();
  if (available >= needed) return accountId;
  if (!seen.autoMode)
    throw await advancedShortfall(deps, instrument, { held, available, needed, exact: true }, capTicks);
  await buyShortfall(deps, demand, { needed, units: unitsFor(instrument, needed - available) }, nowUs);
  return accountId;
}

/** Auto Mode with no USD: 503 while a buy in flight (its USD locked) may bring the tokens, else 402. */
async function nothingToBuyWith(
  deps: CapacityDeps,
  { userId, instrument, tokens }: Demand,
  available: number,
  nowUs: number,
): Promise<Failure<ShortfallFailure>> {
  await deleteExpiredAutoBuy(deps.db, userId, instrument.id, nowUs);
  if (await autoBuyInFlight(deps.db, userId, instrument.id)) return balanceReplenishing(instrument);
  return new Failure<ShortfallFailure>(
    'no_usd_to_buy',
    `No USD to buy ${instrument.model_name} capacity with: this request needs at least ${tokens.min} tokens and the consumption account holds ${available}. ${addFundsDetail(deps)}`,
  );
}

/**
 * Auto Mode's buy of `units`, one at a time per user and instrument in every process (the claim
 * row), then the account checked again: the buy must have brought the request's tokens.
 */
async function buyShortfall(
  deps: CapacityDeps,
  { userId, instrument, capTicks }: Demand,
  { needed, units }: { needed: number; units: number },
  nowUs: number,
): Promise<void> {
  await deleteExpiredAutoBuy(deps.db, userId, instrument.id, nowUs);
  if (!(await claimAutoBuy(deps.db, userId, instrument.id, nowUs + autoBuyClaimUs)))
    throw balanceReplenishing(instrument);
  try {
    await placeBuy(deps, userId, instrument, units, capTicks, nowUs);
  } finally {
    await releaseAutoBuy(deps.db, userId, instrument.id);
  }
  const after = await availableTokens(deps.db, userId, instrument, nowUs);
  const afterAvailable = await usableTokens(poolSql(deps.db), after.accountId, after.available, capTicks, nowUs);
  if (afterAvailable >= needed) return;
  // Fill-or-kill: a buy under a cap that did not fill bought nothing.
  if (capTicks !== null) throw await priceCapExceeded(deps.db, instrument, capTicks, units);
  throw new Failure<ShortfallFailure>(
    'liquidity_short',
    `Not enough ${instrument.model_name} capacity could be bought for this request (${afterAvailable} of ${needed} tokens): the book has too little liquidity. Retry later.`,
  );
}

/**
 * Advanced Mode's refusal of a shortfall: 402 price_cap_exceeded when the account holds the tokens
 * but not within the cap, else 402 insufficient_capacity. `needed` is the lower bound unless `exact`.
 */
async function advancedShortfall(
  deps: CapacityDeps,
  instrument: InstrumentRow,
  shortfall: { held: number; available: number; needed: number; exact: boolean },
  capTicks: number | null,
): Promise<Failure<ShortfallFailure | PriceCapFailure>> {
  const { held, available, needed, exact } = shortfall;
  if (capTicks !== null && held >= needed)
    return priceCapExceeded(deps.db, instrument, capTicks, unitsFor(instrument, needed - available), {
      usable: available,
      needed,
    });
  return new Failure<ShortfallFailure>(
    'tokens_short',
    `The ${instrument.model_name} consumption account holds ${held} tokens; this request needs ${exact ? 'up to' : 'at least'} ${needed}. Buy Units and transfer them to the consumption account, then retry.`,
  );
}

async function placeBuy(
  deps: CapacityDeps,
  userId: string,
  instrument: InstrumentRow,
  units: number,
  capTicks: number | null,
  nowUs: number,
): Promise<void> {
  const marketId = await marketIdOfInstrument(deps.db, instrument.id);
  if (marketId === undefined)
    throw new Failure<ShortfallFailure>(
      'no_market',
      `No market trades ${instrument.model_name}, so no capacity can be bought.`,
    );
  const outcome = await deps.autoBuy(userId, marketId, units, capTicks, nowUs);
  if (outcome === 'insufficient_funds') {
    const within =
      capTicks === null
        ? ''
        : ` at up to the price cap (a limit buy locks the cap's price for every Unit until it fills)`;
    throw new Failure<ShortfallFailure>(
      'usd_short_for_buy',
      `Not enough USD to buy ${units} Units of ${instrument.model_name}${within} for this request. ${addFundsDetail(deps)}`,
    );
  }
}

function balanceReplenishing(instrument: InstrumentRow): Failure<ShortfallFailure> {
  return new Failure<ShortfallFailure>(
    'buy_in_flight',
    `Buying capacity for ${instrument.model_name}; retry in 1 to 3 seconds.`,
    { headers: { 'retry-after': '1' } },
  );
}
