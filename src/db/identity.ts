import type { Knex } from 'knex';
import { announceApiKeysChanged } from './api-key-revocations.js';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams, type Sort } from './paging.js';
import { poolSql, sqlOf, statement, valuesList } from './sql.js';

/**
 * The identity tables: users and their credentials (migration 0001: users, consumption API keys,
 * trading signing keys) and the dashboard's (migration 0003: sessions, email verifications).
 * Secrets are stored only as their SHA-256; the callers hash them.
 */

// ---- users -----------------------------------------------------------------------------------------

export type AccountMode = 'auto' | 'advanced';
export type UserStatus = 'active' | 'inactive';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  status: UserStatus;
  account_mode: AccountMode;
  email_verified_at_us: number | null;
  legal_terms_accepted_at_us: number | null;
  created_at_us: number;
  updated_at_us: number;
}

const userColumns = [
  'id',
  'email',
  'password_hash',
  'status',
  'account_mode',
  'email_verified_at_us',
  'legal_terms_accepted_at_us',
  'created_at_us',
  'updated_at_us',
] as const satisfies readonly (keyof UserRow)[];

const userByIdStatement = statement('user_by_id', 'SELECT * FROM users WHERE id = ?');
const userByEmailStatement = statement('user_by_email', 'SELECT * FROM users WHERE email = ?');
const insertUserStatement = statement(
  'user_insert',
  `INSERT INTO users (${userColumns.join(', ')}) VALUES ${valuesList(1, userColumns.length)}`,
);
const acceptTermsStatement = statement(
  'user_accept_legal_terms',
  'UPDATE users SET legal_terms_accepted_at_us = ?, updated_at_us = ? WHERE id = ? AND legal_terms_accepted_at_us IS NULL',
);
const setModeStatement = statement(
  'user_set_account_mode',
  'UPDATE users SET account_mode = ?, updated_at_us = ? WHERE id = ?',
);

export const userById = (db: Db, userId: string): Promise<UserRow | undefined> =>
  poolSql(db).get<UserRow>(userByIdStatement, [userId]);

/** `email` as stored: normalised by the caller. */
export const userByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  poolSql(db).get<UserRow>(userByEmailStatement, [email]);

/** Fails with a unique violation when the email is taken. */
export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await poolSql(db).run(
    insertUserStatement,
    userColumns.map((c) => row[c]),
  );
}

/** Records the acceptance once: a second acceptance keeps the first time. */
export async function recordLegalTermsAcceptance(db: Db, userId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(acceptTermsStatement, [nowUs, nowUs, userId]);
}

/** Inside the caller's transaction (the settings change with it). */
export async function writeAccountMode(
  trx: Knex.Transaction,
  userId: string,
  mode: AccountMode,
  nowUs: number,
): Promise<void> {
  await (await sqlOf(trx)).run(setModeStatement, [mode, nowUs, userId]);
}

// ---- consumption API keys ----------------------------------------------------------------------------

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  active: boolean | number;
  created_at_us: number;
  updated_at_us: number;
  last_used_at_us: number | null;
  /** Limits (migration 0016): null is none. `allowed_models` is a JSON array of model names. */
  expires_at_us: number | null;
  limit_usd_micros: number | null;
  limit_reset: 'daily' | 'weekly' | 'monthly' | null;
  allowed_models: string | null;
}

const apiKeyColumns = [
  'id',
  'user_id',
  'name',
  'key_prefix',
  'key_hash',
  'active',
  'created_at_us',
  'updated_at_us',
  'last_used_at_us',
  'expires_at_us',
  'limit_usd_micros',
  'limit_reset',
  'allowed_models',
] as const satisfies readonly (keyof ApiKeyRow)[];

const apiKeyByHashStatement = statement('api_key_by_hash', 'SELECT * FROM api_keys WHERE key_hash = ?');
const apiKeyByIdStatement = statement('api_key_by_id', 'SELECT * FROM api_keys WHERE id = ?');
const apiKeyOfUserStatement = statement('api_key_of_user', 'SELECT * FROM api_keys WHERE id = ? AND user_id = ?');
const insertApiKeyStatement = statement(
  'api_key_insert',
  `INSERT INTO api_keys (${apiKeyColumns.join(', ')}) VALUES ${valuesList(1, apiKeyColumns.length)}`,
);
const lockApiKeyOfUserStatement = statement(
  'api_key_of_user_lock',
  'SELECT * FROM api_keys WHERE id = ? AND user_id = ?',
  'SELECT * FROM api_keys WHERE id = ? AND user_id = ? FOR UPDATE',
);
const updateApiKeyStatement = statement(
  'api_key_update',
  `UPDATE api_keys SET name = ?, active = ?, expires_at_us = ?, limit_usd_micros = ?, limit_reset = ?, allowed_models = ?, updated_at_us = ?
  WHERE id = ? AND user_id = ?`,
);
const apiKeySpendStatement = statement(
  'api_key_spend_of_period',
  'SELECT * FROM api_key_spend WHERE api_key_id = ? AND period_start_us = ?',
);
const deleteApiKeyStatement = statement('api_key_delete', 'DELETE FROM api_keys WHERE id = ? AND user_id = ?');
const touchApiKey = statement('api_key_touch', 'UPDATE api_keys SET last_used_at_us = ? WHERE id = ?');

