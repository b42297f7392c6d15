import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { newApiKeyId, newGrantId, newSigningKeyId, newUserId } from '../lib/ids.js';
import { digestsEqual, hashSecret, newSecret } from '../lib/secrets.js';
import { decodePublicKey, fingerprintOf } from '../lib/ed25519.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

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
}

export interface SigningKeyRow {
  id: string;
  user_id: string;
  label: string;
  public_key: string;
  fingerprint: string;
  created_at_us: number;
  last_used_at_us: number | null;
}

export const apiKeyPrefix = 'mkt_ck_';
const apiKeyPrefixShownLength = apiKeyPrefix.length + 6;

// ---- users ---------------------------------------------------------------------------------------

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const derived = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${derived.toString('base64')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const derived = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length);
  return timingSafeEqual(derived, expected);
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export interface NewUser {
  email: string;
  password?: string | undefined;
  verified?: boolean;
  acceptTerms?: boolean;
  mode?: AccountMode;
}

export async function createUser(db: Db, clock: Clock, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new ApiError(422, 'validation_error', `${input.email} is not an email address.`);
  const existing = await db<UserRow>('users').where({ email }).first();
  if (existing) throw new ApiError(409, 'conflict', `A user with email ${email} already exists.`);
  const nowUs = clock.nowUs();
  const row: UserRow = {
    id: newUserId(),
    email,
    password_hash: input.password === undefined ? null : await hashPassword(input.password),
    status: 'active',
    account_mode: input.mode ?? 'auto',
    email_verified_at_us: input.verified ? nowUs : null,
    legal_terms_accepted_at_us: input.acceptTerms ? nowUs : null,
    created_at_us: nowUs,
    updated_at_us: nowUs,
  };
  await db('users').insert(row);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: normaliseEmail(email) }).first();
}

export async function requireUserByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new ApiError(404, 'not_found', `No user with email ${normaliseEmail(email)}.`);
  return user;
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id: userId }).first();
}

// ---- consumption API keys --------------------------------------------------------------------------

export interface CreatedApiKey {
  row: ApiKeyRow;
  /** The raw key: shown once, never stored. */
  key: string;
}

export async function createApiKey(db: Db, clock: Clock, userId: string, name: string): Promise<CreatedApiKey> {
  const key = newSecret(apiKeyPrefix);
  const nowUs = clock.nowUs();
  const row: ApiKeyRow = {
    id: newApiKeyId(),
    user_id: userId,
    name,
    key_prefix: key.slice(0, apiKeyPrefixShownLength),
    key_hash: hashSecret(key),
    active: true,
    created_at_us: nowUs,
    updated_at_us: nowUs,
    last_used_at_us: null,
  };
  await db('api_keys').insert(row);
  return { row, key };
}

/** The active key with this raw value, if any; the hash is the index key, so the lookup leaks nothing. */
export async function findActiveApiKey(db: Db, rawKey: string): Promise<ApiKeyRow | undefined> {
  const keyHash = hashSecret(rawKey);
  const row = await db<ApiKeyRow>('api_keys').where({ key_hash: keyHash }).first();
  return row && Boolean(row.active) && digestsEqual(row.key_hash, keyHash) ? row : undefined;
}

// ---- trading signing keys --------------------------------------------------------------------------

export async function registerSigningKey(db: Db, clock: Clock, userId: string, label: string, publicKey: string): Promise<SigningKeyRow> {
  const raw = decodePublicKey(publicKey);
  if (!raw) {
    throw new ApiError(422, 'invalid_public_key', 'public_key must be the base64 of a raw 32-byte Ed25519 public key (44 characters), not PEM or hex.');
  }
  const fingerprint = fingerprintOf(raw);
  const existing = await db<SigningKeyRow>('signing_keys').where({ fingerprint }).first();
  if (existing) throw new ApiError(409, 'duplicate_signing_key', `This public key is already registered (fingerprint ${fingerprint}).`);
  const row: SigningKeyRow = {
    id: newSigningKeyId(),
    user_id: userId,
    label,
    public_key: raw.toString('base64'),
    fingerprint,
    created_at_us: clock.nowUs(),
    last_used_at_us: null,
  };
  await db('signing_keys').insert(row);
  return row;
}

export async function findSigningKey(db: Db, fingerprint: string): Promise<SigningKeyRow | undefined> {
  return db<SigningKeyRow>('signing_keys').where({ fingerprint }).first();
}

// ---- OAuth access tokens -----------------------------------------------------------------------------

export interface AccessTokenGrant {
  grantId: string;
  userId: string;
  scopes: string[];
}

/** The live grant behind an access token: unexpired, unrevoked token of an unrevoked grant. */
export async function findAccessTokenGrant(db: Db, rawToken: string, nowUs: number): Promise<AccessTokenGrant | undefined> {
  const row = await db('oauth_tokens as t')
    .join('oauth_grants as g', 'g.id', 't.grant_id')
    .where({ 't.token_hash': hashSecret(rawToken), 't.kind': 'access' })
    .whereNull('t.revoked_at_us')
    .whereNull('g.revoked_at_us')
    .where('t.expires_at_us', '>', nowUs)
    .first<{ grant_id: string; user_id: string; scopes: string } | undefined>('t.grant_id', 'g.user_id', 'g.scopes');
  return row && { grantId: row.grant_id, userId: row.user_id, scopes: row.scopes.split(' ').filter(Boolean) };
}

export const accessTokenPrefix = 'mkt_at_';
export const refreshTokenPrefix = 'mkt_rt_';
export const accessTokenLifetimeUs = 3_600_000_000; // 1 hour
export const refreshTokenLifetimeUs = 30 * 24 * 3_600_000_000; // 30 days

export interface IssuedTokens {
  grantId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAtUs: number;
}

/** A new grant for a user and client, with its first access and refresh tokens (stored as hashes). */
export async function createGrant(db: Db, clock: Clock, userId: string, clientId: string, scopes: string[]): Promise<IssuedTokens> {
  const nowUs = clock.nowUs();
  const grantId = newGrantId();
  const accessToken = newSecret(accessTokenPrefix);
  const refreshToken = newSecret(refreshTokenPrefix);
  await db.transaction(async (trx) => {
    await trx('oauth_grants').insert({ id: grantId, user_id: userId, client_id: clientId, scopes: scopes.join(' '), created_at_us: nowUs, last_used_at_us: null, revoked_at_us: null });
    await trx('oauth_tokens').insert([
      { token_hash: hashSecret(accessToken), grant_id: grantId, kind: 'access', expires_at_us: nowUs + accessTokenLifetimeUs, created_at_us: nowUs },
      { token_hash: hashSecret(refreshToken), grant_id: grantId, kind: 'refresh', expires_at_us: nowUs + refreshTokenLifetimeUs, created_at_us: nowUs },
    ]);
  });
  return { grantId, accessToken, refreshToken, accessExpiresAtUs: nowUs + accessTokenLifetimeUs };
}

/** Records use at most once a minute per credential, so reads do not turn into writes. */
export const lastUsedResolutionUs = 60_000_000;
