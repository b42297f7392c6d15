import type { AutoReload, AutoTopUp } from '../db/settings.js';
import { validationFailure, type CommonFailure } from '../lib/common-failures.js';
import { Failure } from '../lib/failure.js';
import { formatUsdCents, parseDecimal, parseUsdCents, priceScale } from '../lib/money.js';
import { dictatedValue, type AccountRuleFailure, type ModeManagedField } from './account-rules.js';
import type { AccountMode, UserRow } from './identity.js';

/**
 * The rules of the settings writes (platform.yaml's system-settings operations), apart from the
 * reads and writes of src/core/settings.ts: each parses or checks a value, or the settings as they
 * would be after a change, and throws the failure a client sees. No I/O.
 */

/** What a settings write refuses: a value no rule allows, a mode-managed field, an account precondition. */
export type SettingsFailure = CommonFailure | 'mode_managed_setting' | AccountRuleFailure;

/**
 * A cap above any price a book could show (1,000,000 USD per Unit), so that cap × Units stays a safe integer of
 * micro-dollars.
 */
const autoBuyMaxPriceTicksMax = 1_000_000 * 10 ** priceScale;

/** The body of PATCH /v1/self/system-settings/auto_reload: the fields to change; `null` clears an amount. */
export interface AutoReloadPatch {
  enabled?: boolean | undefined;
  threshold_usd?: string | null | undefined;
  amount_usd?: string | null | undefined;
  monthly_limit_usd?: string | null | undefined;
}

/**
 * The body of PATCH /v1/self/system-settings/auto-top-up, in its short names: the fields to change; `null` clears a
 * quantity.
 */
export interface AutoTopUpPatch {
  enabled?: boolean | undefined;
  quantity?: number | null | undefined;
  trigger_threshold?: number | null | undefined;
}

const modeNames: Record<AccountMode, string> = { auto: 'Auto Mode', advanced: 'Advanced Mode' };

/** A USD amount with at most two decimals, as micro-dollars; `null` stays `null`. The schema's part of the checks. */
export function parseUsd(text: string | null, field: string): number | null {
  if (text === null) return null;
  const path = `body.${field}`;
  const micros = parseUsdCents(text);
  if (micros === null) {
    throw validationFailure(`${path} must be a decimal string with at most 2 decimals`, {
      errors: [{ path, message: 'must have at most 2 decimals', value: text }],
    });
  }
  return micros;
}

/** USD per Unit with at most four decimals, positive, as ticks; `null` stays `null`. */
export function parseMaxPrice(text: string | null): number | null {
  if (text === null) return null;
  const path = 'body.auto_buy_max_price';
  const ticks = parseDecimal(text, priceScale);
  if (ticks === null || ticks <= 0 || ticks > autoBuyMaxPriceTicksMax) {
    throw validationFailure(
      `${path} must be a positive decimal string of USD per Unit with at most 4 decimals, like 0.4500, and at most 1000000; send null for no cap.`,
      {
        errors: [{ path, message: 'must be a positive decimal with at most 4 decimals', value: text }],
      },
    );
  }
  return ticks;
}

/** The rules of platform.yaml updateAutoReload, on the settings as they would be after the change. */
export function checkAutoReload(next: AutoReload, patch: AutoReloadPatch): void {
  if (next.enabled && (next.thresholdMicros === null || next.amountMicros === null)) {
    const path =
      patch.enabled !== undefined
        ? 'body.enabled'
        : next.thresholdMicros === null
          ? 'body.threshold_usd'
          : 'body.amount_usd';
    throw validationFailure('Set threshold_usd and amount_usd before enabling auto-reload.', {
      errors: [{ path, message: 'requires threshold_usd and amount_usd', value: patch.enabled ?? null }],
    });
  }
  const amounts: [string, number | null][] = [
    ['threshold_usd', next.thresholdMicros],
    ['amount_usd', next.amountMicros],
    ['monthly_limit_usd', next.monthlyLimitMicros],
  ];
  for (const [field, micros] of amounts) {
    if (micros === 0) {
      throw validationFailure(`${field} must be positive; send null to clear it.`, {
        errors: [{ path: `body.${field}`, message: 'must be positive', value: formatUsdCents(0) }],
      });
    }
  }
  if (next.amountMicros !== null && next.monthlyLimitMicros !== null && next.amountMicros > next.monthlyLimitMicros) {
    const amount = formatUsdCents(next.amountMicros);
    const limit = formatUsdCents(next.monthlyLimitMicros);
    const [path, message, value] =
      patch.amount_usd !== undefined
        ? ['body.amount_usd', 'must not exceed monthly_limit_usd', amount]
        : ['body.monthly_limit_usd', 'must not be below amount_usd', limit];
    throw validationFailure(`amount_usd (${amount}) must not exceed monthly_limit_usd (${limit}).`, {
      errors: [{ path, message, value }],
      monthly_limit_usd: limit,
    });
  }
}

/** Writing the dictated value is a no-op; anything else is refused (specification part 3 rule 5). */
export function checkModeManaged(user: UserRow, field: ModeManagedField, value: boolean): void {
  const required = dictatedValue(user.account_mode, field);
  if (value === required) return;
  const other: AccountMode = user.account_mode === 'auto' ? 'advanced' : 'auto';
  throw new Failure<SettingsFailure>(
    'mode_managed_setting',
    `${field} is managed by the account mode: ${modeNames[user.account_mode]} requires ${required}. ` +
      `Switch to ${modeNames[other]} with POST /v1/self/system-settings/account-mode to change it.`,
    { context: { field, account_mode: user.account_mode, required_value: required } },
  );
}

/** The most Units one top-up buys, and the highest threshold (platform.yaml UpdateAutoTopUpRequest). */
const autoTopUpUnitsMax = 1_000_000_000;

/** Whole Units from 1 (the schema's check, again for callers without it: the dashboard); `null` and absent pass. */
export function checkUnits(value: number | null | undefined, field: 'quantity' | 'trigger_threshold'): void {
  if (
    value === undefined ||
    value === null ||
    (Number.isSafeInteger(value) && value >= 1 && value <= autoTopUpUnitsMax)
  )
    return;
  throw validationFailure(
    `${field} must be a whole number of Units from 1 to ${autoTopUpUnitsMax}; send null to clear it.`,
    {
      errors: [
        { path: `body.${field}`, message: `must be a whole number of Units from 1 to ${autoTopUpUnitsMax}`, value },
      ],
    },
  );
}

/** The rule of platform.yaml updateAutoTopUp, on the settings as they would be after the change. */
export function checkAutoTopUp(next: AutoTopUp, patch: AutoTopUpPatch): void {
  if (!next.enabled || (next.quantityUnits !== null && next.thresholdUnits !== null)) return;
  const path =
    patch.enabled !== undefined
      ? 'body.enabled'
      : next.quantityUnits === null
        ? 'body.quantity'
        : 'body.trigger_threshold';
  throw validationFailure('Set quantity and trigger_threshold before enabling auto top-up.', {
    errors: [{ path, message: 'requires quantity and trigger_threshold', value: patch.enabled ?? null }],
  });
}
