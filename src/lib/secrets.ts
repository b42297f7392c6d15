import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets (API keys, OAuth tokens, device codes) are random 256-bit values; only their SHA-256 is
 * stored. A slow hash buys nothing for values with this much entropy, and lookups stay one index probe.
 */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
