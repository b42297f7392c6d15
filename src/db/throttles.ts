import type { Db } from './knex.js';

/**
 * The SQL of the throttles (migration 0011). The rules that decide a row's next state live with
 * their caller (src/platform/throttles.ts); here a state is read, and replaced only if nobody
 * replaced it meanwhile (compare and set), so that processes counting the same key at once never
 * lose a count.
 */

export interface ThrottleState {
  failures: number;
  windowEndsAtUs: number;
  blockedUntilUs: number;
}

interface ThrottleRow {
  scope: string;
  key: string;
  failures: number;
  window_ends_at_us: number;
  blocked_until_us: number;
  expires_at_us: number;
}

const stateOf = (row: ThrottleRow): ThrottleState => ({
  failures: Number(row.failures),
  windowEndsAtUs: Number(row.window_ends_at_us),
  blockedUntilUs: Number(row.blocked_until_us),
});

/** The row's state; undefined when there is none or it has expired. */
export async function readThrottle(
  db: Db,
  scope: string,
  key: string,
  nowUs: number,
): Promise<ThrottleState | undefined> {
  const row = await db<ThrottleRow>('throttles').where({ scope, key }).where('expires_at_us', '>', nowUs).first();
  return row && stateOf(row);
}

/**
 * Replaces `expected` (undefined: no live row) by `next`; false if the row is no longer `expected`,
 * because another request (in this process or another) wrote it first.
 */
export async function replaceThrottle(
  db: Db,
  scope: string,
  key: string,
  expected: ThrottleState | undefined,
  next: ThrottleState,
  nowUs: number,
): Promise<boolean> {
  const values = {
    failures: next.failures,
    window_ends_at_us: next.windowEndsAtUs,
    blocked_until_us: next.blockedUntilUs,
    expires_at_us: Math.max(next.windowEndsAtUs, next.blockedUntilUs),
  };
  if (expected === undefined) {
    // No live row: insert, or take over an expired one that the sweep has not deleted yet.
    const inserted = await db('throttles')
      .insert({ scope, key, ...values })
      .onConflict(['scope', 'key'])
      .ignore()
      .returning(['scope']);
    if ((inserted as unknown[]).length === 1) return true;
    return (await db('throttles').where({ scope, key }).where('expires_at_us', '<=', nowUs).update(values)) === 1;
  }
  const replaced = await db('throttles')
    .where({
      scope,
      key,
      failures: expected.failures,
      window_ends_at_us: expected.windowEndsAtUs,
      blocked_until_us: expected.blockedUntilUs,
    })
    .where('expires_at_us', '>', nowUs)
    .update(values);
  return replaced === 1;
}

export async function deleteThrottle(db: Db, scope: string, key: string): Promise<void> {
  await db('throttles').where({ scope, key }).delete();
}

/** Deletes the rows that mean nothing any more: one range of the expiry index. */
export async function pruneThrottles(db: Db, nowUs: number): Promise<number> {
  return db('throttles').where('expires_at_us', '<=', nowUs).delete();
}
