import type { LedgerAccountRow } from './journal.js';
import { statement, type Sql, type Statement } from './sql.js';
import type { TransferRow } from './trading-rows.js';
import { trueUpKeySpend, trueUpKeySpendParams, trueUpKeySpendText, type KeySpendTrueUp } from './key-spend.js';

/**
 * Consumption lots (migrations 0005 and 0008), the transfers that fill them and the consumption
 * account rows settlement and expiry lock: the statements of the consumption ledger, prepared once.
 */
export interface ConsumptionLotRow {
  id: number;
  account_id: string;
  tokens_total: number;
  tokens_remaining: number;
  /** The transfer that brought the tokens. */
  source: string | null;
  arrived_at_us: number;
  expires_at_us: number;
  usd_micros_per_unit: number | null;
  /** The supplier whose Units these are, when known. */
  supplier_user_id: string | null;
  /** Tokens admitted requests in progress reserved from this lot (migration 0019). */
  tokens_reserved?: number;
}

// ---- reservations of admitted requests (migration 0019) -------------------------------------------------

/** Tokens a request reserved from one lot, and what the lot's Units cost (micro-dollars each; null: unknown). */
export type LotReservation = [lotId: number, tokens: number, usdMicrosPerUnit: number | null];

const freeLots = statement(
  'consumption_lots_free',
  `SELECT id, tokens_remaining - tokens_reserved AS free, usd_micros_per_unit FROM consumption_lots
   WHERE account_id = ? AND expires_at_us > ? AND tokens_remaining > tokens_reserved ORDER BY expires_at_us, id`,
);
const addReserved = statement(
  'consumption_lot_add_reserved',
  'UPDATE consumption_lots SET tokens_reserved = tokens_reserved + ? WHERE id = ?',
);
/**
 * PostgreSQL: the lots' choice and their reservation in one round trip: the lots within the cap, oldest first, each
 * giving what the ones before it left to take, and nothing at all unless together they hold the tokens.
 */
const reserveLots = statement(
  'consumption_lots_reserve',
  '',
  `WITH free AS (
     SELECT id, expires_at_us, usd_micros_per_unit, tokens_remaining - tokens_reserved AS free,
       sum(tokens_remaining - tokens_reserved) OVER (ORDER BY expires_at_us, id) AS upto
     FROM consumption_lots
     WHERE account_id = ? AND expires_at_us > ? AND tokens_remaining > tokens_reserved
       AND (?::bigint IS NULL OR COALESCE(usd_micros_per_unit, 0) <= ?::bigint)
   ), take AS (
     SELECT id, expires_at_us, usd_micros_per_unit, least(free, ?::bigint - (upto - free)) AS take FROM free
     WHERE upto - free < ?::bigint AND (SELECT max(upto) FROM free) >= ?::bigint
   )
   UPDATE consumption_lots l SET tokens_reserved = l.tokens_reserved + take.take FROM take WHERE l.id = take.id
   RETURNING l.id, take.take, take.usd_micros_per_unit, take.expires_at_us`,
);
const drawReserved = statement(
  'consumption_lot_draw_reserved',
  'UPDATE consumption_lots SET tokens_remaining = tokens_remaining - ?, tokens_reserved = tokens_reserved - ? WHERE id = ? AND tokens_reserved >= ? AND tokens_remaining >= ?',
);

const freeWithin = statement(
  'consumption_lots_free_within',
  `SELECT COALESCE(SUM(tokens_remaining - tokens_reserved), 0) AS free FROM consumption_lots
   WHERE account_id = ? AND expires_at_us > ? AND tokens_remaining > tokens_reserved AND (usd_micros_per_unit IS NULL OR usd_micros_per_unit <= ?)`,
);

/**
 * Unreserved tokens of the account's unexpired lots whose Units cost at most `usdMicrosPerUnitMax` (as
 * `reserveFromLots` counts them).
 */
export async function freeTokensWithin(
  sql: Sql,
  accountId: string,
  nowUs: number,
  usdMicrosPerUnitMax: number,
): Promise<number> {
  return Number((await sql.get<{ free: number | string }>(freeWithin, [accountId, nowUs, usdMicrosPerUnitMax]))!.free);
}

/**
 * Reserves `tokens` from the account's unexpired lots, oldest first, only from lots whose Units
 * cost at most `usdMicrosPerUnitMax` when one is given (a lot of unknown price counts as free).
 * The caller holds the account's row (its journal entry locked it). Null, reserving nothing, when
 * those lots hold too few unreserved tokens.
 */
