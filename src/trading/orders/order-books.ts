import { assert } from '../../lib/assert.js';
import type { Db } from '../../db/knex.js';
import type { GroupCommitObserver } from '../../db/group-commit.js';
import { inProcessTransport, payloadBytesMax, type EventTransport } from '../../db/event-transport.js';
import { encodeEvents } from '../../core/events.js';
import { accountsCommitted } from '../../ledger/announcements.js';
import type { MarketWithInstrument, ReferenceCache } from '../../core/reference.js';
import { AccountIds } from '../accounts/account-ids.js';
import { batchEvents } from './batch-events.js';
import { BookRegistry } from './books.js';
import type { Staged } from './batch-announcer.js';
import type { BucketSpec } from './rate-limits.js';
import type { TradeRow } from '../../db/trading-rows.js';
import type { Metrics } from '../../lib/metrics.js';
import { countTrades, newOrderMetrics, type OrderMetrics } from './order-metrics.js';

/** What the order pipeline keeps between commands: made once per process (app/services.ts) and carried on Services. */
export interface OrderBooks {
  books: BookRegistry;
  accounts: AccountIds;
  /** Every market a command of this process named: a batch's events name them. */
  markets: Map<string, MarketWithInstrument>;
  /** The pipeline's instruments: orders as decided, trades and group commits once committed. */
  metrics: OrderMetrics;
}

/** What a batch's `stage` hands its `committed`: the events' payloads, the user accounts it changed, its trades. */
interface StagedEvents {
  payloads: string[];
  accountIds: readonly string[];
  trades: readonly TradeRow[];
}

const nothingStaged: StagedEvents = { payloads: [], accountIds: [], trades: [] };

/**
 * The books of this process, announcing each committed batch's events through `events`, counting its trades in
 * `metrics` (whose book gauges read these books at scrape) and its commit through `commits`.
 */
export function openOrderBooks(
  db: Db,
  metrics: Metrics,
  commits: GroupCommitObserver,
  events: EventTransport = inProcessTransport(
    () => undefined,
    () => false,
  ),
): OrderBooks {
  const markets = new Map<string, MarketWithInstrument>();
  const accounts = new AccountIds();
  const counted = newOrderMetrics(metrics);
  const books = new BookRegistry(db, {
    async stage(sql, batch, held): Promise<Staged> {
      if (!events.wanted())
        return { staged: { payloads: [], accountIds: batch.accountIds, trades: batch.trades }, notifications: [] };
      // The orders' trading accounts, for their events: cached since their orders were placed.
      const units = new Map<string, string>();
      for (const order of [...batch.newOrders, ...batch.changedOrders])
        units.set(order.id, (await accounts.of(sql, order.user_id, order.instrument_id)).units);
      const payloads = encodeEvents(
        batchEvents(
          batch,
          held,
          (marketId) => known(markets, marketId),
          (order) => known(units, order.id),
        ),
        payloadBytesMax,
      );
      const staged: StagedEvents = { payloads, accountIds: batch.accountIds, trades: batch.trades };
      return { staged, notifications: events.inStatement(payloads) };
    },
    committed: (staged, commit) => {
      const { payloads, accountIds, trades } = (staged as StagedEvents | undefined) ?? nothingStaged;
      events.committed(payloads);
      // The batch's accounts, for what this process does after its commits (auto-reload).
      accountsCommitted(db, accountIds);
      countTrades(counted, trades);
      if (commit.commands > 0) commits.committed(commit.commands, commit.seconds);
    },
  });
  metrics.bookSource.read = () => books.readTops();
  return { books, accounts, markets, metrics: counted };
}

/** What the order commands (orders.ts) take as their first parameter; Services carries all of it. */
export interface OrderDeps {
  db: Db;
  referenceCache: ReferenceCache;
  orderBooks: OrderBooks;
  config: { orderRate: BucketSpec };
}

/** What the events of a batch look up was read for that batch: a market it traded on, an order it changed. */
function known<T>(read: ReadonlyMap<string, T>, id: string): T {
  const value = read.get(id);
  assert(value !== undefined, `the batch's events name ${id}, which the batch did not read`);
  return value;
}
