import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams, type Sort } from './paging.js';
import { poolSql, sqlOf, statement, valuesList } from './sql.js';

/**
 * The tables of the OAuth authorization server: grants and their access and refresh tokens
 * (migrations 0001 and 0004) and device codes (migrations 0003 and 0004). Tokens and device codes
 * are stored only as their SHA-256; the callers hash them. Scopes are space-separated (RFC 6749 §3.3).
 */

type Trx = Knex.Transaction;

// ---- grants ---------------------------------------------------------------------------------------------

interface OAuthGrantRow {
  id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  created_at_us: number;
  last_used_at_us: number | null;
  revoked_at_us: number | null;
}

const grantColumns = [
  'id',
  'user_id',
  'client_id',
  'scopes',
  'created_at_us',
  'last_used_at_us',
  'revoked_at_us',
] as const satisfies readonly (keyof OAuthGrantRow)[];

const insertGrantStatement = statement(
  'oauth_grant_insert',
  `INSERT INTO oauth_grants (${grantColumns.join(', ')}) VALUES ${valuesList(1, grantColumns.length)}`,
);
const grantClientStatement = statement('oauth_grant_client', 'SELECT client_id FROM oauth_grants WHERE id = ?');
const touchGrantStatement = statement('oauth_grant_touch', 'UPDATE oauth_grants SET last_used_at_us = ? WHERE id = ?');
const touchLiveGrantStatement = statement(
  'oauth_grant_touch_live',
  'UPDATE oauth_grants SET last_used_at_us = ? WHERE id = ? AND revoked_at_us IS NULL',
);
const revokeGrantStatement = statement(
  'oauth_grant_revoke',
  'UPDATE oauth_grants SET revoked_at_us = ? WHERE id = ? AND revoked_at_us IS NULL',
);
const revokeGrantOfUserStatement = statement(
  'oauth_grant_revoke_of_user',
  'UPDATE oauth_grants SET revoked_at_us = ? WHERE id = ? AND user_id = ? AND revoked_at_us IS NULL',
);
const revokeGrantTokensStatement = statement(
  'oauth_tokens_revoke_of_grant',
  'UPDATE oauth_tokens SET revoked_at_us = ? WHERE grant_id = ? AND revoked_at_us IS NULL',
);

/** Inside the caller's transaction, with the grant's first tokens. */
export async function insertGrantRow(trx: Trx, row: OAuthGrantRow): Promise<void> {
  await (
    await sqlOf(trx)
  ).run(
    insertGrantStatement,
    grantColumns.map((c) => row[c]),
  );
}

/** The client a grant was given to; undefined for an unknown grant. */
export async function grantClientId(db: Db, grantId: string): Promise<string | undefined> {
  return (await poolSql(db).get<{ client_id: string }>(grantClientStatement, [grantId]))?.client_id;
}

/** Records when a grant was last used (callers write it at most once a minute). */
export async function touchGrant(db: Db, grantId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(touchGrantStatement, [nowUs, grantId]);
}

/** Records the use of a grant inside the caller's transaction; false if the grant is revoked. */
export async function touchLiveGrant(trx: Trx, grantId: string, nowUs: number): Promise<boolean> {
  return (await (await sqlOf(trx)).run(touchLiveGrantStatement, [nowUs, grantId])) === 1;
}

/** The grant first, then its tokens: a token of a revoked grant is dead whatever its own row says. */
export async function revokeGrantAndTokens(db: Db, grantId: string, nowUs: number): Promise<void> {
  await db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    await sql.run(revokeGrantStatement, [nowUs, grantId]);
    await sql.run(revokeGrantTokensStatement, [nowUs, grantId]);
  });
}

/** Revokes a live grant of this user and every token of it; false if there is no such grant. */
export async function revokeGrantOfUser(db: Db, userId: string, grantId: string, nowUs: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const revoked = await sql.run(revokeGrantOfUserStatement, [nowUs, grantId, userId]);
    if (revoked !== 1) return false;
    await sql.run(revokeGrantTokensStatement, [nowUs, grantId]);
    return true;
  });
}

/** A live grant with the expiry of its current refresh token. */
interface LiveGrantRow {
  id: string;
  client_id: string;
  scopes: string;
  created_at_us: number;
  last_used_at_us: number | null;
  expires_at_us: number;
}

const grantSort: Sort = { name: 'created_at', column: 'g.created_at_us', idColumn: 'g.id', direction: 'asc' };

/** One page of the user's live grants, oldest first. */
export function liveGrantsOfUser(db: Db, userId: string, nowUs: number, page: PageParams): Promise<Page<LiveGrantRow>> {
  // A live grant has one current refresh token: unrotated, unrevoked, unexpired.
  const query = db('oauth_grants as g')
    .join('oauth_tokens as t', 't.grant_id', 'g.id')
    .where({ 'g.user_id': userId, 't.kind': 'refresh' })
    .whereNull('g.revoked_at_us')
    .whereNull('t.rotated_at_us')
    .whereNull('t.revoked_at_us')
    .where('t.expires_at_us', '>', nowUs)
    .select('g.id', 'g.client_id', 'g.scopes', 'g.created_at_us', 'g.last_used_at_us', 't.expires_at_us');
  return keysetPage<LiveGrantRow>(query, grantSort, page, (r) => [r.created_at_us, r.id]);
}