export async function reserveFromLots(
  sql: Sql,
  accountId: string,
  tokens: number,
  nowUs: number,
  usdMicrosPerUnitMax: number | null,
): Promise<LotReservation[] | null> {
  if (sql.kind === 'postgres') return reserveFromLotsAtOnce(sql, accountId, tokens, nowUs, usdMicrosPerUnitMax);
  const lots = await sql.all<{ id: number; free: number | string; usd_micros_per_unit: number | string | null }>(
    freeLots,
    [accountId, nowUs],
  );
  const taken: LotReservation[] = [];
  let left = tokens;
  for (const lot of lots) {
    if (left === 0) break;
    const price = lot.usd_micros_per_unit === null ? null : Number(lot.usd_micros_per_unit);
    if (usdMicrosPerUnitMax !== null && (price ?? 0) > usdMicrosPerUnitMax) continue;
    const take = Math.min(Number(lot.free), left);
    taken.push([Number(lot.id), take, price]);
    left -= take;
  }
  if (left > 0) return null;
  for (const [lotId, take] of taken) await sql.run(addReserved, [take, lotId]);
  return taken;
}

interface ReservedLotRow {
  id: number | string;
  take: number | string;
  usd_micros_per_unit: number | string | null;
  expires_at_us: number | string;
}

/** `reserveFromLots` as one statement (PostgreSQL): the same lots, in the order they are drawn. */
async function reserveFromLotsAtOnce(
  sql: Sql,
  accountId: string,
  tokens: number,
  nowUs: number,
  usdMicrosPerUnitMax: number | null,
): Promise<LotReservation[] | null> {
  if (tokens === 0) return [];
  const cap = usdMicrosPerUnitMax;
  const rows = await sql.all<ReservedLotRow>(reserveLots, [accountId, nowUs, cap, cap, tokens, tokens, tokens]);
  if (rows.length === 0) return null;
  const drawn = rows.map((row) => ({ ...row, id: Number(row.id), expiresAtUs: Number(row.expires_at_us) }));
  drawn.sort((a, b) => a.expiresAtUs - b.expiresAtUs || a.id - b.id);
  return drawn.map((row): LotReservation => [
    row.id,
    Number(row.take),
    row.usd_micros_per_unit === null ? null : Number(row.usd_micros_per_unit),
  ]);
}

/** What a settlement draws from one lot: `tokens` of its reservation of `reserved`, the rest given back. */
export interface ReservationDraw {
  lotId: number;
  tokens: number;
  reserved: number;
}

/** PostgreSQL: every lot's draw, then the key's budget trued up (key-spend.ts), in one round trip. */
const drawReservedThenTrueUp = statement(
  'consumption_lots_draw_reserved_true_up',
  '',
  `WITH d AS (SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) AS d (id, tokens, reserved)),
   drawn AS (
     UPDATE consumption_lots l SET tokens_remaining = l.tokens_remaining - d.tokens, tokens_reserved = l.tokens_reserved - d.reserved
     FROM d WHERE l.id = d.id AND l.tokens_reserved >= d.reserved AND l.tokens_remaining >= d.tokens RETURNING l.id
   ), spent AS (${trueUpKeySpendText} RETURNING 1)
   SELECT (SELECT count(*) FROM drawn) AS drawn`,
);

/**
 * Spends each draw's tokens of its lot's reservation and gives the rest of it back, then trues up the key's budget
 * (`trueUpKeySpend`) when there is one: one statement on PostgreSQL (the lots' rows, then the budget's, as admission
 * takes them). False if a lot does not hold what it is drawn for (the caller rolls back).
 */
export async function drawFromReservations(
  sql: Sql,
  draws: readonly ReservationDraw[],
  keySpend: KeySpendTrueUp | null,
): Promise<boolean> {
  if (sql.kind === 'postgres' && keySpend !== null) {
    const { apiKeyId, periodStartUs, reservedMicros, costMicros } = keySpend;
    const row = await sql.get<{ drawn: number | string }>(drawReservedThenTrueUp, [
      draws.map((draw) => draw.lotId),
      draws.map((draw) => draw.tokens),
      draws.map((draw) => draw.reserved),
      ...trueUpKeySpendParams(apiKeyId, periodStartUs, reservedMicros, costMicros),
    ]);
    return Number(row?.drawn) === draws.length;
  }
  let drawn = 0;
  for (const { lotId, tokens, reserved } of draws)
    drawn += await sql.run(drawReserved, [tokens, reserved, lotId, reserved, tokens]);
  if (keySpend !== null)
    await trueUpKeySpend(sql, keySpend.apiKeyId, keySpend.periodStartUs, keySpend.reservedMicros, keySpend.costMicros);
  return drawn === draws.length;
}

