import { expireDayOrders } from './orders.js';
import { pruneExpiredGuards } from '../db/expired-guards.js';
import type { Services } from '../services.js';
import { replenishHouseAsks } from './house-supplier.js';
import { watchDeadManSwitches } from './dead-man-switch.js';

export interface Background {
  stop(): Promise<void>;
}

/** Inference requests abandoned by a dead process are looked for every this many ticks (and at the first). */
const abandonedSweepTicks = 2;

/**
 * Work no request triggers, once a second: `day` orders leave the book at 00:00 UTC even when
 * nobody touches their market, and the house supplier (unless `MKT_SIMULATED_SUPPLIER=off`) tops
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
      if (sweep) await step('sweep of abandoned inference', () => services.inference.sweepAbandoned(services.clock.nowUs()));
      await step('trading work', async () => {
        await expireDayOrders(services, services.clock.nowUs());
        await pruneExpiredGuards(services.db, services.clock.nowUs()); // replay guard and throttles (DESIGN.md §9)
        if (services.config.simulatedSupplier) await replenishHouseAsks(services);
      });
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const switches = watchDeadManSwitches(services);
  return {
    async stop() {
      clearInterval(timer);
      await switches.stop();
      await running;
    },
  };
}