export const apiKeyByHash = (db: Db, keyHash: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyByHashStatement, [keyHash]);

export const apiKeyById = (db: Db, apiKeyId: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyByIdStatement, [apiKeyId]);

/** The key if it is the user's: another user's key is as unknown as a missing one. */
export const apiKeyOfUser = (db: Db, userId: string, apiKeyId: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyOfUserStatement, [apiKeyId, userId]);

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await poolSql(db).run(
    insertApiKeyStatement,
    apiKeyColumns.map((c) => row[c]),
  );
}

/** What a change of a key may write: everything but its identity, secret and times of use. */
type ApiKeyChanges = Pick<
  ApiKeyRow,
  'name' | 'active' | 'expires_at_us' | 'limit_usd_micros' | 'limit_reset' | 'allowed_models' | 'updated_at_us'
>;

/**
 * Changes the user's key as `decide` says, given the key as it is, locked, so that two concurrent
 * changes each see the other's result (a rule over several fields cannot be broken between them).
 * `decide` answers the new values, or undefined to leave the key as it is; it may throw to refuse.
 * Undefined if the user has no such key.
 */
export async function updateApiKeyOfUser(
  db: Db,
  userId: string,
  apiKeyId: string,
  decide: (row: ApiKeyRow) => ApiKeyChanges | undefined,
): Promise<{ row: ApiKeyRow; changed: boolean } | undefined> {
  const result = await db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const row = await sql.get<ApiKeyRow>(lockApiKeyOfUserStatement, [apiKeyId, userId]);
    if (!row) return undefined;
    const changes = decide(row);
    if (!changes) return { row, changed: false };
    const c = changes;
    await sql.run(updateApiKeyStatement, [
      c.name,
      c.active,
      c.expires_at_us,
      c.limit_usd_micros,
      c.limit_reset,
      c.allowed_models,
      c.updated_at_us,
      apiKeyId,
      userId,
    ]);
    return { row: { ...row, ...changes }, changed: true };
  });
  // Committed: this process's key caches forget at once; others learn it from the trigger (migrations 0014, 0016).
  if (result?.changed) announceApiKeysChanged(db);
  return result;
}

/** False if the user has no such key. */
export async function deleteApiKeyOfUser(db: Db, userId: string, apiKeyId: string): Promise<boolean> {
  const deleted = (await poolSql(db).run(deleteApiKeyStatement, [apiKeyId, userId])) > 0;
  if (deleted) announceApiKeysChanged(db);
  return deleted;
}

/** Records when a key was last used (callers write it at most once a minute). */
export async function touchApiKeyUse(db: Db, keyId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(touchApiKey, [nowUs, keyId]);
}

/**
 * What a key spent and holds reserved in one budget period (migration 0016); the consumption
 * pipeline writes these rows, the key views read them.
 */
export interface ApiKeySpendRow {
  api_key_id: string;
  period_start_us: number;
  spent_micros: number;
  reserved_micros: number;
}

/** The key's row of the period starting at `periodStartUs`; undefined while it spent and reserved nothing in it. */
export const apiKeySpendOf = (db: Db, apiKeyId: string, periodStartUs: number): Promise<ApiKeySpendRow | undefined> =>
  poolSql(db).get<ApiKeySpendRow>(apiKeySpendStatement, [apiKeyId, periodStartUs]);

/** The rows of several keys, each of its own period (a page of keys: one query). */
export async function apiKeySpendsOf(
  db: Db,
  periods: readonly { apiKeyId: string; periodStartUs: number }[],
): Promise<ApiKeySpendRow[]> {
  if (periods.length === 0) return [];
  return db('api_key_spend')
    .select('*')
    .whereIn(
      ['api_key_id', 'period_start_us'],
      periods.map((p) => [p.apiKeyId, p.periodStartUs]),
    );
}

/** Lists are oldest first (platform.yaml "Conventions"). */
const oldestFirst = (table: string): Sort => ({
  name: 'created_at',
  column: `${table}.created_at_us`,
  idColumn: `${table}.id`,
  direction: 'asc',
});

/** One page of the user's API keys, oldest first; rows as stored (SQLite booleans are 0/1). */
export function apiKeysOfUser(db: Db, userId: string, page: PageParams): Promise<Page<ApiKeyRow>> {
  const query = db('api_keys').select('*').where({ user_id: userId });
  return keysetPage<ApiKeyRow>(query, oldestFirst('api_keys'), page, (row) => [row.created_at_us, row.id]);
}

// ---- trading signing keys ----------------------------------------------------------------------------

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
  return (await poolSql(db).run(deleteSigningKeyStatement, [signingKeyId, userId])) > 0;
}

