import type { Knex } from 'knex';
import { systemAccount } from './journal.js';

/**
 * Where consumed tokens go: `system:consumed:<shard>:<asset>`, one of eight per instrument, chosen by the consuming
 * account. Every settlement credits the sink, and a credit locks its row until the commit: with one sink per
 * instrument, the settlements of every consumer waited on each other there (issue 33: the inference path's hot row,
 * 14 ms of lock wait per settlement at 16 requests at once on PostgreSQL). A consumer's settlements still meet on its
 * own accounts, as they must. The sinks are plain system accounts: the audit sums them like any other.
 */
export const consumedShards = 8;

/** FNV-1a: a stable spread of account ids over the shards (no secret: which shard is not a matter of security). */
function shardOf(accountId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < accountId.length; i += 1) {
    hash ^= accountId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % consumedShards;
}

/** The sink of the tokens `consumerAccountId` consumes, created on first use. */
export function consumedAccount(
  trx: Knex | Knex.Transaction,
  asset: string,
  consumerAccountId: string,
  nowUs: number,
): Promise<string> {
  return systemAccount(trx, 'consumed', asset, nowUs, String(shardOf(consumerAccountId)));
}
