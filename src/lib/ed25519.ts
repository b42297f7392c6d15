import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');
const publicKeyBytes = 32;

/** Decodes a base64 raw Ed25519 public key; null when it is not exactly 32 bytes of base64. */
export function decodePublicKey(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(base64)) return null;
  const raw = Buffer.from(base64, 'base64');
  return raw.length === publicKeyBytes ? raw : null;
}

/** Specification part 5 rule 7: SHA-256 of the raw public key, base64 without padding. */
export function fingerprintOf(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('base64').replace(/=+$/, '');
}

export function publicKeyObject(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([spkiPrefix, raw]), format: 'der', type: 'spki' });
}

/** Whether `signature` (raw 64 bytes) is a valid Ed25519 signature of `message` under `key`. */
export function verifySignature(key: KeyObject, message: Buffer, signature: Buffer): boolean {
  if (signature.length !== 64) return false;
  return verify(null, message, key, signature);
}

/** Specification part 5 rule 8: timestamp + METHOD + path (no query) + the body's bytes as sent. */
export function signedMessage(timestamp: string, method: string, path: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(timestamp + method.toUpperCase() + path, 'utf8'), body]);
}
