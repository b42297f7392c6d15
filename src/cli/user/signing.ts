import { generateKeyPairSync } from 'node:crypto';
import { fingerprintOf } from '../../lib/ed25519.js';

interface LocalKeyPair {
  /** base64 of the raw 32-byte public key, as `POST /v1/signing-keys` takes it */
  publicKey: string;
  /** base64 of the raw 32-byte seed: what the profile keeps (the SDK's `ed25519PrivateKey` reads it) */
  privateKey: string;
  /** SHA-256 of the raw public key, base64 without padding: what the server will call the key */
  fingerprint: string;
}

/** An Ed25519 key's JWK always carries `x` (and a private one `d`): node:crypto made it. */
function jwkPart(part: string | undefined): string {
  if (part === undefined) throw new Error('an Ed25519 JWK without its key part');
  return part;
}

/** A new Ed25519 pair made here; the private key never leaves this machine. */
export function generateSigningKey(): LocalKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(jwkPart(publicKey.export({ format: 'jwk' }).x), 'base64url');
  const seed = Buffer.from(jwkPart(privateKey.export({ format: 'jwk' }).d), 'base64url');
  return { publicKey: raw.toString('base64'), privateKey: seed.toString('base64'), fingerprint: fingerprintOf(raw) };
}
