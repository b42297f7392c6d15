import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';

/**
 * What a user's positions (trading.yaml `GET /v1/positions`) are computed from: the balances of the
 * ledger per instrument, and the user's events that move Units (fills, supply issuances, transfers
 * to consumption) in the order they happened. src/trading/accounts/positions.ts folds the events.
 */
export type PositionStatus = 'open' | 'closed';

/** One instrument the user holds or has held, with its balances in Units. */
export interface PositionBalanceRow {
  instrument_id: string;
  instrument_symbol: string;
  instrument_name: string;
  market_id: string;
  /** Units in the trading account (available + reserved). */
  trading_units: number;
  /** Units in the consumption account, a part-used Unit counting as one. */
  consumption_units: number;
  quantity: number;
  status: PositionStatus;
  /** When the user's first account of the instrument opened. */
  opened_at_us: number;
  /** The latest change of one of those accounts. */
  updated_at_us: number;
}

export interface PositionFilter {
  instrumentId?: string | undefined;
  marketId?: string | undefined;
  status?: PositionStatus | undefined;
}

/** Units rounded up: ceil(tokens / tokens_per_unit) in integer arithmetic, the same on both databases. */
const consumptionUnits = '(COALESCE(c.available + c.locked, 0) + i.tokens_per_unit - 1) / i.tokens_per_unit';

/**
 * Per instrument with a trading or consumption account of the user: the balances. Kept as
 * positions when Units are held or the user ever had a fill or an issuance of it (an account that
 * only an unfilled order opened is no position).
 */
const balancesOfUser = `SELECT b.*, CASE WHEN b.quantity > 0 THEN 'open' ELSE 'closed' END AS status FROM (
    SELECT i.id AS instrument_id, i.symbol AS instrument_symbol, i.name AS instrument_name, m.id AS market_id,
      COALESCE(t.available + t.locked, 0) AS trading_units,
      ${consumptionUnits} AS consumption_units,
      COALESCE(t.available + t.locked, 0) + ${consumptionUnits} AS quantity,
      CASE WHEN c.id IS NULL OR (t.id IS NOT NULL AND t.created_at_us < c.created_at_us) THEN t.created_at_us ELSE c.created_at_us END AS opened_at_us,
      CASE WHEN c.id IS NULL OR (t.id IS NOT NULL AND t.updated_at_us > c.updated_at_us) THEN t.updated_at_us ELSE c.updated_at_us END AS updated_at_us
    FROM instruments i
    JOIN markets m ON m.instrument_id = i.id
    LEFT JOIN ledger_accounts t ON t.user_id = ? AND t.kind = 'trading' AND t.instrument_id = i.id
    LEFT JOIN ledger_accounts c ON c.user_id = ? AND c.kind = 'consumption' AND c.instrument_id = i.id
    WHERE t.id IS NOT NULL OR c.id IS NOT NULL
  ) b
  WHERE b.quantity > 0
    OR EXISTS (SELECT 1 FROM trade_legs l WHERE l.user_id = ? AND l.market_id = b.market_id)
    OR EXISTS (SELECT 1 FROM supply_issuances s WHERE s.user_id = ? AND s.instrument_id = b.instrument_id)`;

/** One page of the user's positions' balances, by instrument symbol. */
export function positionBalancePage(
  db: Db,
  userId: string,
  filter: PositionFilter,
  page: PageParams,
): Promise<Page<PositionBalanceRow>> {
  const query = db.from(db.raw(`(${balancesOfUser}) AS p`, [userId, userId, userId, userId])).select('p.*');
  if (filter.instrumentId !== undefined) query.where('p.instrument_id', filter.instrumentId);
  if (filter.marketId !== undefined) query.where('p.market_id', filter.marketId);
  if (filter.status !== undefined) query.where('p.status', filter.status);
  return keysetPage<PositionBalanceRow>(
    query,
    { name: 'instrument_symbol', column: 'p.instrument_symbol', idColumn: 'p.instrument_id', direction: 'asc' },
    page,
    (row) => [row.instrument_symbol, row.instrument_id],
  );
}

/**
 * `buy` and `sell`: one fill (price in ticks, fee in micro-dollars); `issue`: Units the user issued
 * as a supplier reaching its trading account; `transfer`: Units moved from trading to consumption.
 */
export type PositionEventKind = 'issue' | 'buy' | 'transfer' | 'sell';

export interface PositionEventRow {
  instrument_id: string;
  kind: PositionEventKind;
  quantity: number;
  price_ticks: number;
  fee_micros: number;
  at_us: number;
}

/**
 * Every event of the user that moves Units, in the order they happened. Within one microsecond
 * Units arrive before they leave (an issuance or a buy fill, then the transfer that may follow
 * it, then sells), and fills keep their market's execution order. Issued Units count from their
 * move out of the issuance account into trading (`issuance_transfers`, which also records the
 * issuances of `MKT_SUPPLY_ISSUANCE=direct`): Units still in the issuance account are no position.
 */
const positionEventsStatement = statement(
  'position_events_of_user',
  `SELECT e.instrument_id, e.kind, e.quantity, e.price_ticks, e.fee_micros, e.at_us FROM (
      SELECT m.instrument_id, l.side AS kind, l.quantity, l.price_ticks, l.fee_micros, l.executed_at_us AS at_us,
        CASE WHEN l.side = 'buy' THEN 1 ELSE 3 END AS kind_rank, t.sequence AS sequence
      FROM trade_legs l JOIN trades t ON t.id = l.trade_id JOIN markets m ON m.id = l.market_id
      WHERE l.user_id = ?
    UNION ALL
      SELECT s.instrument_id, 'issue', s.quantity, 0, 0, s.created_at_us, 0, 0 FROM issuance_transfers s WHERE s.user_id = ?
    UNION ALL
      SELECT r.instrument_id, 'transfer', r.quantity, 0, 0, r.created_at_us, 2, 0 FROM transfers r WHERE r.user_id = ?
  ) e
  ORDER BY e.at_us, e.kind_rank, e.sequence`,
);

export const positionEventsOfUser = (db: Db, userId: string): Promise<PositionEventRow[]> =>
  poolSql(db).all<PositionEventRow>(positionEventsStatement, [userId, userId, userId]);
