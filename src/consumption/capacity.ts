import type { Knex } from 'knex';
import type { Db } from '../db/knex.js';
import { kindOf } from '../db/knex.js';
import { tokensOf } from '../ledger/assets.js';
import { expireLots } from '../ledger/consumption.js';
import { findCurrencyAccount, tierBalanceOf } from '../ledger/funds.js';
import { ensureAccount, LedgerShortfall, move, post, type LedgerAccountRow } from '../ledger/journal.js';
import { ApiError } from '../lib/errors.js';
import { findUser } from '../platform/identity.js';
import type { OrdersService } from '../trading/orders.js';
import type { InstrumentRow } from '../trading/reference.js';

/** Concurrent inference requests by deposited balance (specification part 8), in micro-dollars. */
const slotTiers: readonly { belowMicros: number; slots: number }[] = [
  { belowMicros: 20_000_000, slots: 3 },
  { belowMicros: 50_000_000, slots: 10 },
  { belowMicros: 150_000_000, slots: 30 },
  { belowMicros: 500_000_000, slots: 110 },
  { belowMicros: Number.MAX_SAFE_INTEGER, slots: 400 },
];

export const freeDailyRequestsMax = 100;
/** How long an auto-buy's claim holds if its process dies before releasing it. */
const autoBuyClaimUs = 30 * 1_000_000;
/** A slot whose process died is free again after this; a live request renews nothing (it is shorter). */
export const slotLifetimeUs = 15 * 60 * 1_000_000;
const dayUs = 86_400 * 1_000_000;

export function slotsForTier(tierMicros: number): number {
  return slotTiers.find((t) => tierMicros < t.belowMicros)!.slots;
}

export interface SlotState {
  limit: number;
  /** Slots left after this admission decision. */
  remaining: number;
}

export interface Admission extends SlotState {
  accountId: string;
  /** The supplier whose Units the request will consume first, when known. */
  lotSupplierUserId: string | null;
}

export interface ReservedRequest {
  requestId: string;
  userId: string;
  apiKeyId: string;
  model: string;
  instrument: InstrumentRow;
  endpoint: 'chat.completions' | 'responses' | 'messages';
  stream: boolean;
  reservedTokens: number;
}

/**
 * Admission of inference (DESIGN.md §5, §7): the daily limit of free accounts, the concurrency
 * slots of the user's tier, and the tokens the request may use. `check` decides without taking
 * anything (the 307); `open` takes a slot, writes the receipt and reserves the tokens in one
 * transaction (the `/r/v1/…` run), and `close` gives the slot back.
 */
