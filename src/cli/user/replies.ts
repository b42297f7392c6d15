import { CliError } from './output.js';

/**
 * Reading the JSON bodies the service answers, field by field, without taking their shape on trust: a body that is
 * not what the documents say (a proxy's error page, another service on the port) is a clear error, not a crash
 * further on.
 */

/** A member of a JSON object; undefined when the value is no object or lacks it. */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function required<T>(value: T | undefined, what: string, field: string): T {
  if (value === undefined) throw new CliError(`${what} answered a body without ${field}`);
  return value;
}

const requiredString = (body: unknown, key: string, what: string): string =>
  required(stringOf(fieldOf(body, key)), what, key);

function requiredNumber(body: unknown, key: string, what: string): number {
  const value = fieldOf(body, key);
  return required(typeof value === 'number' ? value : undefined, what, key);
}

/** An OAuth token response (RFC 6749 §5.1; platform.yaml TokenResponse), as the CLI stores it. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

export function tokensOf(body: unknown, what: string): Tokens {
  return {
    access_token: requiredString(body, 'access_token', what),
    refresh_token: requiredString(body, 'refresh_token', what),
    expires_in: requiredNumber(body, 'expires_in', what),
    scope: requiredString(body, 'scope', what),
  };
}

/** A device authorization response (RFC 8628 §3.2; platform.yaml DeviceAuthorization). */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export function deviceAuthorizationOf(body: unknown, what: string): DeviceAuthorization {
  return {
    device_code: requiredString(body, 'device_code', what),
    user_code: requiredString(body, 'user_code', what),
    verification_uri: requiredString(body, 'verification_uri', what),
    verification_uri_complete: requiredString(body, 'verification_uri_complete', what),
    expires_in: requiredNumber(body, 'expires_in', what),
    interval: requiredNumber(body, 'interval', what),
  };
}
