import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/knex.js';
import { poolSql, type Sql } from '../db/sql.js';
import { cachedSigningKey } from './trading-cache.js';
import {
  claimSignatureIn,
  claimsWithLookup,
  findKeyAndClaim,
  releaseClaim,
  touchSigningKey,
  type SignatureClaim,
  type SigningKeyRecord,
} from '../db/replay-guard.js';
import { decodePublicKey, publicKeyObject, verifySignature } from '../lib/ed25519.js';
import { lastUsedResolutionUs } from './identity.js';

/**
 * The Ed25519 check of specification part 5, shared by the signed REST API (src/http/auth/signature.ts,
 * which adds the replay guard) and the stream socket's `authenticate` (src/streams/), which signs
 * `timestamp + fingerprint`. Refusals are a closed set of codes; each caller words them for its own
 * transport (header names or payload fields).
 */

/** Specification part 5 rule 10. */
export const signatureWindowSeconds = 30;

type SignatureRefusalCode =
  'invalid_signature' | 'timestamp_out_of_range' | 'unknown_fingerprint' | 'signature_replayed';

export interface SignatureRefusal {
  code: SignatureRefusalCode;
  detail: string;
  context?: Record<string, unknown>;
}

type SignatureCheck = { ok: true; key: SigningKeyRecord } | { ok: false; refusal: SignatureRefusal };

interface SignedInput {
  timestamp: string;
  fingerprint: string;
  /** Base64 of the 64 signature bytes, as sent. */
  signature: string;
  /** The exact bytes that were signed, for this timestamp. */
  message: Buffer;
  /** What the client calls the timestamp and the signed bytes, for the refusals' wording. */
  wording: { timestamp: string; signed: string; hint?: string };
  /** Claimed by a state-changing request (the replay guard); absent: nothing is claimed. */
  claim?: SignatureClaim;
}

/**
 * The claim of a verified signature that its request makes later, in the transaction of what it
 * changes (a new order's group commit: src/trading/orders/orders.ts), or on its own when the request
 * is refused before that (`claimPending`). Either way the claim comes before any other answer, so a
 * replay meets `signature_replayed` wherever it would have stopped.
 */
export interface PendingClaim extends SignatureClaim {
  /** The request's x-mkt-timestamp, for the refusal's context. */
  timestamp: string;
}

/** Claims the pending claim on `sql`: undefined when this request made it, else the replay's refusal. */
export async function claimPending(sql: Sql, pending: PendingClaim): Promise<SignatureRefusal | undefined> {
  return (await claimSignatureIn(sql, pending)) ? undefined : replayRefusal(pending.timestamp);
}

export function replayRefusal(timestamp: string): SignatureRefusal {
  return {
    code: 'signature_replayed',
    detail:
      `This signature was already used: a signed POST, PUT, PATCH or DELETE request is accepted once. Sign every request, retries included, with a fresh timestamp. ` +
      'Ed25519 signatures are deterministic, so identical requests signed in the same second carry the same signature: make them differ, e.g. with a distinct client_order_id ' +
      '(which also makes retrying an order safe).',
    context: { request_timestamp: timestamp },
  };
}

const keyObjectsMax = 10_000;

/**
 * Parsed public keys by fingerprint. A fingerprint is the hash of its key, so an entry can never go
 * stale; whether the key is still registered is read from the database on every check.
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

/** The raw signature bytes; empty when the text is not base64 (it then fails to verify). */
export const signatureBytesOf = (signature: string): Buffer =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(signature) ? Buffer.from(signature, 'base64') : Buffer.alloc(0);

const refused = (code: SignatureRefusalCode, detail: string, context?: Record<string, unknown>): SignatureCheck => ({
  ok: false,
  refusal: { code, detail, ...(context ? { context } : {}) },
});

/**
 * The key of `fingerprint` and, if `claim` is given and the key exists, the claim. On PostgreSQL the
 * claim rides on the key's lookup, one round trip either way, with the key read fresh; else (and for a
 * claim left to the request's transaction: a new order's) the key comes from the trading cache
 * (src/core/trading-cache.ts), then the claim.
 */
async function keyAndClaim(
  db: Db,
  fingerprint: string,
  claim: SignatureClaim | undefined,
): Promise<{ key: SigningKeyRecord | undefined; claimed: boolean }> {
  if (claim !== undefined && claimsWithLookup(db)) return findKeyAndClaim(db, fingerprint, claim);
  const key = await cachedSigningKey(
    db,
    fingerprint,
    async () => (await findKeyAndClaim(db, fingerprint, undefined)).key,
  );
  if (!key || claim === undefined) return { key, claimed: false };
  return { key, claimed: await claimSignatureIn(poolSql(db), claim) };
}

/**
 * Checks, in order: timestamp shape, clock drift, key registered, signature over the exact bytes, first use (when
 * claimed).
 */
export async function checkSignature(deps: { db: Db }, input: SignedInput, nowUs: number): Promise<SignatureCheck> {
  const { timestamp, fingerprint, wording, claim } = input;
  if (!/^[0-9]{1,12}$/.test(timestamp)) {
    return refused(
      'invalid_signature',
      `${wording.timestamp} must be the Unix time in whole seconds, e.g. "1795342530".`,
    );
  }
  const serverSeconds = Math.floor(nowUs / 1_000_000);
  const driftSeconds = serverSeconds - Number(timestamp);
  if (Math.abs(driftSeconds) > signatureWindowSeconds) {
    return refused(
      'timestamp_out_of_range',
      `${wording.timestamp} is ${Math.abs(driftSeconds)} s ${driftSeconds > 0 ? 'behind' : 'ahead of'} server time; it must be within ${signatureWindowSeconds} s. Check the client clock (NTP) and sign with the current time.`,
      {
        max_drift_seconds: signatureWindowSeconds,
        observed_drift_seconds: driftSeconds,
        request_timestamp: timestamp,
        server_timestamp: String(serverSeconds),
      },
    );
  }

  const { key, claimed } = await keyAndClaim(deps.db, fingerprint, claim);
  if (!key) {
    return refused(
      'unknown_fingerprint',
      `No signing key with fingerprint ${fingerprint} is registered (it may have been deleted). Send the fingerprint returned when the public key was registered.`,
    );
  }
  if (
    !verifySignature(keyObjectFor(key.fingerprint, key.public_key), input.message, signatureBytesOf(input.signature))
  ) {
    if (claim && claimed) await releaseClaim(deps.db, claim); // only a verified signature keeps its claim
    return refused(
      'invalid_signature',
      `The signature does not verify. Sign ${wording.signed}, with the private key of this fingerprint, and send it base64-encoded.${wording.hint ?? ''}`,
    );
  }
  if (claim && !claimed) return { ok: false, refusal: replayRefusal(timestamp) };
  if (key.last_used_at_us === null || nowUs - key.last_used_at_us > lastUsedResolutionUs) {
    await touchSigningKey(deps.db, key.id, nowUs);
    key.last_used_at_us = nowUs; // the kept key too (src/core/trading-cache.ts): touched once a minute, not every time
  }
  return { ok: true, key };
}
