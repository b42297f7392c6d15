/** DESIGN.md §4: the price collar, a band of ±pct around the reference (last trade) price. */
interface CollarBand {
  referenceTicks: number;
  lowTicks: number;
  highTicks: number;
}

/** The band, or null while the collar is inactive (the market has not traded). Rounded inward to whole ticks. */
export function collarBand(referenceTicks: number | null, pct: number): CollarBand | null {
  if (referenceTicks === null) return null;
  const low = Math.ceil((referenceTicks * (100 - pct)) / 100);
  const high = Math.floor((referenceTicks * (100 + pct)) / 100);
  return { referenceTicks, lowTicks: Math.max(1, low), highTicks: high };
}
