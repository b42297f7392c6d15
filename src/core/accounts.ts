import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  emailVerificationByHash,
  emailVerificationSince,
  insertEmailVerification,
  insertSession,
  reauthenticateSession,
  liveSession,
  recordLegalTermsAcceptance,
  revokeSession,
  verifyEmailWith,
  type SessionRow,
} from '../db/identity.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { notFoundFailure } from '../lib/common-failures.js';
import type { Logger } from '../lib/logger.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import {
  createUser,
  findUser,
  findUserByEmail,
  hashPassword,
  normaliseEmail,
  passwordMatches,
  type UserRow,
} from './identity.js';
import type { Mailer } from './mailer.js';
import { attemptSucceeded, countAttempt, hashedKey, type ThrottleKey } from './throttles.js';

/**
 * Dashboard accounts (DESIGN.md §6): sign-up and password login, email verification, acceptance of
 * the legal terms, and browser sessions. Session ids and verification tokens are random 256-bit
 * values stored only as their SHA-256; the raw values live in the cookie and the mailed link.
 */

export const sessionCookieName = 'mkt_session';
export const sessionLifetimeUs = 7 * 24 * 3_600_000_000;
const verificationLifetimeUs = 24 * 3_600_000_000;
/** A second verification mail within this interval is not sent (the first is still valid). */
const verificationResendIntervalUs = 60_000_000;
export const passwordLengthMin = 10;
export const passwordLengthMax = 200;

const sessionIdPrefix = 'mkt_ss_';
const verificationTokenPrefix = 'mkt_ev_';

/** A live session and its user, as a request sees them. */
export interface ActiveSession {
  idHash: string;
  csrfToken: string;
  expiresAtUs: number;
  /** When the user last proved the password in this session (its sign-in, or a confirmation since). */
  authenticatedAtUs: number;
  user: UserRow;
}

/** A session just opened: `id` is the raw cookie value, returned only here. */
export interface OpenedSession extends ActiveSession {
  id: string;
}

export type SignUpRefusal = 'invalid_email' | 'password_too_short' | 'password_too_long' | 'email_taken';
type SignUpResult = { ok: true; session: OpenedSession } | { ok: false; reason: SignUpRefusal };

export type LogInRefusal = 'invalid_credentials' | 'account_inactive';
type LogInResult =
  | { ok: true; session: OpenedSession }
  | { ok: false; reason: LogInRefusal }
  /** Too many wrong passwords for this account or from this address: nothing was checked. */
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

type VerificationResult = 'verified' | 'already_verified' | 'expired' | 'unknown';
type ResendResult = 'sent' | 'already_verified' | 'too_soon';

