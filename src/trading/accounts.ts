import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from '../db/paging.js';
import { expireLots } from '../ledger/consumption.js';
import { usd } from '../ledger/assets.js';
import type { LedgerAccountRow } from '../ledger/journal.js';
import type { Clock } from '../lib/clock.js';
import { notFound } from '../lib/errors.js';

/**
 * The caller's balances on the trading API (trading.yaml tag "Accounts"): Units trading accounts,
 * consumption accounts and the USD currency account. Reads only, scoped to the caller: another
 * user's account is a 404. Consumption reads write off expired lots first, so they never show
 * tokens that can no longer be spent.
 *
 * Consumption balances are kept in tokens and shown in Units: `total_balance` and
 * `committed_balance` are rounded up (a part-used Unit still counts as held), and
 * `uncommitted_balance` = total − committed; `tokens_allocated` and `tokens_available` are exact.
 */
export type AccountStatus = 'active' | 'inactive';

export interface TradingAccountRecord extends LedgerAccountRow {
  instrument_id: string;
  instrument_name: string;
  instrument_symbol: string;
  market_id: string;
  market_name: string;
  total_balance: number;
  /** The market's last trade price in ticks; null until it trades. */
  last_trade_price_ticks: number | null;
}

export interface ConsumptionAccountRecord extends LedgerAccountRow {
  instrument_id: string;
  tokens_per_unit: number;
  tokens_allocated: number;
  total_units: number;
  committed_units: number;
  uncommitted_units: number;
}

export type TradingAccountOrder = 'account_id' | 'total_balance' | 'available_balance' | 'locked_balance' | 'status' | 'created_at' | 'updated_at';
export type ConsumptionAccountOrder = 'account_id' | 'total_balance' | 'committed_balance' | 'uncommitted_balance' | 'status' | 'created_at' | 'updated_at';

export interface TradingAccountFilter {
  accountId?: string | undefined;
  marketId?: string | undefined;
  instrumentId?: string | undefined;
  status?: AccountStatus | undefined;
  orderBy: TradingAccountOrder;
  direction: Direction;
}

export interface ConsumptionAccountFilter {
  accountId?: string | undefined;
  instrumentId?: string | undefined;
  status?: AccountStatus | undefined;
  orderBy: ConsumptionAccountOrder;
  direction: Direction;
}

export interface TradingAccountsService {
  listTradingAccounts(userId: string, filter: TradingAccountFilter, page: PageParams): Promise<Page<TradingAccountRecord>>;
  getTradingAccount(userId: string, accountId: string): Promise<TradingAccountRecord>;
  listConsumptionAccounts(userId: string, filter: ConsumptionAccountFilter, page: PageParams): Promise<Page<ConsumptionAccountRecord>>;
  getConsumptionAccount(userId: string, accountId: string): Promise<ConsumptionAccountRecord>;
  /** The USD account; an empty page until the user's first money arrives (reads never open accounts). */
  listCurrencyAccounts(userId: string, page: PageParams): Promise<Page<LedgerAccountRow>>;
  /** Trading (Units) and currency (USD) accounts the user has: the trading diagnostics' count. */
  countTradingAccounts(userId: string): Promise<number>;
}

const tradingSortColumns: Record<TradingAccountOrder, string> = {
  account_id: 'a.id',
  total_balance: 'a.total_balance',
  available_balance: 'a.available',
  locked_balance: 'a.locked',
  status: 'a.status',
  created_at: 'a.created_at_us',
  updated_at: 'a.updated_at_us',
};

const consumptionSortColumns: Record<ConsumptionAccountOrder, string> = {
  account_id: 'a.id',
  total_balance: 'a.total_units',
  committed_balance: 'a.committed_units',
  uncommitted_balance: 'a.uncommitted_units',
  status: 'a.status',
  created_at: 'a.created_at_us',
  updated_at: 'a.updated_at_us',
};

const accountNotFound = (id: string) => notFound('account', id);

/** The value a row was sorted by, for its cursor: the column name after `a.`. */
const keyOf =
  <Row extends { id: string }>(column: string) =>
  (row: Row): [string | number, string] => [(row as unknown as Record<string, string | number>)[column.slice(2)]!, row.id];

