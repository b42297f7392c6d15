import { usPerDay } from './clock.js';

/**
 * Budget periods of consumption keys (DESIGN.md §12), in UTC: a day from 00:00, a week from
 * Monday 00:00 (ISO 8601), a month from the 1st at 00:00. A budget that never resets has one
 * period, starting at 0 and never ending.
 */
export type LimitReset = 'daily' | 'weekly' | 'monthly';
export const limitResets: readonly LimitReset[] = ['daily', 'weekly', 'monthly'];

/** 1970-01-01 was a Thursday: Monday 00:00 UTC is 3 days later in the week's cycle. */
export const mondayOffsetUs = 3 * usPerDay;
export const usPerWeek = 7 * usPerDay;

/** When the period holding `nowUs` started. */
export function periodStartUs(reset: LimitReset | null, nowUs: number): number {
  switch (reset) {
    case null:
      return 0;
    case 'daily':
      return nowUs - (nowUs % usPerDay);
    case 'weekly':
      return nowUs - ((((nowUs + mondayOffsetUs) % usPerWeek) + usPerWeek) % usPerWeek);
    case 'monthly': {
      const date = new Date(Math.floor(nowUs / 1000));
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) * 1000;
    }
  }
}

/** When the period holding `nowUs` ends (the next one starts); null for a budget that never resets. */
export function periodEndUs(reset: LimitReset, nowUs: number): number;
export function periodEndUs(reset: LimitReset | null, nowUs: number): number | null;
export function periodEndUs(reset: LimitReset | null, nowUs: number): number | null {
  switch (reset) {
    case null:
      return null;
    case 'daily':
      return periodStartUs('daily', nowUs) + usPerDay;
    case 'weekly':
      return periodStartUs('weekly', nowUs) + usPerWeek;
    case 'monthly': {
      const date = new Date(Math.floor(nowUs / 1000));
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) * 1000;
    }
  }
}

/** The trading day ends at 00:00 UTC (DESIGN.md §3): the first midnight strictly after `nowUs`. */
export const nextUtcMidnightUs = (nowUs: number): number => periodEndUs('daily', nowUs);

/** One period: from `startUs` (inclusive) to `endUs`, when the next one starts. */
export interface PeriodSpan {
  startUs: number;
  endUs: number;
}

/** The `count` periods up to the one holding `nowUs`, newest first. */
export function periodsBack(reset: LimitReset, count: number, nowUs: number): PeriodSpan[] {
  const spans: PeriodSpan[] = [];
  let startUs = periodStartUs(reset, nowUs);
  for (let i = 0; i < count; i++) {
    spans.push({ startUs, endUs: periodEndUs(reset, startUs) });
    startUs = periodStartUs(reset, startUs - 1);
  }
  return spans;
}
