import { lockMarketBooks, type MarketBookRow } from './orders.js';
import { createBucket } from './rate-buckets.js';
import type { SignatureClaim } from './replay-guard.js';
import { shapedStatement, statement, valuesList, type Param, type Sql } from './sql.js';

/**
 * What admits a trading batch's commands, written for all of them at once: each signature's claim (the replay
 * guard, src/db/replay-guard.ts) and a token of each one's bucket (src/db/rate-buckets.ts). A command whose claim
 * meets an existing row is a replay and takes no token; the commands of one bucket take its tokens in their order,
 * as many as it holds. On PostgreSQL it is one statement of fixed text whatever the batch's size; on SQLite, in this
 * process, two (the claims, then the buckets).
 */

interface BucketWant {
  key: string;
  /** Thousandths of a token the bucket holds at most. */
  capacityMilli: number;
  ratePerSecond: number;
}

interface AdmissionRequest {
  claim?: SignatureClaim | undefined;
  bucket?: BucketWant | undefined;
}

/** What one bucket's decision did: what it took for the batch and what it left, in thousandths. */
export interface BucketTake {
  takenMilli: number;
  leftMilli: number;
}

interface Admitted {
  /** Per request: false when its signature was used before (by another request, or earlier in this batch). */
  claimed: boolean[];
  buckets: Map<string, BucketTake>;
}

const hashKey = (claim: SignatureClaim): string => `${claim.expiresAtUs}:${claim.signatureHash.toString('hex')}`;

/**
 * Locks the batch's markets (src/db/orders.ts lockMarketBooks), then claims every signature and takes every bucket's
 * tokens: on PostgreSQL all in one statement, the lock first (the admission's rows wait for it), so that two batches
 * never hold a bucket and wait for each other's market. A bucket used for the first time is made full first.
 */
export async function openBatch(
  sql: Sql,
  marketIds: readonly string[],
  requests: readonly AdmissionRequest[],
  nowUs: number,
): Promise<{ books: Map<string, MarketBookRow>; admitted: Admitted }> {
  if (sql.kind !== 'postgres')
    return { books: await lockMarketBooks(sql, marketIds), admitted: await admitTogether(sql, requests, nowUs) };
  let books = new Map<string, MarketBookRow>();
  const admitted = await admitTogether(sql, requests, nowUs, async (unique) => {
    const raw = await admitPostgres(sql, marketIds, unique, nowUs);
    books = raw.books;
    return raw;
  });
  return { books, admitted };
}

/** Claims every signature and takes every bucket's tokens; a bucket used for the first time is made full first. */
async function admitTogether(
  sql: Sql,
  requests: readonly AdmissionRequest[],
  nowUs: number,
  admit: (unique: readonly AdmissionRequest[]) => Promise<Raw> = (unique) =>
    sql.kind === 'postgres' ? admitPostgres(sql, [], unique, nowUs) : admitSqlite(sql, unique, nowUs),
): Promise<Admitted> {
  // The second use of a signature in one batch is a replay of the first: it is not sent.
  const firsts = new Set<string>();
  const sent = requests.map((request) => {
    if (!request.claim) return request;
    const key = hashKey(request.claim);
    if (firsts.has(key)) return undefined;
    firsts.add(key);
    return request;
  });
  const unique = sent.filter((request) => request !== undefined);
  const { claimedKeys, buckets } = await admit(unique);
  const claimed = sent.map(
    (request) => request !== undefined && (!request.claim || claimedKeys.has(hashKey(request.claim))),
  );
  const missing = bucketsWanted(requests, claimed).filter((want) => !buckets.has(want.key));
  if (missing.length > 0) {
    for (const want of missing) await createBucket(sql, want.key, want.capacityMilli, nowUs);
    // The admission alone this time: the markets are locked already.
    const retried = await admitTogether(
      sql,
      requests.flatMap((request, i) =>
        claimed[i] && request.bucket && missing.some((m) => m.key === request.bucket?.key)
          ? [{ bucket: request.bucket }]
          : [],
      ),
      nowUs,
    );
    for (const [key, take] of retried.buckets) buckets.set(key, take);
  }
  return { claimed, buckets };
}