const expiredLotExists = statement(
  'consumption_lot_expired_exists',
  'SELECT 1 AS found FROM consumption_lots WHERE account_id = ? AND expires_at_us <= ? AND tokens_remaining > 0 LIMIT 1',
);

/** Whether any of the account's lots expired by `nowUs` still holds tokens (read without a lock). */
export async function hasExpiredLots(sql: Sql, accountId: string, nowUs: number): Promise<boolean> {
  return (await sql.get(expiredLotExists, [accountId, nowUs])) !== undefined;
}

const lockAccountStatement = statement(
  'ledger_account_lock',
  'SELECT * FROM ledger_accounts WHERE id = ?',
  'SELECT * FROM ledger_accounts WHERE id = ? FOR NO KEY UPDATE',
);

/** The account row, locked until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
export const lockLedgerAccount = (sql: Sql, accountId: string): Promise<LedgerAccountRow | undefined> =>
  sql.get<LedgerAccountRow>(lockAccountStatement, [accountId]);

const lotsHolding = statement(
  'consumption_lots_holding',
  'SELECT * FROM consumption_lots WHERE account_id = ? AND tokens_remaining > 0 ORDER BY expires_at_us, id',
);
const lotsExpired = statement(
  'consumption_lots_expired',
  'SELECT * FROM consumption_lots WHERE account_id = ? AND expires_at_us <= ? AND tokens_remaining > 0 ORDER BY expires_at_us, id',
);
const setRemaining = statement(
  'consumption_lot_set_remaining',
  'UPDATE consumption_lots SET tokens_remaining = ? WHERE id = ?',
);
const addWithdrawal = statement(
  'ledger_account_add_withdrawal',
  'UPDATE ledger_accounts SET total_withdrawals = total_withdrawals + ?, last_withdrawal_at_us = ? WHERE id = ?',
);

/** The account's lots that still hold tokens, oldest first (the order they are drawn in). */
export const lotsHoldingTokens = (sql: Sql, accountId: string): Promise<ConsumptionLotRow[]> =>
  sql.all<ConsumptionLotRow>(lotsHolding, [accountId]);

/** The account's lots expired by `nowUs` that still hold tokens, oldest first. */
export const expiredLotsHoldingTokens = (sql: Sql, accountId: string, nowUs: number): Promise<ConsumptionLotRow[]> =>
  sql.all<ConsumptionLotRow>(lotsExpired, [accountId, nowUs]);

export async function setLotRemaining(sql: Sql, lotId: number, tokensRemaining: number): Promise<void> {
  await sql.run(setRemaining, [tokensRemaining, lotId]);
}

/** Counts tokens that left the account (consumed or written off). */
export async function recordWithdrawal(sql: Sql, accountId: string, tokens: number, nowUs: number): Promise<void> {
  await sql.run(addWithdrawal, [tokens, nowUs, accountId]);
}

// ---- transfers to consumption -----------------------------------------------------------------------

const tokensPerUnitOf = statement(
  'consumption_instrument_tokens_per_unit',
  'SELECT tokens_per_unit FROM instruments WHERE id = ? LIMIT 1',
);

/** The instrument's tokens per Unit; undefined when no such instrument exists. */
export async function instrumentTokensPerUnit(sql: Sql, instrumentId: string): Promise<number | undefined> {
  return (await sql.get<{ tokens_per_unit: number }>(tokensPerUnitOf, [instrumentId]))?.tokens_per_unit;
}

const lastTradeOf = statement(
  'consumption_instrument_last_trade_price',
  'SELECT t.price_ticks FROM trades t JOIN markets m ON m.id = t.market_id WHERE m.instrument_id = ? ORDER BY t.executed_at_us DESC LIMIT 1',
);

/** The price of the instrument's last trade in ticks (on any of its markets), null before the first. */
export async function lastTradePriceTicksOfInstrument(sql: Sql, instrumentId: string): Promise<number | null> {
  const last = await sql.get<{ price_ticks: number }>(lastTradeOf, [instrumentId]);
  return last ? Number(last.price_ticks) : null;
}

