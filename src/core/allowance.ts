import { readAllowance } from '../db/allowance.js';
import type { Db } from '../db/knex.js';
import { usd } from '../ledger/assets.js';
import { tierBalanceOf } from '../ledger/funds.js';
import { periodEndUs, periodStartUs } from '../lib/periods.js';

/**
 * The inference limits of specification part 8, in one place for admission and for diagnostics:
 * concurrency by the tier balance, min(deposited, total USD) (a bonus never counts), and the daily
 * request limit of free accounts (no deposit yet), which resets at 00:00 UTC.
 */
const slotTiers: readonly { belowMicros: number; slots: number }[] = [
  { belowMicros: 20_000_000, slots: 3 },
  { belowMicros: 50_000_000, slots: 10 },
  { belowMicros: 150_000_000, slots: 30 },
  { belowMicros: 500_000_000, slots: 110 },
  { belowMicros: Number.MAX_SAFE_INTEGER, slots: 400 },
];

export const freeDailyRequestsMax = 100;

export function slotsForTier(tierMicros: number): number {
  return slotTiers.find((t) => tierMicros < t.belowMicros)!.slots;
}

export const utcDayStartUs = (nowUs: number): number => periodStartUs('daily', nowUs);
export const nextUtcDayUs = (nowUs: number): number => periodEndUs('daily', nowUs);

interface Allowance {
  concurrencyLimit: number;
  concurrencyInUse: number;
  /** Requests left today for a free account; null once a deposit lifted the limit. */
  dailyRequestsRemaining: number | null;
}

export async function allowanceOf(db: Db, userId: string, nowUs: number): Promise<Allowance> {
  const row = await readAllowance(db, userId, usd, nowUs, utcDayStartUs(nowUs));
  const free = row.usd.deposited === 0;
  return {
    concurrencyLimit: slotsForTier(tierBalanceOf(row.usd)),
    concurrencyInUse: row.activeSlots,
    dailyRequestsRemaining: free ? Math.max(0, freeDailyRequestsMax - row.requestsSince) : null,
  };
}
