/**
 * The `Server-Timing` response header (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…`
 * in milliseconds, as the live service's CLI reads it for its benchmarks. `auth` and `handler`
 * appear once the request got that far; `total` runs up to the response's headers (for a stream,
 * up to its first byte, not its end).
 */
export interface RequestTiming {
  startedAt: bigint;
  authNs?: bigint;
  handlerNs?: bigint;
}

export const startTiming = (): RequestTiming => ({ startedAt: process.hrtime.bigint() });

/** Runs `step` and adds its duration to the timing's `auth` or `handler`. */
export async function timed<T>(
  timing: RequestTiming,
  what: 'authNs' | 'handlerNs',
  step: () => Promise<T>,
): Promise<T> {
  const startedAt = process.hrtime.bigint();
  try {
    return await step();
  } finally {
    timing[what] = (timing[what] ?? 0n) + (process.hrtime.bigint() - startedAt);
  }
}

const ms = (ns: bigint): string => (Number(ns) / 1e6).toFixed(3);

export function serverTimingHeader(timing: RequestTiming, endedAt: bigint): string {
  const parts: string[] = [];
  if (timing.authNs !== undefined) parts.push(`auth;dur=${ms(timing.authNs)}`);
  if (timing.handlerNs !== undefined) parts.push(`handler;dur=${ms(timing.handlerNs)}`);
  parts.push(`total;dur=${ms(endedAt - timing.startedAt)}`);
  return parts.join(', ');
}
