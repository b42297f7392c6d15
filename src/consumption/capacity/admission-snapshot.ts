import { slotsForTier } from '../../core/allowance.js';
import type { InstrumentRow } from '../../core/reference.js';
import { admissionSnapshot, type AdmissionSnapshotRow } from '../../db/inference-requests.js';
import type { Sql } from '../../db/sql.js';
import { tokensOf, usd } from '../../ledger/assets.js';
import { tierBalanceOf } from '../../ledger/funds.js';
import { assert } from '../../lib/assert.js';
import { keyLimitsOf, type KeyLimits } from './key-limits.js';

/** Who asks: the user, the key, and the model as the request names it (for the key's limits). */
export interface KeyCaller {
  userId: string;
  apiKeyId: string;
  model: string;
  /**
   * The request's price cap in ticks; null: none (its ticket says so); undefined: it named none, so the account's
   * default applies.
   */
  maxPriceTicks: number | null | undefined;
}

/** The user as admission sees it at one moment. */
export interface Snapshot {
  autoMode: boolean;
  /** Whether any real deposit arrived (free accounts have a daily limit). */
  deposited: boolean;
  slots: { limit: number; active: number };
  /** The consumption account of the instrument; `available` is null while expired lots await their write-off. */
  tokens: { accountId: string; available: number | null } | null;
  /** USD the user could spend on an auto-buy now. */
  usdAvailableMicros: number;
  nextLotSupplierUserId: string | null;
  /** The calling key's limits; null when the key was deleted or deactivated. */
  key: KeyLimits | null;
  /** The account's price cap for requests that name none (price-cap.ts), in ticks; null: none. */
  defaultMaxPriceTicks: number | null;
  /** Whether the account has auto top-up on: only then is a settlement passed on to it. */
  autoTopUp: boolean;
  /** The earliest expiry of the consumption account's lots that hold tokens; null: none. */
  lotsExpireAtUs: number | null;
}

/**
 * Everything admission decides on, in one statement (a request reads it twice: in the 307, and in its admission's
 * transaction).
 */
export async function snapshot(
  sql: Sql,
  caller: KeyCaller,
  instrument: InstrumentRow,
  nowUs: number,
): Promise<Snapshot> {
  const { userId } = caller;
  const row = await admissionSnapshot(sql, userId, caller.apiKeyId, usd, tokensOf(instrument.id), nowUs);
  assert(row !== undefined, `user ${userId} does not exist`);
  return snapshotOf(row);
}

/** The snapshot a row shows (read alone, or by admission's one statement: src/db/inference-admission.ts). */
export function snapshotOf(row: AdmissionSnapshotRow): Snapshot {
  const currency =
    row.deposited === null
      ? undefined
      : { deposited: Number(row.deposited), available: Number(row.usd_available), locked: Number(row.usd_locked) };
  return {
    autoMode: row.account_mode === 'auto',
    deposited: (currency?.deposited ?? 0) > 0,
    slots: { limit: slotsForTier(tierBalanceOf(currency)), active: Number(row.active_slots) },
    // Expired lots are written off before their tokens count: until then the account is not known to hold them.
    tokens:
      row.account_id === null
        ? null
        : { accountId: row.account_id, available: Number(row.expired_lots) > 0 ? null : Number(row.tokens_available) },
    nextLotSupplierUserId: row.next_lot_supplier ?? null,
    usdAvailableMicros: currency?.available ?? 0,
    key: keyLimitsOf(row),
    defaultMaxPriceTicks: row.default_max_price_ticks === null ? null : Number(row.default_max_price_ticks),
    autoTopUp: Boolean(row.auto_top_up_enabled),
    lotsExpireAtUs: row.lots_expire_at_us === null ? null : Number(row.lots_expire_at_us),
  };
}

/**
 * The free tokens the snapshot shows, with their account; null when it cannot tell (no account, or expired lots
 * awaiting write-off).
 */
export function seenTokens(seen: Snapshot): { accountId: string; available: number } | null {
  const tokens = seen.tokens;
  if (tokens === null || tokens.available === null) return null;
  return { accountId: tokens.accountId, available: tokens.available };
}
