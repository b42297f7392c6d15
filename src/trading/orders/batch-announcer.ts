import type { CommitTiming } from '../../db/group-commit.js';
import type { Sql } from '../../db/sql.js';
import type { CommittedBatch } from './batch.js';
import type { MarketBook } from './market-book.js';

/**
 * What tells the world about a batch: `stage` runs in its transaction once the batch is written
 * (the book states are those it commits) and `committed` once it has committed, with what `stage`
 * gave and how big and long the commit was. Nothing is told of a batch that rolls back.
 */
export interface BatchAnnouncer {
  stage(sql: Sql, batch: CommittedBatch, books: ReadonlyMap<string, MarketBook>): Promise<unknown>;
  committed(staged: unknown, commit: BatchCommit): void;
}

/** A committed batch's size (commands of the queue: a POST /v1/orders/batch is one) and its transaction's time. */
export interface BatchCommit extends CommitTiming {
  commands: number;
}

export const silent: BatchAnnouncer = { stage: () => Promise.resolve(undefined), committed: () => undefined };
