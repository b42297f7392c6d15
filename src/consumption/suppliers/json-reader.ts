/**
 * Reading JSON that another server sent (an upstream's answer, a request body): every field is
 * `unknown` until it is narrowed here, so nothing is cast on trust.
 */

export type JsonRecord = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** The value when it is an integer, else `otherwise`. */
export function integerOr(value: unknown, otherwise: number): number {
  return isInteger(value) ? value : otherwise;
}

/** The value when it is a string, else `otherwise`. */
export function stringOr<T>(value: unknown, otherwise: T): string | T {
  return typeof value === 'string' ? value : otherwise;
}

/** The items when the value is an array, else none. */
export function itemsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
