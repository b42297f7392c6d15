import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * Auto Mode buys in flight (migration 0007): one row per user and instrument is the claim, so one
 * buy at a time in every process; a row whose process died expires. Each statement runs on its own
 * (autocommit), outside any transaction.
 */
const deleteExpired = statement(
  'auto_buy_delete_expired',
  'DELETE FROM auto_buys WHERE user_id = ? AND instrument_id = ? AND expires_at_us <= ?',
);
const claimOf = statement(
  'auto_buy_find',
  'SELECT user_id FROM auto_buys WHERE user_id = ? AND instrument_id = ? LIMIT 1',
);
const insertClaim = statement(
  'auto_buy_claim',
  'INSERT INTO auto_buys (user_id, instrument_id, expires_at_us) VALUES (?, ?, ?) ON CONFLICT (user_id, instrument_id) DO NOTHING',
);
const deleteClaim = statement('auto_buy_release', 'DELETE FROM auto_buys WHERE user_id = ? AND instrument_id = ?');
const marketOf = statement('auto_buy_market_of_instrument', 'SELECT id FROM markets WHERE instrument_id = ? LIMIT 1');
const bestAsk = statement(
  'auto_buy_best_ask',
  "SELECT min(price_ticks) AS price_ticks FROM orders WHERE market_id = ? AND side = 'sell' AND remaining_quantity > 0",
);

/** Removes the user's claim on the instrument if it expired by `nowUs`. */
export async function deleteExpiredAutoBuy(db: Db, userId: string, instrumentId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(deleteExpired, [userId, instrumentId, nowUs]);
}

/** Whether a buy of the user and instrument is in flight (its claim row exists). */
export async function autoBuyInFlight(db: Db, userId: string, instrumentId: string): Promise<boolean> {
  return (await poolSql(db).get(claimOf, [userId, instrumentId])) !== undefined;
}

/** Claims the buy of the user and instrument until `expiresAtUs`; false when another holds the claim. */
export async function claimAutoBuy(
  db: Db,
  userId: string,
  instrumentId: string,
  expiresAtUs: number,
): Promise<boolean> {
  return (await poolSql(db).run(insertClaim, [userId, instrumentId, expiresAtUs])) === 1;
}

export async function releaseAutoBuy(db: Db, userId: string, instrumentId: string): Promise<void> {
  await poolSql(db).run(deleteClaim, [userId, instrumentId]);
}

/** The market an auto-buy of the instrument buys on; undefined when none trades it. */
export async function marketIdOfInstrument(db: Db, instrumentId: string): Promise<string | undefined> {
  return (await poolSql(db).get<{ id: string }>(marketOf, [instrumentId]))?.id;
}

/**
 * The lowest price of the market's resting asks, in ticks; null when nothing is offered (a refusal's context, not a
 * quote).
 */
export async function bestAskTicks(db: Db, marketId: string): Promise<number | null> {
  const row = await poolSql(db).get<{ price_ticks: number | string | null }>(bestAsk, [marketId]);
  return row?.price_ticks === null || row?.price_ticks === undefined ? null : Number(row.price_ticks);
}

/**
 * Auto top-up's reads (src/trading/accounts/auto-top-up.ts): the consumption account a settlement changed,
 * with its owner and the tokens it has free, and the owner's available USD.
 */
const consumptionAccount = statement(
  'auto_top_up_consumption_account',
  "SELECT user_id, available FROM ledger_accounts WHERE id = ? AND kind = 'consumption'",
);
const usdAvailable = statement(
  'auto_top_up_usd_available',
  "SELECT available FROM ledger_accounts WHERE user_id = ? AND kind = 'currency' AND asset = 'usd' LIMIT 1",
);

interface ConsumptionHolding {
  userId: string;
  availableTokens: number;
}

/** The consumption account's owner and free tokens; undefined when the id names no consumption account. */
export async function consumptionHolding(db: Db, accountId: string): Promise<ConsumptionHolding | undefined> {
  const row = await poolSql(db).get<{ user_id: string | null; available: number | string }>(consumptionAccount, [
    accountId,
  ]);
  return row?.user_id == null ? undefined : { userId: row.user_id, availableTokens: Number(row.available) };
}

/** The user's available USD in micro-dollars; 0 before the currency account is opened. */
export async function usdAvailableMicros(db: Db, userId: string): Promise<number> {
  return Number((await poolSql(db).get<{ available: number | string }>(usdAvailable, [userId]))?.available ?? 0);
}