// ---- access and refresh tokens ----------------------------------------------------------------------------

type OAuthTokenKind = 'access' | 'refresh';

/** A token as first stored (not yet revoked or rotated). */
interface NewOAuthTokenRow {
  token_hash: string;
  grant_id: string;
  kind: OAuthTokenKind;
  /** Null: the grant's scopes. */
  scopes: string | null;
  expires_at_us: number;
  created_at_us: number;
}

const tokenColumns = [
  'token_hash',
  'grant_id',
  'kind',
  'scopes',
  'expires_at_us',
  'created_at_us',
] as const satisfies readonly (keyof NewOAuthTokenRow)[];

const insertTokenPairStatement = statement(
  'oauth_token_pair_insert',
  `INSERT INTO oauth_tokens (${tokenColumns.join(', ')}) VALUES ${valuesList(2, tokenColumns.length)}`,
);

/** Stores an access and a refresh token in one statement, inside the caller's transaction. */
export async function insertTokenRows(trx: Trx, access: NewOAuthTokenRow, refresh: NewOAuthTokenRow): Promise<void> {
  await (
    await sqlOf(trx)
  ).run(insertTokenPairStatement, [...tokenColumns.map((c) => access[c]), ...tokenColumns.map((c) => refresh[c])]);
}

/** What an access token's request is authorised with. */
interface AccessTokenGrantRow {
  grant_id: string;
  user_id: string;
  grant_scopes: string;
  /** Null: the grant's scopes. */
  token_scopes: string | null;
  last_used_at_us: number | null;
}

const accessTokenGrantStatement = statement(
  'oauth_access_token_grant',
  `SELECT t.grant_id, g.user_id, g.scopes AS grant_scopes, t.scopes AS token_scopes, g.last_used_at_us
FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
WHERE t.token_hash = ? AND t.kind = 'access' AND t.revoked_at_us IS NULL AND g.revoked_at_us IS NULL AND t.expires_at_us > ?`,
);

/** The live grant behind an access token: unexpired at `nowUs`, unrevoked token of an unrevoked grant. */
export const accessTokenGrant = (db: Db, tokenHash: string, nowUs: number): Promise<AccessTokenGrantRow | undefined> =>
  poolSql(db).get<AccessTokenGrantRow>(accessTokenGrantStatement, [tokenHash, nowUs]);

/** A refresh token with its grant, whatever the state of either. */
interface RefreshTokenRow {
  token_hash: string;
  grant_id: string;
  expires_at_us: number;
  revoked_at_us: number | null;
  rotated_at_us: number | null;
  client_id: string;
  user_id: string;
  grant_scopes: string;
  grant_revoked_at_us: number | null;
}

const refreshTokenStatement = statement(
  'oauth_refresh_token',
  `SELECT t.token_hash, t.grant_id, t.expires_at_us, t.revoked_at_us, t.rotated_at_us,
  g.client_id, g.user_id, g.scopes AS grant_scopes, g.revoked_at_us AS grant_revoked_at_us
FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
WHERE t.token_hash = ? AND t.kind = 'refresh'`,
);
const rotateTokenStatement = statement(
  'oauth_token_rotate',
  'UPDATE oauth_tokens SET rotated_at_us = ? WHERE token_hash = ? AND rotated_at_us IS NULL AND revoked_at_us IS NULL',
);
const tokenByHashStatement = statement(
  'oauth_token_by_hash',
  'SELECT token_hash, grant_id, kind FROM oauth_tokens WHERE token_hash = ?',
);
const revokeTokenStatement = statement(
  'oauth_token_revoke',
  'UPDATE oauth_tokens SET revoked_at_us = ? WHERE token_hash = ? AND revoked_at_us IS NULL',
);

