import { createHash, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/knex.js';
import { findKeyAndClaim, releaseClaim, touchSigningKey, type SignatureClaim } from '../../db/replay-guard.js';
import { ApiError } from '../../lib/errors.js';
import { decodePublicKey, publicKeyObject, signedMessage, verifySignature } from '../../lib/ed25519.js';
import { lastUsedResolutionUs } from '../../core/identity.js';
import type { Principal } from '../types.js';
import type { CredentialRequest } from './credentials.js';

/** Specification part 5 rule 10. */
export const signatureWindowSeconds = 30;

/**
 * The replay guard (DESIGN.md §9): a signature that changes state is good once. Methods that change
 * state claim their signature (src/db/replay-guard.ts), in every process sharing the database, and a
 * second use inside the window is `401 signature_replayed`. The query string is not signed (part 5
 * rule 8), so without the guard a captured `DELETE /v1/orders` could be resent with another
 * `market_id` or `side` and cancel other orders, and a captured `POST /v1/orders` could place the
 * order again.
 *
 * Signed reads (GET) are not guarded. They change nothing, so a replay inside the window can only
 * read again what the key's owner may read; and since the query is not signed, a polling client's
 * `GET /v1/orders?status=open` and `?status=filled` in one second carry one signature: refusing the
 * second would break every bot that polls more than once a second.
 */
const replayGuardedMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const signatureBytes = 64;
const keyObjectsMax = 10_000;

/**
 * Parsed public keys by fingerprint. A fingerprint is the hash of its key, so an entry can never go
 * stale; whether the key is still registered is read from the database on every request.
 */
const keyObjects = new Map<string, KeyObject>();

function keyObjectFor(fingerprint: string, publicKey: string): KeyObject {
  let key = keyObjects.get(fingerprint);
  if (!key) {
    if (keyObjects.size >= keyObjectsMax) keyObjects.clear();
    key = publicKeyObject(decodePublicKey(publicKey)!);
    keyObjects.set(fingerprint, key);
  }
  return key;
}

const header = (request: CredentialRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The claim a request makes on its signature, if its method is guarded and the signature has the size of one. */
function claimOf(method: string, timestamp: string, signature: Buffer): SignatureClaim | undefined {
  if (!replayGuardedMethods.has(method.toUpperCase()) || signature.length !== signatureBytes) return undefined;
  return {
    signatureHash: createHash('sha256').update(signature).digest(),
    // The last microsecond at which this timestamp still passes the window check, plus one.
    expiresAtUs: (Number(timestamp) + signatureWindowSeconds + 1) * 1_000_000,
  };
}

export function hasSignature(request: CredentialRequest): boolean {
  return ['x-mkt-signature', 'x-mkt-timestamp', 'x-mkt-fingerprint'].some((name) => header(request, name) !== undefined);
}

/** Checks, in order: headers present, clock drift, key registered, signature over the exact bytes, first use. */
export async function authenticateSignature(request: CredentialRequest, db: Db, nowUs: number): Promise<Principal> {
  const signature = header(request, 'x-mkt-signature');
  const timestamp = header(request, 'x-mkt-timestamp');
  const fingerprint = header(request, 'x-mkt-fingerprint');
  const missing = [
    ['x-mkt-signature', signature],
    ['x-mkt-timestamp', timestamp],
    ['x-mkt-fingerprint', fingerprint],
  ].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0 || !signature || !timestamp || !fingerprint) {
    throw new ApiError(401, 'missing_signature', `Signed requests carry x-mkt-signature, x-mkt-timestamp and x-mkt-fingerprint; missing: ${missing.join(', ')}.`);
  }
  if (!/^[0-9]{1,12}$/.test(timestamp)) {
    throw new ApiError(401, 'invalid_signature', 'x-mkt-timestamp must be the Unix time in whole seconds, e.g. "1795342530".');
  }

  const serverSeconds = Math.floor(nowUs / 1_000_000);
  const driftSeconds = serverSeconds - Number(timestamp);
  if (Math.abs(driftSeconds) > signatureWindowSeconds) {
    throw new ApiError(
      401,
      'timestamp_out_of_range',
      `x-mkt-timestamp is ${Math.abs(driftSeconds)} s ${driftSeconds > 0 ? 'behind' : 'ahead of'} server time; it must be within ${signatureWindowSeconds} s. Check the client clock (NTP) and sign with the current time.`,
      {
        context: {
          max_drift_seconds: signatureWindowSeconds,
          observed_drift_seconds: driftSeconds,
          request_timestamp: timestamp,
          server_timestamp: String(serverSeconds),
        },
      },
    );
  }

  const signature64 = /^[A-Za-z0-9+/]+={0,2}$/.test(signature) ? Buffer.from(signature, 'base64') : Buffer.alloc(0);
  const claim = claimOf(request.method, timestamp, signature64);
  const { key, claimed } = await findKeyAndClaim(db, fingerprint, claim);
  if (!key) {
    throw new ApiError(401, 'unknown_fingerprint', `No signing key with fingerprint ${fingerprint} is registered (it may have been deleted). Send the fingerprint returned when the public key was registered.`);
  }

  const message = signedMessage(timestamp, request.method, request.path, request.rawBody);
  if (!verifySignature(keyObjectFor(key.fingerprint, key.public_key), message, signature64)) {
    if (claim && claimed) await releaseClaim(db, claim); // only a verified signature keeps its claim
    throw new ApiError(
      401,
      'invalid_signature',
      'The signature does not verify. Sign timestamp + METHOD + path (without the query string) + the raw body exactly as sent, with the private key of this fingerprint, and send it base64-encoded. Are you signing the raw request body?',
    );
  }
  if (claim && !claimed) {
    throw new ApiError(
      401,
      'signature_replayed',
      `This signature was already used: a signed POST, PUT, PATCH or DELETE request is accepted once. Sign every request, retries included, with a fresh timestamp. ` +
        'Ed25519 signatures are deterministic, so identical requests signed in the same second carry the same signature: make them differ, e.g. with a distinct client_order_id ' +
        '(which also makes retrying an order safe).',
      { context: { request_timestamp: timestamp } },
    );
  }

  if (key.last_used_at_us === null || nowUs - key.last_used_at_us > lastUsedResolutionUs) {
    await touchSigningKey(db, key.id, nowUs);
  }
  return { kind: 'signature', userId: key.user_id, signingKeyId: key.id, fingerprint: key.fingerprint };
}
