import { accountBalances, type AccountBalanceRow } from '../../db/journal.js';
import { readForBatch } from '../../db/batch-reads.js';
import {
  accountSelfTradePreventions,
  findOrders,
  openOrders,
  orderIdByClientOrderId,
  type OpenOrdersFilter,
} from '../../db/orders.js';
import type { Sql } from '../../db/sql.js';
import type { MarketBookWrite, TradingWriteSet } from '../../db/trading-write-set.js';
import { openStatuses, type OrderRow, type TradeLegRow, type TradeRow } from '../../db/trading-rows.js';
import type { SelfTradePrevention, Side } from '../../engine/types.js';
import { assert } from '../../lib/assert.js';
import { isSystemAccount, JournalWriteSet, type Buckets, type Posting } from '../../ledger/write-set.js';
import type { Settled } from './settle.js';
import { openAdmitted, type OrderAdmission } from './admission.js';
import type { MarketBookRow } from '../../db/orders.js';

/** What a committed batch changed, for its events. */
export interface CommittedBatch {
  newOrders: readonly OrderRow[];
  changedOrders: readonly OrderRow[];
  trades: readonly TradeRow[];
  legs: readonly TradeLegRow[];
  /** Per market, the price levels its orders left or joined. */
  levels: ReadonlyMap<string, readonly { side: Side; priceTicks: number }[]>;
  /** The ledger accounts of users it changed. */
  accountIds: readonly string[];
}

/** What a command will read, declared before its batch runs, so the batch reads it for all its commands at once. */
export interface BatchNeeds {
  /** Accounts it may hold from. */
  accounts?: readonly string[];
  /** A client_order_id it must find unused. */
  clientOrderId?: { userId: string; clientOrderId: string };
  /** A user whose default self-trade prevention it takes. */
  defaultSelfTradePreventionOf?: string;
  /** A new order's signature claim and rate token, made for the batch's orders at once (admission.ts). */
  admission?: OrderAdmission;
}

const clientOrderKey = (userId: string, clientOrderId: string): string => `${userId}\u0000${clientOrderId}`;

/**
 * One group commit's working set: what its commands read (orders, the buckets they spend from)
 * and what they change, held in memory until the batch writes it all at once (`writeSet`).
 *
 * Balances are the stored buckets plus what this batch has posted, so a command sees its
 * predecessors' effects without a write. A user's bucket that a posting would take below zero
 * refuses the posting here; when another process spent from it since the read, the batch's final
 * conditional write refuses instead, and the batch runs again.
 *
 * Commands change it only through `post`, `put` and `record`, each whole or not at all, and
 * `changes` counts them: a command that fails after changing it cannot be undone alone.
 */
export class TradingBatch {
  private readonly stored = new Map<string, Buckets>();
  /** Client order ids looked up for the batch's commands: the id of the stored order that has it, or null. */
  private readonly storedClientOrderIds = new Map<string, string | null>();
  /** Users' default self-trade prevention, read for the batch's commands. */
  private readonly selfTradePreventions = new Map<string, SelfTradePrevention>();
  /** The journal entries and account changes of its commands (src/ledger/write-set.ts). */
  private readonly journal = new JournalWriteSet();
  private readonly rows = new Map<string, OrderRow>();
  private readonly inserted = new Set<string>();
  private readonly updated = new Set<string>();
  private readonly written: Pick<Settled, 'trades' | 'legs' | 'lots' | 'transfers'> = {
    trades: [],
    legs: [],
    lots: [],
    transfers: [],
  };
  private changeCount = 0;
  /** Per market, the price levels that the batch's orders left or joined, by `side:priceTicks`. */
  private readonly levels = new Map<string, Map<string, { side: Side; priceTicks: number }>>();

  constructor(readonly sql: Sql) {}

  get changes(): number {
    return this.changeCount;
  }

  // ---- reads ---------------------------------------------------------------------------------------

  /**
   * Locks the markets and admits the new orders (admission.ts), then reads what the commands declared they need, in
   * one statement of each kind; answers the markets' book rows.
   */
  async open(
    marketIds: readonly string[],
    needs: readonly (BatchNeeds | undefined)[],
  ): Promise<Map<string, MarketBookRow>> {
    const books = await openAdmitted(
      this.sql,
      marketIds,
      needs.flatMap((need) => need?.admission ?? []),
    );
    await this.prefetch(needs);
    return books;
  }