/** Each bucket with the number of tokens its admitted requests want. */
function bucketsWanted(
  requests: readonly AdmissionRequest[],
  claimed: readonly boolean[],
): (BucketWant & { want: number })[] {
  const wanted = new Map<string, BucketWant & { want: number }>();
  requests.forEach((request, i) => {
    if (!request.bucket || !claimed[i]) return;
    const found = wanted.get(request.bucket.key);
    if (found) found.want++;
    else wanted.set(request.bucket.key, { ...request.bucket, want: 1 });
  });
  return [...wanted.values()];
}

interface Raw {
  claimedKeys: Set<string>;
  buckets: Map<string, BucketTake>;
}

interface TakenRow {
  key: string;
  milli_tokens: number | string;
  last_taken_milli: number | string;
}

function takesOf(rows: readonly TakenRow[]): Map<string, BucketTake> {
  return new Map(
    rows.map((row) => [row.key, { takenMilli: Number(row.last_taken_milli), leftMilli: Number(row.milli_tokens) }]),
  );
}

/**
 * The bucket refilled at the batch's time, and what the batch takes of it: whole tokens, at most one per request. Every
 * SET expression reads the row as it was before the statement (both dialects), so `last_taken_milli` records the take.
 */
const refilled = (least: string, greatest: string, w: { now: string; capacity: string; rate: string }) =>
  `${least}(${w.capacity}, b.milli_tokens + ${greatest}(0, ${w.now} - b.updated_at_us) * ${w.rate} / 1000)`;
const taking = (least: string, greatest: string, w: { now: string; capacity: string; rate: string; want: string }) =>
  `${least}(${w.want} * 1000, ${refilled(least, greatest, w)} / 1000 * 1000)`;
const bucketSet = (least: string, greatest: string, w: { now: string; capacity: string; rate: string; want: string }) =>
  `milli_tokens = ${refilled(least, greatest, w)} - ${taking(least, greatest, w)}, ` +
  `updated_at_us = ${greatest}(b.updated_at_us, ${w.now}), last_taken_milli = ${taking(least, greatest, w)}`;

/**
 * The lock of lockMarketBooks, then the admission: `req` reads the locked rows' count, so each admission's row is
 * made after every market's lock is held.
 */
const postgresAdmission = statement(
  'batch_admission',
  '',
  `WITH locked AS (
  SELECT market_id, version, next_sequence FROM market_books WHERE market_id = ANY(?::text[]) ORDER BY market_id FOR NO KEY UPDATE
),
req AS (
  SELECT r.* FROM unnest(?::text[], ?::bigint[], ?::text[], ?::bigint[], ?::bigint[]) AS r(hash_hex, expires_at_us, key, capacity, rate)
  CROSS JOIN (SELECT count(*) FROM locked) AS l
),
clock AS (SELECT ?::bigint AS now_us),
claimed AS (
  INSERT INTO used_signatures (expires_at_us, signature_hash)
  SELECT expires_at_us, decode(hash_hex, 'hex') FROM req WHERE hash_hex IS NOT NULL
  ON CONFLICT DO NOTHING RETURNING expires_at_us, signature_hash
),
want AS (
  SELECT r.key, count(*) AS want, max(r.capacity) AS capacity, max(r.rate) AS rate FROM req r
  WHERE r.key IS NOT NULL AND (r.hash_hex IS NULL OR EXISTS (
    SELECT 1 FROM claimed c WHERE c.expires_at_us = r.expires_at_us AND c.signature_hash = decode(r.hash_hex, 'hex')))
  GROUP BY r.key
),
taken AS (
  UPDATE rate_buckets b SET ${bucketSet('least', 'greatest', { now: 'clock.now_us', capacity: 'w.capacity', rate: 'w.rate', want: 'w.want' })}
  FROM want w, clock WHERE b.key = w.key
  RETURNING b.key, b.milli_tokens, b.last_taken_milli
)
SELECT 'claim' AS what, encode(signature_hash, 'hex') AS key, expires_at_us AS milli_tokens, 0::bigint AS last_taken_milli FROM claimed
UNION ALL SELECT 'bucket', key, milli_tokens, last_taken_milli FROM taken
UNION ALL SELECT 'book', market_id, version, next_sequence FROM locked`,
);

