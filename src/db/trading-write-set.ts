import type { ConsumptionLotRow } from './consumption-lots.js';
import type { AccountChange, JournalEntryWrite } from './journal.js';
import type { OrderRow, TradeLegRow, TradeRow, TransferRow } from './trading-rows.js';

/**
 * A group commit's write set: everything the trading commands of one transaction change, written
 * at its end. Journal entries as they were posted and one change per ledger account, whatever
 * number of entries moved it (both built by src/ledger/write-set.ts); orders, trades, legs, the
 * consumption lots and transfers of auto-transfers; and each market's book version and sequence.
 */
export interface MarketBookWrite {
  marketId: string;
  version: number;
  nextSequence: number;
}

export interface TradingWriteSet {
  entries: readonly JournalEntryWrite[];
  accounts: readonly AccountChange[];
  insertedOrders: readonly OrderRow[];
  updatedOrders: readonly OrderRow[];
  trades: readonly TradeRow[];
  legs: readonly TradeLegRow[];
  lots: readonly Omit<ConsumptionLotRow, 'id'>[];
  transfers: readonly TransferRow[];
  books: readonly MarketBookWrite[];
}

/** Each order is written with the version its market's book reaches with this batch (migration 0013). */
export function bookVersions(set: TradingWriteSet): (order: OrderRow) => number {
  const versions = new Map(set.books.map((book) => [book.marketId, book.version]));
  return (order) => {
    const version = versions.get(order.market_id);
    if (version === undefined)
      throw new Error(`order ${order.id} of market ${order.market_id} is written without its market's book`);
    return version;
  };
}