  /** Reads what the commands declared they need, at once (src/db/batch-reads.ts). */
  private async prefetch(needs: readonly (BatchNeeds | undefined)[]): Promise<void> {
    const accountIds = [...new Set(needs.flatMap((need) => need?.accounts ?? []))].filter(
      (id) => !isSystemAccount(id) && !this.stored.has(id),
    );
    const users = [...new Set(needs.flatMap((need) => need?.defaultSelfTradePreventionOf ?? []))];
    const pairs = needs.flatMap((need) => (need?.clientOrderId ? [need.clientOrderId] : []));
    const reads = await readForBatch(this.sql, {
      accountIds,
      selfTradePreventionsOf: users,
      clientOrderIds: pairs,
    });
    this.keepBalances(accountIds, reads.balances);
    for (const [userId, mode] of reads.selfTradePreventions) this.selfTradePreventions.set(userId, mode);
    for (const pair of pairs) this.storedClientOrderIds.set(clientOrderKey(pair.userId, pair.clientOrderId), null);
    for (const row of reads.clientOrders)
      this.storedClientOrderIds.set(clientOrderKey(row.user_id, row.client_order_id), row.id);
  }

  /**
   * The orders by id as this batch has them; where it has not seen them yet, the stored rows the
   * caller `known` (its market's book's: as stored at the version this batch started from), else read.
   */
  async orders(ids: readonly string[], known?: ReadonlyMap<string, OrderRow>): Promise<OrderRow[]> {
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      if (this.rows.has(id)) continue;
      const row = known?.get(id);
      if (row) this.rows.set(id, row);
      else missing.push(id);
    }
    if (missing.length > 0) for (const row of await findOrders(this.sql, missing)) this.rows.set(row.id, row);
    return ids.filter((id) => this.rows.has(id)).map((id) => this.held(id));
  }

  /** An order the batch holds (read, adopted or put): asking for another is a bug. */
  private held(id: string): OrderRow {
    const row = this.rows.get(id);
    assert(row !== undefined, `the batch holds no order ${id}`);
    return row;
  }

  /** Rows the caller read from the database, replaced by this batch's version of each where it has one. */
  adopt(rows: readonly OrderRow[]): OrderRow[] {
    return rows.map((row) => {
      const held = this.rows.get(row.id);
      if (held) return held;
      this.rows.set(row.id, row);
      return row;
    });
  }

  async order(id: string): Promise<OrderRow | undefined> {
    return (await this.orders([id]))[0];
  }

  /** The user's open orders matching the filter: those stored, as this batch has them, and those it placed. */
  async openOrders(userId: string, filter: OpenOrdersFilter): Promise<OrderRow[]> {
    const stored = await openOrders(this.sql, userId, filter);
    for (const row of stored) if (!this.rows.has(row.id)) this.rows.set(row.id, row);
    const matches = (row: OrderRow) =>
      row.user_id === userId &&
      (filter.marketId === undefined || row.market_id === filter.marketId) &&
      (filter.side === undefined || row.side === filter.side) &&
      openStatuses.includes(row.status);
    const ids = new Set([...stored.map((row) => row.id), ...this.inserted]);
    return [...ids].map((id) => this.held(id)).filter(matches);
  }

  /** The user's default self-trade prevention, as of this batch. */
  async defaultSelfTradePrevention(userId: string): Promise<SelfTradePrevention> {
    let mode = this.selfTradePreventions.get(userId);
    if (mode === undefined) {
      mode = (await accountSelfTradePreventions(this.sql, [userId])).get(userId);
      assert(mode !== undefined, 'every user asked for has a default self-trade prevention');
      this.selfTradePreventions.set(userId, mode);
    }
    return mode;
  }

  /** The id of the user's order with this client_order_id, placed in this batch or before. */
  async orderIdByClientOrderId(userId: string, clientOrderId: string): Promise<string | undefined> {
    for (const id of this.inserted) {
      const row = this.held(id);
      if (row.user_id === userId && row.client_order_id === clientOrderId) return id;
    }
    const stored = this.storedClientOrderIds.get(clientOrderKey(userId, clientOrderId));
    if (stored !== undefined) return stored ?? undefined;
    return orderIdByClientOrderId(this.sql, userId, clientOrderId);
  }

  /** Reads the buckets of the user accounts among `accountIds` that this batch has not read yet. */
  async readBalances(accountIds: readonly string[]): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !isSystemAccount(id) && !this.stored.has(id));
    if (missing.length > 0) this.keepBalances(missing, await accountBalances(this.sql, missing));
  }

  private keepBalances(accountIds: readonly string[], rows: readonly AccountBalanceRow[]): void {
    for (const row of rows) this.stored.set(row.id, { available: Number(row.available), locked: Number(row.locked) });
    for (const id of accountIds) assert(this.stored.has(id), `ledger account ${id} does not exist`);
  }

  /** A user account's available bucket as this batch has it (`readBalances` first). */
  available(accountId: string): number {
    return this.journal.balance(accountId, this.read(accountId)).available;
  }

  /** The stored buckets of a user account the batch has read (`readBalances`). */
  private read(accountId: string): Buckets {
    const stored = this.stored.get(accountId);
    assert(stored, `the batch has not read ledger account ${accountId}`);
    return stored;
  }

  // ---- changes -------------------------------------------------------------------------------------

  /**
   * Posts a balanced journal entry: applied to the batch's balances, unless it would take a user
   * bucket below zero. Resolves with the refused account (nothing applied), or undefined. Every
   * account it debits must have been read (`readBalances`); `record` posts settlements, which spend
   * only what their orders hold, and checks only the accounts the batch read.
   */
  post(
    kind: string,
    reference: string | null,
    postings: readonly Posting[],
    nowUs: number,
    options: { unread: 'refuse' | 'skip' } = { unread: 'refuse' },
  ): string | undefined {
    const stored = (accountId: string): Buckets | undefined =>
      options.unread === 'skip' && !this.stored.has(accountId) ? undefined : this.read(accountId);
    const entriesBefore = this.journal.entries.length;
    const refused = this.journal.add(kind, reference, postings, nowUs, stored);
    if (this.journal.entries.length > entriesBefore) this.changeCount++;
    return refused;
  }

  /** Keeps an order's new state, to be written with the batch. */
  put(row: OrderRow, isNew: boolean): void {
    const previous = this.rows.get(row.id);
    if (previous) this.touchLevel(previous);
    this.touchLevel(row);
    this.rows.set(row.id, row);
    if (isNew) this.inserted.add(row.id);
    else if (!this.inserted.has(row.id)) this.updated.add(row.id);
    this.changeCount++;
  }

  /** A command's settlement: its entries must apply (they spend only what its orders hold). */
  record(settled: Settled, nowUs: number): void {
    for (const entry of settled.entries) {
      const refused = this.post(entry.kind, entry.reference, entry.postings, nowUs, { unread: 'skip' });
      assert(refused === undefined, `settlement of ${entry.reference} overdraws ledger account ${refused}`);
    }
    for (const row of settled.orders) this.put(row, !this.rows.has(row.id) || this.inserted.has(row.id));
    this.written.trades.push(...settled.trades);
    this.written.legs.push(...settled.legs);
    this.written.lots.push(...settled.lots);
    this.written.transfers.push(...settled.transfers);
    for (const stamp of settled.stamps) {
      const account = this.journal.account(stamp.accountId, nowUs);
      if (stamp.deposit) account.lastDepositAtUs = nowUs;
      if (stamp.withdrawal) account.lastWithdrawalAtUs = nowUs;
      if (stamp.trading) account.lastTradingActivityAtUs = nowUs;
      if (stamp.transferIn > 0) {
        account.lastTransferAtUs = nowUs;
        account.transfersIn += stamp.transferIn;
      }
    }
    this.changeCount++;
  }

  /** A pending stop is not on the book: it touches no level until it triggers. */
  private touchLevel(row: OrderRow): void {
    if (row.price_ticks === null || row.status === 'pending') return;
    let levels = this.levels.get(row.market_id);
    if (!levels) {
      levels = new Map();
      this.levels.set(row.market_id, levels);
    }
    levels.set(`${row.side}:${row.price_ticks}`, { side: row.side, priceTicks: row.price_ticks });
  }

  /** What the batch wrote, once it has committed: the events of the live streams are made from it. */
  committed(): CommittedBatch {
    const touched = new Map<string, { side: Side; priceTicks: number }[]>();
    for (const [marketId, levels] of this.levels) {
      touched.set(marketId, [...levels.values()]);
    }
    return {
      newOrders: [...this.inserted].map((id) => this.held(id)),
      changedOrders: [...this.updated].map((id) => this.held(id)),
      trades: this.written.trades,
      legs: this.written.legs,
      levels: touched,
      accountIds: this.journal.userAccountIds(),
    };
  }

  /** Everything to write, with the markets' new book versions. */
  writeSet(books: readonly MarketBookWrite[]): TradingWriteSet {
    return {
      entries: this.journal.entries,
      accounts: this.journal.accountChanges(),
      insertedOrders: [...this.inserted].map((id) => this.held(id)),
      updatedOrders: [...this.updated].map((id) => this.held(id)),
      ...this.written,
      books,
    };
  }
}
