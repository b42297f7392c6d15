import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';

/**
 * The user's transfer history (trading.yaml `GET /v1/transfer-histories`): every movement of Units
 * between two of the user's accounts, as one union over the tables that record them. Today the
 * `transfers` table (trading → consumption, migration 0005) and `issuance_transfers` (issuance →
 * trading, migration 0020); another kind joins as one more `UNION ALL` branch of `movements` with the
 * same columns and its own `kind`.
 */
export type TransferHistoryKind = 'trading_to_consumption' | 'issuance_to_trading';
export type TransferAccountType = 'trading' | 'consumption' | 'issuance';

export interface TransferHistoryRow {
  id: string;
  kind: TransferHistoryKind;
  user_id: string;
  instrument_id: string;
  instrument_name: string;
  instrument_symbol: string;
  market_id: string;
  quantity: number;
  sender_account_id: string;
  sender_account_type: TransferAccountType;
  account_id: string;
  account_type: TransferAccountType;
  order_id: string | null;
  created_at_us: number;
}

export interface TransferHistoryFilter {
  instrumentId?: string | undefined;
  marketId?: string | undefined;
  /** The receiving account. */
  accountId?: string | undefined;
  senderAccountId?: string | undefined;
}

const movements = `SELECT t.id, 'trading_to_consumption' AS kind, t.user_id, t.instrument_id, t.quantity,
    t.from_account_id AS sender_account_id, 'trading' AS sender_account_type,
    t.to_account_id AS account_id, 'consumption' AS account_type, t.order_id, t.created_at_us
  FROM transfers t WHERE t.user_id = ?
  UNION ALL
  SELECT it.id, 'issuance_to_trading' AS kind, it.user_id, it.instrument_id, it.quantity,
    it.issuance_account_id AS sender_account_id, 'issuance' AS sender_account_type,
    it.trading_account_id AS account_id, 'trading' AS account_type, NULL AS order_id, it.created_at_us
  FROM issuance_transfers it WHERE it.user_id = ?`;

const historyOfUser = `SELECT h.*, i.name AS instrument_name, i.symbol AS instrument_symbol, m.id AS market_id
  FROM (${movements}) h JOIN instruments i ON i.id = h.instrument_id JOIN markets m ON m.instrument_id = h.instrument_id`;

/** One page of the user's transfer history, newest first. */
export function transferHistoryPage(
  db: Db,
  userId: string,
  filter: TransferHistoryFilter,
  page: PageParams,
): Promise<Page<TransferHistoryRow>> {
  const query = db.from(db.raw(`(${historyOfUser}) AS a`, [userId, userId])).select('a.*');
  if (filter.instrumentId !== undefined) query.where('a.instrument_id', filter.instrumentId);
  if (filter.marketId !== undefined) query.where('a.market_id', filter.marketId);
  if (filter.accountId !== undefined) query.where('a.account_id', filter.accountId);
  if (filter.senderAccountId !== undefined) query.where('a.sender_account_id', filter.senderAccountId);
  return keysetPage<TransferHistoryRow>(
    query,
    { name: 'transferred_at', column: 'a.created_at_us', idColumn: 'a.id', direction: 'desc' },
    page,
    (row) => [row.created_at_us, row.id],
  );
}
