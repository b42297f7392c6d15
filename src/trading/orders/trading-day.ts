import { periodEndUs } from '../../lib/periods.js';

/** The trading day ends at 00:00 UTC (DESIGN.md §3): the first midnight strictly after `nowUs`. */
export const nextUtcMidnightUs = (nowUs: number): number => periodEndUs('daily', nowUs);
