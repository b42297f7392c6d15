import type { Handler } from '../http/types.js';
import type { ApiName, LoadedDocument } from '../http/openapi.js';
import type { Logger } from '../lib/logger.js';
import type { Db } from '../db/knex.js';
import { openReadDatabase } from '../db/knex.js';
import {
  checkReadReplica,
  isConnectionFailure,
  isRecoveryConflict,
  markReplicaDown,
  newReadReplica,
  readerFor,
  recordReadFence,
  type ReadReplica,
} from '../db/read-replica.js';
import type { Services } from './services.js';

/**
 * DATABASE_READ_URL at the composition root: the replica is checked at start, the read-only operations below run their
 * SQL on it, and every other operation leaves its caller's read fence on the primary. The handlers and their SQL do not
 * change; only the `db` of the deps they are given does. Without DATABASE_READ_URL nothing here runs on any request.
 */

/**
 * The operations whose SQL may run on the replica: market data, order and trade history, usage lists. Nothing that
 * writes or that a decision reads (balances, limits, keys, admission) is here. Instruments and markets are served
 * from the reference cache (core/reference.ts), which the primary keeps filled: a cache filled from a replica could
 * keep an old market's controls for the order checks that read the same cache.
 */
const replicaReads: Record<ApiName, ReadonlySet<string>> = {
  trading: new Set([
    'getMarketTicker',
    'getMarketOrderBook',
    'listMarketTrades',
    'getMarketStats',
    'listPriceHistories',
    'listOrders',
    'countOrders',
    'getOrder',
    'listTrades',
    'getTrade',
  ]),
  consumption: new Set(['listUsage', 'getUsageSummary', 'getUsageReceipt']),
  platform: new Set(),
};

/**
 * Opens DATABASE_READ_URL and checks it against the primary. A primary, another cluster or a SQLite DATABASE_URL
 * refuse the start (a replica that is not one would serve reads that never follow the writes). An unreachable replica
 * does not: mkt starts with reads on the primary, says so in the log and /readyz, and a probe brings the replica in
 * when it answers.
 */
export async function startReadReplica(
  url: string | undefined,
  primary: Db,
  nowMs: number,
  logger: Logger,
): Promise<ReadReplica | undefined> {
  if (url === undefined) return undefined;
  const replica = newReadReplica(primary, openReadDatabase(url));
  const check = await checkReadReplica(primary, replica.replica).catch(async (error: unknown) => {
    await replica.replica.destroy();
    throw error;
  });
  if (check.outcome === 'refused') {
    await replica.replica.destroy();
    throw new Error(check.message);
  }
  if (check.outcome === 'unreachable') {
    logger.warn({ reason: check.reason }, 'DATABASE_READ_URL does not answer: reads go to the primary until it does');
    markReplicaDown(replica, nowMs, check.reason);
  }
  return replica;
}

type Handlers = Readonly<Record<string, Handler<Services>>>;

/**
 * The handlers of `document` as served with a replica: its read-only operations read from the database `readerFor`
 * chooses, every operation that is not a GET records its caller's read fence before answering. Without a replica, the
 * handlers as they are.
 */
export function routeReads(document: LoadedDocument, handlers: Handlers, services: Services): Handlers {
  const replica = services.readReplica;
  if (replica === undefined) return handlers;
  // Made once: the same services with the replica as their db, for the SQL of the read-only handlers.
  const onReplica: Services = { ...services, db: replica.replica };
  const routed: Record<string, Handler<Services>> = { ...handlers };
  for (const { operationId, method } of document.operations) {
    const handler = operationId === undefined ? undefined : handlers[operationId];
    if (operationId === undefined || handler === undefined) continue;
    if (method.toLowerCase() !== 'get') routed[operationId] = fenced(handler, replica, services.logger);
    else if (replicaReads[document.api].has(operationId)) routed[operationId] = onReplicaWhenFresh(handler, onReplica);
  }
  return routed;
}

/** A read that runs on the replica when `readerFor` allows, and again on the primary if the replica fails under it. */
function onReplicaWhenFresh(handler: Handler<Services>, onReplica: Services): Handler<Services> {
  return async (request, services) => {
    const replica = services.readReplica;
    if (replica === undefined) return handler(request, services);
    const nowMs = services.clock.nowUs() / 1000;
    const db = await readerFor(replica, request.principal?.userId, nowMs);
    if (db !== replica.replica) return handler(request, services);
    try {
      return await handler(request, onReplica);
    } catch (error) {
      if (isRecoveryConflict(error)) return handler(request, services);
      if (!isConnectionFailure(error)) throw error;
      markReplicaDown(replica, nowMs, error instanceof Error ? error.message : String(error));
      services.logger.warn({ error }, 'DATABASE_READ_URL failed a read: reads go to the primary for a while');
      return handler(request, services);
    }
  };
}

/**
 * An operation that may write: once it has run, its caller's read fence moves past its commits, before the answer
 * leaves, so the caller's next read — through any process — waits for the replica to replay them or goes to the
 * primary.
 */
function fenced(handler: Handler<Services>, replica: ReadReplica, logger: Logger): Handler<Services> {
  return async (request, services) => {
    try {
      return await handler(request, services);
    } finally {
      if (request.principal)
        await recordFenceOrFallBack(replica, request.principal.userId, services.clock.nowUs() / 1000, logger);
    }
  };
}

/**
 * A fence that cannot be written must not turn a committed write into an error: this process then reads from the
 * primary for a while (its own callers keep seeing their writes), and the log says so.
 */
export async function recordFenceOrFallBack(
  replica: ReadReplica,
  userId: string,
  nowMs: number,
  logger: Logger,
): Promise<void> {
  try {
    await recordReadFence(replica, userId);
  } catch (error) {
    markReplicaDown(replica, nowMs, 'a read fence could not be written on the primary');
    logger.warn({ error }, 'a read fence could not be written: this process reads from the primary for a while');
  }
}
