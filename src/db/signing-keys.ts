import { announceApiKeysChanged } from './api-key-revocations.js';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';
import { poolSql, statement, valuesList } from './sql.js';
import { oldestFirst } from './api-keys.js';

/** Trading signing keys (migration 0001): the Ed25519 public keys that sign trading requests. */

export interface SigningKeyRow {
  id: string;
  user_id: string;
  label: string;
  public_key: string;
  fingerprint: string;
  created_at_us: number;
  last_used_at_us: number | null;
}

const signingKeyColumns = [
  'id',
  'user_id',
  'label',
  'public_key',
  'fingerprint',
  'created_at_us',
  'last_used_at_us',
] as const satisfies readonly (keyof SigningKeyRow)[];

// The authenticator's lookup by fingerprint, with the claim of the signature, is in replay-guard.ts.
const signingKeyRowByFingerprint = statement(
  'signing_key_row_by_fingerprint',
  'SELECT * FROM signing_keys WHERE fingerprint = ?',
);
const signingKeyOfUserStatement = statement(
  'signing_key_of_user',
  'SELECT * FROM signing_keys WHERE id = ? AND user_id = ?',
);
const insertSigningKeyStatement = statement(
  'signing_key_insert',
  `INSERT INTO signing_keys (${signingKeyColumns.join(', ')}) VALUES ${valuesList(1, signingKeyColumns.length)}`,
);
const deleteSigningKeyStatement = statement(
  'signing_key_delete',
  'DELETE FROM signing_keys WHERE id = ? AND user_id = ?',
);

export const signingKeyByFingerprint = (db: Db, fingerprint: string): Promise<SigningKeyRow | undefined> =>
  poolSql(db).get<SigningKeyRow>(signingKeyRowByFingerprint, [fingerprint]);

/** The key if it is the user's: another user's key is as unknown as a missing one. */
export const signingKeyOfUser = (db: Db, userId: string, signingKeyId: string): Promise<SigningKeyRow | undefined> =>
  poolSql(db).get<SigningKeyRow>(signingKeyOfUserStatement, [signingKeyId, userId]);

/** Fails with a unique violation when the fingerprint is registered already. */
export async function insertSigningKey(db: Db, row: SigningKeyRow): Promise<void> {
  await poolSql(db).run(
    insertSigningKeyStatement,
    signingKeyColumns.map((c) => row[c]),
  );
}

/** False if the user has no such key. */
export async function deleteSigningKeyOfUser(db: Db, userId: string, signingKeyId: string): Promise<boolean> {
  const deleted = (await poolSql(db).run(deleteSigningKeyStatement, [signingKeyId, userId])) > 0;
  // Committed: this process's trading cache forgets the key at once; others learn it from the trigger (migration 0024).
  if (deleted) announceApiKeysChanged(db);
  return deleted;
}

/** One page of the user's signing keys, oldest first. */
export function signingKeysOfUser(db: Db, userId: string, page: PageParams): Promise<Page<SigningKeyRow>> {
  const query = db('signing_keys').select('*').where({ user_id: userId });
  return keysetPage<SigningKeyRow>(query, oldestFirst('signing_keys'), page, (row) => [row.created_at_us, row.id]);
}
