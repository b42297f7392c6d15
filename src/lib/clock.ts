/** Microseconds, the unit of every stored time. */
export const usPerSecond = 1_000_000;
export const usPerDay = 86_400 * usPerSecond;

/** Time enters the system here and is passed down as an argument; nothing below reads the clock. */
export interface Clock {
  /** Microseconds since the Unix epoch. */
  nowUs(): number;
}

export const systemClock: Clock = {
  nowUs: () => Date.now() * 1000,
};

export function toIso(us: number): string {
  const ms = Math.floor(us / 1000);
  const micros = us % 1_000_000;
  return new Date(ms).toISOString().slice(0, 19) + '.' + String(micros).padStart(6, '0') + 'Z';
}

export function toIsoOrNull(us: number | null | undefined): string | null {
  return us === null || us === undefined ? null : toIso(us);
}

export function toUnixSeconds(us: number): number {
  return Math.floor(us / 1_000_000);
}

/** Parses an ISO 8601 timestamp or Unix seconds (as the list filters accept) to microseconds. */
export function parseTimeFilter(value: string): number | null {
  if (/^\d{1,12}$/.test(value)) return Number(value) * 1_000_000;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms * 1000;
}
