import type { Knex } from 'knex';
import { assert } from '../lib/assert.js';
import type { Db } from './knex.js';
import { poolSql, sqlOf, statement } from './sql.js';

/**
 * Account settings (migration 0003): one row per user, created with the defaults on the first
 * write. Auto-reload and the account's defaults for inference and orders (migration 0016) are
 * stored here; the account mode lives on the user (src/db/identity.ts).
 */
export interface AccountSettingsRow {
  user_id: string;
  auto_reload_enabled: boolean | number;
  auto_reload_threshold_micros: number | null;
  auto_reload_amount_micros: number | null;
  auto_reload_monthly_limit_micros: number | null;
  /**
   * Account defaults of participants' controls (migration 0016): Auto Mode's price cap, and the orders' self-trade
   * prevention.
   */
  auto_buy_max_price_ticks: number | null;
  self_trade_prevention: SelfTradePrevention;
  /** Auto top-up (migration 0023); bigint columns, so strings on PostgreSQL. */
  auto_top_up_enabled: boolean | number;
  auto_top_up_quantity_units: number | string | null;
  auto_top_up_threshold_units: number | string | null;
  auto_top_up_last_outcome: AutoTopUpOutcome | null;
  auto_top_up_last_at_us: number | string | null;
  updated_at_us: number;
}

/** How an auto top-up ended (platform.yaml AutoTopUpOutcome). */
export type AutoTopUpOutcome = 'filled' | 'partially_filled' | 'not_filled' | 'insufficient_funds' | 'refused';

export interface AutoTopUp {
  enabled: boolean;
  quantityUnits: number | null;
  thresholdUnits: number | null;
}

export type SelfTradePrevention = 'expire_taker' | 'expire_maker' | 'expire_both' | 'decrement';

export interface AutoReload {
  enabled: boolean;
  thresholdMicros: number | null;
  amountMicros: number | null;
  monthlyLimitMicros: number | null;
}

type Trx = Knex.Transaction;

const settingsOfUser = statement('account_settings_of_user', 'SELECT * FROM account_settings WHERE user_id = ?');
const createDefaults = statement(
  'account_settings_create',
  'INSERT INTO account_settings (user_id, auto_reload_enabled, updated_at_us) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING',
);
const lockSettings = statement(
  'account_settings_lock',
  'SELECT * FROM account_settings WHERE user_id = ?',
  'SELECT * FROM account_settings WHERE user_id = ? FOR UPDATE',
);
const touchSettings = statement(
  'account_settings_touch',
  'UPDATE account_settings SET updated_at_us = ? WHERE user_id = ?',
);
const writeAutoReloadStatement = statement(
  'account_settings_auto_reload',
  `UPDATE account_settings SET auto_reload_enabled = ?, auto_reload_threshold_micros = ?, auto_reload_amount_micros = ?,
  auto_reload_monthly_limit_micros = ?, updated_at_us = ? WHERE user_id = ?`,
);

const writeAutoTopUpStatement = statement(
  'account_settings_auto_top_up',
  'UPDATE account_settings SET auto_top_up_enabled = ?, auto_top_up_quantity_units = ?, auto_top_up_threshold_units = ?, updated_at_us = ? WHERE user_id = ?',
);
const recordAutoTopUpStatement = statement(
  'account_settings_auto_top_up_outcome',
  'UPDATE account_settings SET auto_top_up_last_outcome = ?, auto_top_up_last_at_us = ? WHERE user_id = ?',
);

const writeAutoBuyMaxPriceStatement = statement(
  'account_settings_auto_buy_max_price',
  'UPDATE account_settings SET auto_buy_max_price_ticks = ?, updated_at_us = ? WHERE user_id = ?',
);
const writeSelfTradePreventionStatement = statement(
  'account_settings_self_trade_prevention',
  'UPDATE account_settings SET self_trade_prevention = ?, updated_at_us = ? WHERE user_id = ?',
);

