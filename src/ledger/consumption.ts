import type { Knex } from 'knex';
import {
  accountsWithExpiredLots,
  drawFromReservations,
  type LotReservation,
  expiredLotsHoldingTokens,
  hasExpiredLots,
  insertConsumptionLot,
  insertTransferRow,
  instrumentTokensPerUnit,
  lastTradePriceTicksOfInstrument,
  lockLedgerAccount,
  lotsHoldingTokens,
  recordTransferIn,
  recordWithdrawal,
  setLotRemaining,
  stampTransferOut,
  type ExpiryScope,
} from '../db/consumption-lots.js';
import {
  assertChargeWithin,
  reservedDraws,
  settlementPostings,
  type ReservationSettlement,
} from './reservation-settlement.js';
import { sqlIn, sqlOf } from '../db/sql.js';
import { assert } from '../lib/assert.js';
import { microsPerTick } from '../lib/money.js';
import type { TransferRow } from '../db/trading-rows.js';
import type { Bucket } from '../db/journal.js';
import { tokensOf, unitsOf } from './assets.js';
import { consumedAccount } from './consumed-accounts.js';
import { ensureAccount, move, post, systemAccount, type LedgerAccountRow } from './journal.js';
import { newTransferId } from '../lib/ids.js';

/**
 * The consumption side of the ledger (DESIGN.md §5). Units leave a trading account by transfer and
 * arrive in the consumption account as tokens, in a lot that expires 4 hours after arrival.
 * Inference draws tokens oldest lot first; what a lot still holds at expiry is written off to
 * system:expired.
 *
 * Invariant (checked by `mkt admin audit`): for every consumption account, the tokens_remaining of
 * its lots sum to its available + locked tokens. Every function here that changes one changes the
 * other by the same amount in the same transaction. Lots do not know which of their tokens are
 * committed (locked) to requests in flight, so expiry writes off at most the account's available
 * tokens: tokens committed when their lot expires stay in the lot until the request settles, and
 * settlement, drawing oldest first, takes them from that lot.
 */
export const lotLifetimeUs = 4 * 3_600 * 1_000_000;

type Trx = Knex | Knex.Transaction;

export type { ConsumptionLotRow } from '../db/consumption-lots.js';

interface TransferInput {
  userId: string;
  instrumentId: string;
  /** Whole Units. */
  quantity: number;
  /** The buy order whose fill this automatic transfer follows; null when the user asked. */
  orderId: string | null;
  nowUs: number;
  /** What the Units cost, in micro-dollars each (a buy's average fill price); by default the last trade's price. */
  usdMicrosPerUnit?: number | null;
  /** Who sold the Units (the seller of most of the buy an automatic transfer follows); null when unknown. */
  supplierUserId?: string | null;
}

/** The account row, locked until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
async function lockAccount(trx: Knex.Transaction, accountId: string): Promise<LedgerAccountRow> {
  const row = await lockLedgerAccount(await sqlOf(trx), accountId);
  assert(row !== undefined, `ledger account ${accountId} does not exist`);
  return row;
}

async function tokensPerUnit(trx: Knex.Transaction, instrumentId: string): Promise<number> {
  const tokens = await instrumentTokensPerUnit(await sqlOf(trx), instrumentId);
  assert(tokens !== undefined, `instrument ${instrumentId} does not exist (check it before transferring)`);
  return tokens;
}

/**
 * Moves `quantity` available Units from the user's trading account to its consumption account, as
 * one journal entry of kind `transfer`: Units to system:conversion, tokens from it. Throws
 * LedgerShortfall when the Units are not available; the caller's transaction then rolls back whole.
 */
