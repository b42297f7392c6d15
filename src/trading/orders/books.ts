import { setImmediate } from 'node:timers/promises';
import { tradingLanesMax, type Db } from '../../db/knex.js';
import type { MarketBookRow } from '../../db/orders.js';
import { inSqlTransaction, type CommitTiming } from '../../db/group-commit.js';
import { writeTradingBatch } from '../../db/trading-batch.js';
import type { Sql } from '../../db/sql.js';
import { assert } from '../../lib/assert.js';
import { TradingBatch, type BatchNeeds } from './batch.js';
import { BalanceRace, isRetryable, transactionAttemptsMax } from './batch-retries.js';
import { bookReading, currentBook, loadBook, type BookReading } from './book-loading.js';
import { watch, type MarketBook, type MarketSession } from './market-book.js';
import type { BookTop } from '../../lib/metrics.js';
import { topOf } from './order-metrics.js';
import { silent, type BatchAnnouncer } from './batch-announcer.js';
import { currentTrace } from '../../lib/trace-context.js';
import {
  CommandFailed,
  keepRows,
  type BatchMarket,
  type Command,
  type MarketWork,
  type Outcome,
} from './batch-commands.js';
import { groupSpanEnds, noTracer, startGroupSpan, type GroupSpan, type Tracer } from '../../lib/tracer.js';

/** Commands committed together at most; a batch's commands wait for its one commit. */
const batchSizeMax = 64;

/**
 * Matching is serialised: in this process by one queue, across processes by a lock on each market's
 * `market_books` row taken inside the transaction (SQLite has one writer anyway). The book of each
 * market lives in memory; `market_books.version` says whether another process changed it since,
 * and if so it is rebuilt from the resting orders.
 *
 * Commands that queue up while a transaction runs are committed together (group commit): they
 * change a `TradingBatch` in memory, one after the other, and the batch is written at the end in
 * one write set (one statement on PostgreSQL), and every command is answered only once that commit
 * has landed. A command refused before it changed anything is answered alone; one that fails after
 * changing the batch or the book makes the batch run again without it.
 *
 * Markets trade side by side across processes: the rows that several markets change (traders' USD
 * accounts, the fee account) are changed only by the batch's final statement, in the order of their
 * ids, so two batches cannot deadlock on them (DESIGN.md). A batch that finds an account spent by
 * another writer since it read it runs again.
 */
export class BookRegistry {
  private readonly books = new Map<string, MarketBook>();
  private readonly tops = new Map<string, BookTop>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Markets whose book a batch in flight holds (and so `books` does not, until it commits). */
  private readonly held = new Set<string>();
  private readonly queue: Command[] = [];
  private scheduled = false;
  private lanes = 0;
  private readonly lanesMax: number;
  /** Each batch's commit as a span (lib/tracer.ts), set by the composition root. */
  tracer: Tracer = noTracer;

  constructor(
    private readonly db: Db,
    private readonly announcer: BatchAnnouncer = silent,
    /** How a book this process does not hold is read (tests lower the depth that takes a worker thread). */
    readonly reading: BookReading = bookReading(),
  ) {
    this.lanesMax = tradingLanesMax(db);
  }

