import { ApiError } from '../lib/errors.js';
import type { Failure, FailureHttp, FailureTable } from '../lib/failure.js';
import type { CommonFailure } from '../lib/common-failures.js';
import type { AccountRuleFailure } from '../core/account-rules.js';
import type { DiagnosticsFailure } from '../core/diagnostics.js';
import type { IdentityFailure } from '../core/identity.js';
import type { KeysFailure } from '../core/keys.js';
import type { PaymentsFailure } from '../core/payments.js';
import type { WithdrawalFailure } from '../core/withdrawal-rules.js';
import type { SettingsFailure } from '../core/settings-rules.js';
import type { PagingFailure } from '../db/paging.js';
import type { UnavailableFailure } from '../db/unavailable.js';

/** Every failure code the core raises: a code missing from the table below does not compile. */
type CoreFailure =
  | CommonFailure
  | AccountRuleFailure
  | DiagnosticsFailure
  | IdentityFailure
  | KeysFailure
  | PaymentsFailure
  | WithdrawalFailure
  | SettingsFailure
  | PagingFailure
  | UnavailableFailure;

/**
 * The core's failure codes (src/core, src/ledger, src/db's paging) as every surface answers them:
 * the core serves every surface, so its codes are mapped once, here at the edge. A surface's own
 * table (its `handlers/failures.ts`) is read first and may answer a core code its own way.
 */
const coreFailures: FailureTable<CoreFailure> = {
  // identity, accounts, keys, settings (src/core)
  not_found: { status: 404, error: 'not_found' },
  validation_error: { status: 422, error: 'validation_error' },
  conflict: { status: 409, error: 'conflict' },
  invalid_public_key: { status: 422, error: 'invalid_public_key' },
  duplicate_signing_key: { status: 409, error: 'duplicate_signing_key' },
  account_inactive: { status: 403, error: 'account_inactive' },
  email_unverified: { status: 403, error: 'email_unverified' },
  legal_terms_not_accepted: { status: 403, error: 'legal_terms_not_accepted' },
  mode_managed_setting: { status: 403, error: 'mode_managed_setting' },
  invalid_api_key: { status: 401, error: 'invalid_api_key' },
  unknown_fingerprint: { status: 401, error: 'unknown_fingerprint' },

  // payments, funds and the ledger (src/core/payments.ts, src/ledger)
  idempotency_key_reused: { status: 409, error: 'idempotency_key_reused' },
  deposit_limit_exceeded: { status: 422, error: 'deposit_limit_exceeded' },
  // money out (src/core/withdrawals.ts, payout-destinations.ts)
  insufficient_balance: { status: 422, error: 'insufficient_balance' },
  withdrawal_limit_exceeded: { status: 422, error: 'withdrawal_limit_exceeded' },
  destination_unusable: { status: 422, error: 'destination_unusable' },
  destination_cooling_off: { status: 403, error: 'destination_cooling_off' },
  reauthentication_required: { status: 403, error: 'reauthentication_required' },

  // paging (src/db/paging.ts)
  invalid_cursor: { status: 422, error: 'invalid_cursor' },

  // the database briefly unreachable, on any operation (src/db/unavailable.ts, src/http/unavailable.ts)
  service_unavailable: { status: 503, error: 'service_unavailable' },
};

/** The error the edge renders for a failure: the host's table first, then the core's; unmapped is a bug. */
export function failureAsApiError(
  failure: Failure,
  hostTable: Readonly<Record<string, FailureHttp | undefined>> = {},
): ApiError | undefined {
  const http =
    hostTable[failure.code] ?? (coreFailures as Readonly<Record<string, FailureHttp | undefined>>)[failure.code];
  if (http === undefined) return undefined;
  return new ApiError(http.status, http.error, failure.detail, { context: failure.context, headers: failure.headers });
}
