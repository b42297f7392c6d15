import { assert } from './assert.js';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * A JSON array of strings that mkt stored itself (a text column such as `qualifying_models` or `allowed_models`):
 * anything else there is a bug, not bad input.
 */
export function parseStringArray(json: string): string[] {
  const value: unknown = JSON.parse(json);
  assert(Array.isArray(value) && value.every(isString), `a stored JSON array of strings, got ${json.slice(0, 80)}`);
  return value;
}