/** One page of the user's signing keys, oldest first. */
export function signingKeysOfUser(db: Db, userId: string, page: PageParams): Promise<Page<SigningKeyRow>> {
  const query = db('signing_keys').select('*').where({ user_id: userId });
  return keysetPage<SigningKeyRow>(query, oldestFirst('signing_keys'), page, (row) => [row.created_at_us, row.id]);
}

// ---- dashboard sessions --------------------------------------------------------------------------------

export interface SessionRow {
  id_hash: string;
  user_id: string;
  csrf_token: string;
  created_at_us: number;
  expires_at_us: number;
  revoked_at_us: number | null;
}

const sessionColumns = [
  'id_hash',
  'user_id',
  'csrf_token',
  'created_at_us',
  'expires_at_us',
  'revoked_at_us',
] as const satisfies readonly (keyof SessionRow)[];

const liveSessionStatement = statement(
  'session_live',
  'SELECT * FROM sessions WHERE id_hash = ? AND revoked_at_us IS NULL AND expires_at_us > ?',
);
const deleteDeadSessions = statement(
  'sessions_delete_dead',
  'DELETE FROM sessions WHERE user_id = ? AND (expires_at_us <= ? OR revoked_at_us IS NOT NULL)',
);
const insertSessionStatement = statement(
  'session_insert',
  `INSERT INTO sessions (${sessionColumns.join(', ')}) VALUES ${valuesList(1, sessionColumns.length)}`,
);
const revokeSessionStatement = statement(
  'session_revoke',
  'UPDATE sessions SET revoked_at_us = ? WHERE id_hash = ? AND revoked_at_us IS NULL',
);

/** The session with this id hash if it is unrevoked and unexpired at `nowUs`. */
export const liveSession = (db: Db, idHash: string, nowUs: number): Promise<SessionRow | undefined> =>
  poolSql(db).get<SessionRow>(liveSessionStatement, [idHash, nowUs]);

/** Stores a new session; the user's dead sessions go as it starts, so the table holds little more than live ones. */
export async function insertSession(db: Db, row: SessionRow, nowUs: number): Promise<void> {
  await db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    await sql.run(deleteDeadSessions, [row.user_id, nowUs]);
    await sql.run(
      insertSessionStatement,
      sessionColumns.map((c) => row[c]),
    );
  });
}

/** Revokes the session; an unknown or already revoked one is left as it is. */
export async function revokeSession(db: Db, idHash: string, nowUs: number): Promise<void> {
  await poolSql(db).run(revokeSessionStatement, [nowUs, idHash]);
}

// ---- email verifications --------------------------------------------------------------------------------

interface EmailVerificationRow {
  token_hash: string;
  user_id: string;
  created_at_us: number;
  expires_at_us: number;
  used_at_us: number | null;
}

const verificationColumns = [
  'token_hash',
  'user_id',
  'created_at_us',
  'expires_at_us',
  'used_at_us',
] as const satisfies readonly (keyof EmailVerificationRow)[];

const insertVerificationStatement = statement(
  'email_verification_insert',
  `INSERT INTO email_verifications (${verificationColumns.join(', ')}) VALUES ${valuesList(1, verificationColumns.length)}`,
);
const verificationByHash = statement(
  'email_verification_by_hash',
  'SELECT * FROM email_verifications WHERE token_hash = ?',
);
const verificationSince = statement(
  'email_verification_since',
  'SELECT 1 AS found FROM email_verifications WHERE user_id = ? AND created_at_us > ? LIMIT 1',
);
const useVerification = statement(
  'email_verification_use',
  'UPDATE email_verifications SET used_at_us = ? WHERE token_hash = ? AND used_at_us IS NULL',
);
const markEmailVerified = statement(
  'user_email_verified',
  'UPDATE users SET email_verified_at_us = ?, updated_at_us = ? WHERE id = ? AND email_verified_at_us IS NULL',
);

export async function insertEmailVerification(db: Db, row: EmailVerificationRow): Promise<void> {
  await poolSql(db).run(
    insertVerificationStatement,
    verificationColumns.map((c) => row[c]),
  );
}

export const emailVerificationByHash = (db: Db, tokenHash: string): Promise<EmailVerificationRow | undefined> =>
  poolSql(db).get<EmailVerificationRow>(verificationByHash, [tokenHash]);

/** Whether a verification was created for the user after `sinceUs`. */
export async function emailVerificationSince(db: Db, userId: string, sinceUs: number): Promise<boolean> {
  return (await poolSql(db).get<{ found: number }>(verificationSince, [userId, sinceUs])) !== undefined;
}

/** Uses the token and marks the user's email verified, together; each only the first time. */
export async function verifyEmailWith(db: Db, tokenHash: string, userId: string, nowUs: number): Promise<void> {
  await db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    await sql.run(useVerification, [nowUs, tokenHash]);
    await sql.run(markEmailVerified, [nowUs, nowUs, userId]);
  });
}
