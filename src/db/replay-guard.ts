import { kindOf, type Db } from './knex.js';

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

export interface KeyAndClaim {
  key: SigningKeyRecord | undefined;
  /** Whether this request made the claim (false: the signature was used before, or no key matched). */
  claimed: boolean;
}

const postgresKeyAndClaim = `
WITH signing_key AS (
  SELECT id, user_id, public_key, fingerprint, last_used_at_us FROM signing_keys WHERE fingerprint = ?
), claim AS (
  INSERT INTO used_signatures (expires_at_us, signature_hash)
  SELECT ?::bigint, ?::bytea WHERE EXISTS (SELECT 1 FROM signing_key)
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT signing_key.*, EXISTS (SELECT 1 FROM claim) AS claimed FROM signing_key`;

const sqliteClaim = 'INSERT INTO used_signatures (expires_at_us, signature_hash) VALUES (?, ?) ON CONFLICT DO NOTHING';

/**
 * The signing key of `fingerprint` and, when `claim` is given and the key exists, the claim of the
 * signature, in one round trip on PostgreSQL (a named statement, prepared once per connection).
 * The claim comes before the caller verifies the signature: a caller whose signature then fails
 * must give the claim back with `releaseClaim`, so unverified requests leave no rows.
 */
export async function findKeyAndClaim(db: Db, fingerprint: string, claim: SignatureClaim | undefined): Promise<KeyAndClaim> {
  if (kindOf(db) === 'postgres') {
    if (claim === undefined) return { key: await findKey(db, fingerprint), claimed: false };
    const result = (await db.raw(postgresKeyAndClaim, [fingerprint, claim.expiresAtUs, claim.signatureHash]).options({ name: 'mkt_find_key_and_claim' })) as {
      rows: (SigningKeyRecord & { claimed: boolean })[];
    };
    const row = result.rows[0];
    if (!row) return { key: undefined, claimed: false };
    const { claimed, ...key } = row;
    return { key, claimed };
  }
  // SQLite runs in this process: two statements cost no round trip.
  const key = await findKey(db, fingerprint);
  if (!key || claim === undefined) return { key, claimed: false };
  const result = (await db.raw(sqliteClaim, [claim.expiresAtUs, claim.signatureHash])) as { changes: number };
  return { key, claimed: result.changes === 1 };
}

const findKeySql = 'SELECT id, user_id, public_key, fingerprint, last_used_at_us FROM signing_keys WHERE fingerprint = ?';

/** Fixed SQL text: prepared once per connection (SQLite's statement cache, a named statement on PostgreSQL). */
async function findKey(db: Db, fingerprint: string): Promise<SigningKeyRecord | undefined> {
  if (kindOf(db) === 'postgres') {
    const result = (await db.raw(findKeySql, [fingerprint]).options({ name: 'mkt_find_signing_key' })) as { rows: SigningKeyRecord[] };
    return result.rows[0];
  }
  return ((await db.raw(findKeySql, [fingerprint])) as SigningKeyRecord[])[0];
}

/** Gives back a claim whose signature did not verify. */
export async function releaseClaim(db: Db, claim: SignatureClaim): Promise<void> {
  await db('used_signatures').where({ expires_at_us: claim.expiresAtUs, signature_hash: claim.signatureHash }).delete();
}

/**
 * A claim outlives its window by this much before it is pruned, so that a process whose clock runs
 * ahead of another's never deletes a claim the other would still need.
 */
export const claimRetentionUs = 60_000_000;

/** Deletes the claims whose window ended more than claimRetentionUs before `nowUs`: one range of the primary key. */
export async function pruneUsedSignatures(db: Db, nowUs: number): Promise<number> {
  return db('used_signatures').where('expires_at_us', '<', nowUs - claimRetentionUs).delete();
}
