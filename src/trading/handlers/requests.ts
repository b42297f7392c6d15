import type { Principal } from '../../http/types.js';
import { AssertionFailed } from '../../lib/assert.js';
import { parseTimeFilter } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import type { HandlerFailure } from './failures.js';
import { parseDecimal, priceScale } from '../../lib/money.js';

/**
 * The caller's user: the trading API authenticates every operation but health with a signature or
 * an OAuth access token holding the operation's scope, and both act for the same user alike.
 */
export function callerId(principal: Principal | null): string {
  if (principal?.kind !== 'signature' && principal?.kind !== 'oauth')
    throw new AssertionFailed('trading operations need a signature or an OAuth principal');
  return principal.userId;
}

/**
 * Query values the document's patterns let through but only we can judge: a calendar-valid time,
 * a price that fits our integers. A failure reads like the schema's own 422.
 */
function invalid(name: string, value: string, message: string) {
  const path = `query.${name}`;
  return new Failure<HandlerFailure>('query_invalid', `Invalid request: ${path} ${message}.`, {
    context: { errors: [{ path, message, value }] },
  });
}

/** ISO 8601 or Unix seconds → µs; far-off bounds are clamped to what a safe integer holds. */
export function timeBound(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const us = parseTimeFilter(value);
  if (us === null) throw invalid(name, value, 'is not a time; send ISO 8601 (2026-11-22T10:00:00Z) or Unix seconds');
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, us));
}

/** A decimal price string → ticks of 0.0001. */
export function priceBound(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ticks = parseDecimal(value, priceScale);
  if (ticks === null) throw invalid(name, value, 'is not a price of at most 4 decimals');
  return ticks;
}
