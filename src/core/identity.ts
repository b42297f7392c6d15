import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import {
  apiKeyByHash,
  insertApiKey,
  insertSigningKey,
  insertUser,
  signingKeyByFingerprint,
  userByEmail,
  userById,
  type AccountMode,
  type ApiKeyRow,
  type SigningKeyRow,
  type UserRow,
} from '../db/identity.js';
import { accessTokenGrant, insertGrantRow, insertTokenRows, touchGrant } from '../db/oauth.js';
import type { Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { validationFailure, type CommonFailure } from '../lib/common-failures.js';
import { newApiKeyId, newGrantId, newSigningKeyId, newUserId } from '../lib/ids.js';
import { digestsEqual, hashSecret } from '../lib/secrets.js';
import { decodePublicKey, fingerprintOf } from '../lib/ed25519.js';
import { keyLimitColumns, noKeyLimits, type KeyLimits } from './key-limits.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export type { AccountMode, UserRow } from '../db/identity.js';

export type { ApiKeyRow, SigningKeyRow } from '../db/identity.js';

/** What identity refuses: a malformed or taken email, an unknown user, an unusable or registered public key. */
export type IdentityFailure = CommonFailure | 'conflict' | 'invalid_public_key' | 'duplicate_signing_key';

export const apiKeyPrefix = 'mkt_ck_';
/** `key_prefix` is `mkt_ck_` and four characters of the key (platform.yaml ApiKeyPrefix). */
const apiKeyPrefixShownLength = apiKeyPrefix.length + 4;

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

interface NewUser {
  email: string;
  password?: string | undefined;
  verified?: boolean;
  acceptTerms?: boolean;
  mode?: AccountMode;
}

export async function createUser(db: Db, clock: Clock, input: NewUser): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw validationFailure(`${input.email} is not an email address.`);
  const existing = await userByEmail(db, email);
  if (existing) throw new Failure<IdentityFailure>('conflict', `A user with email ${email} already exists.`);
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
  await insertUser(db, row);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return userByEmail(db, normaliseEmail(email));
}

export async function requireUserByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Failure<IdentityFailure>('not_found', `No user with email ${normaliseEmail(email)}.`);
  return user;
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return userById(db, userId);
}

// ---- consumption API keys --------------------------------------------------------------------------

interface CreatedApiKey {
  row: ApiKeyRow;
  /** The raw key: shown once, never stored. */
  key: string;
}

const apiKeyAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const apiKeyRandomLength = 43; // 43 base-62 characters: over 256 bits

/** `mkt_ck_` and base-62 characters only (platform.yaml NewApiKey.key), so a key survives copy, paste and shells. */
function newApiKeySecret(): string {
  let text = apiKeyPrefix;
  while (text.length < apiKeyPrefix.length + apiKeyRandomLength) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: rejecting the bytes above it keeps every character equally likely.
      if (byte < 248 && text.length < apiKeyPrefix.length + apiKeyRandomLength) text += apiKeyAlphabet[byte % 62];
    }
  }
  return text;
}

/** `limits` as the caller checked them (src/core/key-limits.ts); none by default. */
export async function createApiKey(
  db: Db,
  clock: Clock,
  userId: string,
  name: string,
  limits: KeyLimits = noKeyLimits,
): Promise<CreatedApiKey> {
  const key = newApiKeySecret();
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
    ...keyLimitColumns(limits),
  };
  await insertApiKey(db, row);
  return { row, key };
}

/** The active key with this raw value, if any; the hash is the index key, so the lookup leaks nothing. */
export async function findActiveApiKey(db: Db, rawKey: string): Promise<ApiKeyRow | undefined> {
  const keyHash = hashSecret(rawKey);
  const row = await apiKeyByHash(db, keyHash);
  return row && Boolean(row.active) && digestsEqual(row.key_hash, keyHash) ? row : undefined;
}

// ---- trading signing keys --------------------------------------------------------------------------

