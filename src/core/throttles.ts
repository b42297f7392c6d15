import { createHash } from 'node:crypto';
import type { Db } from '../db/knex.js';
import { deleteThrottle, readThrottle, replaceThrottle, type ThrottleState } from '../db/throttles.js';
import type { Clock } from '../lib/clock.js';

/**
 * Throttles against guessing (DESIGN.md §9): log-ins per account and per client address, device
 * codes per address and per client, user-code guesses at /device per address and per session.
 *
 * Every attempt is counted before the guess is checked (so a burst of parallel guesses cannot all
 * slip in before the first failure is written), and a key is free for `freeFailures` attempts in
 * its window; after that each counted attempt blocks the key for a delay that doubles, up to
 * `delayMaxMs`. An attempt on a blocked key is refused without being checked or counted, with the
 * time left. A guess that turns out right is forgiven: an account's count starts again from zero;
 * an address's or session's count loses this attempt (so that one right password cannot wipe out an
 * address's record of guesses at other accounts). The state is in the database (migration 0011),
 * so every process enforces the same delays.
 */
interface ThrottlePolicy {
  freeFailures: number;
  delayBaseMs: number;
  delayMaxMs: number;
  /** The count starts again from zero this long after the window's first attempt. */
  windowMs: number;
  /** What a right guess does to the key: `clear` the count, or `forgive` its own attempt. */
  onSuccess: 'clear' | 'forgive';
}

const minute = 60_000;

export const throttlePolicies = {
  /** Five wrong passwords, then 1, 2, 4 … seconds, at most 15 minutes, between tries. */
  login_account: {
    freeFailures: 5,
    delayBaseMs: 1_000,
    delayMaxMs: 15 * minute,
    windowMs: 60 * minute,
    onSuccess: 'clear',
  },
  /** One address may mistype several accounts' passwords (a shared office), not guess at many. */
  login_address: {
    freeFailures: 10,
    delayBaseMs: 1_000,
    delayMaxMs: 15 * minute,
    windowMs: 60 * minute,
    onSuccess: 'forgive',
  },
  /**
   * Each request counts: a device code lives ten minutes, a person needs one or two (an office behind one address,
   * more).
   */
  device_code_address: {
    freeFailures: 30,
    delayBaseMs: 1_000,
    delayMaxMs: 10 * minute,
    windowMs: 10 * minute,
    onSuccess: 'forgive',
  },
  /**
   * A fuse for the whole public client against floods from many addresses: far above what people
   * logging in need, and short, so that a flood delays other logins by a minute at most.
   */
  device_code_client: {
    freeFailures: 600,
    delayBaseMs: 1_000,
    delayMaxMs: minute,
    windowMs: minute,
    onSuccess: 'forgive',
  },
  /** Wrong user codes typed at /device, per session and per address. */
  user_code_session: {
    freeFailures: 5,
    delayBaseMs: 1_000,
    delayMaxMs: 15 * minute,
    windowMs: 60 * minute,
    onSuccess: 'forgive',
  },
  user_code_address: {
    freeFailures: 10,
    delayBaseMs: 1_000,
    delayMaxMs: 15 * minute,
    windowMs: 60 * minute,
    onSuccess: 'forgive',
  },
} as const satisfies Record<string, ThrottlePolicy>;

export type ThrottleScope = keyof typeof throttlePolicies;

export interface ThrottleKey {
  scope: ThrottleScope;
  key: string;
}

type ThrottleDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Keys are at most 128 characters: an email is kept as its SHA-256, so the table holds no addresses. */
export const hashedKey = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Compare-and-set rounds before an attempt on a key that many requests write at once gives up. */
const writeAttemptsMax = 8;

/** The delay after the `failures`-th counted attempt: none while free, then doubling up to the cap. */
function delayAfterMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  return doublings >= 31 ? policy.delayMaxMs : Math.min(policy.delayBaseMs * 2 ** doublings, policy.delayMaxMs);
}

const secondsUntil = (untilUs: number, nowUs: number): number => Math.max(1, Math.ceil((untilUs - nowUs) / 1_000_000));

/** One key's next state after one more attempt, written only over the state it was computed from. */
async function countOne(db: Db, key: ThrottleKey, nowUs: number): Promise<ThrottleDecision> {
  const policy: ThrottlePolicy = throttlePolicies[key.scope];
  for (let round = 0; round < writeAttemptsMax; round += 1) {
    const state = await readThrottle(db, key.scope, key.key, nowUs);
    if (state && state.blockedUntilUs > nowUs)
      return { ok: false, retryAfterSeconds: secondsUntil(state.blockedUntilUs, nowUs) };
    const fresh = !state || state.windowEndsAtUs <= nowUs;
    const failures = fresh ? 1 : state.failures + 1;
    const delayMs = delayAfterMs(policy, failures);
    const next: ThrottleState = {
      failures,
      windowEndsAtUs: fresh ? nowUs + policy.windowMs * 1000 : state.windowEndsAtUs,
      blockedUntilUs: delayMs > 0 ? nowUs + delayMs * 1000 : 0,
    };
    if (await replaceThrottle(db, key.scope, key.key, state, next, nowUs)) return { ok: true };
  }
  return { ok: false, retryAfterSeconds: 1 }; // the key is written faster than it can be counted: that is a flood
}

async function forgiveOne(db: Db, key: ThrottleKey, nowUs: number): Promise<void> {
  const policy: ThrottlePolicy = throttlePolicies[key.scope];
  if (policy.onSuccess === 'clear') return deleteThrottle(db, key.scope, key.key);
  for (let round = 0; round < writeAttemptsMax; round += 1) {
    const state = await readThrottle(db, key.scope, key.key, nowUs);
    if (!state || state.failures === 0) return;
    const failures = state.failures - 1;
    // The block this attempt set goes with it, unless the attempts before it had earned one.
    const next = { ...state, failures, blockedUntilUs: delayAfterMs(policy, failures) > 0 ? state.blockedUntilUs : 0 };
    if (await replaceThrottle(db, key.scope, key.key, state, next, nowUs)) return;
  }
}

/**
 * Counts an attempt against every key, unless a key is blocked: then nothing is counted and the answer says how long to
 * wait.
 */
export async function countAttempt(deps: { db: Db; clock: Clock }, keys: ThrottleKey[]): Promise<ThrottleDecision> {
  const nowUs = deps.clock.nowUs();
  // Look first, so that an attempt refused by one key is counted against none.
  let waitSeconds = 0;
  for (const key of keys) {
    const state = await readThrottle(deps.db, key.scope, key.key, nowUs);
    if (state && state.blockedUntilUs > nowUs)
      waitSeconds = Math.max(waitSeconds, secondsUntil(state.blockedUntilUs, nowUs));
  }
  if (waitSeconds > 0) return { ok: false, retryAfterSeconds: waitSeconds };
  for (const key of keys) {
    const decision = await countOne(deps.db, key, nowUs);
    if (!decision.ok) return decision;
  }
  return { ok: true };
}

/** The attempt was right: each key's policy clears its count or forgives the attempt. */
export async function attemptSucceeded(deps: { db: Db; clock: Clock }, keys: ThrottleKey[]): Promise<void> {
  const nowUs = deps.clock.nowUs();
  for (const key of keys) await forgiveOne(deps.db, key, nowUs);
}
