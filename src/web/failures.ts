import type { KeysFailure } from '../core/keys.js';
import type { PaymentsFailure } from '../core/payments.js';
import type { SettingsFailure } from '../core/settings.js';
import type { PagingFailure } from '../db/paging.js';
import type { WithdrawalFailure } from '../core/withdrawal-rules.js';
import { ApiError } from '../lib/errors.js';
import { Failure } from '../lib/failure.js';

/**
 * The failures of the services the dashboard calls, with the HTTP status of the page that shows
 * them (the same as the APIs answer them with). `Record` makes a code missing here a compile error.
 */
type WebFailure = KeysFailure | SettingsFailure | PagingFailure | PaymentsFailure | WithdrawalFailure;

const webFailureStatus: Readonly<Record<WebFailure, number>> = {
  not_found: 404,
  validation_error: 422,
  conflict: 409,
  invalid_public_key: 422,
  duplicate_signing_key: 409,
  invalid_api_key: 401,
  account_inactive: 403,
  email_unverified: 403,
  legal_terms_not_accepted: 403,
  mode_managed_setting: 403,
  invalid_cursor: 422,
  idempotency_key_reused: 409,
  deposit_limit_exceeded: 422,
  insufficient_balance: 422,
  withdrawal_limit_exceeded: 422,
  destination_unusable: 422,
  destination_cooling_off: 403,
  reauthentication_required: 403,
};

const isFailure = (error: unknown): error is Failure<string> => error instanceof Failure;

const isWebFailure = (code: string): code is WebFailure => Object.hasOwn(webFailureStatus, code);

/** A service's refusal as a page shows it: its code, what to do, its facts, and the page's status. */
export interface Refusal {
  code: string;
  detail: string;
  context: Record<string, unknown> | undefined;
  status: number;
}

/**
 * The refusal `error` is, or undefined when it is none (a bug, or a code this table does not know:
 * the caller rethrows it and the dashboard answers 500). An ApiError below 500 (trading's refusals,
 * through the port) carries its own status.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (isFailure(error)) {
    const code = error.code;
    if (!isWebFailure(code)) return undefined;
    return { code, detail: error.detail, context: error.context, status: webFailureStatus[code] };
  }
  if (error instanceof ApiError && error.status < 500)
    return { code: error.code, detail: error.detail, context: error.context, status: error.status };
  return undefined;
}
