import { logJobFailure } from '../db/unavailable.js';
import { autoReloadUsersOf, autoReloadsSince, type DepositRow } from '../db/deposits.js';
import { userById } from '../db/identity.js';
import { accountSettingsIn } from '../db/settings.js';
import type { Logger } from '../lib/logger.js';
import {
  availableUsdMicros,
  countCredited,
  depositIn,
  depositView,
  lockUserFunds,
  sandboxRoomRefusal,
  startOfUtcMonthUs,
  type PaymentDeps,
} from '../core/payments.js';

/**
 * Auto-reload (platform.yaml updateAutoReload): when a committed change leaves a user's available
 * USD below `threshold_usd`, deposit `amount_usd` through the payment path, within the monthly
 * limit, one pending at a time, once per dip. Every check runs again inside the transaction that
 * would deposit, under the user's funds lock (payments.ts `lockUserFunds`), so two processes that
 * saw the same dip make one reload.
 */
type AutoReloadOutcome =
  | { outcome: 'reloaded'; deposit: DepositRow }
  | {
      outcome:
        | 'not_enabled'
        | 'account_inactive'
        | 'above_threshold'
        | 'reload_pending'
        | 'dip_reloaded'
        | 'monthly_limit_reached'
        | 'daily_limit_reached';
    };

/**
 * Checks one user, for a change that committed before `changedAtUs`: a reload made at or after it
 * already saw that change, so the same dip is never reloaded twice.
 */
async function autoReloadIfLow(deps: PaymentDeps, userId: string, changedAtUs: number): Promise<AutoReloadOutcome> {
  const user = await userById(deps.db, userId);
  if (!user) return { outcome: 'not_enabled' };
  return deps.db.transaction(async (trx): Promise<AutoReloadOutcome> => {
    const sql = await lockUserFunds(trx, user);
    const settings = await accountSettingsIn(trx, userId);
    const thresholdMicros = settings?.auto_reload_threshold_micros ?? null;
    const amountMicros = settings?.auto_reload_amount_micros ?? null;
    if (!settings || !settings.auto_reload_enabled || thresholdMicros === null || amountMicros === null)
      return { outcome: 'not_enabled' };
    if (user.status !== 'active') return { outcome: 'account_inactive' };
    if ((await availableUsdMicros(trx, userId)) >= Number(thresholdMicros)) return { outcome: 'above_threshold' };
    const nowUs = deps.clock.nowUs();
    const reloads = await autoReloadsSince(sql, userId, startOfUtcMonthUs(nowUs));
    if (reloads.pending > 0) return { outcome: 'reload_pending' };
    if (reloads.lastAtUs >= changedAtUs) return { outcome: 'dip_reloaded' };
    const limitMicros = settings.auto_reload_monthly_limit_micros;
    if (limitMicros !== null && reloads.micros + Number(amountMicros) > Number(limitMicros))
      return { outcome: 'monthly_limit_reached' };
    if (await sandboxRoomRefusal(deps, sql, userId, Number(amountMicros), nowUs))
      return { outcome: 'daily_limit_reached' };
    const deposit = await depositIn(trx, sql, deps.config.payments.method, {
      userId,
      amountMicros: Number(amountMicros),
      origin: 'auto_reload',
      idempotencyKey: null,
      nowUs,
    });
    return { outcome: 'reloaded', deposit };
  });
}

/** Checks one user and logs what happened; a failure is logged, never thrown (the change that triggered it stands). */
export async function checkAutoReload(
  deps: PaymentDeps & { logger: Logger },
  userId: string,
  changedAtUs: number,
): Promise<AutoReloadOutcome | undefined> {
  try {
    const result = await autoReloadIfLow(deps, userId, changedAtUs);
    if (result.outcome === 'reloaded') {
      countCredited(deps, result.deposit);
      deps.logger.info({ user_id: userId, deposit: depositView(result.deposit) }, 'auto-reload deposited');
    } else if (result.outcome === 'monthly_limit_reached' || result.outcome === 'daily_limit_reached')
      deps.logger.info({ user_id: userId, outcome: result.outcome }, 'auto-reload skipped');
    return result;
  } catch (error) {
    deps.logger.error({ err: error, user_id: userId }, 'auto-reload failed');
    return undefined;
  }
}

/** This process's queue of reload checks, fed after its commits (announcements.ts `watchCommittedAccounts`). */
export interface AutoReloads {
  /**
   * User accounts a committed transaction lowered: their owners with auto-reload on are checked soon, off the caller's
   * path.
   */
  accountsChanged(accountIds: readonly string[]): void;
  /** Waits for the checks queued so far (stop, tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Changes that arrive while a round runs are coalesced into the next one: one lookup of owners
 * per round, checked with the time of the newest change (`autoReloadIfLow`).
 */
export function startAutoReloads(deps: PaymentDeps & { logger: Logger }): AutoReloads {
  let queued = new Set<string>();
  let changedAtUs = 0;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function round(): Promise<void> {
    const accountIds = [...queued];
    const atUs = changedAtUs;
    queued = new Set();
    for (const userId of await autoReloadUsersOf(deps.db, accountIds)) {
      if (stopped) return;
      await checkAutoReload(deps, userId, atUs);
    }
  }

  function run(): void {
    if (running || stopped || queued.size === 0) return;
    running = round()
      .catch((error: unknown) => logJobFailure(deps.logger, error, {}, 'auto-reload round failed'))
      .finally(() => {
        running = undefined;
        run();
      });
  }

  return {
    accountsChanged(accountIds) {
      if (stopped) return;
      for (const id of accountIds) queued.add(id);
      changedAtUs = deps.clock.nowUs();
      run();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}
