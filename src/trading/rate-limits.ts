import type { Db } from '../db/knex.js';
import { bucketTokens, createBucket, takeFromBucket } from '../db/rate-buckets.js';

/**
 * Token buckets kept in the database, so every server process draws on the same one (DESIGN.md
 * §4, §8). Tokens are counted in thousandths; a bucket refills `ratePerSecond` tokens a second up
 * to `burst`, and one submission takes one token. Each decision is a single atomic statement.
 */
export interface BucketSpec {
  ratePerSecond: number;
  burst: number;
}

export interface BucketDecision {
  allowed: boolean;
  /** Whole tokens left after this decision. */
  remaining: number;
  /** Seconds until a token is there again (0 when allowed). */
  retryAfterSeconds: number;
}

/** Bulk cancellation, per user across markets: its own, smaller bucket. */
export const bulkCancelRateLimit: BucketSpec = { ratePerSecond: 2, burst: 5 };

const milli = 1000;

/** Takes one token from the bucket `key`, made full on first use. */
export const takeToken = (deps: { db: Db }, key: string, spec: BucketSpec, nowUs: number): Promise<BucketDecision> => attemptTake(deps, key, spec, nowUs, 1);

async function attemptTake(deps: { db: Db }, key: string, spec: BucketSpec, nowUs: number, attempt: number): Promise<BucketDecision> {
  const limits = { capacityMilli: spec.burst * milli, ratePerSecond: spec.ratePerSecond };
  // The common case is a bucket that exists and has a token: one statement.
  const left = await takeFromBucket(deps.db, key, limits, milli, nowUs);
  if (left !== undefined) return { allowed: true, remaining: Math.floor(left / milli), retryAfterSeconds: 0 };

  const tokens = await bucketTokens(deps.db, key, limits, nowUs);
  if (tokens === undefined) {
    if (await createBucket(deps.db, key, (spec.burst - 1) * milli, nowUs)) return { allowed: true, remaining: spec.burst - 1, retryAfterSeconds: 0 };
    return attemptTake(deps, key, spec, nowUs, attempt + 1); // another request created it first
  }
  // Between the update and this read another request created or refilled the bucket: try again.
  if (tokens >= milli && attempt < 3) return attemptTake(deps, key, spec, nowUs, attempt + 1);
  const missing = milli - tokens;
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(missing / (spec.ratePerSecond * milli))) };
}
