import type { Knex } from 'knex';
import type { components } from '../../generated/types/platform.js';
import { writeAccountMode } from '../db/identity.js';
import type { Db } from '../db/knex.js';
import {
  accountSettings,
  accountSettingsIn,
  lockAccountSettings,
  readAutoTopUp,
  touchAccountSettings,
  writeAutoBuyMaxPrice,
  writeAutoReload,
  writeAutoTopUp,
  writeSelfTradePrevention,
  type AccountSettingsRow,
  type AutoReload,
  type AutoTopUp,
  type SelfTradePrevention,
} from '../db/settings.js';
import { reloadedThisMonthMicros } from './payments.js';
import { toIso, type Clock } from '../lib/clock.js';
import { validationFailure } from '../lib/common-failures.js';
import { formatDecimal, formatUsdCents, priceScale } from '../lib/money.js';
import { dictatedValue, modeManagedFields, requireSettingsWritable, requireUser } from './account-rules.js';
import type { AccountMode, UserRow } from './identity.js';
import {
  checkAutoReload,
  checkAutoTopUp,
  checkModeManaged,
  checkUnits,
  parseMaxPrice,
  parseUsd,
  type AutoReloadPatch,
  type AutoTopUpPatch,
} from './settings-rules.js';
import { announceApiKeysChanged } from '../db/api-key-revocations.js';

export type { AutoReloadPatch, AutoTopUpPatch, SettingsFailure } from './settings-rules.js';

export type SystemSettings = components['schemas']['SystemSettings'];

export type { SelfTradePrevention } from '../db/settings.js';

/** The body of PATCH /v1/self/system-settings/auto-buy: either field or both; `null` removes the price cap. */
interface AutoBuyPatch {
  auto_buy_enabled?: boolean | undefined;
  auto_buy_max_price?: string | null | undefined;
}

export const selfTradePreventions: readonly SelfTradePrevention[] = [
  'expire_taker',
  'expire_maker',
  'expire_both',
  'decrement',
];
const selfTradePreventionDefault: SelfTradePrevention = 'expire_taker';

/** What the toggle sets where nothing is set yet: top up by 1 Unit when an account holds less than 1 Unit. */
const autoTopUpToggleDefaultUnits = 1;

const autoReloadDefaults: AutoReload = {
  enabled: false,
  thresholdMicros: null,
  amountMicros: null,
  monthlyLimitMicros: null,
};

const formatUsdOrNull = (micros: number | null): string | null => (micros === null ? null : formatUsdCents(micros));

function readAutoReload(row: AccountSettingsRow | undefined): AutoReload {
  if (!row) return autoReloadDefaults;
  return {
    enabled: Boolean(row.auto_reload_enabled),
    thresholdMicros: row.auto_reload_threshold_micros,
    amountMicros: row.auto_reload_amount_micros,
    monthlyLimitMicros: row.auto_reload_monthly_limit_micros,
  };
}

function settingsView(user: UserRow, row: AccountSettingsRow | undefined, reloadedMicros: number): SystemSettings {
  const autoReload = readAutoReload(row);
  const autoTopUp = readAutoTopUp(row);
  const lastAtUs = row?.auto_top_up_last_at_us ?? null;
  const reload = {
    enabled: autoReload.enabled,
    threshold_usd: formatUsdOrNull(autoReload.thresholdMicros),
    amount_usd: formatUsdOrNull(autoReload.amountMicros),
    monthly_limit_usd: formatUsdOrNull(autoReload.monthlyLimitMicros),
  };
  return {
    account_mode: user.account_mode,
    mode_managed_fields: [...modeManagedFields],
    auto_buy_enabled: dictatedValue(user.account_mode, 'auto_buy_enabled'),
    auto_transfer_enabled: dictatedValue(user.account_mode, 'auto_transfer_enabled'),
    auto_buy_max_price:
      row?.auto_buy_max_price_ticks == null ? null : formatDecimal(Number(row.auto_buy_max_price_ticks), priceScale),
    self_trade_prevention: row?.self_trade_prevention ?? selfTradePreventionDefault,
    auto_reload: { ...reload, reloaded_this_month_usd: formatUsdCents(reloadedMicros) },
    auto_top_up: {
      enabled: autoTopUp.enabled,
      quantity: autoTopUp.quantityUnits,
      trigger_threshold: autoTopUp.thresholdUnits,
      last_outcome: row?.auto_top_up_last_outcome ?? null,
      last_attempt_at: lastAtUs === null ? null : toIso(Number(lastAtUs)),
    },
    // The live service's flat names for the same values.
    auto_reload_enabled: reload.enabled,
    auto_reload_threshold_usd: reload.threshold_usd,
    auto_reload_amount_usd: reload.amount_usd,
    auto_reload_monthly_limit_usd: reload.monthly_limit_usd,
    auto_top_up_enabled: autoTopUp.enabled,
    auto_top_up_quantity: autoTopUp.quantityUnits,
    auto_top_up_trigger_threshold: autoTopUp.thresholdUnits,
    updated_at: toIso(row?.updated_at_us ?? user.created_at_us),
  };
}

