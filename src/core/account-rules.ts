import { userById } from '../db/identity.js';
import type { Db } from '../db/knex.js';
import { AssertionFailed } from '../lib/assert.js';
import { Failure } from '../lib/failure.js';
import type { AccountMode, UserRow } from './identity.js';

/**
 * Account preconditions of the platform API (platform.yaml "Order of checks", step 5). They answer
 * 403, never 422: the request is right and succeeds unchanged once the account is put right.
 */

/** The account preconditions, in the order they are checked. */
export type AccountRuleFailure = 'account_inactive' | 'email_unverified' | 'legal_terms_not_accepted';

/** Key creation and reactivation need only an active account. */
export function requireActiveAccount(user: UserRow, what: string): void {
  if (user.status !== 'active') {
    throw new Failure<AccountRuleFailure>(
      'account_inactive',
      `The account is inactive; ${what}. Contact support to have it reactivated.`,
    );
  }
}

/** Every settings write: active account, verified email, accepted legal terms — in that order. */
export function requireSettingsWritable(user: UserRow): void {
  requireAccountReady(user, { inactive: 'settings cannot be changed', action: 'changing settings' });
}

/**
 * An account ready for `action` ("changing settings", "withdrawing funds"): active (else `inactive` says what cannot
 * be done), with a verified email and accepted legal terms, checked in that order.
 */
export function requireAccountReady(user: UserRow, words: { inactive: string; action: string }): void {
  requireActiveAccount(user, words.inactive);
  if (user.email_verified_at_us === null) {
    throw new Failure<AccountRuleFailure>(
      'email_unverified',
      `Verify your email address (see the link sent at sign-up) before ${words.action}.`,
    );
  }
  if (user.legal_terms_accepted_at_us === null) {
    throw new Failure<AccountRuleFailure>(
      'legal_terms_not_accepted',
      `Accept the legal terms on the dashboard before ${words.action}.`,
    );
  }
}

/**
 * The settings an account mode dictates (specification part 3): forced on in Auto Mode, platform defaults in Advanced
 * Mode.
 */
export const modeManagedFields = ['auto_buy_enabled', 'auto_transfer_enabled'] as const;
export type ModeManagedField = (typeof modeManagedFields)[number];

const advancedModeDefaults: Record<ModeManagedField, boolean> = {
  auto_buy_enabled: false,
  auto_transfer_enabled: false,
};

export function dictatedValue(mode: AccountMode, field: ModeManagedField): boolean {
  return mode === 'auto' ? true : advancedModeDefaults[field];
}

/** Loads the caller; a principal always names an existing user (users are never deleted under a live credential). */
export async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await userById(db, userId);
  if (!user) throw new AssertionFailed(`authenticated user ${userId} does not exist`);
  return user;
}