export async function transferToConsumption(trx: Knex.Transaction, input: TransferInput): Promise<TransferRow> {
  const { userId, instrumentId, quantity, nowUs } = input;
  assert(
    Number.isSafeInteger(quantity) && quantity > 0,
    `a transfer is of a positive whole number of Units, got ${quantity}`,
  );
  const tokens = quantity * (await tokensPerUnit(trx, instrumentId));
  assert(
    Number.isSafeInteger(tokens),
    `${quantity} Units of ${instrumentId} are more tokens than the ledger can count`,
  );
  const units = unitsOf(instrumentId);
  const tokenAsset = tokensOf(instrumentId);
  const trading = await ensureAccount(trx, userId, 'trading', units, instrumentId, nowUs);
  const consumption = await ensureAccount(trx, userId, 'consumption', tokenAsset, instrumentId, nowUs);
  const conversionUnits = await systemAccount(trx, 'conversion', units, nowUs);
  const conversionTokens = await systemAccount(trx, 'conversion', tokenAsset, nowUs);
  const id = newTransferId();
  await post(
    trx,
    'transfer',
    id,
    [
      ...move(
        units,
        { accountId: trading.id, bucket: 'available' },
        { accountId: conversionUnits, bucket: 'available' },
        quantity,
      ),
      ...move(
        tokenAsset,
        { accountId: conversionTokens, bucket: 'available' },
        { accountId: consumption.id, bucket: 'available' },
        tokens,
      ),
    ],
    nowUs,
  );
  const sql = await sqlOf(trx);
  await insertConsumptionLot(sql, {
    account_id: consumption.id,
    tokens_total: tokens,
    tokens_remaining: tokens,
    source: id,
    arrived_at_us: nowUs,
    expires_at_us: nowUs + lotLifetimeUs,
    usd_micros_per_unit: input.usdMicrosPerUnit ?? (await lastTradePrice(trx, instrumentId)),
    supplier_user_id: input.supplierUserId ?? null,
  });
  return recordTransfer(trx, input, { id, from: trading.id, to: consumption.id });
}

/** The transfer's row and the activity of the two accounts it moved Units between. */
async function recordTransfer(
  trx: Knex.Transaction,
  input: TransferInput,
  transfer: { id: string; from: string; to: string },
): Promise<TransferRow> {
  const { userId, instrumentId, quantity, orderId, nowUs } = input;
  const { id } = transfer;
  const sql = await sqlOf(trx);
  const row: TransferRow = {
    id,
    user_id: userId,
    instrument_id: instrumentId,
    quantity,
    from_account_id: transfer.from,
    to_account_id: transfer.to,
    order_id: orderId,
    created_at_us: nowUs,
  };
  await insertTransferRow(sql, row);
  await stampTransferOut(sql, transfer.from, nowUs);
  await recordTransferIn(sql, transfer.to, quantity, nowUs);
  return row;
}

/** Micro-dollars per Unit of the instrument's last trade, null before the first. */
async function lastTradePrice(trx: Knex.Transaction, instrumentId: string): Promise<number | null> {
  const ticks = await lastTradePriceTicksOfInstrument(await sqlOf(trx), instrumentId);
  return ticks === null ? null : ticks * microsPerTick;
}

export interface LotDraw {
  lotId: number;
  tokens: number;
  /** What the lot's Units cost (see TransferInput.usdMicrosPerUnit). */
  usdMicrosPerUnit: number | null;
}

/**
 * Spends `tokens` of a consumption account on inference (journal kind `consumption`, to
 * system:consumed), from its available bucket or, when settling a committed request, its locked
 * one. Expired lots are written off first; the tokens are then drawn from the lots oldest first.
 * Throws LedgerShortfall when the bucket holds too few tokens.
 */
export async function consumeTokens(
  trx: Knex.Transaction,
  accountId: string,
  tokens: number,
  nowUs: number,
  from: Bucket = 'available',
): Promise<LotDraw[]> {
  assert(
    Number.isSafeInteger(tokens) && tokens >= 0,
    `tokens consumed must be a non-negative safe integer, got ${tokens}`,
  );
  const account = await lockAccount(trx, accountId);
  assert(
    account.kind === 'consumption',
    `tokens are consumed from a consumption account, not ${accountId} (${account.kind})`,
  );
  await expireAccountLots(trx, account, nowUs);
  if (tokens === 0) return [];
  const consumed = await consumedAccount(trx, account.asset, accountId, nowUs);
  await post(
    trx,
    'consumption',
    accountId,
    move(account.asset, { accountId, bucket: from }, { accountId: consumed, bucket: 'available' }, tokens),
    nowUs,
  );

  const sql = await sqlOf(trx);
  const lots = await lotsHoldingTokens(sql, accountId);
  const draws: LotDraw[] = [];
  let left = tokens;
  for (const lot of lots) {
    if (left === 0) break;
    // Tokens another request reserved stay its own (a request admitted before migration 0019 has none).
    const take = Math.min(lot.tokens_remaining - Number(lot.tokens_reserved ?? 0), left);
    if (take <= 0) continue;
    await setLotRemaining(sql, lot.id, lot.tokens_remaining - take);
    draws.push({
      lotId: lot.id,
      tokens: take,
      usdMicrosPerUnit: lot.usd_micros_per_unit === null ? null : Number(lot.usd_micros_per_unit),
    });
    left -= take;
  }
  assert(
    left === 0,
    `consumption account ${accountId} held ${tokens - left} tokens in lots but ${tokens} in its ${from} bucket`,
  );
  await recordWithdrawal(sql, accountId, tokens, nowUs);
  return draws;
}

