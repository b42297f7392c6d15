import type { AutoBuy } from '../../core/trading-port.js';
import { addFundsHint } from '../../core/payments.js';
import { freeDailyRequestsMax, nextUtcDayUs, slotsForTier, utcDayStartUs } from '../../core/allowance.js';
import {
  autoBuyInFlight,
  claimAutoBuy,
  deleteExpiredAutoBuy,
  marketIdOfInstrument,
  releaseAutoBuy,
} from '../../db/auto-buys.js';
import {
  admissionSnapshot,
  inferenceRequestsSince,
  insertAdmission,
  lockUserSlots,
} from '../../db/inference-requests.js';
import { availableBalance } from '../../db/journal.js';
import { inTransaction } from '../../db/group-commit.js';
import type { Db } from '../../db/knex.js';
import { poolSql, sqlOf, type Sql } from '../../db/sql.js';
import { tokensOf, usd } from '../../ledger/assets.js';
import { expireLots } from '../../ledger/consumption.js';
import { tierBalanceOf } from '../../ledger/funds.js';
import { ensureAccount, LedgerShortfall, move, post } from '../../ledger/journal.js';
import { assert } from '../../lib/assert.js';
import { ApiError } from '../../lib/errors.js';
import type { InstrumentRow } from '../../core/reference.js';
import type { LeaseTerms } from './leases.js';
import { reserveFromLots, type LotReservation } from '../../db/consumption-lots.js';
import {
  checkBudgetLeft,
  checkKeyUse,
  keyLimitsOf,
  lotsReserveMicros,
  reserveBudget,
  type BudgetHold,
  type KeyLimits,
} from './key-limits.js';
import { capThatApplies, lotPriceMaxOf, priceCapExceeded, unitsFor, usableTokens } from './price-cap.js';

/** How long an auto-buy's claim holds if its process dies before releasing it. */
const autoBuyClaimUs = 30 * 1_000_000;

export interface SlotState {
  limit: number;
  /** Slots left after this admission decision. */
  remaining: number;
}

/** What the redirect's checks established: the slots, and the price cap that applies (price-cap.ts), for the ticket. */
interface Checked extends SlotState {
  maxPriceTicks: number | null;
}

interface Admission extends SlotState {
  accountId: string;
  /** The lots the request's tokens are reserved from, and its reserve of its key's budget (key-limits.ts). */
  reservedLots: LotReservation[];
  budget: BudgetHold | null;
  /** The supplier whose Units the request will consume first, when known. */
  lotSupplierUserId: string | null;
}

/** The user as admission sees it at one moment. */
interface Snapshot {
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
}

/**
 * The tokens a request reserves (its prompt plus its output limit) as admission learns them:
 * bounds known from the prompt's length at once, and the exact count, which a big prompt makes
 * slow (seconds of CPU, spent off the event loop). Admission asks for the count only when the
 * bounds cannot decide.
 */
export interface TokenDemand {
  min: number;
  max: number;
  /** The output limit, part of every bound (the rest is the prompt). */
  output: number;
  /** The exact number; counted once, however often asked. */
  exact(): Promise<number>;
  /** Whether `exact()` takes microseconds on this thread (a small prompt), so admission may count before it knows it must. */
  countsInline: boolean;
}

interface ReservedRequest extends KeyCaller {
  requestId: string;
  instrument: InstrumentRow;
  endpoint: 'chat.completions' | 'responses' | 'messages';
  stream: boolean;
  tokens: TokenDemand;
  /** The slot's lease (leases.ts): the process that renews it, and until when it holds unrenewed. */
  lease: LeaseTerms;
}

/** What admission takes: the database, and the port to trading's orders for Auto Mode's buys. */
export interface CapacityDeps {
  db: Db;
  autoBuy: AutoBuy;
  /** For the platform host's URL in a 402's hint (where to add funds). */
  publicUrls: { known(host: 'platform'): string | undefined };
}

/**
 * How to add funds, naming the platform host where this process knows its URL; a process serving
 * only inference, with no MKT_PUBLIC_URL_PLATFORM, names it as the documents do, `{platform_url}`.
 */
function addFundsDetail(deps: CapacityDeps): string {
  const platformUrl = deps.publicUrls.known('platform') ?? '{platform_url}';
  return `${addFundsHint(platformUrl)}, then retry.`;
}

