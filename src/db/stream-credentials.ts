import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * The credentials of a process's authenticated stream sockets, re-read together (src/streams/credential-checks.ts):
 * OAuth access tokens by their hash (migration 0001's oauth_tokens, with the grant and its user) and signing keys by
 * fingerprint (with their user). One statement for every socket of the process, whatever their number.
 */

export type StreamCredentialKind = 'access_token' | 'signing_key';

/** A credential that still exists, as it stands; a credential without a row was deleted (or never existed). */
export interface StreamCredentialRow {
  kind: StreamCredentialKind;
  /** The access token's hash, or the signing key's fingerprint. */
  credential: string;
  /** The status of the user the credential belongs to (`active` or `inactive`). */
  user_status: string;
  /** 1 when the access token or its grant is revoked; always 0 for a signing key. */
  revoked: number;
  /** When the access token expires; null for a signing key. */
  expires_at_us: number | null;
}

const columns = `t.token_hash AS credential, u.status AS user_status,
  CASE WHEN t.revoked_at_us IS NULL AND g.revoked_at_us IS NULL THEN 0 ELSE 1 END AS revoked, t.expires_at_us`;

/** `list` is how each dialect reads a list parameter: a JSON array on SQLite, a text[] on PostgreSQL. */
const credentialsText = (list: string): string => `SELECT 'access_token' AS kind, ${columns}
FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN users u ON u.id = g.user_id
WHERE t.kind = 'access' AND t.token_hash ${list}
UNION ALL
SELECT 'signing_key' AS kind, k.fingerprint AS credential, u.status AS user_status, 0 AS revoked, NULL AS expires_at_us
FROM signing_keys k JOIN users u ON u.id = k.user_id
WHERE k.fingerprint ${list}`;

const credentialsStatement = statement(
  'stream_credentials',
  credentialsText('IN (SELECT value FROM json_each(?))'),
  credentialsText('= ANY(?::text[])'),
);

/** The rows of these access token hashes and signing key fingerprints that still exist. */
export async function streamCredentials(
  db: Db,
  tokenHashes: readonly string[],
  fingerprints: readonly string[],
): Promise<StreamCredentialRow[]> {
  const sql = poolSql(db);
  const params =
    sql.kind === 'postgres' ? [tokenHashes, fingerprints] : [JSON.stringify(tokenHashes), JSON.stringify(fingerprints)];
  return sql.all<StreamCredentialRow>(credentialsStatement, params);
}
