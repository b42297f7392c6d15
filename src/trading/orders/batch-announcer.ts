import type { CommitTiming } from '../../db/group-commit.js';
import type { Sql } from '../../db/sql.js';
import type { CommittedBatch } from './batch.js';
import type { MarketBook } from './market-book.js';

/**
 * What tells the world about a batch: `stage` runs in its transaction just before the batch is written (the book
 * states are those it commits), and answers the notifications its write statement sends (PostgreSQL's NOTIFY, which
 * leaves only if the transaction commits); `committed` runs once it has committed, with what `stage` gave and how big
 * and long the commit was. Nothing is told of a batch that rolls back.
 */
export interface BatchAnnouncer {
  stage(sql: Sql, batch: CommittedBatch, books: ReadonlyMap<string, MarketBook>): Promise<Staged>;
  committed(staged: unknown, commit: BatchCommit): void;
}

export interface Staged {
  staged: unknown;
  notifications: readonly string[];
}

/** A committed batch's size (commands of the queue: a POST /v1/orders/batch is one) and its transaction's time. */
export interface BatchCommit extends CommitTiming {
  commands: number;
}

export const silent: BatchAnnouncer = {
  stage: () => Promise.resolve({ staged: undefined, notifications: [] }),
  committed: () => undefined,
};
