import { formatDecimal, priceScale, usdScale } from '../lib/money.js';

/**
 * Amounts as a person reads them, from integers only: the ledger's micro-dollars, price ticks,
 * Units and tokens. Nothing here rounds: a micro-dollar amount keeps every digit it has beyond cents.
 */

const minus = '\u2212';

/** 1234567 → "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count (Units, tokens, requests) with thousands separators. */
export function formatCount(value: number): string {
  return value < 0 ? minus + groupDigits(String(-value)) : groupDigits(String(value));
}

/**
 * Micro-dollars as dollars: cents always, further digits only when they are not zero, the sign in
 * front of the currency — 23_790_000 → "$23.79", −1_200_000 → "−$1.20", 40 → "$0.00004".
 */
export function formatUsd(micros: number, options: { everyDigit?: boolean } = {}): string {
  const text = formatDecimal(Math.abs(micros), usdScale);
  const [whole, fraction] = text.split('.') as [string, string];
  // A column of amounts keeps every digit, so that the places line up.
  const shown = options.everyDigit ? fraction : fraction.slice(0, 2) + fraction.slice(2).replace(/0+$/, '');
  return `${micros < 0 ? minus : ''}$${groupDigits(whole)}.${shown}`;
}

/** A price in ticks of 0.0001 USD per Unit: 4000 → "$0.4000". */
export function formatPrice(ticks: number): string {
  const text = formatDecimal(Math.abs(ticks), priceScale);
  const [whole, fraction] = text.split('.') as [string, string];
  return `${ticks < 0 ? minus : ''}$${groupDigits(whole)}.${fraction}`;
}

/**
 * Tokens as Units of `tokensPerUnit` tokens, exact to the micro-Unit (floor), trailing zeros dropped: 1_500_000 →
 * "1.5".
 */
export function formatTokensAsUnits(tokens: number, tokensPerUnit: number): string {
  const microUnits = (BigInt(tokens) * 1_000_000n) / BigInt(tokensPerUnit);
  const whole = microUnits / 1_000_000n;
  const fraction = String(microUnits % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return groupDigits(String(whole)) + (fraction === '' ? '' : `.${fraction}`);
}

/** A span of time ahead, coarse: "3 h 20 min", "45 min", "under a minute". */
export function formatDuration(us: number): string {
  const minutes = Math.floor(us / 60_000_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
}