async function admitPostgres(
  sql: Sql,
  marketIds: readonly string[],
  requests: readonly AdmissionRequest[],
  nowUs: number,
): Promise<Raw & { books: Map<string, MarketBookRow> }> {
  const column = (of: (request: AdmissionRequest) => string | number | null | undefined) =>
    requests.map((request) => of(request) ?? null);
  const rows = await sql.all<TakenRow & { what: 'claim' | 'bucket' | 'book' }>(postgresAdmission, [
    [...marketIds],
    column((r) => r.claim?.signatureHash.toString('hex')),
    column((r) => r.claim?.expiresAtUs),
    column((r) => r.bucket?.key),
    column((r) => r.bucket?.capacityMilli),
    column((r) => r.bucket?.ratePerSecond),
    nowUs,
  ]);
  const claimedKeys = new Set<string>();
  const taken: TakenRow[] = [];
  const books = new Map<string, MarketBookRow>();
  for (const row of rows) {
    if (row.what === 'claim') claimedKeys.add(`${Number(row.milli_tokens)}:${row.key}`);
    else if (row.what === 'bucket') taken.push(row);
    else books.set(row.key, { version: Number(row.milli_tokens), next_sequence: Number(row.last_taken_milli) });
  }
  return { claimedKeys, buckets: takesOf(taken), books };
}

const sqliteClaims = (count: number) =>
  shapedStatement(`batch_admission_claims_${count}`, () => ({
    sqlite: `INSERT INTO used_signatures (expires_at_us, signature_hash) VALUES ${valuesList(count, 2)} ON CONFLICT DO NOTHING RETURNING expires_at_us, signature_hash`,
  }));
const sqliteBuckets = (count: number) =>
  shapedStatement(`batch_admission_buckets_${count}`, () => ({
    sqlite:
      `UPDATE rate_buckets AS b SET ${bucketSet('min', 'max', { now: 'w.column5', capacity: 'w.column3', rate: 'w.column4', want: 'w.column2' })} ` +
      `FROM (VALUES ${valuesList(count, 5)}) AS w WHERE b.key = w.column1 RETURNING key, milli_tokens, last_taken_milli`,
  }));

async function admitSqlite(sql: Sql, requests: readonly AdmissionRequest[], nowUs: number): Promise<Raw> {
  const claims = requests.flatMap((request) => (request.claim ? [request.claim] : []));
  const claimedKeys = new Set<string>();
  if (claims.length > 0) {
    const params: Param[] = claims.flatMap((claim) => [claim.expiresAtUs, claim.signatureHash]);
    for (const row of await sql.all<{ expires_at_us: number; signature_hash: Buffer }>(
      sqliteClaims(claims.length),
      params,
    ))
      claimedKeys.add(`${Number(row.expires_at_us)}:${row.signature_hash.toString('hex')}`);
  }
  const claimed = requests.map((request) => !request.claim || claimedKeys.has(hashKey(request.claim)));
  const wanted = bucketsWanted(requests, claimed);
  if (wanted.length === 0) return { claimedKeys, buckets: new Map() };
  const rows = await sql.all<TakenRow>(
    sqliteBuckets(wanted.length),
    wanted.flatMap((w) => [w.key, w.want, w.capacityMilli, w.ratePerSecond, nowUs]),
  );
  return { claimedKeys, buckets: takesOf(rows) };
}
