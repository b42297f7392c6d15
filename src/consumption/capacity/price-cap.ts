import { bestAskTicks, marketIdOfInstrument } from '../../db/auto-buys.js';
import { freeTokensWithin } from '../../db/consumption-lots.js';
import type { Db } from '../../db/knex.js';
import type { Sql } from '../../db/sql.js';
import { microsPerTick } from '../../core/fees.js';
import type { InstrumentRow } from '../../core/reference.js';
import { RequestValidationError } from '../../lib/errors.js';
import { Failure } from '../../lib/failure.js';
import { formatDecimal, parseDecimal, priceScale } from '../../lib/money.js';

/**
 * The price cap of an inference request (DESIGN.md §12): `max_price` of the request, else the
 * account's `auto_buy_max_price`, in ticks of 0.0001 USD per Unit; null is no cap. Under a cap a
 * request uses only lots whose Units cost at most the cap (a lot's `usd_micros_per_unit` against
 * the cap × 100 micro-dollars a tick), and Auto Mode buys its shortfall with a limit fill-or-kill
 * order at the cap: the whole shortfall at or under it, or nothing. A request that cannot be
 * covered so is refused with 402 price_cap_exceeded, nothing bought and nothing billed.
 */

/** A request its price cap keeps from the tokens it needs (mapped in handlers/failures.ts). */
export type PriceCapFailure = 'price_cap_exceeded';

/**
 * The largest cap taken: any price a market can trade at lies far below (1e9 USD × 1e4 ticks), and the cap in
 * micro-dollars stays a safe integer.
 */
const capTicksMax = 1_000_000_000 * 10 ** priceScale;

/**
 * The request's `max_price` in ticks; undefined when it gives none (absent or null: the account's
 * default applies). The document's pattern admits only positive prices of at most 4 decimals; what
 * it cannot bound (the size) is a 422 here, in the endpoint's validation shape.
 */
export function askedMaxPriceTicks(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined) return undefined;
  const ticks = parseDecimal(text, priceScale);
  if (ticks === null || ticks <= 0 || ticks > capTicksMax) {
    throw new RequestValidationError([
      {
        path: 'body.max_price',
        message: `must be a positive price in USD per Unit with at most 4 decimals, at most ${formatDecimal(capTicksMax, priceScale)}, like "0.4500"`,
        value: text,
      },
    ]);
  }
  return ticks;
}

/** The cap that applies: the request's own (null: it asked for none, by its ticket), else the account's default. */
export const capThatApplies = (asked: number | null | undefined, accountDefault: number | null): number | null =>
  asked === undefined ? accountDefault : asked;

/** The most a lot's Units may have cost, in micro-dollars each, for a request under `capTicks`. */
export const lotPriceMaxOf = (capTicks: number | null): number | null =>
  capTicks === null ? null : capTicks * microsPerTick;

/**
 * Tokens of the account the request may use: all it holds free (`held`), or under a cap only those of lots bought at or
 * under it.
 */
export async function usableTokens(
  sql: Sql,
  accountId: string,
  held: number,
  capTicks: number | null,
  nowUs: number,
): Promise<number> {
  if (capTicks === null) return held;
  return Math.min(held, await freeTokensWithin(sql, accountId, nowUs, capTicks * microsPerTick));
}

/** Whole Units that bring `missingTokens`, at least the instrument's smallest order: what an auto-buy buys. */
export const unitsFor = (instrument: InstrumentRow, missingTokens: number): number =>
  Math.max(instrument.min_quantity, Math.ceil(missingTokens / Number(instrument.tokens_per_unit)));

const priceText = (ticks: number): string => formatDecimal(ticks, priceScale);

/**
 * 402 price_cap_exceeded, with `context` `{max_price, best_ask, units_needed}`: `units_needed` the
 * Units the request lacks within the cap, `best_ask` the market's lowest ask now (null: none).
 * `held` says what the account holds within the cap when that, not a failed buy, is the reason (Advanced Mode).
 */
export async function priceCapExceeded(
  db: Db,
  instrument: InstrumentRow,
  capTicks: number,
  unitsNeeded: number,
  held?: { usable: number; needed: number },
): Promise<Failure<PriceCapFailure>> {
  const marketId = await marketIdOfInstrument(db, instrument.id);
  const askTicks = marketId === undefined ? null : await bestAskTicks(db, marketId);
  const ask = askTicks === null ? 'nothing is offered' : `the best ask is ${priceText(askTicks)}`;
  const units = `${unitsNeeded} Unit${unitsNeeded === 1 ? '' : 's'}`;
  const detail =
    held === undefined
      ? `This request needs ${units} of ${instrument.model_name} at or under ${priceText(capTicks)} USD; ${ask}. Nothing was bought. Raise max_price or retry later.`
      : `The ${instrument.model_name} consumption account holds ${held.usable} tokens bought at or under ${priceText(capTicks)} USD a Unit; this request needs up to ${held.needed}, ${units} more (${ask}). ` +
        'Buy Units at or under the cap and transfer them to the consumption account, or raise max_price.';
  return new Failure<PriceCapFailure>('price_cap_exceeded', detail, {
    context: {
      max_price: priceText(capTicks),
      best_ask: askTicks === null ? null : priceText(askTicks),
      units_needed: unitsNeeded,
    },
  });
}
