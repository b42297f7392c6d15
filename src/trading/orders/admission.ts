import { openBatch, type BucketTake } from '../../db/admissions.js';
import type { MarketBookRow } from '../../db/orders.js';
import type { Sql } from '../../db/sql.js';
import { claimPending, replayRefusal, type PendingClaim } from '../../core/signatures.js';
import { rateLimited, takeToken, type BucketDecision, type BucketSpec } from './rate-limits.js';
import { refuse, refused, type Refusal } from './refusals.js';

/**
 * What admits a new order (POST /v1/orders), besides its checks: its signature's pending claim (the signature was
 * verified at the edge, src/http/auth/signature.ts) and a token of the user's bucket for the market. Both are made in
 * the order's group commit, for all the batch's orders at once (`admitBatch`, in its first statements: src/db/
 * admissions.ts), so they cost no commit and no round trip of their own. An order refused before it reaches its batch
 * is admitted on its own first (`admitAlone`), so the claim always comes first and the token before the order's fields,
 * as if taken at once.
 */
export interface OrderAdmission {
  claim: PendingClaim | undefined;
  /** The bucket, once the market and the user are known. */
  bucket: { key: string; spec: BucketSpec } | undefined;
  nowUs: number;
  /** What the batch decided, set by `admitBatch`. */
  outcome?: { replayed: boolean; rate: BucketDecision | undefined };
}

const milli = 1000;
const unlimited: BucketDecision = { allowed: true, remaining: 0, retryAfterSeconds: 0 };

/**
 * Opens a batch: locks its markets and admits its orders, in their order (each admission's `outcome` is set); answers
 * the markets' book rows.
 */
export async function openAdmitted(
  sql: Sql,
  marketIds: readonly string[],
  admissions: readonly OrderAdmission[],
): Promise<Map<string, MarketBookRow>> {
  const nowUs = Math.max(0, ...admissions.map((a) => a.nowUs));
  const { books, admitted } = await openBatch(
    sql,
    marketIds,
    admissions.map((a) => ({
      claim: a.claim,
      bucket: a.bucket && {
        key: a.bucket.key,
        capacityMilli: a.bucket.spec.burst * milli,
        ratePerSecond: a.bucket.spec.ratePerSecond,
      },
    })),
    nowUs,
  );
  const served = new Map<string, number>();
  admissions.forEach((admission, i) => {
    const replayed = admitted.claimed[i] !== true;
    let rate: BucketDecision | undefined;
    if (!replayed && admission.bucket) {
      const take = admitted.buckets.get(admission.bucket.key);
      const index = served.get(admission.bucket.key) ?? 0;
      served.set(admission.bucket.key, index + 1);
      rate = take && decisionOf(take, index, admission.bucket.spec);
    }
    admission.outcome = { replayed, rate };
  });
  return books;
}

/** The decision of the bucket's `index`-th request (from 0) of a batch that took `take`. */
function decisionOf(take: BucketTake, index: number, spec: BucketSpec): BucketDecision {
  const takenTokens = Math.floor(take.takenMilli / milli);
  if (index < takenTokens)
    return {
      allowed: true,
      remaining: Math.floor(take.leftMilli / milli) + takenTokens - 1 - index,
      retryAfterSeconds: 0,
    };
  const missing = Math.max(0, milli - take.leftMilli);
  return {
    allowed: false,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil(missing / (spec.ratePerSecond * milli))),
  };
}

/** The order's admission as its batch decided it: the replay's refusal, then the rate limit's. */
export function admitted(admission: OrderAdmission): BucketDecision {
  const { outcome } = admission;
  if (outcome === undefined) throw new Error('an order reached its stage without its batch admitting it');
  if (outcome.replayed && admission.claim) refused(replayOf(admission.claim));
  const rate = outcome.rate ?? unlimited;
  refuse(rateLimited(rate, limitWording(admission)));
  return rate;
}

/** The claim, then the token, on their own (an order refused before its batch): their refusals come before any other. */
export async function admitAlone(sql: Sql, admission: OrderAdmission): Promise<void> {
  if (admission.claim && (await claimPending(sql, admission.claim))) refused(replayOf(admission.claim));
  if (!admission.bucket) return;
  const rate = await takeToken(sql, admission.bucket.key, admission.bucket.spec, admission.nowUs);
  refuse(rateLimited(rate, limitWording(admission)));
}

const replayOf = (claim: PendingClaim): Refusal => {
  const { detail, context } = replayRefusal(claim.timestamp);
  return { code: 'signature_replayed', detail, ...(context ? { context } : {}) };
};

const limitWording = (admission: OrderAdmission): string =>
  `Order submission limit of ${admission.bucket?.spec.ratePerSecond ?? 0} per second for this market reached`;