// Curve25519 in twisted Edwards form (RFC 8032 §5.1): -x² + y² = 1 + d·x²·y² over GF(p).
const edP = 2n ** 255n - 19n;
const edD = mod(-121665n * modInverse(121666n));
const edSqrtMinusOne = modPow(2n, (edP - 1n) / 4n, edP);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

function modInverse(value: bigint): bigint {
  return modPow(value, edP - 2n, edP);
}

function mod(value: bigint): bigint {
  return ((value % edP) + edP) % edP;
}

/**
 * Whether 32 bytes are a public key a signature can be checked against: the canonical encoding of
 * a curve point (RFC 8032 §5.1.3) that is not of small order (multiplying it by the cofactor 8 does
 * not give the identity). node:crypto accepts any 32 bytes and would only fail every verification.
 */
function isUsablePublicKey(raw: Buffer): boolean {
  if (raw.length !== 32) return false;
  const sign = raw[31]! >> 7;
  const y = BigInt('0x' + Buffer.from(raw).reverse().toString('hex')) & ((1n << 255n) - 1n);
  if (y >= edP) return false;
  const u = mod(y * y - 1n);
  const v = mod(edD * y * y + 1n);
  let x = mod(u * modPow(v, 3n, edP) * modPow(u * modPow(v, 7n, edP), (edP - 5n) / 8n, edP));
  const vx2 = mod(v * x * x);
  if (vx2 !== u) {
    if (vx2 !== mod(-u)) return false;
    x = mod(x * edSqrtMinusOne);
  }
  if (x === 0n && sign === 1) return false;
  // Three doublings (the formula is complete on this curve, so no denominator is zero).
  let [px, py] = [x, y];
  for (let i = 0; i < 3; i += 1) {
    const xx = mod(px * px);
    const yy = mod(py * py);
    [px, py] = [mod(2n * px * py * modInverse(mod(yy - xx))), mod((yy + xx) * modInverse(mod(2n + xx - yy)))];
  }
  return !(px === 0n && py === 1n);
}

export async function registerSigningKey(
  db: Db,
  clock: Clock,
  userId: string,
  label: string,
  publicKey: string,
): Promise<SigningKeyRow> {
  const raw = decodePublicKey(publicKey);
  if (!raw || !isUsablePublicKey(raw)) {
    throw new Failure<IdentityFailure>(
      'invalid_public_key',
      'public_key is not a valid Ed25519 public key. Send base64 of the raw 32-byte public key, not PEM and not the private key.',
    );
  }
  const fingerprint = fingerprintOf(raw);
  const duplicate = () =>
    new Failure<IdentityFailure>(
      'duplicate_signing_key',
      `This public key is already registered (fingerprint ${fingerprint}). Generate a new keypair.`,
      {
        context: { fingerprint },
      },
    );
  const existing = await signingKeyByFingerprint(db, fingerprint);
  if (existing) throw duplicate();
  const row: SigningKeyRow = {
    id: newSigningKeyId(),
    user_id: userId,
    label,
    public_key: raw.toString('base64'),
    fingerprint,
    created_at_us: clock.nowUs(),
    last_used_at_us: null,
  };
  try {
    await insertSigningKey(db, row);
  } catch (error) {
    // Two registrations of one key at once: the unique fingerprint lets one in; the other is a duplicate.
    if (await findSigningKey(db, fingerprint)) throw duplicate();
    throw error;
  }
  return row;
}

async function findSigningKey(db: Db, fingerprint: string): Promise<SigningKeyRow | undefined> {
  return signingKeyByFingerprint(db, fingerprint);
}

// ---- OAuth access tokens -----------------------------------------------------------------------------

interface AccessTokenGrant {
  grantId: string;
  userId: string;
  scopes: string[];
}

export const accessTokenPrefix = 'mkt_at_';
export const refreshTokenPrefix = 'mkt_rt_';
/** An access token's life unless the caller says (createGrant); the server's is MKT_ACCESS_TOKEN_TTL_S. */
const accessTokenLifetimeSDefault = 3600;
const refreshTokenLifetimeUs = 30 * 24 * 3_600_000_000; // 30 days

/** Scopes are stored space-separated (RFC 6749 §3.3). */
export const splitScopes = (text: string): string[] => text.split(' ').filter(Boolean);