/**
 * Account mode, the mode-managed flags and auto-reload (platform.yaml tag "Settings"), for the
 * platform API and the dashboard alike. The mode lives on the user (the trading API reads it on
 * every order write); auto-buy and auto-transfer are not stored at all — the mode dictates them.
 * Every write checks the account preconditions first.
 */
export async function getSystemSettings(deps: { db: Db; clock: Clock }, userId: string): Promise<SystemSettings> {
  return settingsView(
    await requireUser(deps.db, userId),
    await accountSettings(deps.db, userId),
    await reloadedThisMonthMicros(deps.db, deps.clock, userId),
  );
}

export async function setAccountMode(
  deps: { db: Db; clock: Clock },
  userId: string,
  mode: AccountMode,
): Promise<SystemSettings> {
  const { db } = deps;
  const user = await requireUser(db, userId);
  requireSettingsWritable(user);
  if (user.account_mode === mode) return getSystemSettings(deps, userId);
  const nowUs = deps.clock.nowUs();
  await db.transaction(async (trx) => {
    await writeAccountMode(trx, userId, mode, nowUs);
    await lockAccountSettings(trx, user.id, user.created_at_us);
    await touchAccountSettings(trx, userId, nowUs);
  });
  // Committed: this process's trading cache forgets the mode at once; others learn it from the trigger (migration 0024).
  announceApiKeysChanged(db);
  return getSystemSettings(deps, userId);
}

/**
 * Auto-buy's flag and price cap, either or both: the price is checked first (the body), then the
 * account preconditions, then the mode's rule for the flag; only when all pass is the cap stored.
 */
export async function updateAutoBuy(
  deps: { db: Db; clock: Clock },
  userId: string,
  patch: AutoBuyPatch,
): Promise<SystemSettings> {
  if (patch.auto_buy_enabled === undefined && patch.auto_buy_max_price === undefined) {
    throw validationFailure('body must have at least one of auto_buy_enabled, auto_buy_max_price', {
      errors: [{ path: 'body', message: 'must NOT have fewer than 1 properties', value: {} }],
    });
  }
  const priceTicks = patch.auto_buy_max_price === undefined ? undefined : parseMaxPrice(patch.auto_buy_max_price);
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  if (patch.auto_buy_enabled !== undefined) checkModeManaged(user, 'auto_buy_enabled', patch.auto_buy_enabled);
  if (priceTicks !== undefined) {
    const storedTicks = (row: AccountSettingsRow) =>
      row.auto_buy_max_price_ticks === null ? null : Number(row.auto_buy_max_price_ticks);
    await changeSetting(
      deps,
      user,
      (row) => storedTicks(row) === priceTicks,
      (trx, nowUs) => writeAutoBuyMaxPrice(trx, user.id, priceTicks, nowUs),
    );
  }
  return getSystemSettings(deps, userId);
}

/** `enabled` undefined: back to the mode's default, which auto-transfer always has (nothing is stored). */
export async function updateAutoTransfer(
  deps: { db: Db; clock: Clock },
  userId: string,
  enabled: boolean | undefined,
): Promise<SystemSettings> {
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  if (enabled !== undefined) checkModeManaged(user, 'auto_transfer_enabled', enabled);
  return getSystemSettings(deps, userId);
}

/** The self-trade prevention of orders that name none (PATCH /v1/self/system-settings/trading). */
export async function updateTradingSettings(
  deps: { db: Db; clock: Clock },
  userId: string,
  mode: SelfTradePrevention,
): Promise<SystemSettings> {
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  await changeSetting(
    deps,
    user,
    (row) => row.self_trade_prevention === mode,
    (trx, nowUs) => writeSelfTradePrevention(trx, user.id, mode, nowUs),
  );
  return getSystemSettings(deps, userId);
}

/** Writes one setting on the locked row unless `unchanged` says it already holds (then not even updated_at moves). */
async function changeSetting(
  deps: { db: Db; clock: Clock },
  user: UserRow,
  unchanged: (row: AccountSettingsRow) => boolean,
  write: (trx: Knex.Transaction, nowUs: number) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const row = await lockAccountSettings(trx, user.id, user.created_at_us);
    if (!unchanged(row)) await write(trx, deps.clock.nowUs());
  });
}

