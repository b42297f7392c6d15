import { assert } from '../lib/assert.js';
import { microsPerTick } from '../lib/money.js';

// The unit fact lives with the money (the ledger uses it too); the fee rules' callers read it here.
export { microsPerTick };

/**
 * Money of one fill (DESIGN.md §3). A tick is 0.0001 USD = 100 micro-dollars. The fee is a rate
 * in parts per million on notional, rounded up to the micro-dollar — on the order's running total,
 * so an order's fees sum to exactly ceil(notional × rate) however it fills, and a fill's fee is
 * the step that total takes.
 */
export function notionalMicros(priceTicks: number, quantity: number): number {
  const value = priceTicks * quantity * microsPerTick;
  assert(Number.isSafeInteger(value), `notional of ${quantity} at ${priceTicks} ticks overflows`);
  return value;
}

/** ceil(notional × ppm / 1e6), in BigInt so the product never loses precision. */
export function feeOn(notional: number, feePpm: number): number {
  const product = BigInt(notional) * BigInt(feePpm);
  return Number((product + 999_999n) / 1_000_000n);
}

/** The fee of one fill: how far the order's rounded-up fee moves when its notional grows by `fill`. */
export function feeStep(notionalBefore: number, fill: number, feePpm: number): number {
  return feeOn(notionalBefore + fill, feePpm) - feeOn(notionalBefore, feePpm);
}

/**
 * USD a buy must keep locked for `remaining` Units at its limit: the worst case of everything
 * left filling at the limit price. Fills at better prices, and the fee steps, never need more
 * (fee rounding is monotone and subadditive), so the reservation only ever shrinks as it fills.
 */
export function buyReserveMicros(
  remaining: number,
  limitTicks: number,
  notionalBefore: number,
  feePpm: number,
): number {
  const worst = notionalMicros(limitTicks, remaining);
  return worst + feeStep(notionalBefore, worst, feePpm);
}

/**
 * The most notional (in whole ticks × Units) a market buy may sweep with `availableMicros`, fee
 * included: the largest n with n·100 + fee(n·100) ≤ available.
 */
export function marketBuyBudgetTicks(availableMicros: number, feePpm: number): number {
  let ticks = Number((BigInt(availableMicros) * 1_000_000n) / BigInt(1_000_000 + feePpm) / BigInt(microsPerTick));
  while (ticks > 0 && ticks * microsPerTick + feeOn(ticks * microsPerTick, feePpm) > availableMicros) ticks -= 1;
  return ticks;
}
