import { logJobFailure } from '../db/unavailable.js';
import { performance } from 'node:perf_hooks';
import { sweepAbandoned, type InferenceDeps } from '../consumption/inference/pipeline.js';
import { pruneExpiredGuards } from '../db/expired-guards.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { replenishHouseAsks } from '../trading/supply/house-supplier.js';
import { watchDeadManSwitches } from '../trading/orders/dead-man-switch.js';
import { expireDueOrders } from '../trading/orders/orders.js';
import { sweepMarketFees } from '../ledger/fee-sweep.js';

/** What the jobs take: inference's (the sweep) and the order pipeline's (the house supplier, expiry, the switches). */
type BackgroundDeps = InferenceDeps &
  Parameters<typeof replenishHouseAsks>[0] &
  Parameters<typeof watchDeadManSwitches>[0] & {
    clock: Clock;
    logger: Logger;
    config: { simulatedSupplier: boolean };
    /** The markets this process trades (MKT_MARKETS; unset: all): expiry, switches and house asks keep to them. */
    ownsMarket?: (marketId: string) => boolean;
  };

export interface Background {
  /**
   * Whether the jobs run: not stopped, and the tick chain completed within `staleTicks` ticks (a chain stuck on a
   * database that never answers is not running). `/readyz` asks (app/readiness.ts).
   */
  running(): boolean;
  /** Stops the jobs, awaiting those in flight; a second call waits for the first. */
  stop(): Promise<void>;
}

/** The chain of jobs that run once a tick (a second by default), each after the one before. */
const tickMs = 1000;

/** Inference requests abandoned by a dead process are looked for every this many ticks (and at the first). */
const abandonedSweepTicks = 2;

/** The markets' fee accounts are swept into the house's every this many ticks (a minute), and at the first. */
const feeSweepTicks = 60;

/** A tick chain that has not completed for this many ticks is stuck: the background is not running. */
const staleTicks = 10;

/**
 * How often due `day` and `gtd` orders are looked for: an indexed read of nothing, usually, so an order expires within
 * a second of its time.
 */
const expiryPollMs = 250;

/**
 * Settles inference requests whose process died or whose lease ran out (by what they had
 * delivered), so a restarted process gives its predecessor's users their slots back at once.
 * A request is settled once however many processes sweep it.
 */
async function sweepAbandonedInference(deps: BackgroundDeps): Promise<void> {
  await sweepAbandoned(deps, deps.clock.nowUs());
}

/** Drops the replay guard's claims and the throttles' buckets that no timestamp can use any more (DESIGN.md §9). */
async function pruneReplayGuards(deps: BackgroundDeps): Promise<void> {
  await pruneExpiredGuards(deps.db, deps.clock.nowUs());
}

/** Moves what the markets' fee accounts hold into the house's (ledger/fee-sweep.ts). */
async function sweepFees(deps: BackgroundDeps): Promise<void> {
  await sweepMarketFees(deps.db, deps.clock.nowUs());
}

/**
 * Tops the house supplier's asks back up, unless `MKT_SIMULATED_SUPPLIER=off`; the market lock keeps processes from
 * colliding.
 */
async function replenishHouseSupply(deps: BackgroundDeps): Promise<void> {
  if (deps.config.simulatedSupplier) await replenishHouseAsks(deps);
}

/**
 * `day` orders leave the book at 00:00 UTC and `gtd` orders at their expire_time, even when nobody touches their
 * market.
 */
async function expireOrders(deps: BackgroundDeps): Promise<void> {
  await expireDueOrders(deps, deps.clock.nowUs(), deps.ownsMarket);
}

/** The background's state: made by startBackground, read by its ticks and its stop. */
interface BackgroundState {
  deps: BackgroundDeps;
  ticks: number;
  /** The tick's chain: a slow tick delays the next rather than overlapping it. */
  running: Promise<unknown>;
  expiring: Promise<unknown>;
  /** A slow expiry run is not queued behind itself. */
  expiryBusy: boolean;
  /** When the tick chain last completed (or started), on the monotonic clock: a test's clock does not stand still here. */
  tickDoneAtMs: number;
  stopping: Promise<void> | undefined;
}

/** Runs one job, logging its failure: a failed job never stops the background or the jobs after it. */
async function step(deps: BackgroundDeps, what: string, work: (deps: BackgroundDeps) => Promise<unknown>) {
  try {
    await work(deps);
  } catch (error) {
    logJobFailure(deps.logger, error, {}, `background ${what} failed`);
  }
}

function tick(state: BackgroundState): void {
  const sweep = state.ticks % abandonedSweepTicks === 0;
  const feeSweep = state.ticks++ % feeSweepTicks === 0;
  const { deps } = state;
  state.running = state.running.then(async () => {
    // First: a restarted process settles what its predecessor left before anything slower.
    if (sweep) await step(deps, 'sweep of abandoned inference', sweepAbandonedInference);
    await step(deps, 'pruning of the replay guard', pruneReplayGuards);
    await step(deps, 'house supply', replenishHouseSupply);
    if (feeSweep) await step(deps, 'sweep of market fees', sweepFees);
    state.tickDoneAtMs = performance.now();
  });
}

function expiryTick(state: BackgroundState): void {
  if (state.expiryBusy) return;
  state.expiryBusy = true;
  state.expiring = step(state.deps, 'expiry of due orders', expireOrders).finally(() => (state.expiryBusy = false));
}

/**
 * Work no request triggers, run by every process: each tick (a second), the sweep of abandoned
 * inference (every second tick, and at the first), the replay guard's pruning, the house
 * supplier's asks and, every minute, the sweep of the markets' fees; every 250 ms, on a chain of its own, the expiry of due orders. Dead-man's
 * switches have a watch of their own (dead-man-switch.ts), since they fire within a second of their time.
 */
export function startBackground(deps: BackgroundDeps, intervalMs = tickMs): Background {
  const state: BackgroundState = {
    deps,
    ticks: 0,
    running: Promise.resolve(),
    expiring: Promise.resolve(),
    expiryBusy: false,
    tickDoneAtMs: performance.now(),
    stopping: undefined,
  };
  tick(state);
  expiryTick(state);
  const timers = [
    setInterval(() => tick(state), intervalMs),
    setInterval(() => expiryTick(state), Math.min(expiryPollMs, intervalMs)),
  ];
  for (const timer of timers) timer.unref();
  const switches = watchDeadManSwitches(deps);
  return {
    running: () => state.stopping === undefined && performance.now() - state.tickDoneAtMs < staleTicks * intervalMs,
    stop: () =>
      (state.stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        await switches.stop();
        await Promise.all([state.running, state.expiring]);
      })()),
  };
}
