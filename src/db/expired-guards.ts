import type { Db } from './knex.js';
import { pruneUsedSignatures } from './replay-guard.js';
import { pruneThrottles } from './throttles.js';
import { pruneUsedTickets } from './tickets.js';

/**
 * Deletes what the replay guard, the used admission tickets and the throttles keep past its use. The background work of
 * every
 * process calls it once a second; each delete is one range of an index, and processes that delete
 * the same rows at once only find them gone.
 */
export async function pruneExpiredGuards(db: Db, nowUs: number): Promise<void> {
  await pruneUsedSignatures(db, nowUs);
  await pruneUsedTickets(db, nowUs);
  await pruneThrottles(db, nowUs);
}
