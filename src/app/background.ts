import { expireDueOrders } from '../trading/orders/orders.js';
import { pruneExpiredGuards } from '../db/expired-guards.js';
import type { Services } from './services.js';
import { replenishHouseAsks } from '../trading/supply/house-supplier.js';
import { watchDeadManSwitches } from '../trading/orders/dead-man-switch.js';

interface Background {
  stop(): Promise<void>;
}

/** How often due `day` and `gtd` orders are looked for: an indexed read of nothing, usually, so an order expires within a second of its time. */
const expiryPollMs = 250;

/** Inference requests abandoned by a dead process are looked for every this many ticks (and at the first). */
const abandonedSweepTicks = 2;

/**
 * Work no request triggers. Every 250 ms, on a chain of its own: `day` orders leave the book at
 * 00:00 UTC and `gtd` orders at their expire_time, even when nobody touches their market. Once a
 * second: the house supplier (unless `MKT_SIMULATED_SUPPLIER=off`) tops
 * its asks back up. Every process may run it; the market lock keeps the runs from colliding, and
 * a request is settled once however many sweeps find it. On start and every 2 s, inference
 * requests whose process died or whose lease ran out are settled (by what they had delivered), so
 * a restarted process gives its predecessor's users their slots back at once. Dead-man's switches
 * have a watch of their own (dead-man-switch.ts), since they fire within a second of their time.
 */
export function startBackground(services: Services, intervalMs = 1000): Background {
  let running: Promise<unknown> = Promise.resolve();
  let ticks = 0;
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      services.logger.error({ err: error }, `background ${what} failed`);
    }
  };
  const tick = () => {
    const sweep = ticks++ % abandonedSweepTicks === 0;
    running = running.then(async () => {
      // First: a restarted process settles what its predecessor left before anything slower.
      if (sweep)
        await step('sweep of abandoned inference', () => services.inference.sweepAbandoned(services.clock.nowUs()));
      await step('trading work', async () => {
        await pruneExpiredGuards(services.db, services.clock.nowUs()); // replay guard and throttles (DESIGN.md §9)
        if (services.config.simulatedSupplier) await replenishHouseAsks(services);
      });
    });
  };
  let expiring: Promise<unknown> = Promise.resolve();
  let expiryBusy = false;
  const expiryTick = () => {
    if (expiryBusy) return; // a slow run is not queued behind itself
    expiryBusy = true;
    expiring = step('expiry of due orders', () => expireDueOrders(services, services.clock.nowUs())).finally(
      () => (expiryBusy = false),
    );
  };
  tick();
  expiryTick();
  const timer = setInterval(tick, intervalMs);
  const expiryTimer = setInterval(expiryTick, Math.min(expiryPollMs, intervalMs));
  timer.unref();
  expiryTimer.unref();
  const switches = watchDeadManSwitches(services);
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(expiryTimer);
      await switches.stop();
      await Promise.all([running, expiring]);
    },
  };
}