/**
 * Admission of inference (DESIGN.md §5, §7): the daily limit of free accounts, the concurrency
 * slots of the user's tier, and the tokens the request may use. `checkCapacity` decides without taking
 * anything (the 307); `openAdmission` takes a slot, writes the receipt and reserves the tokens in one
 * transaction (the `/r/v1/…` run). Settlement gives the slot back (settle.ts).
 */

/** Everything admission decides on, in one statement (a request reads it twice: in the 307, and in its admission's transaction). */
async function snapshot(sql: Sql, caller: KeyCaller, instrument: InstrumentRow, nowUs: number): Promise<Snapshot> {
  const { userId } = caller;
  const row = await admissionSnapshot(sql, userId, caller.apiKeyId, usd, tokensOf(instrument.id), nowUs);
  assert(row !== undefined, `user ${userId} does not exist`);
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
  };
}

/** Who asks: the user, the key, and the model as the request names it (for the key's limits). */
interface KeyCaller {
  userId: string;
  apiKeyId: string;
  model: string;
  /** The request's price cap in ticks; null: none (its ticket says so); undefined: it named none, so the account's default applies. */
  maxPriceTicks: number | null | undefined;
}

function slotsExhausted(limit: number): ApiError {
  return new ApiError(
    429,
    'concurrency_limit_exceeded',
    `All ${limit} concurrent inference slots are in use; retry after 1 second or reduce parallelism.`,
    {
      headers: { 'retry-after': '1', 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
    },
  );
}

/** Free accounts (no deposit yet) make at most 100 requests per UTC day. */
async function checkDailyLimit(sql: Sql, userId: string, seen: Snapshot, nowUs: number): Promise<void> {
  if (seen.deposited) return;
  const dayStartUs = utcDayStartUs(nowUs);
  if ((await inferenceRequestsSince(sql, userId, dayStartUs)) < freeDailyRequestsMax) return;
  const retryAfter = Math.ceil((nextUtcDayUs(nowUs) - nowUs) / 1_000_000);
  throw new ApiError(
    429,
    'daily_request_limit_exceeded',
    `Free accounts may make ${freeDailyRequestsMax} inference requests per UTC day; the limit resets at 00:00 UTC and is lifted by a first deposit.`,
    {
      headers: { 'retry-after': String(retryAfter) },
    },
  );
}

/** Tokens the user's consumption account of the instrument has free now (expired lots written off first). */
async function availableTokens(
  db: Db,
  userId: string,
  instrument: InstrumentRow,
  nowUs: number,
): Promise<{ accountId: string; available: number }> {
  const account = await ensureAccount(db, userId, 'consumption', tokensOf(instrument.id), instrument.id, nowUs);
  if ((await expireLots(db, nowUs, { accountId: account.id })) === 0)
    return { accountId: account.id, available: Number(account.available) };
  return { accountId: account.id, available: await availableBalance(poolSql(db), account.id) };
}

/**
 * Makes sure the consumption account holds the request's tokens. In Auto Mode a shortfall is
 * bought: a market buy (`triggered_by_auto_buy`) whose fill is transferred, or under a price cap
 * a limit fill-or-kill buy at the cap; other requests of the user and instrument that lack
 * capacity too meanwhile get 503 balance_replenishing (a claim row in `auto_buys`, so across
 * processes). In Advanced Mode a shortfall is a 402. Under a price cap only tokens of lots bought
 * at or under it count (price-cap.ts), and what the cap keeps out is 402 price_cap_exceeded.
 *
 * The bounds decide first, so a big prompt is counted only when its count changes the answer:
 * an account that holds the upper bound is admitted, and one short of even the lower bound is
 * refused in Advanced Mode (a user with 0 tokens gets 402 at once, whatever the prompt's size).
 * In Auto Mode a shortfall of the lower bound is refused at once only when there is no USD to buy
 * with; otherwise the buy is sized from the exact count, never from a bound. The upper bound
 * counts a token per byte, about 4 times the real count of prose: a buy sized from it would buy
 * Units the request never uses, which expire within 4 hours and cannot be sold back (transfers to
 * consumption are one-way), so the user would lose that USD. The lower bound (a token per 128
 * bytes) would buy too little and fail the request. Counting first costs the caller a wait,
 * spent off the event loop, and no one else anything.
 */
async function ensureTokens(
  deps: CapacityDeps,
  userId: string,
  instrument: InstrumentRow,
  demand: TokenDemand,
  seen: Snapshot,
  capTicks: number | null,
  nowUs: number,
): Promise<string> {
  // The snapshot knows the account's free tokens, not the prices of its lots: under a cap, the lots are read below.
  const seenAvailable = capTicks === null ? (seen.tokens?.available ?? null) : null;
  if (seenAvailable !== null && seenAvailable >= demand.max) return seen.tokens!.accountId;
  if (seenAvailable !== null && seenAvailable >= demand.min && seenAvailable >= (await demand.exact()))
    return seen.tokens!.accountId;
  const { accountId, available: held } = await availableTokens(deps.db, userId, instrument, nowUs);
  const available = await usableTokens(poolSql(deps.db), accountId, held, capTicks, nowUs);
  if (available >= demand.max) return accountId;
  if (available < demand.min && !seen.autoMode)
    throw await advancedShortfall(deps, instrument, { held, available, needed: demand.min, exact: false }, capTicks);
  if (available < demand.min && seen.usdAvailableMicros <= 0) {
    // A buy in flight (its USD locked) may bring the tokens: that is a 503, as below.
    await deleteExpiredAutoBuy(deps.db, userId, instrument.id, nowUs);
    if (await autoBuyInFlight(deps.db, userId, instrument.id)) throw balanceReplenishing(instrument);
    throw new ApiError(
      402,
      'insufficient_balance',
      `No USD to buy ${instrument.model_name} capacity with: this request needs at least ${demand.min} tokens and the consumption account holds ${available}. ${addFundsDetail(deps)}`,
    );
  }
  const tokens = await demand.exact();
  if (available >= tokens) return accountId;
  if (!seen.autoMode)
    throw await advancedShortfall(deps, instrument, { held, available, needed: tokens, exact: true }, capTicks);
  // One buy at a time per user and instrument, in every process: the row is the claim.
  await deleteExpiredAutoBuy(deps.db, userId, instrument.id, nowUs);
  if (!(await claimAutoBuy(deps.db, userId, instrument.id, nowUs + autoBuyClaimUs)))
    throw balanceReplenishing(instrument);
  const units = unitsFor(instrument, tokens - available);
  try {
    await buyShortfall(deps, userId, instrument, units, capTicks, nowUs);
  } finally {
    await releaseAutoBuy(deps.db, userId, instrument.id);
  }
  const after = await availableTokens(deps.db, userId, instrument, nowUs);
  const afterAvailable = await usableTokens(poolSql(deps.db), accountId, after.available, capTicks, nowUs);
  if (afterAvailable >= tokens) return accountId;
  // Fill-or-kill: a buy under a cap that did not fill bought nothing.
  if (capTicks !== null) throw await priceCapExceeded(deps.db, instrument, capTicks, units);
  throw new ApiError(
    402,
    'insufficient_capacity',
    `Not enough ${instrument.model_name} capacity could be bought for this request (${afterAvailable} of ${tokens} tokens): the book has too little liquidity. Retry later.`,
  );
}

/**
 * Advanced Mode's refusal of a shortfall: 402 price_cap_exceeded when the account holds the tokens
 * but not within the cap, else 402 insufficient_capacity. `needed` is the lower bound unless `exact`.
 */
async function advancedShortfall(
  deps: CapacityDeps,
  instrument: InstrumentRow,
  shortfall: { held: number; available: number; needed: number; exact: boolean },
  capTicks: number | null,
): Promise<ApiError> {
  const { held, available, needed, exact } = shortfall;
  if (capTicks !== null && held >= needed)
    return priceCapExceeded(deps.db, instrument, capTicks, unitsFor(instrument, needed - available), {
      usable: available,
      needed,
    });
  return new ApiError(
    402,
    'insufficient_capacity',
    `The ${instrument.model_name} consumption account holds ${held} tokens; this request needs ${exact ? 'up to' : 'at least'} ${needed}. Buy Units and transfer them to the consumption account, then retry.`,
  );
}

async function buyShortfall(
  deps: CapacityDeps,
  userId: string,
  instrument: InstrumentRow,
  units: number,
  capTicks: number | null,
  nowUs: number,
): Promise<void> {
  const marketId = await marketIdOfInstrument(deps.db, instrument.id);
  if (marketId === undefined)
    throw new ApiError(
      402,
      'insufficient_capacity',
      `No market trades ${instrument.model_name}, so no capacity can be bought.`,
    );
  const outcome = await deps.autoBuy(userId, marketId, units, capTicks, nowUs);
  if (outcome === 'insufficient_funds') {
    const within =
      capTicks === null
        ? ''
        : ` at up to the price cap (a limit buy locks the cap's price for every Unit until it fills)`;
    throw new ApiError(
      402,
      'insufficient_balance',
      `Not enough USD to buy ${units} Units of ${instrument.model_name}${within} for this request. ${addFundsDetail(deps)}`,
    );
  }
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
  knownAccountId: string | null,
  nowUs: number,
): Promise<Admission | null> {
  return inTransaction(db, async (trx) => {
    const sql = await sqlOf(trx);
    // Slots and key budgets are counted and taken under one lock per user, in every process.
    await lockUserSlots(sql, request.userId);
    const seen = await snapshot(sql, request, request.instrument, nowUs);
    const key = seen.key;
    checkKeyUse(key, request.model, request.instrument, nowUs);
    const capTicks = capThatApplies(request.maxPriceTicks, seen.defaultMaxPriceTicks);
    let accountId = knownAccountId;
    if (accountId === null) {
      const available = seen.tokens?.available ?? null;
      if (available === null || available < reservedTokens) return null;
      accountId = seen.tokens!.accountId;
      if ((await usableTokens(sql, accountId, available, capTicks, nowUs)) < reservedTokens) return null;
    }
    await checkDailyLimit(sql, request.userId, seen, nowUs);
    const { slots } = seen;
    if (slots.active >= slots.limit) throw slotsExhausted(slots.limit);
    const slot = {
      request_id: request.requestId,
      user_id: request.userId,
      acquired_at_us: nowUs,
      expires_at_us: request.lease.expiresAtUs,
      process_id: request.lease.processId,
      prompt_tokens: reservedTokens - request.tokens.output,
    };
    const asset = tokensOf(request.instrument.id);
    const gone = () =>
      new ApiError(
        402,
        'insufficient_capacity',
        `The ${request.instrument.model_name} consumption account no longer holds the ${reservedTokens} tokens this request needs (another request took them). Retry.`,
      );
    try {
      await post(
        trx,
        'inference_reserve',
        request.requestId,
        move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, reservedTokens),
        nowUs,
      );
    } catch (error) {
      if (!(error instanceof LedgerShortfall)) throw error;
      throw gone();
    }
    // The journal entry holds the account's row: the lots are the request's to reserve from.
    const reservedLots = await reserveFromLots(sql, accountId, reservedTokens, nowUs, lotPriceMaxOf(capTicks));
    if (reservedLots === null) throw gone();
    const budget = await reserveBudget(
      sql,
      request.apiKeyId,
      key,
      lotsReserveMicros(reservedLots, Number(request.instrument.tokens_per_unit)),
      nowUs,
    );
    await insertAdmission(sql, slot, {
      id: request.requestId,
      user_id: request.userId,
      api_key_id: request.apiKeyId,
      model: request.model,
      instrument_id: request.instrument.id,
      endpoint: request.endpoint,
      stream: request.stream,
      reserved_tokens: reservedTokens,
      consumption_account_id: accountId,
      created_at_us: nowUs,
      reserved_lots: JSON.stringify(reservedLots),
      budget_reserved_micros: budget?.reservedMicros ?? null,
      budget_period_start_us: budget?.periodStartUs ?? null,
    });
    return {
      limit: slots.limit,
      remaining: slots.limit - slots.active - 1,
      accountId,
      lotSupplierUserId: seen.nextLotSupplierUserId,
      reservedLots,
      budget,
    };
  });
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

/** The checks of the redirect: nothing is taken (but Auto Mode's buy). Answers the slot headers and the price cap that applies. */
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
  await ensureTokens(deps, userId, instrument, tokens, seen, maxPriceTicks, nowUs);
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
  if (request.tokens.countsInline) {
    const admitted = await admit(deps.db, request, await request.tokens.exact(), null, nowUs);
    if (admitted !== null) return admitted;
  }
  const seen = await snapshot(poolSql(deps.db), request, request.instrument, nowUs);
  await checkKey(deps, request, request.instrument, seen, nowUs);
  const capTicks = capThatApplies(request.maxPriceTicks, seen.defaultMaxPriceTicks);
  const accountId = await ensureTokens(deps, request.userId, request.instrument, request.tokens, seen, capTicks, nowUs);
  const admitted = await admit(deps.db, request, await request.tokens.exact(), accountId, nowUs);
  assert(admitted !== null, `admission of ${request.requestId} with its account known cannot defer`);
  return admitted;
}

function balanceReplenishing(instrument: InstrumentRow): ApiError {
  return new ApiError(
    503,
    'balance_replenishing',
    `Buying capacity for ${instrument.model_name}; retry in 1 to 3 seconds.`,
    { headers: { 'retry-after': '1' } },
  );
}