  /**
   * A market whose book this process does not hold loads it before its command joins the queue
   * (`load`), so that building a deep book keeps neither the queue nor its transaction waiting:
   * other markets' commands go on committing meanwhile.
   */
  async run<T>(marketId: string, work: (session: MarketSession) => Promise<T>, needs?: BatchNeeds): Promise<T> {
    if (!this.books.has(marketId) && !this.held.has(marketId)) await this.load(marketId);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        parts: [{ marketId, work, needs }],
        group: false,
        marketIds: [marketId],
        resolve: resolve as (value: unknown) => void,
        reject,
        trace: currentTrace(),
      });
      this.schedule();
    });
  }

  /**
   * Works that commit in one transaction (a batch of orders, POST /v1/orders/batch): taken into
   * the same group commit, run in the order given, each answered on its own (a refused part
   * changes nothing and the others go on). A part that fails after changing the batch fails the
   * whole group, which is then run no more.
   */
  async runTogether<T>(parts: readonly MarketWork<T>[]): Promise<Outcome<T>[]> {
    const marketIds = [...new Set(parts.map((part) => part.marketId))];
    for (const marketId of marketIds)
      if (!this.books.has(marketId) && !this.held.has(marketId)) await this.load(marketId);
    return new Promise<Outcome<T>[]>((resolve, reject) => {
      const trace = currentTrace();
      this.queue.push({ parts, group: true, marketIds, resolve: resolve as (value: unknown) => void, reject, trace });
      this.schedule();
    });
  }

  /**
   * Builds the market's book from its resting orders outside any transaction, in steps that let
   * other requests run between them (a deep book read on a worker thread, with the version of its
   * snapshot), and keeps it with the version read before the rows: if anything changed the book
   * meanwhile, the version no longer matches and the transaction catches it up or rebuilds it
   * (`current`). Commands of one market share one load; a failed load is only a missed
   * shortcut.
   */
  private load(marketId: string): Promise<void> {
    let pending = this.loading.get(marketId);
    if (!pending) {
      pending = loadBook(this.db, marketId, this.reading)
        .then((state) => {
          const held = this.books.get(marketId);
          if (state && (!held || held.version < state.version)) this.books.set(marketId, state);
        })
        .catch(() => undefined)
        .finally(() => this.loading.delete(marketId));
      this.loading.set(marketId, pending);
    }
    return pending;
  }

  /** The book this process holds for the market, if any, as of its last commit (tests and diagnostics read it). */
  heldBook(marketId: string): MarketBook | undefined {
    return this.books.get(marketId);
  }

  /** Forget every cached book (tests that change rows behind the service's back). */
  invalidate(): void {
    this.books.clear();
    this.tops.clear();
  }

  /** The books as last committed, for the book gauges at scrape: a market whose batch is in flight shows as before. */
  readTops(): ReadonlyMap<string, BookTop> {
    for (const [marketId, state] of this.books) this.tops.set(marketId, topOf(state.book));
    return this.tops;
  }

  /**
   * Lets the requests that arrived with this one reach the queue first (their checks run to the
   * queue without waiting on I/O), so that they commit together with it; then opens lanes.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    void setImmediate().then(() => {
      this.scheduled = false;
      this.openLanes();
    });
  }

  /**
   * A lane is a run of batches, one transaction at a time, each over markets no other lane holds:
   * on PostgreSQL several run side by side (each market's own lock keeps processes apart too); on
   * SQLite one, since it has one writer. A lane ends when the queue holds nothing it may take.
   */
  private openLanes(): void {
    while (this.lanes < this.lanesMax && this.queue.some((command) => this.takeable(command))) {
      this.lanes++;
      void this.runLane().finally(() => {
        this.lanes--;
        this.openLanes();
      });
    }
  }

  private async runLane(): Promise<void> {
    while (this.queue.some((command) => this.takeable(command))) await this.commit();
  }

  private takeable(command: Command): boolean {
    return command.marketIds.every((marketId) => !this.held.has(marketId));
  }

  /**
   * Up to `batchSizeMax` works, oldest first, of markets no batch holds, which this batch then
   * holds (a group is taken whole or left whole; one bigger than the limit goes alone): a market's
   * commands stay in their order, since once one of them is left in the queue, its markets are
   * blocked for every later command of this take.
   */
  private takeBatch(): Command[] {
    const taken: Command[] = [];
    const left: Command[] = [];
    const blocked = new Set<string>();
    let parts = 0;
    for (const command of this.queue) {
      const fits = parts === 0 || parts + command.parts.length <= batchSizeMax;
      if (fits && command.marketIds.every((marketId) => !this.held.has(marketId) && !blocked.has(marketId))) {
        taken.push(command);
        parts += command.parts.length;
      } else {
        left.push(command);
        for (const marketId of command.marketIds) blocked.add(marketId);
      }
    }
    // Markets of the batch are held from now on: later commands of theirs wait for the next batch.
    for (const command of taken) for (const marketId of command.marketIds) this.held.add(marketId);
    this.queue.splice(0, this.queue.length, ...left);
    return taken;
  }

  /**
   * The batch is taken from the queue once the transaction has its connection: commands that
   * arrive while it waits for one (on SQLite, behind other requests' statements on the single
   * connection) join it, instead of each waiting for a commit of its own.
   *
   * A transaction that loses a deadlock to another writer of the ledger (a transfer, a deposit)
   * runs again, with the same batch: nothing is acknowledged before the commit.
   */
  private async commit(): Promise<void> {
    let batch: Command[] = [];
    let taken = false;
    /** The markets this batch holds from its take to its end, whatever commands it drops meanwhile. */
    let held: string[] = [];
    const take = (): Command[] => {
      if (!taken) {
        batch = this.takeBatch();
        held = batch.flatMap((command) => command.marketIds);
      }
      taken = true;
      return batch;
    };
    try {
      for (let attempt = 1; ; attempt++) {
        let outcomes: Outcome[];
        let markets: Map<string, BatchMarket>;
        let announced: unknown;
        const timing: CommitTiming = { seconds: 0 };
        try {
          [outcomes, markets, announced] = await this.transactOnce(take, timing);
        } catch (error) {
          for (const marketId of batch.flatMap((command) => command.marketIds)) this.books.delete(marketId);
          if (error instanceof CommandFailed) {
            error.command.reject(error.failure);
            batch = batch.filter((command) => command !== error.command);
            if (batch.length === 0) return;
            attempt--;
            continue;
          }
          if (attempt < transactionAttemptsMax && isRetryable(error)) continue;
          // A transaction that failed before taking its batch (no connection) fails the next one.
          for (const command of take()) command.reject(error);
          return;
        }
        for (const [marketId, market] of markets) this.books.set(marketId, market.state);
        this.announcer.committed(announced, { commands: batch.length, seconds: timing.seconds });
        batch.forEach((command, i) => {
          const outcome = outcomes[i];
          assert(outcome !== undefined, 'a command of the batch has no outcome');
          if (outcome.ok) command.resolve(outcome.value);
          else command.reject(outcome.error);
        });
        return;
      }
    } finally {
      for (const marketId of held) this.held.delete(marketId);
    }
  }

  private async transactOnce(
    take: () => Command[],
    timing: CommitTiming,
  ): Promise<[Outcome[], Map<string, BatchMarket>, unknown]> {
    const markets = new Map<string, BatchMarket>();
    const outcomes: Outcome[] = [];
    let announced: unknown;
    const traced: GroupSpan = { span: null };
    await inSqlTransaction(
      this.db,
      async (sql) => {
        announced = await this.runBatch(sql, take(), markets, outcomes, traced);
      },
      timing,
    ).then(...groupSpanEnds(traced));
    return [outcomes, markets, announced];
  }

  /** One batch's work inside its transaction (none when another runner took the commands); answers what it staged. */
  private async runBatch(
    sql: Sql,
    commands: Command[],
    markets: Map<string, BatchMarket>,
    outcomes: Outcome[],
    traced: GroupSpan,
  ): Promise<unknown> {
    if (commands.length === 0) return undefined;
    const traces = commands.map((command) => command.trace);
    traced.span = startGroupSpan(this.tracer, 'batch commit', traces, { 'mkt.batch.commands': commands.length });
    const marketIds = [...new Set(commands.flatMap((command) => command.marketIds))];
    const batch = new TradingBatch(sql);
    const stored = await batch.open(
      marketIds,
      commands.flatMap((command) => command.parts.map((part) => part.needs)),
    );
    for (const command of commands) outcomes.push(await this.executeCommand(batch, command, stored, markets));
    const books = [...markets].map(([marketId, market]) => ({
      marketId,
      version: market.version + 1,
      nextSequence: market.sequence,
    }));
    const committed = batch.committed();
    for (const market of markets.values()) {
      market.state.version = market.version + 1;
      market.state.nextSequence = market.sequence;
    }
    keepRows(markets, committed);
    // Made before the write, which sends its notifications; a write that fails drops these books (`commit`).
    const { staged, notifications } = await this.announcer.stage(
      sql,
      committed,
      new Map([...markets].map(([id, market]) => [id, market.state])),
    );
    const refused = await writeTradingBatch(sql, batch.writeSet(books), notifications);
    if (refused.length > 0) throw new BalanceRace(refused);
    return staged;
  }

  /** A command: one work's outcome, or a group's outcomes (as its value), part after part. */
  private async executeCommand(
    batch: TradingBatch,
    command: Command,
    stored: ReadonlyMap<string, MarketBookRow>,
    markets: Map<string, BatchMarket>,
  ): Promise<Outcome> {
    const [first] = command.parts;
    if (!command.group) {
      assert(first !== undefined, 'a command without its work');
      return this.execute(batch, command, first, stored.get(first.marketId), markets);
    }
    const outcomes: Outcome[] = [];
    for (const part of command.parts)
      outcomes.push(await this.execute(batch, command, part, stored.get(part.marketId), markets));
    return { ok: true, value: outcomes };
  }

  /** One work; its refusal is its outcome, unless it changed the batch or the book first. */
  private async execute(
    batch: TradingBatch,
    command: Command,
    part: MarketWork,
    stored: MarketBookRow | undefined,
    markets: Map<string, BatchMarket>,
  ): Promise<Outcome> {
    const { marketId } = part;
    let market = markets.get(marketId);
    if (!market) {
      assert(stored, `market ${marketId} has no market_books row`);
      market = {
        version: stored.version,
        sequence: stored.next_sequence,
        state: await currentBook(batch.sql, marketId, stored, this.books.get(marketId)),
      };
      // Until the commit lands, the in-memory book may run ahead of the database.
      this.books.delete(marketId);
      markets.set(marketId, market);
    }
    const { state } = market;
    const owner = market;
    const watched = watch(state);
    const changes = batch.changes;
    try {
      return { ok: true, value: await part.work({ batch, state: watched.view, nextSequence: () => owner.sequence++ }) };
    } catch (error) {
      if (isRetryable(error)) throw error;
      if (watched.bookTouched() || batch.changes !== changes) throw new CommandFailed(command, error);
      watched.restore();
      return { ok: false, error };
    }
  }
}
