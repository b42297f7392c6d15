import type { LedgerAccountRow } from './journal.js';
import type { Db } from './knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from './paging.js';
import { poolSql, statement, type Sql } from './sql.js';

/**
 * The user's ledger accounts as the trading API and the balances page read them (migration 0005):
 * Units trading accounts with their instrument and market, consumption accounts in Units, and the
 * USD currency account.
 */
export type AccountStatus = 'active' | 'inactive';

export interface TradingAccountRow extends LedgerAccountRow {
  instrument_id: string;
  instrument_name: string;
  instrument_symbol: string;
  market_id: string;
  market_name: string;
  total_balance: number;
}

/**
 * Consumption balances are kept in tokens and shown in Units: `total_units` and `committed_units`
 * are rounded up (a part-used Unit still counts as held), and `uncommitted_units` = total −
 * committed; `tokens_allocated` is exact.
 */
export interface ConsumptionAccountRow extends LedgerAccountRow {
  instrument_id: string;
  tokens_per_unit: number;
  tokens_allocated: number;
  total_units: number;
  committed_units: number;
  uncommitted_units: number;
}

export type TradingAccountOrder =
  'account_id' | 'total_balance' | 'available_balance' | 'locked_balance' | 'status' | 'created_at' | 'updated_at';
export type ConsumptionAccountOrder =
  'account_id' | 'total_balance' | 'committed_balance' | 'uncommitted_balance' | 'status' | 'created_at' | 'updated_at';

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

// ---- trading (Units) accounts --------------------------------------------------------------------

/**
 * The user's Units accounts with their instrument and market; read as a subquery `a` so computed columns sort and page.
 */
const tradingAccountsOfUser = `SELECT la.*, i.name AS instrument_name, i.symbol AS instrument_symbol, m.id AS market_id, m.name AS market_name, la.available + la.locked AS total_balance
  FROM ledger_accounts la JOIN instruments i ON i.id = la.instrument_id JOIN markets m ON m.instrument_id = la.instrument_id
  WHERE la.user_id = ? AND la.kind = 'trading'`;

const tradingSortColumns = {
  account_id: 'id',
  total_balance: 'total_balance',
  available_balance: 'available',
  locked_balance: 'locked',
  status: 'status',
  created_at: 'created_at_us',
  updated_at: 'updated_at_us',
} as const satisfies Record<TradingAccountOrder, keyof TradingAccountRow>;

export function tradingAccountPage(
  db: Db,
  userId: string,
  filter: TradingAccountFilter,
  page: PageParams,
): Promise<Page<TradingAccountRow>> {
  const query = db.from(db.raw(`(${tradingAccountsOfUser}) AS a`, [userId])).select('a.*');
  if (filter.accountId !== undefined) query.where('a.id', filter.accountId);
  if (filter.marketId !== undefined) query.where('a.market_id', filter.marketId);
  if (filter.instrumentId !== undefined) query.where('a.instrument_id', filter.instrumentId);
  if (filter.status !== undefined) query.where('a.status', filter.status);
  const column = tradingSortColumns[filter.orderBy];
  return keysetPage<TradingAccountRow>(
    query,
    { name: filter.orderBy, column: `a.${column}`, idColumn: 'a.id', direction: filter.direction },
    page,
    (row) => [row[column], row.id],
  );
}

const tradingAccountOfUserStatement = statement(
  'trading_account_of_user',
  `SELECT a.* FROM (${tradingAccountsOfUser}) a WHERE a.id = ? LIMIT 1`,
);

export const tradingAccountOfUser = (
  db: Db,
  userId: string,
  accountId: string,
): Promise<TradingAccountRow | undefined> =>
  poolSql(db).get<TradingAccountRow>(tradingAccountOfUserStatement, [userId, accountId]);

/** The last trade price of each of these markets that has traded, in one query. */
export async function lastTradePrices(db: Db, marketIds: readonly string[]): Promise<Map<string, number>> {
  if (marketIds.length === 0) return new Map();
  const rows = await db('trades as t')
    .whereIn('t.market_id', marketIds)
    .andWhere('t.sequence', '=', db('trades as u').max('u.sequence').where('u.market_id', db.ref('t.market_id')))
    .select<{ market_id: string; price_ticks: number }[]>('t.market_id', 't.price_ticks');
  return new Map(rows.map((p) => [p.market_id, p.price_ticks]));
}

const availableUnitsStatement = statement(
  'trading_account_available',
  "SELECT available FROM ledger_accounts WHERE user_id = ? AND kind = 'trading' AND asset = ? LIMIT 1",
);

/** What the user's trading account of `asset` holds available; undefined before it is opened. */
export async function tradingAccountAvailable(db: Db, userId: string, asset: string): Promise<number | undefined> {
  return (await poolSql(db).get<{ available: number }>(availableUnitsStatement, [userId, asset]))?.available;
}

const recordDepositStatement = statement(
  'ledger_account_record_deposit',
  'UPDATE ledger_accounts SET total_deposits = total_deposits + ?, last_deposit_at_us = ? WHERE id = ?',
);

