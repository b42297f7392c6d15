import type { Db } from '../../src/db/knex.js';
import { unitsOf, usd } from '../../src/ledger/assets.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { buyReserveMicros } from '../../src/core/fees.js';
import { createUser } from '../../src/core/identity.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';

/** A positive whole number from a command-line flag, or a clear error naming the flag. */
export function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${flag} is a positive integer, got ${text}`);
  return value;
}

/** Units issued straight into the user's trading account, as a supplier's issuance would (as test/support/market-fixtures.ts giveUnits). */
export async function giveUnits(db: Db, userId: string, instrumentId: string, quantity: number): Promise<void> {
  const nowUs = systemClock.nowUs();
  await db.transaction(async (trx) => {
    const account = await ensureAccount(trx, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
    await post(
      trx,
      'issuance',
      null,
      [
        { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -quantity },
        { accountId: account.id, bucket: 'available', asset: unitsOf(instrumentId), amount: quantity },
      ],
      nowUs,
    );
  });
}

export interface RestingMarket {
  marketId: string;
  instrumentId: string;
  feePpm: number;
}

/**
 * `count` resting limit orders on one market, written straight into the tables as the write path
 * would leave them: buys at or below `bestBidTicks`, sells at or above `bestAskTicks` (so none
 * cross), spread over a thousand levels a side, each with its reservation locked in the ledger by
 * one journal entry per trader and side, so the audit stays clean. The market's next sequence and
 * version move past them, so a server starting afterwards rebuilds the book from them.
 */
export async function seedRestingOrders(
  db: Db,
  traderIds: readonly string[],
  market: RestingMarket,
  count: number,
  bestBidTicks: number,
  bestAskTicks: number,
): Promise<void> {
  const nowUs = systemClock.nowUs();
  const levels = 1000;
  await db.transaction(async (trx) => {
    const stored = (await trx('market_books').where('market_id', market.marketId).first()) as {
      version: number;
      next_sequence: number;
    };
    let sequence = stored.next_sequence;
    const reserved = new Map<string, number>(); // `${traderIndex}|${side}` → total
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i += 1) {
      const traderIndex = i % traderIds.length;
      const side = i % 2 === 0 ? 'buy' : 'sell';
      const quantity = 1 + (i % 5);
      const level = Math.floor(i / 2) % levels;
      const priceTicks = side === 'buy' ? bestBidTicks - level : bestAskTicks + level;
      const reserve = side === 'buy' ? buyReserveMicros(quantity, priceTicks, 0, market.feePpm) : quantity;
      const key = `${traderIndex}|${side}`;
      reserved.set(key, (reserved.get(key) ?? 0) + reserve);
      rows.push({
        id: `order_resting_${i}_${nowUs}`,
        user_id: traderIds[traderIndex],
        market_id: market.marketId,
        instrument_id: market.instrumentId,
        side,
        type: 'limit',
        time_in_force: 'gtc',
        price_ticks: priceTicks,
        quantity,
        filled_quantity: 0,
        remaining_quantity: quantity,
        status: 'active',
        closure_reason: null,
        client_order_id: null,
        reserved: reserve,
        notional_micros: 0,
        fee_micros: 0,
        sequence: sequence++,
        triggered_by_auto_buy: false,
        should_autotransfer: false,
        expires_at_us: null,
        filled_at_us: null,
        submitted_at_us: nowUs,
        updated_at_us: nowUs,
      });
    }
    await trx.batchInsert('orders', rows, 500);
    for (const [key, amount] of reserved) {
      const [traderIndex, side] = key.split('|') as [string, 'buy' | 'sell'];
      const userId = traderIds[Number(traderIndex)]!;
      const [kind, asset, instrumentId] =
        side === 'buy'
          ? (['currency', usd, null] as const)
          : (['trading', unitsOf(market.instrumentId), market.instrumentId] as const);
      const account = await ensureAccount(trx, userId, kind, asset, instrumentId, nowUs);
      await post(
        trx,
        'reserve',
        null,
        [
          { accountId: account.id, bucket: 'available', asset, amount: -amount },
          { accountId: account.id, bucket: 'locked', asset, amount },
        ],
        nowUs,
      );
    }
    await trx('market_books')
      .where('market_id', market.marketId)
      .update({ version: stored.version + 1, next_sequence: sequence });
  });
}

/** A supplier of `instrumentId` answering at `upstreamUrl` (an OpenAI-compatible upstream serving model `sim`). */
export async function seedUpstreamSupplier(db: Db, email: string, instrumentId: string, upstreamUrl: string) {
  const supplier = await createUser(db, systemClock, { email, verified: true, acceptTerms: true, mode: 'advanced' });
  await registerSupplier(
    { db, clock: systemClock },
    { userId: supplier.id, instruments: [instrumentId], baseUrl: upstreamUrl, model: 'sim', simulated: false },
  );
}
