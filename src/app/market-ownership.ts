import { setTimeout as sleep } from 'node:timers/promises';
import { marketById } from '../db/reference.js';
import type { Db } from '../db/knex.js';
import {
  marketsOfOrders,
  marketSymbols,
  processMarkets,
  writeHeartbeat,
  type ProcessMarketsRow,
} from '../db/process-markets.js';
import { logJobFailure } from '../db/unavailable.js';
import type { MarketOwner, MarketRouting } from '../http/forwarding.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MarketsConfig } from './config-markets.js';

/**
 * Which markets this process trades (MKT_MARKETS, issue 33 item 3) and who trades the others. Each `mkt serve`
 * writes, on its row of the process registry, its trading URL and its markets with a heartbeat; the trading host
 * forwards a write for a market it does not trade to a live owner (http/forwarding.ts), and the background jobs and
 * books of this process keep to its own markets (app/main.ts passes `owns` on).
 */

/** How often this process says it is alive, and reads who trades what. */
const heartbeatIntervalMs = 2_000;
/** A process whose heartbeat is older than this is no owner: orders for its markets wait for another (503). */
const heartbeatLiveMs = 10_000;
/** A lookup that finds no owner reads the registry again, at most this often (a process that just started). */
const missRereadMs = 250;

/** What ownership reads: the database, the clock, and this process's registry id once its leases started. */
interface OwnershipDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  leases: { me: { id: string } | null };
}

/**
 * The market ids MKT_MARKETS names (ids, or instrument symbols in any case); null: every market. A name that is
 * neither stops the start.
 */
async function resolveMarketNames(db: Db, names: readonly string[] | null): Promise<string[] | null> {
  if (names === null) return null;
  const markets = await marketSymbols(db);
  return names.map((name) => {
    const found = markets.find((m) => m.id === name || m.symbol.toUpperCase() === name.toUpperCase());
    if (found === undefined)
      throw new Error(
        `MKT_MARKETS names ${name}, which is neither a market id nor an instrument symbol of this database ` +
          `(its markets: ${markets.map((m) => `${m.symbol} ${m.id}`).join(', ') || 'none'}).`,
      );
    return found.id;
  });
}

/** Whether a registered process serves a trading host and said it was alive recently enough at `nowUs`. */
export const isLiveProcess = (row: ProcessMarketsRow, nowUs: number): boolean =>
  row.tradingUrl !== null && row.heartbeatAtUs !== null && nowUs - row.heartbeatAtUs <= heartbeatLiveMs * 1000;

/** Whether a registered process is a live owner of `marketId` at `nowUs`. */
export const isLiveOwner = (row: ProcessMarketsRow, marketId: string, nowUs: number): boolean =>
  isLiveProcess(row, nowUs) && (row.marketIds === null || row.marketIds.includes(marketId));

export class MarketOwnership implements MarketRouting {
  /** Null: this process trades every market, and forwards nothing. */
  readonly marketIds: ReadonlySet<string> | null;
  private tradingUrl: string | null = null;
  private registry: ProcessMarketsRow[] = [];
  private readAtUs = 0;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private rereading: Promise<void> | undefined;

  constructor(
    private readonly deps: OwnershipDeps,
    marketIds: readonly string[] | null,
  ) {
    this.marketIds = marketIds === null ? null : new Set(marketIds);
  }

  processId(): string | null {
    return this.deps.leases.me?.id ?? null;
  }

  owns = (marketId: string): boolean => this.marketIds === null || this.marketIds.has(marketId);

  async ownerOf(marketId: string): Promise<MarketOwner | null> {
    const owner = this.liveOwner(marketId, this.deps.clock.nowUs());
    if (owner !== null) return owner;
    await this.rereadAfterMiss();
    return this.liveOwner(marketId, this.deps.clock.nowUs());
  }

  ownerFailed(owner: MarketOwner): void {
    this.registry = this.registry.filter((row) => row.processId !== owner.processId);
  }

  async marketExists(marketId: string): Promise<boolean> {
    return (await marketById(this.deps.db, marketId)) !== undefined;
  }

  marketsOfOrders = (orderIds: readonly string[]): Promise<Map<string, string>> =>
    marketsOfOrders(this.deps.db, orderIds);

  /** Writes the trading URL (null: no trading host here) and starts the heartbeat. */
  async announce(tradingUrl: string | null): Promise<void> {
    this.tradingUrl = tradingUrl;
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() =>
        this.beat().catch((error: unknown) => logJobFailure(this.deps.logger, error, {}, 'market heartbeat failed')),
      );
    }, heartbeatIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
  }

  /** Explicit owners before those of every market, then by id: every process forwards a market to the same one. */
  private liveOwner(marketId: string, nowUs: number): MarketOwner | null {
    const me = this.processId();
    const live = this.registry.filter((row) => row.processId !== me && isLiveOwner(row, marketId, nowUs));
    const chosen = live.find((row) => row.marketIds !== null) ?? live[0];
    return chosen?.tradingUrl ? { processId: chosen.processId, tradingUrl: chosen.tradingUrl } : null;
  }

  /**
   * A read of the registry that starts after the miss (an owner that started since the last read is found), at most
   * one per `missRereadMs`: the misses meanwhile wait for it together.
   */
  private rereadAfterMiss(): Promise<void> {
    this.rereading ??= (async () => {
      const waitMs = missRereadMs - (this.deps.clock.nowUs() - this.readAtUs) / 1000;
      if (waitMs > 0) await sleep(waitMs);
      this.rereading = undefined; // a miss from now on waits for the read after this one
      await this.readRegistry();
    })();
    return this.rereading;
  }

  private async readRegistry(): Promise<void> {
    this.readAtUs = this.deps.clock.nowUs();
    this.registry = await processMarkets(this.deps.db);
  }

  /**
   * A process of every market beats only while another process trades some markets only (the one that forwards): with
   * none, nothing reads the heartbeat, and its write every 2 s is a commit for nothing (on SQLite, one that waits out a
   * write lock another connection holds, stopping the process meanwhile). It starts within one beat of such a process's
   * first (the registry is read at every beat), and a forwarder that finds no owner reads the registry again.
   */
  private async beat(): Promise<void> {
    const me = this.processId();
    const partitioned =
      this.marketIds !== null || this.registry.some((row) => row.processId !== me && row.marketIds !== null);
    if (me !== null && partitioned) {
      const marketIds = this.marketIds === null ? null : [...this.marketIds];
      await writeHeartbeat(this.deps.db, me, { tradingUrl: this.tradingUrl, marketIds }, this.deps.clock.nowUs());
    }
    await this.readRegistry();
  }
}

/** MKT_MARKETS resolved against the database (an unknown name stops the start), before anything is served. */
export async function openMarketOwnership(deps: OwnershipDeps, config: MarketsConfig): Promise<MarketOwnership> {
  return new MarketOwnership(deps, await resolveMarketNames(deps.db, config.names));
}
