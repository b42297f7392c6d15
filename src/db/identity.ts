import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { poolSql, sqlOf, statement, valuesList } from './sql.js';

/**
 * The identity tables: users (migration 0001) and the dashboard's (migration 0003: sessions, email
 * verifications). Secrets are stored only as their SHA-256; the callers hash them. A user's
 * credentials have modules of their own: api-keys.ts and signing-keys.ts, re-exported here for the
 * callers that read them beside the user.
 */

export {
  apiKeyByHash,
  apiKeyById,
  apiKeyOfUser,
  apiKeySpendOf,
  apiKeySpendsOf,
  apiKeysOfUser,
  deleteApiKeyOfUser,
  insertApiKey,
  touchApiKeyUse,
  updateApiKeyOfUser,
  type ApiKeyRow,
  type ApiKeySpendRow,
} from './api-keys.js';
export {
  deleteSigningKeyOfUser,
  insertSigningKey,
  signingKeyByFingerprint,
  signingKeyOfUser,
  signingKeysOfUser,
  type SigningKeyRow,
} from './signing-keys.js';

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

// ---- dashboard sessions --------------------------------------------------------------------------------

export interface SessionRow {
  id_hash: string;
  user_id: string;
  csrf_token: string;
  created_at_us: number;
  expires_at_us: number;
  revoked_at_us: number | null;
  /** When the user last proved the password in this session: its sign-in, or a confirmation since (migration 0032). */
  authenticated_at_us: number | null;
}

const sessionColumns = [
  'id_hash',
  'user_id',
  'csrf_token',
  'created_at_us',
  'expires_at_us',
  'revoked_at_us',
  'authenticated_at_us',
] as const satisfies readonly (keyof SessionRow)[];

const liveSessionStatement = statement(
  'session_live',
  'SELECT * FROM sessions WHERE id_hash = ? AND revoked_at_us IS NULL AND expires_at_us > ?',
);
const reauthenticateStatement = statement(
  'session_reauthenticate',
  'UPDATE sessions SET authenticated_at_us = ? WHERE id_hash = ? AND revoked_at_us IS NULL',
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

/** Records that the session's user proved the password again at `nowUs`. */
export async function reauthenticateSession(db: Db, idHash: string, nowUs: number): Promise<void> {
  await poolSql(db).run(reauthenticateStatement, [nowUs, idHash]);
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
