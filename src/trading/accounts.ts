import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import {
  consumptionAccountOfUser,
  consumptionAccountPage,
  countTradingAndCurrencyAccounts,
  currencyAccountPage,
  lastTradePrices,
  tradingAccountOfUser,
  tradingAccountPage,
  type ConsumptionAccountFilter,
  type ConsumptionAccountRow,
  type TradingAccountFilter,
  type TradingAccountRow,
} from '../db/trading-accounts.js';
import { expireLots } from '../ledger/consumption.js';
import { usd } from '../ledger/assets.js';
import type { LedgerAccountRow } from '../ledger/journal.js';
import type { Clock } from '../lib/clock.js';
import { notFound } from '../lib/errors.js';

export type { AccountStatus, ConsumptionAccountFilter, ConsumptionAccountOrder, TradingAccountFilter, TradingAccountOrder } from '../db/trading-accounts.js';

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
export interface TradingAccountRecord extends TradingAccountRow {
  /** The market's last trade price in ticks; null until it trades. */
  last_trade_price_ticks: number | null;
}

export type ConsumptionAccountRecord = ConsumptionAccountRow;

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

const accountNotFound = (id: string) => notFound('account', id);

export function createTradingAccountsService(db: Db, clock: Clock): TradingAccountsService {
  /** Last trade price of each market, in one query. */
  const withLastTradePrices = async (rows: TradingAccountRow[]): Promise<TradingAccountRecord[]> => {
    const byMarket = await lastTradePrices(db, [...new Set(rows.map((r) => r.market_id))]);
    return rows.map((r) => ({ ...r, last_trade_price_ticks: byMarket.get(r.market_id) ?? null }));
  };

  const expireForReading = (userId: string) => expireLots(db, clock.nowUs(), { userId });

  return {
    async listTradingAccounts(userId, filter, page) {
      const result = await tradingAccountPage(db, userId, filter, page);
      return { rows: await withLastTradePrices(result.rows), paging: result.paging };
    },

    async getTradingAccount(userId, accountId) {
      const row = await tradingAccountOfUser(db, userId, accountId);
      if (!row) throw accountNotFound(accountId);
      return (await withLastTradePrices([row]))[0]!;
    },

    async listConsumptionAccounts(userId, filter, page) {
      await expireForReading(userId);
      return consumptionAccountPage(db, userId, filter, page);
    },

    async getConsumptionAccount(userId, accountId) {
      await expireForReading(userId);
      const row = await consumptionAccountOfUser(db, userId, accountId);
      if (!row) throw accountNotFound(accountId);
      return row;
    },

    listCurrencyAccounts: (userId, page) => currencyAccountPage(db, userId, usd, page),

    countTradingAccounts: (userId) => countTradingAndCurrencyAccounts(db, userId),
  };
}