/** The draws `tokens` billed make from a request's reserved lots, in order: what settlement bills them at. */
export function reservationDraws(reservations: readonly LotReservation[], tokens: number): LotDraw[] {
  const draws: LotDraw[] = [];
  let left = tokens;
  for (const [lotId, reserved, usdMicrosPerUnit] of reservations) {
    const take = Math.min(reserved, left);
    if (take > 0) draws.push({ lotId, tokens: take, usdMicrosPerUnit });
    left -= take;
  }
  assert(left === 0, `a request reserved fewer tokens than the ${tokens} it is billed`);
  return draws;
}

/**
 * Settles a request's reservation with one journal entry (kind `inference_settlement`, referencing the request): the
 * tokens billed leave the locked bucket for system:consumed, the rest return to available, and each reserved lot gives
 * up what was drawn from it and the rest of its reservation. What expired lots still hold is written off first, when
 * there is any (rarely: a plain read tells, and only once the earliest expiry admission saw has passed). The account's row is locked by the entry, before the lots' rows, as
 * admission locks them; only the last statements of the settlement hold it (the caller writes its receipt before).
 */
export async function settleReservation(
  trx: Knex.Transaction,
  settlement: ReservationSettlement,
  nowUs: number,
): Promise<void> {
  const { requestId, accountId, asset, reservations, reservedTokens, chargedTokens, lotsExpireAtUs } = settlement;
  assertChargeWithin(chargedTokens, reservedTokens);
  const sql = await sqlOf(trx);
  const consumed = await consumedAccount(trx, asset, accountId, nowUs);
  const mayHaveExpired = lotsExpireAtUs === null || nowUs >= lotsExpireAtUs;
  if (mayHaveExpired && (await hasExpiredLots(sql, accountId, nowUs)))
    await expireAccountLots(trx, await lockAccount(trx, accountId), nowUs);
  await post(trx, 'inference_settlement', requestId, settlementPostings(settlement, consumed), nowUs, {
    accountId,
    amount: chargedTokens,
  });
  const draws = reservedDraws(requestId, reservations, chargedTokens);
  assert(
    await drawFromReservations(sql, draws, settlement.keySpend),
    `the lots of ${requestId} hold the tokens reserved from them`,
  );
}

/**
 * Writes off what expired lots still hold (journal kind `expiry`, to system:expired), for every
 * consumption account or only those of `scope`. Given a transaction it works inside it; given the
 * database, one short transaction per account. Returns the tokens written off.
 */
export async function expireLots(db: Trx, nowUs: number, scope: ExpiryScope = {}): Promise<number> {
  const accountIds = await accountsWithExpiredLots(await sqlIn(db), nowUs, scope);
  let written = 0;
  for (const accountId of accountIds) {
    const expire = async (trx: Knex.Transaction) => expireAccountLots(trx, await lockAccount(trx, accountId), nowUs);
    written += db.isTransaction === true ? await expire(db as Knex.Transaction) : await db.transaction(expire);
  }
  return written;
}

/** The account must be locked by the caller. */
async function expireAccountLots(trx: Knex.Transaction, account: LedgerAccountRow, nowUs: number): Promise<number> {
  const sql = await sqlOf(trx);
  const lots = await expiredLotsHoldingTokens(sql, account.id, nowUs);
  let written = 0;
  for (const lot of lots) {
    // What requests in progress reserved is theirs to settle; the rest is written off.
    if (account.available - written === 0) break;
    const writeOff = Math.max(
      0,
      Math.min(lot.tokens_remaining - Number(lot.tokens_reserved ?? 0), account.available - written),
    );
    if (writeOff === 0) continue;
    await setLotRemaining(sql, lot.id, lot.tokens_remaining - writeOff);
    written += writeOff;
  }
  if (written === 0) return 0;
  const expired = await systemAccount(trx, 'expired', account.asset, nowUs);
  await post(
    trx,
    'expiry',
    account.id,
    move(
      account.asset,
      { accountId: account.id, bucket: 'available' },
      { accountId: expired, bucket: 'available' },
      written,
    ),
    nowUs,
  );
  await recordWithdrawal(sql, account.id, written, nowUs);
  return written;
}
