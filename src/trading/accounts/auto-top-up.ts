import { logJobFailure } from '../../db/unavailable.js';
import { findInstrument, type InstrumentRow } from '../../core/reference.js';
import type { AutoTopUpPort } from '../../core/trading-port.js';
import {
  claimAutoBuy,
  consumptionHolding,
  deleteExpiredAutoBuy,
  marketIdOfInstrument,
  releaseAutoBuy,
  usdAvailableMicros,
} from '../../db/auto-buys.js';
import { findOrder } from '../../db/orders.js';
import { accountSettings, readAutoTopUp, recordAutoTopUp, type AutoTopUpOutcome } from '../../db/settings.js';
import { poolSql } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { placeAutoBuy } from '../orders/auto-buy.js';
import type { RefusalCode } from '../orders/refusals.js';
import type { OrderDeps } from '../orders/orders.js';

/**
 * Auto top-up (platform.yaml updateAutoTopUp): after a settlement leaves a consumption account
 * holding fewer than `trigger_threshold` Units, buy `quantity` Units of its instrument through
 * Auto Mode's purchase (auto-buy.ts: at market, or fill-or-kill under `auto_buy_max_price`, with
 * every order limit) and move them to consumption as they fill.
 *
 * One top-up at a time per user and instrument in every process: Auto Mode's claim row
 * (`auto_buys`, shared with admission's purchases, so neither buys while the other does). The
 * balance is read again once the claim is held: a settlement that saw the same dip but claims
 * after another top-up committed finds the account stocked and buys nothing.
 */
type AutoTopUpResult =
  { outcome: AutoTopUpOutcome } | { outcome: 'not_enabled' | 'above_threshold' | 'in_flight' | 'pausing' };

interface AutoTopUpDeps extends OrderDeps {
  clock: Clock;
  logger: Logger;
}

/** How long a claim holds if its process dies while buying (as admission's, capacity.ts). */
const claimUs = 30 * 1_000_000;
/**
 * After an attempt that bought nothing or too little, the next waits this long: settlements come often, and the book or
 * the balance rarely changes as fast.
 */
const retryPauseUs = 60 * 1_000_000;

const failed = (outcome: AutoTopUpOutcome | null): boolean => outcome !== null && outcome !== 'filled';

/** Below the threshold, in tokens (Units × tokens per Unit, exact). */
const below = (availableTokens: number, thresholdUnits: number, instrument: InstrumentRow): boolean =>
  BigInt(availableTokens) < BigInt(thresholdUnits) * BigInt(instrument.tokens_per_unit);

/** Checks one consumption account after a settlement, and buys when it is low; records what a purchase attempt did. */
export async function topUpIfLow(
  deps: AutoTopUpDeps,
  accountId: string,
  instrument: InstrumentRow,
  nowUs: number,
): Promise<AutoTopUpResult> {
  const seen = await consumptionHolding(deps.db, accountId);
  if (seen === undefined) return { outcome: 'not_enabled' };
  const { userId } = seen;
  const row = await accountSettings(deps.db, userId);
  const settings = readAutoTopUp(row);
  if (!settings.enabled || settings.quantityUnits === null || settings.thresholdUnits === null)
    return { outcome: 'not_enabled' };
  if (!below(seen.availableTokens, settings.thresholdUnits, instrument)) return { outcome: 'above_threshold' };
  const lastAtUs = row?.auto_top_up_last_at_us == null ? null : Number(row.auto_top_up_last_at_us);
  if (failed(row?.auto_top_up_last_outcome ?? null) && lastAtUs !== null && nowUs - lastAtUs < retryPauseUs)
    return { outcome: 'pausing' };
  await deleteExpiredAutoBuy(deps.db, userId, instrument.id, nowUs);
  if (!(await claimAutoBuy(deps.db, userId, instrument.id, nowUs + claimUs))) return { outcome: 'in_flight' };
  try {
    const now = await consumptionHolding(deps.db, accountId);
    if (now === undefined || !below(now.availableTokens, settings.thresholdUnits, instrument))
      return { outcome: 'above_threshold' };
    const outcome = await buy(
      deps,
      userId,
      instrument,
      settings.quantityUnits,
      row?.auto_buy_max_price_ticks == null ? null : Number(row.auto_buy_max_price_ticks),
      nowUs,
    );
    await recordAutoTopUp(deps.db, userId, outcome, nowUs);
    return { outcome };
  } finally {
    await releaseAutoBuy(deps.db, userId, instrument.id);
  }
}

/** Trading's refusals of the purchase that say the user's USD cannot pay for it. */
const fundsRefusals: ReadonlySet<RefusalCode> = new Set(['nothing_to_spend', 'insufficient_balance']);

async function buy(
  deps: AutoTopUpDeps,
  userId: string,
  instrument: InstrumentRow,
  units: number,
  capTicks: number | null,
  nowUs: number,
): Promise<AutoTopUpOutcome> {
  const marketId = await marketIdOfInstrument(deps.db, instrument.id);
  if (marketId === undefined) return 'not_filled';
  if ((await usdAvailableMicros(deps.db, userId)) <= 0) return 'insufficient_funds';
  const answer = await placeAutoBuy(deps, userId, marketId, units, capTicks, nowUs);
  if ('refused' in answer) {
    const { code, detail } = answer.refused;
    deps.logger.info({ user_id: userId, instrument_id: instrument.id, code, detail }, 'auto top-up refused');
    return fundsRefusals.has(code) ? 'insufficient_funds' : 'refused';
  }
  const placed = answer.value;
  if (placed === undefined) return 'not_filled';
  const order = await findOrder(poolSql(deps.db), placed.orderId);
  const filled = Number(order?.filled_quantity ?? 0);
  return filled >= units ? 'filled' : filled > 0 ? 'partially_filled' : 'not_filled';
}

/**
 * This process's queue of top-up checks, fed by settlements after their commits: each account is
 * checked once per round however many settlements named it, one round at a time, and a failure is
 * logged, never thrown.
 */
export class AutoTopUpQueue implements AutoTopUpPort {
  private queued = new Map<string, string>();
  private running: Promise<void> | undefined;

  constructor(private readonly deps: AutoTopUpDeps) {}

  settled(consumptionAccountId: string, instrumentId: string): void {
    this.queued.set(consumptionAccountId, instrumentId);
    this.run();
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private run(): void {
    if (this.running || this.queued.size === 0) return;
    this.running = this.round()
      .catch((error: unknown) => logJobFailure(this.deps.logger, error, {}, 'auto top-up round failed'))
      .finally(() => {
        this.running = undefined;
        this.run();
      });
  }

  private async round(): Promise<void> {
    const accounts = [...this.queued];
    this.queued = new Map();
    for (const [accountId, instrumentId] of accounts) {
      try {
        const instrument = await findInstrument(this.deps, instrumentId);
        if (instrument === undefined) continue;
        const result = await topUpIfLow(this.deps, accountId, instrument, this.deps.clock.nowUs());
        if (result.outcome !== 'not_enabled' && result.outcome !== 'above_threshold') {
          this.deps.logger.info(
            { account_id: accountId, instrument_id: instrumentId, outcome: result.outcome },
            'auto top-up',
          );
        }
      } catch (error) {
        this.deps.logger.error({ err: error, account_id: accountId }, 'auto top-up failed');
      }
    }
  }
}