export function createTradingAccountsService(db: Db, clock: Clock): TradingAccountsService {
  /** Units accounts with their instrument and market, as a subquery `a` so computed columns sort and page. */
  const tradingAccounts = (userId: string): Knex.QueryBuilder =>
    db
      .from(
        db('ledger_accounts as la')
          .join('instruments as i', 'i.id', 'la.instrument_id')
          .join('markets as m', 'm.instrument_id', 'la.instrument_id')
          .where({ 'la.user_id': userId, 'la.kind': 'trading' })
          .select('la.*', { instrument_name: 'i.name', instrument_symbol: 'i.symbol', market_id: 'm.id', market_name: 'm.name' }, db.raw('la.available + la.locked AS total_balance'))
          .as('a'),
      )
      .select('a.*');

  /** Units rounded up: ceil(tokens / tokens_per_unit) in integer arithmetic, the same on both databases. */
  const unitsUp = (tokens: string) => `((${tokens}) + i.tokens_per_unit - 1) / i.tokens_per_unit`;
  const consumptionAccounts = (userId: string): Knex.QueryBuilder =>
    db
      .from(
        db('ledger_accounts as la')
          .join('instruments as i', 'i.id', 'la.instrument_id')
          .where({ 'la.user_id': userId, 'la.kind': 'consumption' })
          .select(
            'la.*',
            'i.tokens_per_unit',
            db.raw('la.available + la.locked AS tokens_allocated'),
            db.raw(`${unitsUp('la.available + la.locked')} AS total_units`),
            db.raw(`${unitsUp('la.locked')} AS committed_units`),
            db.raw(`${unitsUp('la.available + la.locked')} - ${unitsUp('la.locked')} AS uncommitted_units`),
          )
          .as('a'),
      )
      .select('a.*');

  /** Last trade price of each market, in one query. */
  const withLastTradePrices = async (rows: Omit<TradingAccountRecord, 'last_trade_price_ticks'>[]): Promise<TradingAccountRecord[]> => {
    const marketIds = [...new Set(rows.map((r) => r.market_id))];
    const prices = marketIds.length === 0
      ? []
      : ((await db('trades as t')
          .whereIn('t.market_id', marketIds)
          .andWhere('t.sequence', '=', db('trades as u').max('u.sequence').where('u.market_id', db.ref('t.market_id')))
          .select('t.market_id', 't.price_ticks')) as { market_id: string; price_ticks: number }[]);
    const byMarket = new Map(prices.map((p) => [p.market_id, p.price_ticks]));
    return rows.map((r) => ({ ...r, last_trade_price_ticks: byMarket.get(r.market_id) ?? null }));
  };

  const expireForReading = (userId: string) => expireLots(db, clock.nowUs(), { userId });

  return {
    async listTradingAccounts(userId, filter, page) {
      const query = tradingAccounts(userId);
      if (filter.accountId !== undefined) query.where('a.id', filter.accountId);
      if (filter.marketId !== undefined) query.where('a.market_id', filter.marketId);
      if (filter.instrumentId !== undefined) query.where('a.instrument_id', filter.instrumentId);
      if (filter.status !== undefined) query.where('a.status', filter.status);
      const column = tradingSortColumns[filter.orderBy];
      const result = await keysetPage<TradingAccountRecord>(query, { name: filter.orderBy, column, idColumn: 'a.id', direction: filter.direction }, page, keyOf(column));
      return { rows: await withLastTradePrices(result.rows), paging: result.paging };
    },

    async getTradingAccount(userId, accountId) {
      const row = (await tradingAccounts(userId).where('a.id', accountId).first()) as TradingAccountRecord | undefined;
      if (!row) throw accountNotFound(accountId);
      return (await withLastTradePrices([row]))[0]!;
    },

    async listConsumptionAccounts(userId, filter, page) {
      await expireForReading(userId);
      const query = consumptionAccounts(userId);
      if (filter.accountId !== undefined) query.where('a.id', filter.accountId);
      if (filter.instrumentId !== undefined) query.where('a.instrument_id', filter.instrumentId);
      if (filter.status !== undefined) query.where('a.status', filter.status);
      const column = consumptionSortColumns[filter.orderBy];
      return keysetPage<ConsumptionAccountRecord>(query, { name: filter.orderBy, column, idColumn: 'a.id', direction: filter.direction }, page, keyOf(column));
    },

    async getConsumptionAccount(userId, accountId) {
      await expireForReading(userId);
      const row = (await consumptionAccounts(userId).where('a.id', accountId).first()) as ConsumptionAccountRecord | undefined;
      if (!row) throw accountNotFound(accountId);
      return row;
    },

    async listCurrencyAccounts(userId, page) {
      const query = db('ledger_accounts as a').select('a.*').where({ 'a.user_id': userId, 'a.kind': 'currency', 'a.asset': usd });
      return keysetPage<LedgerAccountRow>(query, { name: 'created_at', column: 'a.created_at_us', idColumn: 'a.id', direction: 'asc' }, page, keyOf('a.created_at_us'));
    },

    async countTradingAccounts(userId) {
      const row = (await db('ledger_accounts').where('user_id', userId).whereIn('kind', ['trading', 'currency']).count({ n: '*' }).first()) as { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },
  };
}
