import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** PKCS#8 DER of an Ed25519 private key, less the 32-byte seed that follows it (RFC 8410). */
const pkcs8SeedPrefix = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface LocalKeyPair {
  /** base64 of the raw 32-byte public key, as `POST /v1/signing-keys` takes it */
  publicKey: string;
  /** base64 of the raw 32-byte seed: what the profile keeps */
  privateKey: string;
  /** SHA-256 of the raw public key, base64 without padding: what the server will call the key */
  fingerprint: string;
}

/** A new Ed25519 pair made here; the private key never leaves this machine. */
export function generateSigningKey(): LocalKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
  return { publicKey: raw.toString('base64'), privateKey: seed.toString('base64'), fingerprint: createHash('sha256').update(raw).digest('base64').replace(/=+$/, '') };
}

/** The key object of a stored seed (32 bytes) or tweetnacl secret key (64 bytes: the seed, then the public key). */
export function privateKeyObject(privateKeyBase64: string): KeyObject {
  const secret = Buffer.from(privateKeyBase64, 'base64');
  if (secret.length !== 32 && secret.length !== 64) throw new Error(`the stored signing key has ${secret.length} bytes; expected a 32-byte Ed25519 seed`);
  return createPrivateKey({ key: Buffer.concat([pkcs8SeedPrefix, secret.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
}

/** Headers of a signed trading request: Ed25519 over `timestamp + METHOD + path (no query) + raw body`. */
export function signatureHeaders(key: { privateKey: KeyObject; fingerprint: string }, method: string, path: string, body: string, timestampSeconds: number): Record<string, string> {
  const message = Buffer.from(`${timestampSeconds}${method.toUpperCase()}${path}${body}`, 'utf8');
  return {
    'x-mkt-signature': sign(null, message, key.privateKey).toString('base64'),
    'x-mkt-timestamp': String(timestampSeconds),
    'x-mkt-fingerprint': key.fingerprint,
  };
}

/** For the WebSocket's `authenticate`: Ed25519 over `timestamp + fingerprint`. */
export function signBytes(privateKey: KeyObject, message: Uint8Array): Uint8Array {
  return sign(null, message, privateKey);
}