export const lotColumns = [
  'account_id',
  'tokens_total',
  'tokens_remaining',
  'source',
  'arrived_at_us',
  'expires_at_us',
  'usd_micros_per_unit',
  'supplier_user_id',
] as const satisfies readonly (keyof ConsumptionLotRow)[];
const insertLot = statement(
  'consumption_lot_insert',
  `INSERT INTO consumption_lots (${lotColumns.join(', ')}) VALUES (${lotColumns.map(() => '?').join(', ')})`,
);

/** A new lot; its id is the database's. */
export async function insertConsumptionLot(sql: Sql, lot: Omit<ConsumptionLotRow, 'id'>): Promise<void> {
  await sql.run(
    insertLot,
    lotColumns.map((c) => lot[c]),
  );
}

export const transferColumns = [
  'id',
  'user_id',
  'instrument_id',
  'quantity',
  'from_account_id',
  'to_account_id',
  'order_id',
  'created_at_us',
] as const satisfies readonly (keyof TransferRow)[];
const insertTransfer = statement(
  'consumption_transfer_insert',
  `INSERT INTO transfers (${transferColumns.join(', ')}) VALUES (${transferColumns.map(() => '?').join(', ')})`,
);

export async function insertTransferRow(sql: Sql, transfer: TransferRow): Promise<void> {
  await sql.run(
    insertTransfer,
    transferColumns.map((c) => transfer[c]),
  );
}

const stampWithdrawal = statement(
  'consumption_trading_account_stamp_withdrawal',
  'UPDATE ledger_accounts SET last_withdrawal_at_us = ? WHERE id = ?',
);
const addTransferIn = statement(
  'consumption_account_add_transfer_in',
  'UPDATE ledger_accounts SET total_transfers_in = total_transfers_in + ?, last_transfer_at_us = ? WHERE id = ?',
);

/** Units left the trading account by transfer. */
export async function stampTransferOut(sql: Sql, tradingAccountId: string, nowUs: number): Promise<void> {
  await sql.run(stampWithdrawal, [nowUs, tradingAccountId]);
}

/** Counts `quantity` Units that arrived in the consumption account by transfer. */
export async function recordTransferIn(
  sql: Sql,
  consumptionAccountId: string,
  quantity: number,
  nowUs: number,
): Promise<void> {
  await sql.run(addTransferIn, [quantity, nowUs, consumptionAccountId]);
}

// ---- expiry ----------------------------------------------------------------------------------------------

/** Which accounts expiry looks at: every consumption account, or a user's, or one. */
export interface ExpiryScope {
  userId?: string;
  accountId?: string;
}

const accountsToExpireText = (scope: { user: boolean; account: boolean }) =>
  `SELECT DISTINCT l.account_id FROM consumption_lots l JOIN ledger_accounts a ON a.id = l.account_id
   WHERE l.expires_at_us <= ? AND l.tokens_remaining > 0 AND a.available > 0${scope.user ? ' AND a.user_id = ?' : ''}${scope.account ? ' AND l.account_id = ?' : ''}`;

/** One statement per shape of scope. */
const accountsToExpire: Record<'all' | 'user' | 'account' | 'userAccount', Statement> = {
  all: statement('consumption_accounts_to_expire', accountsToExpireText({ user: false, account: false })),
  user: statement('consumption_accounts_to_expire_of_user', accountsToExpireText({ user: true, account: false })),
  account: statement('consumption_accounts_to_expire_one', accountsToExpireText({ user: false, account: true })),
  userAccount: statement(
    'consumption_accounts_to_expire_of_user_one',
    accountsToExpireText({ user: true, account: true }),
  ),
};

/**
 * The consumption accounts (of `scope`) with lots expired by `nowUs` that still hold tokens and
 * available tokens to write them off from.
 */
export async function accountsWithExpiredLots(sql: Sql, nowUs: number, scope: ExpiryScope): Promise<string[]> {
  const { userId, accountId } = scope;
  const shape =
    userId !== undefined
      ? accountId !== undefined
        ? 'userAccount'
        : 'user'
      : accountId !== undefined
        ? 'account'
        : 'all';
  const params = [nowUs, ...(userId !== undefined ? [userId] : []), ...(accountId !== undefined ? [accountId] : [])];
  return (await sql.all<{ account_id: string }>(accountsToExpire[shape], params)).map((r) => r.account_id);
}