export async function updateAutoReload(
  deps: { db: Db; clock: Clock },
  userId: string,
  patch: AutoReloadPatch,
): Promise<SystemSettings> {
  if (Object.values(patch).every((value) => value === undefined)) {
    throw validationFailure('body must have at least one of enabled, threshold_usd, amount_usd, monthly_limit_usd', {
      errors: [{ path: 'body', message: 'must NOT have fewer than 1 properties', value: {} }],
    });
  }
  const parsed = {
    thresholdMicros: patch.threshold_usd === undefined ? undefined : parseUsd(patch.threshold_usd, 'threshold_usd'),
    amountMicros: patch.amount_usd === undefined ? undefined : parseUsd(patch.amount_usd, 'amount_usd'),
    monthlyLimitMicros:
      patch.monthly_limit_usd === undefined ? undefined : parseUsd(patch.monthly_limit_usd, 'monthly_limit_usd'),
  };
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  return deps.db.transaction(async (trx) => {
    const row = await lockAccountSettings(trx, user.id, user.created_at_us);
    const current = readAutoReload(row);
    const next: AutoReload = {
      enabled: patch.enabled ?? current.enabled,
      thresholdMicros: parsed.thresholdMicros === undefined ? current.thresholdMicros : parsed.thresholdMicros,
      amountMicros: parsed.amountMicros === undefined ? current.amountMicros : parsed.amountMicros,
      monthlyLimitMicros:
        parsed.monthlyLimitMicros === undefined ? current.monthlyLimitMicros : parsed.monthlyLimitMicros,
    };
    checkAutoReload(next, patch);
    const unchanged = (Object.keys(next) as (keyof AutoReload)[]).every((key) => next[key] === current[key]);
    const reloadedMicros = await reloadedThisMonthMicros(trx, deps.clock, userId);
    if (unchanged) return settingsView(user, row, reloadedMicros); // nothing changes, not even updated_at
    await writeAutoReload(trx, userId, next, deps.clock.nowUs());
    return settingsView(user, await accountSettingsIn(trx, userId), reloadedMicros);
  });
}

/**
 * Auto top-up's fields, any of them (the schema checks each: whole Units from 1); the rule is checked on the result.
 */
export async function updateAutoTopUp(
  deps: { db: Db; clock: Clock },
  userId: string,
  patch: AutoTopUpPatch,
): Promise<SystemSettings> {
  checkUnits(patch.quantity, 'quantity');
  checkUnits(patch.trigger_threshold, 'trigger_threshold');
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  return changeAutoTopUp(deps, user, (current) => {
    const next: AutoTopUp = {
      enabled: patch.enabled ?? current.enabled,
      quantityUnits: patch.quantity === undefined ? current.quantityUnits : patch.quantity,
      thresholdUnits: patch.trigger_threshold === undefined ? current.thresholdUnits : patch.trigger_threshold,
    };
    checkAutoTopUp(next, patch);
    return next;
  });
}

/** Flips auto top-up (the live service's toggle); turned on with nothing set, it tops up by 1 Unit below 1 Unit. */
export async function toggleAutoTopUp(deps: { db: Db; clock: Clock }, userId: string): Promise<SystemSettings> {
  const user = await requireUser(deps.db, userId);
  requireSettingsWritable(user);
  return changeAutoTopUp(deps, user, (current) =>
    current.enabled
      ? { ...current, enabled: false }
      : {
          enabled: true,
          quantityUnits: current.quantityUnits ?? autoTopUpToggleDefaultUnits,
          thresholdUnits: current.thresholdUnits ?? autoTopUpToggleDefaultUnits,
        },
  );
}

/**
 * Applies `change` to auto top-up on the locked row; nothing is written (not even updated_at) when it changes nothing.
 */
async function changeAutoTopUp(
  deps: { db: Db; clock: Clock },
  user: UserRow,
  change: (current: AutoTopUp) => AutoTopUp,
): Promise<SystemSettings> {
  return deps.db.transaction(async (trx) => {
    const row = await lockAccountSettings(trx, user.id, user.created_at_us);
    const current = readAutoTopUp(row);
    const next = change(current);
    const unchanged = (Object.keys(next) as (keyof AutoTopUp)[]).every((key) => next[key] === current[key]);
    if (!unchanged) await writeAutoTopUp(trx, user.id, next, deps.clock.nowUs());
    return settingsView(
      user,
      unchanged ? row : await accountSettingsIn(trx, user.id),
      await reloadedThisMonthMicros(trx, deps.clock, user.id),
    );
  });
}