/** Counts `amount` into the account's deposits (the balance itself moves by a journal entry). */
export async function recordDeposit(sql: Sql, accountId: string, amount: number, nowUs: number): Promise<void> {
  await sql.run(recordDepositStatement, [amount, nowUs, accountId]);
}

// ---- consumption accounts ------------------------------------------------------------------------

/** Units rounded up: ceil(tokens / tokens_per_unit) in integer arithmetic, the same on both databases. */
const unitsUp = (tokens: string) => `((${tokens}) + i.tokens_per_unit - 1) / i.tokens_per_unit`;

/** The user's consumption accounts in Units; read as a subquery `a` so computed columns sort and page. */
const consumptionAccountsOfUser = `SELECT la.*, i.tokens_per_unit, la.available + la.locked AS tokens_allocated,
    ${unitsUp('la.available + la.locked')} AS total_units,
    ${unitsUp('la.locked')} AS committed_units,
    ${unitsUp('la.available + la.locked')} - ${unitsUp('la.locked')} AS uncommitted_units
  FROM ledger_accounts la JOIN instruments i ON i.id = la.instrument_id
  WHERE la.user_id = ? AND la.kind = 'consumption'`;

const consumptionSortColumns = {
  account_id: 'id',
  total_balance: 'total_units',
  committed_balance: 'committed_units',
  uncommitted_balance: 'uncommitted_units',
  status: 'status',
  created_at: 'created_at_us',
  updated_at: 'updated_at_us',
} as const satisfies Record<ConsumptionAccountOrder, keyof ConsumptionAccountRow>;

export function consumptionAccountPage(
  db: Db,
  userId: string,
  filter: ConsumptionAccountFilter,
  page: PageParams,
): Promise<Page<ConsumptionAccountRow>> {
  const query = db.from(db.raw(`(${consumptionAccountsOfUser}) AS a`, [userId])).select('a.*');
  if (filter.accountId !== undefined) query.where('a.id', filter.accountId);
  if (filter.instrumentId !== undefined) query.where('a.instrument_id', filter.instrumentId);
  if (filter.status !== undefined) query.where('a.status', filter.status);
  const column = consumptionSortColumns[filter.orderBy];
  return keysetPage<ConsumptionAccountRow>(
    query,
    { name: filter.orderBy, column: `a.${column}`, idColumn: 'a.id', direction: filter.direction },
    page,
    (row) => [row[column], row.id],
  );
}

const consumptionAccountOfUserStatement = statement(
  'consumption_account_of_user',
  `SELECT a.* FROM (${consumptionAccountsOfUser}) a WHERE a.id = ? LIMIT 1`,
);

export const consumptionAccountOfUser = (
  db: Db,
  userId: string,
  accountId: string,
): Promise<ConsumptionAccountRow | undefined> =>
  poolSql(db).get<ConsumptionAccountRow>(consumptionAccountOfUserStatement, [userId, accountId]);

// ---- currency accounts and all balances ------------------------------------------------------------

/** The user's currency accounts of `asset`, oldest first. */
export function currencyAccountPage(
  db: Db,
  userId: string,
  asset: string,
  page: PageParams,
): Promise<Page<LedgerAccountRow>> {
  const query = db('ledger_accounts as a')
    .select('a.*')
    .where({ 'a.user_id': userId, 'a.kind': 'currency', 'a.asset': asset });
  return keysetPage<LedgerAccountRow>(
    query,
    { name: 'created_at', column: 'a.created_at_us', idColumn: 'a.id', direction: 'asc' },
    page,
    (row) => [row.created_at_us, row.id],
  );
}

const currencyAccountOfUserStatement = statement(
  'currency_account_of_user',
  "SELECT * FROM ledger_accounts WHERE id = ? AND user_id = ? AND kind = 'currency'",
);

/** The user's currency account of this id; undefined when it is unknown or another user's. */
export const currencyAccountOfUser = (
  db: Db,
  userId: string,
  accountId: string,
): Promise<LedgerAccountRow | undefined> =>
  poolSql(db).get<LedgerAccountRow>(currencyAccountOfUserStatement, [accountId, userId]);

interface BalanceRow {
  kind: 'currency' | 'trading' | 'consumption' | 'issuance';
  available: number;
  locked: number;
  /** Null for the currency account, which has no instrument. */
  symbol: string | null;
  tokens_per_unit: number | null;
}

const balancesStatement = statement(
  'ledger_balances_of_user',
  'SELECT a.kind, a.available, a.locked, i.symbol, i.tokens_per_unit FROM ledger_accounts a LEFT JOIN instruments i ON i.id = a.instrument_id WHERE a.user_id = ? ORDER BY i.symbol',
);

/**
 * Every account of the user with its instrument's symbol, by symbol: straight from the ledger's materialised accounts.
 */
export const balancesOfUser = (db: Db, userId: string): Promise<BalanceRow[]> =>
  poolSql(db).all<BalanceRow>(balancesStatement, [userId]);
