import { assert } from './assert.js';

/**
 * Fixed-point decimals as integers. USD is held in micro-dollars (6 places), prices in ticks of
 * 0.0001 (4 places), fee rates in parts per million. On the wire they are decimal strings.
 */
export const usdScale = 6;
export const priceScale = 4;
export const rateScale = 6;

/** A tick is 0.0001 USD = 100 micro-dollars (DESIGN.md §3). */
export const microsPerTick = 100;

/** "12.5" at scale 4 → 125000. Returns null when the string is not a decimal with at most `scale` places. */
export function parseDecimal(text: string, scale: number): number | null {
  const match = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const value = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(value)) return null;
  return sign === '-' ? -value : value;
}

/** 125000 at scale 4 → "12.5000". */
export function formatDecimal(value: number, scale: number): string {
  assert(Number.isSafeInteger(value), `decimal value must be a safe integer, got ${value}`);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? '.' + fraction : ''}`;
}

const microsPerCent = 10 ** (usdScale - 2);
const usdCentsPattern = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;

/**
 * A USD amount of the platform API (settings, deposits: whole cents, "25", "25.5" or "25.00") as
 * micro-dollars; null when it is not a non-negative decimal with at most two places.
 */
export function parseUsdCents(text: string): number | null {
  return usdCentsPattern.test(text) ? parseDecimal(text, usdScale) : null;
}

/** Whole-cent micro-dollars as the platform API writes them: 25_000_000 → "25.00". */
export function formatUsdCents(micros: number): string {
  assert(micros % microsPerCent === 0, `USD amounts of the platform API are whole cents, got ${micros} micro-dollars`);
  return formatDecimal(micros / microsPerCent, 2);
}