/** The user's settings row; undefined while the user has all the defaults. */
export const accountSettings = (db: Db, userId: string): Promise<AccountSettingsRow | undefined> =>
  poolSql(db).get<AccountSettingsRow>(settingsOfUser, [userId]);

/** The same, inside the caller's transaction. */
export const accountSettingsIn = async (trx: Trx, userId: string): Promise<AccountSettingsRow | undefined> =>
  (await sqlOf(trx)).get<AccountSettingsRow>(settingsOfUser, [userId]);

/**
 * The user's settings row, created with the defaults if missing (as of `createdAtUs`, the user's
 * creation), locked until the transaction ends so that two concurrent partial updates cannot lose
 * one another (SQLite serialises writers anyway).
 */
export async function lockAccountSettings(trx: Trx, userId: string, createdAtUs: number): Promise<AccountSettingsRow> {
  const sql = await sqlOf(trx);
  await sql.run(createDefaults, [userId, false, createdAtUs]);
  const row = await sql.get<AccountSettingsRow>(lockSettings, [userId]);
  assert(row !== undefined, `the settings row of user ${userId} was just created`);
  return row;
}

/** Marks the settings changed at `nowUs` (the account mode changed). */
export async function touchAccountSettings(trx: Trx, userId: string, nowUs: number): Promise<void> {
  await (await sqlOf(trx)).run(touchSettings, [nowUs, userId]);
}

export async function writeAutoReload(trx: Trx, userId: string, values: AutoReload, nowUs: number): Promise<void> {
  await (
    await sqlOf(trx)
  ).run(writeAutoReloadStatement, [
    values.enabled,
    values.thresholdMicros,
    values.amountMicros,
    values.monthlyLimitMicros,
    nowUs,
    userId,
  ]);
}

/** Auto Mode's price cap, in ticks per Unit; null removes it. On the row `lockAccountSettings` holds. */
export async function writeAutoBuyMaxPrice(
  trx: Trx,
  userId: string,
  priceTicks: number | null,
  nowUs: number,
): Promise<void> {
  await (await sqlOf(trx)).run(writeAutoBuyMaxPriceStatement, [priceTicks, nowUs, userId]);
}

/** The self-trade prevention of orders that name none. On the row `lockAccountSettings` holds. */
export async function writeSelfTradePrevention(
  trx: Trx,
  userId: string,
  mode: SelfTradePrevention,
  nowUs: number,
): Promise<void> {
  await (await sqlOf(trx)).run(writeSelfTradePreventionStatement, [mode, nowUs, userId]);
}

/** Auto top-up's settings; on the row `lockAccountSettings` holds. */
export async function writeAutoTopUp(trx: Trx, userId: string, values: AutoTopUp, nowUs: number): Promise<void> {
  await (
    await sqlOf(trx)
  ).run(writeAutoTopUpStatement, [values.enabled, values.quantityUnits, values.thresholdUnits, nowUs, userId]);
}

/** How the user's last auto top-up ended, and when (not a change of settings: `updated_at` stays). Autocommit. */
export async function recordAutoTopUp(db: Db, userId: string, outcome: AutoTopUpOutcome, atUs: number): Promise<void> {
  await poolSql(db).run(recordAutoTopUpStatement, [outcome, atUs, userId]);
}

/** Auto top-up's settings as stored; all off while the user has no settings row. */
export function readAutoTopUp(row: AccountSettingsRow | undefined): AutoTopUp {
  if (!row) return { enabled: false, quantityUnits: null, thresholdUnits: null };
  return {
    enabled: Boolean(row.auto_top_up_enabled),
    quantityUnits: row.auto_top_up_quantity_units === null ? null : Number(row.auto_top_up_quantity_units),
    thresholdUnits: row.auto_top_up_threshold_units === null ? null : Number(row.auto_top_up_threshold_units),
  };
}
