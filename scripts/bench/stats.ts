/** Percentiles of latency samples (milliseconds), for the benchmark scripts. */
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[index]!;
}

export function summarise(
  samplesMs: number[],
  elapsedMs: number,
): { count: number; perSecond: number; p50: number; p99: number; max: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: (sorted.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
