import type { components } from '../../generated/types/platform.js';
import { validationFailure } from '../lib/common-failures.js';
import { parseUsdCents } from '../lib/money.js';
import type { AccountMode } from './identity.js';
import type { AutoReloadPatch, AutoTopUpPatch } from './settings.js';

/**
 * The live service's spellings of mkt's settings fields (its CLI sends `mode`, `easy`,
 * `auto_reload_enabled`, `auto_transfer_override`…): each is another name for one setting, so a
 * request may use either, and both only when they agree. What reaches the rules is mkt's meaning.
 */

/** One field under its two names, as the request carries it (`undefined`: absent). */
type Spelled<T> = readonly [name: string, value: T | undefined];

/**
 * The value of whichever spelling is present; `undefined` when neither is. Both present with
 * values that mean different things is a 422 naming both paths, whose detail says to send one.
 */
function eitherSpelling<T>(
  first: Spelled<T>,
  second: Spelled<T>,
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): T | undefined {
  const [firstName, firstValue] = first;
  const [secondName, secondValue] = second;
  if (firstValue === undefined) return secondValue;
  if (secondValue === undefined || same(firstValue, secondValue)) return firstValue;
  const shown = (value: T) => JSON.stringify(value);
  throw validationFailure(
    `body.${firstName} (${shown(firstValue)}) and body.${secondName} (${shown(secondValue)}) are two spellings of one setting with different values; send one of them.`,
    {
      errors: [
        { path: `body.${firstName}`, message: `must agree with body.${secondName}`, value: firstValue },
        { path: `body.${secondName}`, message: `must agree with body.${firstName}`, value: secondValue },
      ],
    },
  );
}

/** An account mode as the request may name it: `easy` is the live service's name for Auto Mode. */
type AccountModeInput = AccountMode | 'easy';

const accountModeOf = (input: AccountModeInput): AccountMode => (input === 'easy' ? 'auto' : input);

/** The mode a SetAccountModeRequest names, under `account_mode` or `mode` (the schema requires one of them). */
export function requestedAccountMode(body: { account_mode?: AccountModeInput; mode?: AccountModeInput }): AccountMode {
  const input = eitherSpelling<AccountModeInput>(
    ['account_mode', body.account_mode],
    ['mode', body.mode],
    (a, b) => accountModeOf(a) === accountModeOf(b),
  );
  if (input === undefined) {
    throw validationFailure('body must have account_mode (auto or advanced) or mode (easy or advanced)', {
      errors: [{ path: 'body', message: 'must have account_mode or mode', value: body }],
    });
  }
  return accountModeOf(input);
}

type AutoReloadBody = components['schemas']['UpdateAutoReloadRequest'];
type AutoTopUpBody = components['schemas']['UpdateAutoTopUpRequest'];
type AutoTransferBody = components['schemas']['UpdateAutoTransferRequest'];

/** Two USD amounts agree when they are the same number of cents (`10` and `10.00`); `null` only with `null`. */
const sameUsd = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : parseUsdCents(a) === parseUsdCents(b);

/** The auto-reload patch a body means, its flat names (`auto_reload_enabled`…) read as the short ones. */
export function autoReloadPatchOf(body: AutoReloadBody): AutoReloadPatch {
  return {
    enabled: eitherSpelling(['enabled', body.enabled], ['auto_reload_enabled', body.auto_reload_enabled]),
    threshold_usd: eitherSpelling(
      ['threshold_usd', body.threshold_usd],
      ['auto_reload_threshold_usd', body.auto_reload_threshold_usd],
      sameUsd,
    ),
    amount_usd: eitherSpelling(
      ['amount_usd', body.amount_usd],
      ['auto_reload_amount_usd', body.auto_reload_amount_usd],
      sameUsd,
    ),
    monthly_limit_usd: eitherSpelling(
      ['monthly_limit_usd', body.monthly_limit_usd],
      ['auto_reload_monthly_limit_usd', body.auto_reload_monthly_limit_usd],
      sameUsd,
    ),
  };
}

/** The auto top-up patch a body means, its flat names (`auto_top_up_quantity`…) read as the short ones. */
export function autoTopUpPatchOf(body: AutoTopUpBody): AutoTopUpPatch {
  return {
    enabled: eitherSpelling(['enabled', body.enabled], ['auto_top_up_enabled', body.auto_top_up_enabled]),
    quantity: eitherSpelling(['quantity', body.quantity], ['auto_top_up_quantity', body.auto_top_up_quantity]),
    trigger_threshold: eitherSpelling(
      ['trigger_threshold', body.trigger_threshold],
      ['auto_top_up_trigger_threshold', body.auto_top_up_trigger_threshold],
    ),
  };
}

/**
 * The auto-transfer value a body asks for; `undefined` when it asks only for the mode's default
 * (`auto_transfer_override: null`: mkt stores no override, so there is nothing to clear).
 */
export function autoTransferOf(body: AutoTransferBody): boolean | undefined {
  const override = body.auto_transfer_override ?? undefined;
  return eitherSpelling(['auto_transfer_enabled', body.auto_transfer_enabled], ['auto_transfer_override', override]);
}