/**
 * The live grant behind an access token: unexpired, unrevoked token of an unrevoked grant, with
 * the token's own scopes (narrower than the grant's after a narrowing refresh). Notes the use on
 * the grant at most once a minute.
 */
export async function findAccessTokenGrant(
  db: Db,
  rawToken: string,
  nowUs: number,
): Promise<AccessTokenGrant | undefined> {
  const row = await accessTokenGrant(db, hashSecret(rawToken), nowUs);
  if (!row) return undefined;
  if (row.last_used_at_us === null || nowUs - row.last_used_at_us > lastUsedResolutionUs) {
    await touchGrant(db, row.grant_id, nowUs);
  }
  return { grantId: row.grant_id, userId: row.user_id, scopes: splitScopes(row.token_scopes ?? row.grant_scopes) };
}

/** 256 random bits as 64 hex digits: alphanumeric, as platform.yaml's TokenResponse patterns require. */
const newOAuthToken = (prefix: typeof accessTokenPrefix | typeof refreshTokenPrefix): string =>
  prefix + randomBytes(32).toString('hex');

export interface IssuedTokenPair {
  accessToken: string;
  refreshToken: string;
  accessExpiresAtUs: number;
  refreshExpiresAtUs: number;
}

/**
 * Stores a fresh access and refresh token of a grant, as hashes; the access token lives `accessLifetimeS`. `accessScopes`
 * narrows the access token below its grant (RFC 6749 §6); the refresh token always keeps the grant's scopes.
 */
export async function insertTokenPair(
  trx: Knex.Transaction,
  grantId: string,
  nowUs: number,
  accessLifetimeS: number,
  accessScopes?: string[],
): Promise<IssuedTokenPair> {
  const pair: IssuedTokenPair = {
    accessToken: newOAuthToken(accessTokenPrefix),
    refreshToken: newOAuthToken(refreshTokenPrefix),
    accessExpiresAtUs: nowUs + accessLifetimeS * 1_000_000,
    refreshExpiresAtUs: nowUs + refreshTokenLifetimeUs,
  };
  await insertTokenRows(
    trx,
    {
      token_hash: hashSecret(pair.accessToken),
      grant_id: grantId,
      kind: 'access',
      scopes: accessScopes?.join(' ') ?? null,
      expires_at_us: pair.accessExpiresAtUs,
      created_at_us: nowUs,
    },
    {
      token_hash: hashSecret(pair.refreshToken),
      grant_id: grantId,
      kind: 'refresh',
      scopes: null,
      expires_at_us: pair.refreshExpiresAtUs,
      created_at_us: nowUs,
    },
  );
  return pair;
}

interface IssuedTokens extends IssuedTokenPair {
  grantId: string;
}

/** A new grant inside the caller's transaction, with its first access (living `accessLifetimeS`) and refresh tokens. */
export async function insertGrant(
  trx: Knex.Transaction,
  nowUs: number,
  userId: string,
  clientId: string,
  scopes: string[],
  accessLifetimeS: number,
): Promise<IssuedTokens> {
  const grantId = newGrantId();
  await insertGrantRow(trx, {
    id: grantId,
    user_id: userId,
    client_id: clientId,
    scopes: scopes.join(' '),
    created_at_us: nowUs,
    last_used_at_us: null,
    revoked_at_us: null,
  });
  return { grantId, ...(await insertTokenPair(trx, grantId, nowUs, accessLifetimeS)) };
}

/** A new grant for a user and client, with its first access and refresh tokens (stored as hashes). */
export async function createGrant(
  db: Db,
  clock: Clock,
  userId: string,
  clientId: string,
  scopes: string[],
  accessLifetimeS: number = accessTokenLifetimeSDefault,
): Promise<IssuedTokens> {
  const nowUs = clock.nowUs();
  return db.transaction((trx) => insertGrant(trx, nowUs, userId, clientId, scopes, accessLifetimeS));
}

/** Records use at most once a minute per credential, so reads do not turn into writes. */
export const lastUsedResolutionUs = 60_000_000;
