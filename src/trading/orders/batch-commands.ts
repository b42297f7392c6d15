import type { CommittedBatch, BatchNeeds } from './batch.js';
import type { MarketBook, MarketSession } from './market-book.js';
import { openStatuses } from '../../db/trading-rows.js';
import type { TraceContext } from '../../lib/trace-context.js';

/** The group commit's commands and what one batch keeps of its markets (trading/orders/books.ts runs them). */

/** A command failed after changing the batch, so it cannot be undone alone: the batch runs again without it. */
export class CommandFailed extends Error {
  constructor(
    readonly command: Command,
    readonly failure: unknown,
  ) {
    super('a trading command failed after changing its batch');
    this.name = 'CommandFailed';
  }
}

/** One market's part of a command: what it reads and what it does in the market's session. */
export interface MarketWork<T = unknown> {
  marketId: string;
  work: (session: MarketSession) => Promise<T>;
  needs?: BatchNeeds | undefined;
}

/**
 * What the queue holds: one market's work (`run`), or a group of works on one or more markets
 * that must commit in the same transaction (`runTogether`), each answered on its own.
 */
export interface Command {
  parts: readonly MarketWork[];
  group: boolean;
  marketIds: readonly string[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** The trace of the request that queued it: its batch's commit span is a child of, or linked to, that request's. */
  trace: TraceContext | undefined;
}

/** A command's (or a group part's) answer: its value, or the refusal it ended with. */
export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; error: unknown };

/** A market as one batch sees it: the stored row it read, the sequence it hands out, its book. */
export interface BatchMarket {
  version: number;
  sequence: number;
  state: MarketBook;
}

/**
 * The rows the batch wrote, kept with their market's book at the version it commits: open orders
 * kept (or replaced), closed ones dropped. A batch that does not commit drops its books whole.
 */
export function keepRows(markets: ReadonlyMap<string, BatchMarket>, committed: CommittedBatch): void {
  for (const row of [...committed.newOrders, ...committed.changedOrders]) {
    const rows = markets.get(row.market_id)?.state.rows;
    if (!rows) continue;
    if (openStatuses.includes(row.status)) rows.set(row.id, row);
    else rows.delete(row.id);
  }
}
