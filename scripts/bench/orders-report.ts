import type { summarise } from './stats.js';

/** What scripts/bench-orders.ts compares with its floor. */

type Summary = ReturnType<typeof summarise>;

/** A side's orders answered otherwise than 201, by kind. */
interface Failures {
  errors: Map<string, { count: number }>;
}

/**
 * mkt's figures against the floor's, or why they are not compared: a side that had any order answered otherwise than 201
 * (warm-up aside) measured something else than the other, so its ratio would mislead.
 */
export function floorRatioLine(
  sides: { mkt: Failures; bare: Failures },
  figures: { m: Summary; b: Summary },
  cpuRatio: number,
): string {
  const failedOf = (x: Failures) => [...x.errors.values()].reduce((sum, e) => sum + e.count, 0);
  const failed = [
    ['mkt', failedOf(sides.mkt)],
    ['the floor', failedOf(sides.bare)],
  ] as const;
  const withheld = failed.filter(([, count]) => count > 0).map(([name, count]) => `${name} FAILED ${count} orders`);
  if (withheld.length > 0) return `  ratio      none printed: ${withheld.join(', ')}`;
  const { m, b } = figures;
  return `  ratio      throughput ${(m.perSecond / b.perSecond).toFixed(2)}× the floor's (target ≥ 0.5), CPU per order ${cpuRatio.toFixed(2)}× (target ≤ 2), p99 ${m.p99.toFixed(1)} ms (target ≤ 20)`;
}
