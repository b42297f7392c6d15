import type { ReservationDraw, LotReservation } from '../db/consumption-lots.js';
import type { EntryChange } from '../db/inference-settlement.js';
import type { JournalEntryWrite } from '../db/journal.js';
import type { KeySpendTrueUp } from '../db/key-spend.js';
import { assert } from '../lib/assert.js';
import { move } from './journal.js';
import { JournalWriteSet, type Posting } from './write-set.js';

/**
 * What settling an inference's reservation writes (consumption.ts `settleReservation` posts it statement by statement;
 * src/db/inference-settlement.ts sends it as one statement on PostgreSQL): the entry, its accounts' changes, the draws.
 */

/** What settling a request's reservation moves (migration 0019). */
export interface ReservationSettlement {
  requestId: string;
  accountId: string;
  /** The tokens asset the account holds. */
  asset: string;
  /** The lots its tokens are reserved from, in the order they are drawn. */
  reservations: readonly LotReservation[];
  reservedTokens: number;
  /** Tokens billed: at most those reserved. */
  chargedTokens: number;
  /** Before this time no lot of the account can have expired (settle.ts `OpenRequest`); null: not known. */
  lotsExpireAtUs: number | null;
  /** The key's budget to true up after the lots (the caller's; null: none), with them in one statement on PostgreSQL. */
  keySpend: KeySpendTrueUp | null;
}

/**
 * What settling a reservation writes, for a writer that sends it as one statement (src/db/inference-settlement.ts):
 * the entry `settleReservation` posts, its accounts' changes, and each reserved lot's draw. `consumed` is the
 * instrument's system:consumed account (made sure of beforehand: `systemAccount`).
 */
export function reservationSettlementWrite(
  settlement: Omit<ReservationSettlement, 'lotsExpireAtUs' | 'keySpend'>,
  consumed: string,
  nowUs: number,
): { entry: JournalEntryWrite | null; changes: EntryChange[]; draws: ReservationDraw[] } {
  const { requestId, accountId, reservations, reservedTokens, chargedTokens } = settlement;
  assertChargeWithin(chargedTokens, reservedTokens);
  const set = new JournalWriteSet();
  set.add('inference_settlement', requestId, settlementPostings(settlement, consumed), nowUs);
  const changes = set.accountChanges().map((change) => ({
    accountId: change.accountId,
    available: change.available,
    locked: change.locked,
    withdrawn: change.accountId === accountId ? chargedTokens : 0,
  }));
  return { entry: set.entries[0] ?? null, changes, draws: reservedDraws(requestId, reservations, chargedTokens) };
}

export function assertChargeWithin(chargedTokens: number, reservedTokens: number): void {
  assert(
    Number.isSafeInteger(chargedTokens) && chargedTokens >= 0 && chargedTokens <= reservedTokens,
    `tokens billed must be a non-negative safe integer within the ${reservedTokens} reserved, got ${chargedTokens}`,
  );
}

/** The settlement's postings: the tokens billed leave the locked bucket for system:consumed, the rest return. */
export function settlementPostings(
  {
    accountId,
    asset,
    reservedTokens,
    chargedTokens,
  }: Pick<ReservationSettlement, 'accountId' | 'asset' | 'reservedTokens' | 'chargedTokens'>,
  consumed: string,
): Posting[] {
  return [
    ...move(asset, { accountId, bucket: 'locked' }, { accountId: consumed, bucket: 'available' }, chargedTokens),
    ...move(asset, { accountId, bucket: 'locked' }, { accountId, bucket: 'available' }, reservedTokens - chargedTokens),
  ];
}

/** Each reserved lot's draw: what is billed from it, oldest first, and the whole of its reservation given up. */
export function reservedDraws(
  requestId: string,
  reservations: readonly LotReservation[],
  chargedTokens: number,
): ReservationDraw[] {
  let left = chargedTokens;
  const draws = reservations.map(([lotId, reserved]) => {
    const take = Math.min(reserved, left);
    left -= take;
    return { lotId, tokens: take, reserved };
  });
  assert(left === 0, `a request reserved fewer tokens than the ${chargedTokens} it is billed (${requestId})`);
  return draws;
}
