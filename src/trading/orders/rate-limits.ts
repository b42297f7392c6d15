import { bucketTokens, createBucket, takeFromBucket } from '../../db/rate-buckets.js';
import type { Sql } from '../../db/sql.js';
import type { Refusal } from './refusals.js';

/**
 * Token buckets kept in the database, so every server process draws on the same one (DESIGN.md
 * §4, §8). Tokens are counted in thousandths; a bucket refills `ratePerSecond` tokens a second up
 * to `burst`, and one submission takes one token. Each decision is a single atomic statement, run
 * on the pool (its own commit) or inside the transaction of what it admits (a new order's, in its
 * group commit: the token is spent exactly when the order commits, and holds across processes all
 * the same, since the statement computes the refill over the stored row).
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
export const takeToken = (sql: Sql, key: string, spec: BucketSpec, nowUs: number): Promise<BucketDecision> =>
  attemptTake(sql, key, spec, nowUs, 1, 1);

/** Takes `count` tokens at once, or none (a batch of orders on one market; at most `burst`). */
export const takeTokens = (
  sql: Sql,
  key: string,
  spec: BucketSpec,
  nowUs: number,
  count: number,
): Promise<BucketDecision> => attemptTake(sql, key, spec, nowUs, count, 1);

async function attemptTake(
  sql: Sql,
  key: string,
  spec: BucketSpec,
  nowUs: number,
  count: number,
  attempt: number,
): Promise<BucketDecision> {
  const limits = { capacityMilli: spec.burst * milli, ratePerSecond: spec.ratePerSecond };
  const cost = count * milli;
  // The common case is a bucket that exists and has the tokens: one statement.
  const left = await takeFromBucket(sql, key, limits, cost, nowUs);
  if (left !== undefined) return { allowed: true, remaining: Math.floor(left / milli), retryAfterSeconds: 0 };

  const tokens = await bucketTokens(sql, key, limits, nowUs);
  if (tokens === undefined) {
    if (count <= spec.burst && (await createBucket(sql, key, (spec.burst - count) * milli, nowUs)))
      return { allowed: true, remaining: spec.burst - count, retryAfterSeconds: 0 };
    if (count > spec.burst) return { allowed: false, remaining: 0, retryAfterSeconds: 1 };
    return attemptTake(sql, key, spec, nowUs, count, attempt + 1); // another request created it first
  }
  // Between the update and this read another request created or refilled the bucket: try again.
  if (tokens >= cost && attempt < 3) return attemptTake(sql, key, spec, nowUs, count, attempt + 1);
  const missing = cost - tokens;
  return {
    allowed: false,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil(missing / (spec.ratePerSecond * milli))),
  };
}

/** The refusal of a decision that did not allow, with its Retry-After. */
export const rateLimited = (decision: BucketDecision, what: string): Refusal | undefined =>
  decision.allowed
    ? undefined
    : {
        code: 'rate_limited',
        detail: `${what}; retry after ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? '' : 's'}.`,
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      };
