import { kindOf, type Db } from './knex.js';
import { poolSql, statement, type Sql } from './sql.js';

/**
 * The SQL of the replay guard (migration 0010, DESIGN.md §9). A state-changing signed request
 * claims its signature: a row keyed by the signature's expiry and the SHA-256 of its bytes. A claim
 * that meets an existing row is a replay. Rows are pruned once their timestamp can no longer pass
 * the window check.
 */

/** The signing key columns an authenticator needs. */
export interface SigningKeyRecord {
  id: string;
  user_id: string;
  public_key: string;
  fingerprint: string;
  last_used_at_us: number | null;
}

export interface SignatureClaim {
  /** SHA-256 of the raw 64 signature bytes. */
  signatureHash: Buffer;
  /** The end of the signature's window: its timestamp plus the window, in µs. */
  expiresAtUs: number;
}

interface KeyAndClaim {
  key: SigningKeyRecord | undefined;
  /** Whether this request made the claim (false: the signature was used before, or no key matched). */
  claimed: boolean;
}

const keyAndClaim = statement(
  'signing_key_and_claim',
  '',
  `WITH signing_key AS (
  SELECT id, user_id, public_key, fingerprint, last_used_at_us FROM signing_keys WHERE fingerprint = ?
), claim AS (
  INSERT INTO used_signatures (expires_at_us, signature_hash)
  SELECT ?::bigint, ?::bytea WHERE EXISTS (SELECT 1 FROM signing_key)
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT signing_key.*, EXISTS (SELECT 1 FROM claim) AS claimed FROM signing_key`,
);
const claimSignature = statement(
  'used_signature_claim',
  'INSERT INTO used_signatures (expires_at_us, signature_hash) VALUES (?, ?) ON CONFLICT DO NOTHING',
);
const keyByFingerprint = statement(
  'signing_key_by_fingerprint',
  'SELECT id, user_id, public_key, fingerprint, last_used_at_us FROM signing_keys WHERE fingerprint = ?',
);
const releaseSignature = statement(
  'used_signature_release',
  'DELETE FROM used_signatures WHERE expires_at_us = ? AND signature_hash = ?',
);
const pruneSignatures = statement('used_signatures_prune', 'DELETE FROM used_signatures WHERE expires_at_us < ?');
const touchKey = statement('signing_key_touch', 'UPDATE signing_keys SET last_used_at_us = ? WHERE id = ?');

/**
 * The signing key of `fingerprint` and, when `claim` is given and the key exists, the claim of the
 * signature: in one round trip on PostgreSQL; on SQLite, which runs in this process, two statements
 * cost no round trip. The claim comes before the caller verifies the signature: a caller whose
 * signature then fails must give the claim back with `releaseClaim`, so unverified requests leave
 * no rows.
 */
export async function findKeyAndClaim(
  db: Db,
  fingerprint: string,
  claim: SignatureClaim | undefined,
): Promise<KeyAndClaim> {
  const sql = poolSql(db);
  if (sql.kind === 'postgres' && claim !== undefined) {
    const row = await sql.get<SigningKeyRecord & { claimed: boolean }>(keyAndClaim, [
      fingerprint,
      claim.expiresAtUs,
      claim.signatureHash,
    ]);
    if (!row) return { key: undefined, claimed: false };
    const { claimed, ...key } = row;
    return { key, claimed };
  }
  const key = await sql.get<SigningKeyRecord>(keyByFingerprint, [fingerprint]);
  if (!key || claim === undefined) return { key, claimed: false };
  return { key, claimed: (await sql.run(claimSignature, [claim.expiresAtUs, claim.signatureHash])) === 1 };
}

/**
 * Whether a claim is best made with its key's lookup (`findKeyAndClaim`): on PostgreSQL, where it then costs no round
 * trip of its own; on SQLite the key comes from the trading cache and the claim follows.
 */
export const claimsWithLookup = (db: Db): boolean => kindOf(db) === 'postgres';

/**
 * Claims a signature whose key was found and verified already: true if this call made the claim,
 * false if it was used before. On `sql` of a transaction, the claim commits (or not) with it, and a
 * claim of the same signature by another transaction waits for that one's end (the primary key).
 */
export async function claimSignatureIn(sql: Sql, claim: SignatureClaim): Promise<boolean> {
  return (await sql.run(claimSignature, [claim.expiresAtUs, claim.signatureHash])) === 1;
}

/** Gives back a claim whose signature did not verify. */
export async function releaseClaim(db: Db, claim: SignatureClaim): Promise<void> {
  await poolSql(db).run(releaseSignature, [claim.expiresAtUs, claim.signatureHash]);
}

/** Records when a key was last used (callers write it at most once a minute). */
export async function touchSigningKey(db: Db, keyId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(touchKey, [nowUs, keyId]);
}

/**
 * A claim outlives its window by this much before it is pruned, so that a process whose clock runs
 * ahead of another's never deletes a claim the other would still need.
 */
export const claimRetentionUs = 60_000_000;

/** Deletes the claims whose window ended more than claimRetentionUs before `nowUs`: one range of the primary key. */
export async function pruneUsedSignatures(db: Db, nowUs: number): Promise<number> {
  return poolSql(db).run(pruneSignatures, [nowUs - claimRetentionUs]);
}