/** Constant-time equality of two CSRF tokens (short strings of the same alphabet). */
export function csrfTokensEqual(submitted: string | undefined, expected: string): boolean {
  if (submitted === undefined) return false;
  const a = Buffer.from(submitted, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The live session behind a raw cookie value: known, unrevoked, unexpired. Its user may be inactive. */
export async function findActiveSession(db: Db, rawId: string, nowUs: number): Promise<ActiveSession | undefined> {
  if (!rawId.startsWith(sessionIdPrefix)) return undefined;
  const row = await liveSession(db, hashSecret(rawId), nowUs);
  if (!row) return undefined;
  const user = await findUser(db, row.user_id);
  return (
    user && {
      idHash: row.id_hash,
      csrfToken: row.csrf_token,
      expiresAtUs: Number(row.expires_at_us),
      authenticatedAtUs: Number(row.authenticated_at_us ?? row.created_at_us),
      user,
    }
  );
}

/**
 * What mailing a verification link needs. Its base is the platform's configured public URL
 * (DESIGN.md §9), never the Host header of the request, which whoever sends the request chooses.
 */
interface MailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrls: { of(host: 'platform'): string };
}

// Hashed once per process, so that a login for an unknown email costs one scrypt like a known one.
// A constant whatever the database or clock, so it is kept here rather than passed in.
let decoyHash: Promise<string> | undefined;

async function openSession(deps: { db: Db; clock: Clock }, user: UserRow): Promise<OpenedSession> {
  const id = newSecret(sessionIdPrefix);
  const nowUs = deps.clock.nowUs();
  const row: SessionRow = {
    id_hash: hashSecret(id),
    user_id: user.id,
    csrf_token: newCsrfToken(),
    created_at_us: nowUs,
    expires_at_us: nowUs + sessionLifetimeUs,
    revoked_at_us: null,
    authenticated_at_us: nowUs,
  };
  await insertSession(deps.db, row, nowUs);
  return {
    id,
    idHash: row.id_hash,
    csrfToken: row.csrf_token,
    expiresAtUs: row.expires_at_us,
    authenticatedAtUs: nowUs,
    user,
  };
}

async function mailVerification(deps: MailDeps, user: UserRow): Promise<void> {
  const token = newSecret(verificationTokenPrefix);
  const nowUs = deps.clock.nowUs();
  await insertEmailVerification(deps.db, {
    token_hash: hashSecret(token),
    user_id: user.id,
    created_at_us: nowUs,
    expires_at_us: nowUs + verificationLifetimeUs,
    used_at_us: null,
  });
  const link = `${deps.publicUrls.of('platform')}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Verify your email address for mkt',
    text: `Open this link within 24 hours to verify your email address:\n\n${link}\n\nIf you did not sign up for mkt, ignore this mail.`,
    link,
  });
}

/** Creates the user, mails the verification link and opens a session. */
export async function signUp(
  deps: MailDeps,
  { email, password }: { email: string; password: string },
): Promise<SignUpResult> {
  const normalised = normaliseEmail(email);
  if (normalised.length > 320 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(normalised))
    return { ok: false, reason: 'invalid_email' };
  if (password.length < passwordLengthMin) return { ok: false, reason: 'password_too_short' };
  if (password.length > passwordLengthMax) return { ok: false, reason: 'password_too_long' };
  if (await findUserByEmail(deps.db, normalised)) return { ok: false, reason: 'email_taken' };
  let user: UserRow;
  try {
    user = await createUser(deps.db, deps.clock, { email: normalised, password });
  } catch (error) {
    // Two sign-ups racing for one address: the loser meets the unique index.
    if ((error instanceof Failure && error.code === 'conflict') || (await findUserByEmail(deps.db, normalised)))
      return { ok: false, reason: 'email_taken' };
    throw error;
  }
  deps.logger.info({ user_id: user.id }, 'user signed up');
  await mailVerification(deps, user);
  return { ok: true, session: await openSession(deps, user) };
}

/** `clientAddress` is the socket's remote address (src/lib/client-address.ts), for the throttle. */
export async function logIn(
  deps: { db: Db; clock: Clock },
  { email, password, clientAddress }: { email: string; password: string; clientAddress: string },
): Promise<LogInResult> {
  // Throttled before any scrypt runs (DESIGN.md §9); an unknown email is an account like any other.
  const keys: ThrottleKey[] = [
    { scope: 'login_account', key: hashedKey(normaliseEmail(email)) },
    { scope: 'login_address', key: clientAddress },
  ];
  const throttled = await countAttempt(deps, keys);
  if (!throttled.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: throttled.retryAfterSeconds };
  const user = await findUserByEmail(deps.db, email);
  if (!user?.password_hash) {
    decoyHash ??= hashPassword('decoy password, never matches');
    await passwordMatches(password, await decoyHash);
    return { ok: false, reason: 'invalid_credentials' };
  }
  if (!(await passwordMatches(password, user.password_hash))) return { ok: false, reason: 'invalid_credentials' };
  await attemptSucceeded(deps, keys); // the password was right, even if the account cannot log in
  if (user.status !== 'active') return { ok: false, reason: 'account_inactive' };
  return { ok: true, session: await openSession(deps, user) };
}

/** What confirming the password again gives: done, a wrong password, or too many tries (nothing checked). */
type PasswordConfirmation =
  | { ok: true }
  | { ok: false; reason: 'invalid_credentials' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * The session's user proves the password again (withdrawing needs a recent sign-in): on success the session's
 * `authenticated_at_us` moves to now. Throttled with the logins of the account and of the address.
 */
export async function confirmPassword(
  deps: { db: Db; clock: Clock },
  session: Pick<ActiveSession, 'idHash' | 'user'>,
  { password, clientAddress }: { password: string; clientAddress: string },
): Promise<PasswordConfirmation> {
  const keys: ThrottleKey[] = [
    { scope: 'login_account', key: hashedKey(normaliseEmail(session.user.email)) },
    { scope: 'login_address', key: clientAddress },
  ];
  const throttled = await countAttempt(deps, keys);
  if (!throttled.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: throttled.retryAfterSeconds };
  const hash = session.user.password_hash;
  if (hash === null || !(await passwordMatches(password, hash))) return { ok: false, reason: 'invalid_credentials' };
  await attemptSucceeded(deps, keys);
  await reauthenticateSession(deps.db, session.idHash, deps.clock.nowUs());
  return { ok: true };
}

export const findSession = (deps: { db: Db; clock: Clock }, rawId: string): Promise<ActiveSession | undefined> =>
  findActiveSession(deps.db, rawId, deps.clock.nowUs());

/** Revokes the session; unknown or already revoked ids are ignored. */
export async function logOut(deps: { db: Db; clock: Clock }, rawId: string): Promise<void> {
  await revokeSession(deps.db, hashSecret(rawId), deps.clock.nowUs());
}

export async function sendVerification(deps: MailDeps, userId: string): Promise<ResendResult> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFoundFailure('user', userId);
  if (user.email_verified_at_us !== null) return 'already_verified';
  if (await emailVerificationSince(deps.db, userId, deps.clock.nowUs() - verificationResendIntervalUs))
    return 'too_soon';
  await mailVerification(deps, user);
  return 'sent';
}

export async function verifyEmail(
  deps: { db: Db; clock: Clock; logger: Logger },
  rawToken: string,
): Promise<VerificationResult> {
  const row = await emailVerificationByHash(deps.db, hashSecret(rawToken));
  if (!row) return 'unknown';
  const user = await findUser(deps.db, row.user_id);
  if (!user) return 'unknown';
  if (user.email_verified_at_us !== null) return 'already_verified';
  const nowUs = deps.clock.nowUs();
  if (row.used_at_us !== null || Number(row.expires_at_us) <= nowUs) return 'expired';
  await verifyEmailWith(deps.db, hashSecret(rawToken), user.id, nowUs);
  deps.logger.info({ user_id: user.id }, 'email verified');
  return 'verified';
}

export async function acceptLegalTerms(deps: { db: Db; clock: Clock }, userId: string): Promise<void> {
  await recordLegalTermsAcceptance(deps.db, userId, deps.clock.nowUs());
}