export const refreshTokenByHash = (db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> =>
  poolSql(db).get<RefreshTokenRow>(refreshTokenStatement, [tokenHash]);

/** Marks a live refresh token used, inside the caller's transaction; false if it was rotated or revoked meanwhile. */
export async function rotateRefreshToken(trx: Trx, tokenHash: string, nowUs: number): Promise<boolean> {
  return (await (await sqlOf(trx)).run(rotateTokenStatement, [nowUs, tokenHash])) === 1;
}

interface OAuthTokenKey {
  token_hash: string;
  grant_id: string;
  kind: OAuthTokenKind;
}

export const oauthTokenByHash = (db: Db, tokenHash: string): Promise<OAuthTokenKey | undefined> =>
  poolSql(db).get<OAuthTokenKey>(tokenByHashStatement, [tokenHash]);

/** Revokes one token; an already revoked one keeps its time. */
export async function revokeOAuthToken(db: Db, tokenHash: string, nowUs: number): Promise<void> {
  await poolSql(db).run(revokeTokenStatement, [nowUs, tokenHash]);
}

// ---- device codes ------------------------------------------------------------------------------------------

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export interface DeviceCodeRow {
  device_code_hash: string;
  user_code: string;
  client_id: string;
  scopes: string;
  status: DeviceCodeStatus;
  user_id: string | null;
  interval_seconds: number;
  last_polled_at_us: number | null;
  created_at_us: number;
  expires_at_us: number;
}

const deviceCodeColumns = [
  'device_code_hash',
  'user_code',
  'client_id',
  'scopes',
  'status',
  'user_id',
  'interval_seconds',
  'last_polled_at_us',
  'created_at_us',
  'expires_at_us',
] as const satisfies readonly (keyof DeviceCodeRow)[];

const pruneDeviceCodesStatement = statement('device_codes_prune', 'DELETE FROM device_codes WHERE expires_at_us < ?');
const insertDeviceCodeStatement = statement(
  'device_code_insert',
  `INSERT INTO device_codes (${deviceCodeColumns.join(', ')}) VALUES ${valuesList(1, deviceCodeColumns.length)}`,
);
const deviceCodeByHashStatement = statement(
  'device_code_by_hash',
  'SELECT * FROM device_codes WHERE device_code_hash = ?',
);
const liveDeviceCodeStatement = statement(
  'device_code_live_by_user_code',
  'SELECT * FROM device_codes WHERE user_code = ? AND expires_at_us > ?',
);
const consumeStatement = statement(
  'device_code_consume',
  "UPDATE device_codes SET status = 'consumed' WHERE device_code_hash = ? AND status = 'approved'",
);
const firstPollStatement = statement(
  'device_code_first_poll',
  "UPDATE device_codes SET last_polled_at_us = ? WHERE device_code_hash = ? AND status = 'pending' AND last_polled_at_us IS NULL",
);
const nextPollStatement = statement(
  'device_code_next_poll',
  "UPDATE device_codes SET last_polled_at_us = ? WHERE device_code_hash = ? AND status = 'pending' AND last_polled_at_us = ?",
);
const slowDownStatement = statement(
  'device_code_slow_down',
  'UPDATE device_codes SET last_polled_at_us = ?, interval_seconds = interval_seconds + ? WHERE device_code_hash = ?',
);
const decideStatement = statement(
  'device_code_decide',
  "UPDATE device_codes SET status = ?, user_id = ? WHERE device_code_hash = ? AND status = 'pending' AND expires_at_us > ?",
);

/** Deletes the device codes that expired before `beforeUs`: one range of the expiry index. */
export async function pruneDeviceCodes(db: Db, beforeUs: number): Promise<void> {
  await poolSql(db).run(pruneDeviceCodesStatement, [beforeUs]);
}

/** Fails with a unique violation when the user code is taken by a stored code. */
export async function insertDeviceCode(db: Db, row: DeviceCodeRow): Promise<void> {
  await poolSql(db).run(
    insertDeviceCodeStatement,
    deviceCodeColumns.map((c) => row[c]),
  );
}

export const deviceCodeByHash = (db: Db, deviceCodeHash: string): Promise<DeviceCodeRow | undefined> =>
  poolSql(db).get<DeviceCodeRow>(deviceCodeByHashStatement, [deviceCodeHash]);

/** The unexpired device code with this user code (normalised by the caller). */
export const liveDeviceCodeByUserCode = (db: Db, userCode: string, nowUs: number): Promise<DeviceCodeRow | undefined> =>
  poolSql(db).get<DeviceCodeRow>(liveDeviceCodeStatement, [userCode, nowUs]);

/**
 * Turns an approved code into a consumed one, inside the caller's transaction; false if it is not approved (any more).
 */
export async function consumeDeviceCode(trx: Trx, deviceCodeHash: string): Promise<boolean> {
  return (await (await sqlOf(trx)).run(consumeStatement, [deviceCodeHash])) === 1;
}

/**
 * Compare-and-set on the last poll time of a pending code: true if it was still `lastPolledAtUs`
 * and is now `nowUs`. Of two polls at once, one is on time and one too soon.
 */
export async function recordPoll(
  db: Db,
  deviceCodeHash: string,
  lastPolledAtUs: number | null,
  nowUs: number,
): Promise<boolean> {
  const sql = poolSql(db);
  const changed =
    lastPolledAtUs === null
      ? await sql.run(firstPollStatement, [nowUs, deviceCodeHash])
      : await sql.run(nextPollStatement, [nowUs, deviceCodeHash, lastPolledAtUs]);
  return changed === 1;
}

/** Records a poll that came too soon and lengthens the code's interval by `stepSeconds`. */
export async function slowDownPolling(
  db: Db,
  deviceCodeHash: string,
  nowUs: number,
  stepSeconds: number,
): Promise<void> {
  await poolSql(db).run(slowDownStatement, [nowUs, stepSeconds, deviceCodeHash]);
}

/** The user's decision on a pending code unexpired at `nowUs`; false if it is no longer pending or has expired. */
export async function decideDeviceCode(
  db: Db,
  deviceCodeHash: string,
  status: 'approved' | 'denied',
  userId: string,
  nowUs: number,
): Promise<boolean> {
  return (await poolSql(db).run(decideStatement, [status, userId, deviceCodeHash, nowUs])) === 1;
}
