import type { Db } from '../../db/knex.js';
import type { Page, PageParams } from '../../db/paging.js';
import {
  consumptionAccountOfUser,
  consumptionAccountPage,
  currencyAccountOfUser,
  currencyAccountPage,
  lastTradePrices,
  tradingAccountOfUser,
  tradingAccountPage,
  type ConsumptionAccountFilter,
  type ConsumptionAccountRow,
  type TradingAccountFilter,
  type TradingAccountRow,
} from '../../db/trading-accounts.js';
import { expireLots } from '../../ledger/consumption.js';
import { usd } from '../../ledger/assets.js';
import type { LedgerAccountRow } from '../../ledger/journal.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';

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

/** Why an account read fails (mapped in trading's table, handlers/failures.ts). */
export type AccountFailure = 'unknown_account';

const accountNotFound = (id: string) => new Failure<AccountFailure>('unknown_account', `No account with id ${id}.`);

/** Last trade price of each market, in one query. */
async function withLastTradePrices(db: Db, rows: TradingAccountRow[]): Promise<TradingAccountRecord[]> {
  const byMarket = await lastTradePrices(db, [...new Set(rows.map((r) => r.market_id))]);
  return rows.map((r) => ({ ...r, last_trade_price_ticks: byMarket.get(r.market_id) ?? null }));
}

const expireForReading = ({ db, clock }: { db: Db; clock: Clock }, userId: string) =>
  expireLots(db, clock.nowUs(), { userId });

export async function listTradingAccounts(
  deps: { db: Db },
  userId: string,
  filter: TradingAccountFilter,
  page: PageParams,
): Promise<Page<TradingAccountRecord>> {
  const result = await tradingAccountPage(deps.db, userId, filter, page);
  return { rows: await withLastTradePrices(deps.db, result.rows), paging: result.paging };
}

export async function getTradingAccount(
  deps: { db: Db },
  userId: string,
  accountId: string,
): Promise<TradingAccountRecord> {
  const row = await tradingAccountOfUser(deps.db, userId, accountId);
  if (!row) throw accountNotFound(accountId);
  return (await withLastTradePrices(deps.db, [row]))[0]!;
}

export async function listConsumptionAccounts(
  deps: { db: Db; clock: Clock },
  userId: string,
  filter: ConsumptionAccountFilter,
  page: PageParams,
): Promise<Page<ConsumptionAccountRecord>> {
  await expireForReading(deps, userId);
  return consumptionAccountPage(deps.db, userId, filter, page);
}

export async function getConsumptionAccount(
  deps: { db: Db; clock: Clock },
  userId: string,
  accountId: string,
): Promise<ConsumptionAccountRecord> {
  await expireForReading(deps, userId);
  const row = await consumptionAccountOfUser(deps.db, userId, accountId);
  if (!row) throw accountNotFound(accountId);
  return row;
}

/** The USD account; an empty page until the user's first money arrives (reads never open accounts). */
export const listCurrencyAccounts = (
  deps: { db: Db },
  userId: string,
  page: PageParams,
): Promise<Page<LedgerAccountRow>> => currencyAccountPage(deps.db, userId, usd, page);

/** The user's USD account of this id; another user's or an unknown one is a 404, as for every account read by id. */
export async function getCurrencyAccount(
  deps: { db: Db },
  userId: string,
  accountId: string,
): Promise<LedgerAccountRow> {
  const row = await currencyAccountOfUser(deps.db, userId, accountId);
  if (!row) throw accountNotFound(accountId);
  return row;
}
