import type { Db } from '../db/knex.js';
import { kindOf } from '../db/knex.js';

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

export function createRateLimiter(db: Db) {
  const least = kindOf(db) === 'postgres' ? 'least' : 'min';
  const greatest = kindOf(db) === 'postgres' ? 'greatest' : 'max';

  /** Tokens (thousandths) the bucket holds at `nowUs`, as SQL over the stored row. */
  const refilled = (spec: BucketSpec, nowUs: number) =>
    db.raw(`${least}(?, milli_tokens + ${greatest}(0, ? - updated_at_us) * ? / 1000)`, [spec.burst * milli, nowUs, spec.ratePerSecond]);

  async function take(key: string, spec: BucketSpec, nowUs: number, attempt = 1): Promise<BucketDecision> {
    // The common case is a bucket that exists and has a token: one statement.
    const taken = (await db('rate_buckets')
      .where('key', key)
      .andWhere(refilled(spec, nowUs), '>=', milli)
      .update({ milli_tokens: db.raw('? - ?', [refilled(spec, nowUs), milli]), updated_at_us: db.raw(`${greatest}(updated_at_us, ?)`, [nowUs]) })
      .returning('milli_tokens')) as { milli_tokens: number }[];
    if (taken.length === 1) return { allowed: true, remaining: Math.floor(taken[0]!.milli_tokens / milli), retryAfterSeconds: 0 };

    const row = (await db('rate_buckets').where('key', key).first(db.raw('? as tokens', [refilled(spec, nowUs)]))) as { tokens: number } | undefined;
    if (row === undefined) {
      const inserted = (await db('rate_buckets')
        .insert({ key, milli_tokens: (spec.burst - 1) * milli, updated_at_us: nowUs })
        .onConflict('key')
        .ignore()
        .returning('milli_tokens')) as unknown[];
      if (inserted.length === 1) return { allowed: true, remaining: spec.burst - 1, retryAfterSeconds: 0 };
      return take(key, spec, nowUs, attempt + 1); // another request created it first
    }
    // Between the update and this read another request created or refilled the bucket: try again.
    if (Number(row.tokens) >= milli && attempt < 3) return take(key, spec, nowUs, attempt + 1);
    const missing = milli - Number(row.tokens);
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(missing / (spec.ratePerSecond * milli))) };
  }

  return { take };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
