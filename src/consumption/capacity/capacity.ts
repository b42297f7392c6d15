import { freeDailyRequestsMax, utcDayStartUs } from '../../core/allowance.js';
import { writesAtOnce } from '../../db/inference-settlement.js';
import { admitAtOnce } from './admission-at-once.js';
import {
  admissionOf,
  dailyLimitReached,
  slotsExhausted,
  tokensTaken,
  type Admission,
  type AdmitTerms,
  type ReservedRequest,
  type SlotState,
} from './admission-terms.js';
import type { InstrumentRow } from '../../core/reference.js';
import { reserveFromLots, type LotReservation } from '../../db/consumption-lots.js';
import { inTransaction } from '../../db/group-commit.js';
import {
  claimTicketAndLockSlots,
  inferenceRequestsSince,
  insertAdmission,
  lockUserSlots,
} from '../../db/inference-requests.js';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex.js';
import { poolSql, sqlOf, type Sql } from '../../db/sql.js';
import { tokensOf } from '../../ledger/assets.js';
import { LedgerShortfall, move, post } from '../../ledger/journal.js';
import { assert } from '../../lib/assert.js';
import { seenTokens, snapshot, type KeyCaller, type Snapshot } from './admission-snapshot.js';
import { checkBudgetLeft, checkKeyUse, lotsReserveMicros, reserveBudget, type BudgetHold } from './key-limits.js';
import type { LeaseTerms } from './leases.js';
import { capThatApplies, lotPriceMaxOf, usableTokens } from './price-cap.js';
import { ensureTokens, type CapacityDeps, type TokenDemand } from './token-shortfall.js';
import { ticketUsed } from '../../core/tickets.js';

/**
 * Admission of inference (DESIGN.md §5, §7): the daily limit of free accounts, the concurrency
 * slots of the user's tier, and the tokens the request may use (token-shortfall.ts). `checkCapacity`
 * decides without taking anything (the 307); `openAdmission` takes a slot, writes the receipt and
 * reserves the tokens in one transaction (the `/r/v1/…` run). Settlement gives the slot back (settle.ts).
 */

/** What the redirect's checks established: the slots, and the price cap that applies (price-cap.ts), for the ticket. */
interface Checked extends SlotState {
  maxPriceTicks: number | null;
}

/** Free accounts (no deposit yet) make at most 100 requests per UTC day. */
async function checkDailyLimit(sql: Sql, userId: string, seen: Snapshot, nowUs: number): Promise<void> {
  if (seen.deposited) return;
  const dayStartUs = utcDayStartUs(nowUs);
  if ((await inferenceRequestsSince(sql, userId, dayStartUs)) < freeDailyRequestsMax) return;
  throw dailyLimitReached(nowUs);
}

/**
 * The transaction of admission. `accountId` null: the caller has not made sure of capacity, and
 * the snapshot decides: null (nothing written) unless it shows the tokens available, so that
 * capacity's refusals keep their precedence over the daily limit and the slots.
 */
async function admit(
  db: Db,
  request: ReservedRequest,
  reservedTokens: number,
  terms: AdmitTerms,
  nowUs: number,
): Promise<Admission | null> {
  if (writesAtOnce(db)) return admitAtOnce(db, request, reservedTokens, terms, nowUs);
  const { knownAccountId, ticket } = terms;
  return inTransaction(db, async (trx) => {
    const sql = await sqlOf(trx);
    // A ticket runs one inference, in every process: its claim is the transaction's first write, undone with it.
    // Slots and key budgets are counted and taken under one lock per user, in every process (taken with the claim).
    if (ticket === undefined) await lockUserSlots(sql, request.userId);
    else if (!(await claimTicketAndLockSlots(sql, ticket, request.userId))) throw ticketUsed();
    const seen = await snapshot(sql, request, request.instrument, nowUs);
    const key = seen.key;
    checkKeyUse(key, request.model, request.instrument, nowUs);
    const capTicks = capThatApplies(request.maxPriceTicks, seen.defaultMaxPriceTicks);
    const accountId = knownAccountId ?? (await accountHolding(sql, seen, reservedTokens, capTicks, nowUs));
    if (accountId === null) return null;
    await checkDailyLimit(sql, request.userId, seen, nowUs);
    const { slots } = seen;
    if (slots.active >= slots.limit) throw slotsExhausted(slots.limit);
    const held = { accountId, tokens: reservedTokens, capTicks };
    const reservedLots = await reserveTokens(trx, sql, request, held, nowUs);
    const budget = await reserveBudget(
      sql,
      request.apiKeyId,
      key,
      lotsReserveMicros(reservedLots, Number(request.instrument.tokens_per_unit)),
      nowUs,
    );
    const lease = await recordAdmission(sql, request, { ...held, reservedLots, budget }, nowUs);
    return admissionOf(seen, accountId, { reservedLots, budget, lease });
  });
}

/** The account the snapshot shows holding the request's tokens (within its cap); null: it does not, or cannot tell. */
async function accountHolding(
  sql: Sql,
  seen: Snapshot,
  reservedTokens: number,
  capTicks: number | null,
  nowUs: number,
): Promise<string | null> {
  const shown = seenTokens(seen);
  if (shown === null || shown.available < reservedTokens) return null;
  if ((await usableTokens(sql, shown.accountId, shown.available, capTicks, nowUs)) < reservedTokens) return null;
  return shown.accountId;
}

