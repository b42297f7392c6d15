import { freeDailyRequestsMax, nextUtcDayUs } from '../../core/allowance.js';
import type { InstrumentRow } from '../../core/reference.js';
import type { LotReservation } from '../../db/consumption-lots.js';
import { Failure } from '../../lib/failure.js';
import type { KeyCaller, Snapshot } from './admission-snapshot.js';
import type { BudgetHold } from './key-limits.js';
import type { LeaseTerms } from './leases.js';
import type { TokenDemand } from './token-shortfall.js';

/**
 * What admission takes and answers, and its refusals: shared by its transaction of several statements (capacity.ts,
 * SQLite) and of one (admission-at-once.ts, PostgreSQL), which must refuse alike.
 */

/**
 * Why admission refuses a request whose tokens are there (mapped in handlers/failures.ts): every
 * slot in use, a free account's daily limit reached, or the tokens taken by another request meanwhile.
 */
export type AdmissionFailure = 'slots_exhausted' | 'daily_limit_reached' | 'tokens_taken';

export interface SlotState {
  limit: number;
  /** Slots left after this admission decision. */
  remaining: number;
}

export interface Admission extends SlotState {
  accountId: string;
  /** The lots the request's tokens are reserved from, and its reserve of its key's budget (key-limits.ts). */
  reservedLots: LotReservation[];
  budget: BudgetHold | null;
  /** The supplier whose Units the request will consume first, when known. */
  lotSupplierUserId: string | null;
  /** Whether the account had auto top-up on when the request was admitted. */
  autoTopUp: boolean;
  /** The earliest expiry of the account's lots holding tokens, at admission (settle.ts `OpenRequest`). */
  lotsExpireAtUs: number | null;
  /** The lease the slot's row was written with: the request holds it from here on (leases.ts `holdLease`). */
  lease: LeaseTerms;
}

export interface ReservedRequest extends KeyCaller {
  requestId: string;
  instrument: InstrumentRow;
  endpoint: 'chat.completions' | 'responses' | 'messages';
  stream: boolean;
  tokens: TokenDemand;
  /**
   * The slot's lease (leases.ts): the process that renews it, and until when it holds unrenewed. Taken as the slot's
   * row is written, after the prompt is counted: a count that outlasts a lease (a big prompt waiting for the token
   * pool on a busy machine) must not write a slot already expired, which the next sweep would settle under the request.
   */
  lease: () => LeaseTerms;
  /** The admission ticket the run came with (inference/tickets.ts): claimed used by the admission's transaction. */
  ticket?: UsedTicket;
}

/** A ticket to claim used: its id, and until when its claim must be kept. */
export interface UsedTicket {
  id: string;
  expiresAtUs: number;
}

/** What admission's transaction is told besides the request. */
export interface AdmitTerms {
  /** The account the caller made sure holds the tokens; null: the snapshot decides (capacity.ts `admit`). */
  knownAccountId: string | null;
  ticket: UsedTicket | undefined;
}

export function slotsExhausted(limit: number): Failure<AdmissionFailure> {
  return new Failure<AdmissionFailure>(
    'slots_exhausted',
    `All ${limit} concurrent inference slots are in use; retry after 1 second or reduce parallelism.`,
    {
      headers: { 'retry-after': '1', 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
    },
  );
}

/** Free accounts (no deposit yet) make at most 100 requests per UTC day. */
export function dailyLimitReached(nowUs: number): Failure<AdmissionFailure> {
  const retryAfter = Math.ceil((nextUtcDayUs(nowUs) - nowUs) / 1_000_000);
  return new Failure<AdmissionFailure>(
    'daily_limit_reached',
    `Free accounts may make ${freeDailyRequestsMax} inference requests per UTC day; the limit resets at 00:00 UTC and is lifted by a first deposit.`,
    {
      headers: { 'retry-after': String(retryAfter) },
    },
  );
}

export function tokensTaken(request: ReservedRequest, tokens: number): Failure<AdmissionFailure> {
  return new Failure<AdmissionFailure>(
    'tokens_taken',
    `The ${request.instrument.model_name} consumption account no longer holds the ${tokens} tokens this request needs (another request took them). Retry.`,
  );
}

/** What an admission answers: the slots (this one taken) and what the snapshot showed, with what it took. */
export function admissionOf(
  seen: Snapshot,
  accountId: string,
  taken: Pick<Admission, 'reservedLots' | 'budget' | 'lease'>,
): Admission {
  const { slots } = seen;
  return {
    limit: slots.limit,
    remaining: slots.limit - slots.active - 1,
    accountId,
    lotSupplierUserId: seen.nextLotSupplierUserId,
    autoTopUp: seen.autoTopUp,
    lotsExpireAtUs: seen.lotsExpireAtUs,
    ...taken,
  };
}
