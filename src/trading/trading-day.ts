/** The trading day ends at 00:00 UTC (DESIGN.md §3): the first midnight strictly after `nowUs`. */
export function nextUtcMidnightUs(nowUs: number): number {
  const dayUs = 86_400_000_000;
  return (Math.floor(nowUs / dayUs) + 1) * dayUs;
}
