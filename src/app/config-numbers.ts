/** Whole-number settings read from the environment, refused with the variable's name when malformed. */

export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
  return value;
}

export function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
}

/** A positive USD amount with at most two decimals ("1000.00"), in micro-dollars. */
export function usdCents(env: NodeJS.ProcessEnv, name: string, fallbackMicros: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallbackMicros;
  const match = /^(0|[1-9][0-9]{0,8})(?:\.([0-9]{1,2}))?$/.exec(text);
  const micros = match ? Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(2, '0')) * 10_000 : 0;
  if (micros <= 0)
    throw new Error(`${name} must be a positive USD amount with at most 2 decimals, like 1000.00; got ${text}`);
  return micros;
}

/** `${prefix}_MIN_USD` and `${prefix}_MAX_USD` (amounts as usdCents reads them), the least not above the most. */
export function usdRange(env: NodeJS.ProcessEnv, prefix: string, fallbacks: [number, number]): [number, number] {
  const min = usdCents(env, `${prefix}_MIN_USD`, fallbacks[0]);
  const max = usdCents(env, `${prefix}_MAX_USD`, fallbacks[1]);
  if (min > max) throw new Error(`${prefix}_MIN_USD must not exceed ${prefix}_MAX_USD`);
  return [min, max];
}