/** The request's tokens, locked in its journal entry and reserved from named lots (within its cap). */
async function reserveTokens(
  trx: Knex.Transaction,
  sql: Sql,
  request: ReservedRequest,
  { accountId, tokens, capTicks }: { accountId: string; tokens: number; capTicks: number | null },
  nowUs: number,
): Promise<LotReservation[]> {
  const gone = () => tokensTaken(request, tokens);
  const asset = tokensOf(request.instrument.id);
  try {
    await post(
      trx,
      'inference_reserve',
      request.requestId,
      move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, tokens),
      nowUs,
    );
  } catch (error) {
    if (!(error instanceof LedgerShortfall)) throw error;
    throw gone();
  }
  // The journal entry holds the account's row: the lots are the request's to reserve from.
  const reservedLots = await reserveFromLots(sql, accountId, tokens, nowUs, lotPriceMaxOf(capTicks));
  if (reservedLots === null) throw gone();
  return reservedLots;
}

/** The slot and the receipt (in progress) of an admitted request. */
async function recordAdmission(
  sql: Sql,
  request: ReservedRequest,
  held: { accountId: string; tokens: number; reservedLots: LotReservation[]; budget: BudgetHold | null },
  nowUs: number,
): Promise<LeaseTerms> {
  const lease = request.lease();
  const slot = {
    request_id: request.requestId,
    user_id: request.userId,
    acquired_at_us: nowUs,
    expires_at_us: lease.expiresAtUs,
    process_id: lease.processId,
    prompt_tokens: held.tokens - request.tokens.output,
  };
  await insertAdmission(sql, slot, {
    id: request.requestId,
    user_id: request.userId,
    api_key_id: request.apiKeyId,
    model: request.model,
    instrument_id: request.instrument.id,
    endpoint: request.endpoint,
    stream: request.stream,
    reserved_tokens: held.tokens,
    consumption_account_id: held.accountId,
    created_at_us: nowUs,
    reserved_lots: JSON.stringify(held.reservedLots),
    budget_reserved_micros: held.budget?.reservedMicros ?? null,
    budget_period_start_us: held.budget?.periodStartUs ?? null,
  });
  return lease;
}

/** The key's limits, checked before anything is bought (admission checks them again, in its transaction). */
async function checkKey(
  deps: CapacityDeps,
  caller: KeyCaller,
  instrument: InstrumentRow,
  seen: Snapshot,
  nowUs: number,
): Promise<void> {
  const key = seen.key;
  checkKeyUse(key, caller.model, instrument, nowUs);
  await checkBudgetLeft(poolSql(deps.db), caller.apiKeyId, key, nowUs);
}

/**
 * The checks of the redirect: nothing is taken (but Auto Mode's buy). Answers the slot headers and the price cap that
 * applies.
 */
export async function checkCapacity(
  deps: CapacityDeps,
  caller: KeyCaller,
  instrument: InstrumentRow,
  tokens: TokenDemand,
  nowUs: number,
): Promise<Checked> {
  const { userId } = caller;
  const seen = await snapshot(poolSql(deps.db), caller, instrument, nowUs);
  await checkKey(deps, caller, instrument, seen, nowUs);
  await checkDailyLimit(poolSql(deps.db), userId, seen, nowUs);
  const { limit, active } = seen.slots;
  if (active >= limit) throw slotsExhausted(limit);
  const maxPriceTicks = capThatApplies(caller.maxPriceTicks, seen.defaultMaxPriceTicks);
  await ensureTokens(deps, { userId, instrument, tokens, capTicks: maxPriceTicks }, seen, nowUs);
  return { limit, remaining: limit - active, maxPriceTicks };
}

/**
 * Admission at `/r/v1/…`: capacity first (which may buy), then, in one transaction, the daily
 * limit, a slot, the receipt (in progress) and the reservation of the request's tokens. Answers
 * the slots and whose Units the request consumes first.
 *
 * A small prompt whose tokens the account holds, the common case, is admitted by that one
 * transaction alone: its snapshot shows the tokens, so nothing is read before it. Otherwise (a
 * shortfall, expired lots awaiting write-off, a prompt too big to count on the spot) capacity is
 * made sure of first, as the redirect did, and the transaction follows.
 */
export async function openAdmission(deps: CapacityDeps, request: ReservedRequest, nowUs: number): Promise<Admission> {
  let ticket = request.ticket;
  if (request.tokens.countsInline) {
    const admitted = await admit(
      deps.db,
      request,
      await request.tokens.exact(),
      { knownAccountId: null, ticket },
      nowUs,
    );
    if (admitted !== null) return admitted;
    // The transaction that deferred committed the ticket's claim.
    ticket = undefined;
  }
  const { userId, instrument, tokens } = request;
  const seen = await snapshot(poolSql(deps.db), request, instrument, nowUs);
  await checkKey(deps, request, instrument, seen, nowUs);
  const capTicks = capThatApplies(request.maxPriceTicks, seen.defaultMaxPriceTicks);
  const accountId = await ensureTokens(deps, { userId, instrument, tokens, capTicks }, seen, nowUs);
  const admitted = await admit(
    deps.db,
    request,
    await request.tokens.exact(),
    { knownAccountId: accountId, ticket },
    nowUs,
  );
  assert(admitted !== null, `admission of ${request.requestId} with its account known cannot defer`);
  return admitted;
}