export function createCapacityService(db: Db, orders: OrdersService) {
  async function slotState(trx: Db | Knex.Transaction, userId: string, currency: LedgerAccountRow | undefined, nowUs: number): Promise<{ limit: number; active: number }> {
    const limit = slotsForTier(tierBalanceOf(currency));
    const row = (await trx('inference_slots').where('user_id', userId).andWhere('expires_at_us', '>', nowUs).count({ n: '*' }).first()) as { n: number | string };
    return { limit, active: Number(row.n) };
  }

  function slotsExhausted(limit: number): ApiError {
    return new ApiError(429, 'concurrency_limit_exceeded', `All ${limit} concurrent inference slots are in use; retry after 1 second or reduce parallelism.`, {
      headers: { 'retry-after': '1', 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
    });
  }

  /** Free accounts (no deposit yet) make at most 100 requests per UTC day. */
  async function checkDailyLimit(trx: Db | Knex.Transaction, userId: string, currency: LedgerAccountRow | undefined, nowUs: number): Promise<void> {
    if (currency && Number(currency.deposited) > 0) return;
    const dayStartUs = nowUs - (nowUs % dayUs);
    const row = (await trx('inference_requests').where('user_id', userId).andWhere('created_at_us', '>=', dayStartUs).count({ n: '*' }).first()) as { n: number | string };
    if (Number(row.n) < freeDailyRequestsMax) return;
    const retryAfter = Math.ceil((dayStartUs + dayUs - nowUs) / 1_000_000);
    throw new ApiError(429, 'daily_request_limit_exceeded', `Free accounts may make ${freeDailyRequestsMax} inference requests per UTC day; the limit resets at 00:00 UTC and is lifted by a first deposit.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  /** Tokens the user's consumption account of the instrument has free now (expired lots written off first). */
  async function availableTokens(userId: string, instrument: InstrumentRow, nowUs: number): Promise<{ accountId: string; available: number }> {
    const account = await ensureAccount(db, userId, 'consumption', tokensOf(instrument.id), instrument.id, nowUs);
    if ((await expireLots(db, nowUs, { accountId: account.id })) === 0) return { accountId: account.id, available: Number(account.available) };
    const fresh = (await db('ledger_accounts').where('id', account.id).first('available')) as { available: number | string };
    return { accountId: account.id, available: Number(fresh.available) };
  }

  /**
   * Makes sure the consumption account holds `tokens`. In Auto Mode a shortfall is bought: a
   * market buy (`triggered_by_auto_buy`) whose fill is transferred; other requests of the user and
   * instrument that lack capacity too meanwhile get 503 balance_replenishing (a claim row in
   * `auto_buys`, so across processes). In Advanced Mode a shortfall is a 402.
   */
  async function ensureTokens(userId: string, instrument: InstrumentRow, tokens: number, nowUs: number): Promise<string> {
    const { accountId, available } = await availableTokens(userId, instrument, nowUs);
    if (available >= tokens) return accountId;
    const user = await findUser(db, userId);
    if (user?.account_mode !== 'auto') {
      throw new ApiError(402, 'insufficient_capacity', `The ${instrument.model_name} consumption account holds ${available} tokens; this request needs up to ${tokens}. Buy Units and transfer them to the consumption account, then retry.`);
    }
    const marker = { user_id: userId, instrument_id: instrument.id };
    // One buy at a time per user and instrument, in every process: the row is the claim.
    await db('auto_buys').where(marker).andWhere('expires_at_us', '<=', nowUs).delete();
    const claimed = (await db('auto_buys').insert({ ...marker, expires_at_us: nowUs + autoBuyClaimUs }).onConflict(['user_id', 'instrument_id']).ignore().returning('user_id')) as unknown[];
    if (claimed.length === 0) throw balanceReplenishing(instrument);
    try {
      await autoBuy(userId, instrument, tokens - available, nowUs);
    } finally {
      await db('auto_buys').where(marker).delete();
    }
    const after = await availableTokens(userId, instrument, nowUs);
    if (after.available < tokens) {
      throw new ApiError(402, 'insufficient_capacity', `Not enough ${instrument.model_name} capacity could be bought for this request (${after.available} of ${tokens} tokens): the book has too little liquidity. Retry later.`);
    }
    return accountId;
  }

  async function autoBuy(userId: string, instrument: InstrumentRow, missingTokens: number, nowUs: number): Promise<void> {
    const units = Math.max(instrument.min_quantity, Math.ceil(missingTokens / Number(instrument.tokens_per_unit)));
    const market = (await db('markets').where('instrument_id', instrument.id).first('id')) as { id: string } | undefined;
    if (!market) throw new ApiError(402, 'insufficient_capacity', `No market trades ${instrument.model_name}, so no capacity can be bought.`);
    try {
      await orders.create(userId, { marketId: market.id, clientOrderId: null, side: 'buy', type: 'market', priceText: undefined, quantity: units, timeInForce: 'ioc', shouldAutotransfer: true, triggeredByAutoBuy: true }, nowUs);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'insufficient_inventory_or_funds' || error.code === 'insufficient_available_balance')) {
        throw new ApiError(402, 'insufficient_balance', `Not enough USD to buy ${units} Units of ${instrument.model_name} for this request. Add funds, then retry.`);
      }
      throw error;
    }
  }

  return {
    /** The checks of the redirect: nothing is taken. Answers the slot headers. */
    async check(userId: string, instrument: InstrumentRow, tokens: number, nowUs: number): Promise<SlotState> {
      const currency = await findCurrencyAccount(db, userId);
      await checkDailyLimit(db, userId, currency, nowUs);
      const slots = await slotState(db, userId, currency, nowUs);
      if (slots.active >= slots.limit) throw slotsExhausted(slots.limit);
      await ensureTokens(userId, instrument, tokens, nowUs);
      return { limit: slots.limit, remaining: slots.limit - slots.active };
    },

    /**
     * Admission at `/r/v1/…`: capacity first (which may buy), then, in one transaction, the daily
     * limit, a slot, the receipt (in progress) and the reservation of the request's tokens. Answers
     * the slots and whose Units the request consumes first.
     */
    async open(request: ReservedRequest, nowUs: number): Promise<Admission> {
      const accountId = await ensureTokens(request.userId, request.instrument, request.reservedTokens, nowUs);
      return db.transaction(async (trx) => {
        // Slots are counted and taken under one lock per user, in every process.
        if (kindOf(db) === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`slots:${request.userId}`]);
        const currency = await findCurrencyAccount(trx, request.userId);
        await checkDailyLimit(trx, request.userId, currency, nowUs);
        const slots = await slotState(trx, request.userId, currency, nowUs);
        if (slots.active >= slots.limit) throw slotsExhausted(slots.limit);
        await trx('inference_slots').insert({ request_id: request.requestId, user_id: request.userId, acquired_at_us: nowUs, expires_at_us: nowUs + slotLifetimeUs });
        await trx('inference_requests').insert({
          id: request.requestId,
          user_id: request.userId,
          api_key_id: request.apiKeyId,
          model: request.model,
          instrument_id: request.instrument.id,
          endpoint: request.endpoint,
          stream: request.stream,
          status: 'in_progress',
          reserved_tokens: request.reservedTokens,
          cost_tokens: request.reservedTokens,
          cost_status: 'reserved',
          consumption_account_id: accountId,
          created_at_us: nowUs,
        });
        const asset = tokensOf(request.instrument.id);
        try {
          await post(trx, 'inference_reserve', request.requestId, move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, request.reservedTokens), nowUs);
        } catch (error) {
          if (!(error instanceof LedgerShortfall)) throw error;
          throw new ApiError(402, 'insufficient_capacity', `The ${request.instrument.model_name} consumption account no longer holds the ${request.reservedTokens} tokens this request needs (another request took them). Retry.`);
        }
        // The lot the request draws from first (oldest first, as settlement draws): its supplier is preferred.
        const next = (await trx('consumption_lots')
          .where('account_id', accountId)
          .andWhere('tokens_remaining', '>', 0)
          .andWhere('expires_at_us', '>', nowUs)
          .orderBy([{ column: 'expires_at_us' }, { column: 'id' }])
          .first('supplier_user_id')) as { supplier_user_id: string | null } | undefined;
        return { limit: slots.limit, remaining: slots.limit - slots.active - 1, accountId, lotSupplierUserId: next?.supplier_user_id ?? null };
      });
    },

    async releaseSlot(requestId: string): Promise<void> {
      await db('inference_slots').where('request_id', requestId).delete();
    },

  };
}

export type CapacityService = ReturnType<typeof createCapacityService>;

function balanceReplenishing(instrument: InstrumentRow): ApiError {
  return new ApiError(503, 'balance_replenishing', `Buying capacity for ${instrument.model_name}; retry in 1 to 3 seconds.`, { headers: { 'retry-after': '1' } });
}
