import { statement, type Sql } from './sql.js';

/**
 * Token buckets (migration 0005's rate_buckets), in thousandths of a token. The refill is computed
 * in SQL over the stored row, so each decision is one atomic statement that every process shares.
 * The dialects differ only in the names of the two-argument min and max.
 */
const refilled = (least: string, greatest: string) =>
  `${least}(?, milli_tokens + ${greatest}(0, ? - updated_at_us) * ? / 1000)`;

const takeOne = statement(
  'rate_bucket_take',
  `UPDATE rate_buckets SET milli_tokens = ${refilled('min', 'max')} - ?, updated_at_us = max(updated_at_us, ?)
   WHERE key = ? AND ${refilled('min', 'max')} >= ? RETURNING milli_tokens`,
  `UPDATE rate_buckets SET milli_tokens = ${refilled('least', 'greatest')} - ?, updated_at_us = greatest(updated_at_us, ?)
   WHERE key = ? AND ${refilled('least', 'greatest')} >= ? RETURNING milli_tokens`,
);
const tokensNow = statement(
  'rate_bucket_tokens',
  `SELECT ${refilled('min', 'max')} AS tokens FROM rate_buckets WHERE key = ?`,
  `SELECT ${refilled('least', 'greatest')} AS tokens FROM rate_buckets WHERE key = ?`,
);
const create = statement(
  'rate_bucket_create',
  'INSERT INTO rate_buckets (key, milli_tokens, updated_at_us) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING',
);

interface BucketLimits {
  /** Thousandths of a token the bucket holds at most. */
  capacityMilli: number;
  ratePerSecond: number;
}

/**
 * Takes `costMilli` if the bucket holds it at `nowUs`; resolves with what is left, or undefined when it holds too
 * little or does not exist.
 */
export async function takeFromBucket(
  sql: Sql,
  key: string,
  limits: BucketLimits,
  costMilli: number,
  nowUs: number,
): Promise<number | undefined> {
  const { capacityMilli, ratePerSecond } = limits;
  const row = await sql.get<{ milli_tokens: number }>(takeOne, [
    capacityMilli,
    nowUs,
    ratePerSecond,
    costMilli,
    nowUs,
    key,
    capacityMilli,
    nowUs,
    ratePerSecond,
    costMilli,
  ]);
  return row?.milli_tokens;
}

/** The thousandths the bucket holds at `nowUs`, undefined when it does not exist. */
export async function bucketTokens(
  sql: Sql,
  key: string,
  limits: BucketLimits,
  nowUs: number,
): Promise<number | undefined> {
  const row = await sql.get<{ tokens: number | string }>(tokensNow, [
    limits.capacityMilli,
    nowUs,
    limits.ratePerSecond,
    key,
  ]);
  return row === undefined ? undefined : Number(row.tokens);
}

/** Creates the bucket holding `milliTokens`; false when another request created it first. */
export async function createBucket(sql: Sql, key: string, milliTokens: number, nowUs: number): Promise<boolean> {
  return (await sql.run(create, [key, milliTokens, nowUs])) === 1;
}
