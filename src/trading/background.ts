import { pruneExpiredGuards } from '../db/expired-guards.js';
import type { Services } from '../services.js';
import { createHouseSupplier } from './house-supplier.js';

export interface Background {
  stop(): Promise<void>;
}

/** Inference requests abandoned by a dead process are looked for every this many ticks. */
const abandonedSweepTicks = 30;

/**
 * Work no request triggers, once a second: `day` orders leave the book at 00:00 UTC even when
 * nobody touches their market, and the house supplier (unless `MKT_SIMULATED_SUPPLIER=off`) tops
 * its asks back up. Every process may run it; the market lock keeps the runs from colliding, and
 * a request is settled once however many sweeps find it. Every 30 s, inference requests whose
 * process died are settled unbilled.
 */
export function startBackground(services: Services, intervalMs = 1000): Background {
  const house = services.config.simulatedSupplier ? createHouseSupplier(services) : null;
  let running: Promise<unknown> = Promise.resolve();
  let ticks = 0;
  const tick = () => {
    running = running
      .then(async () => {
        await services.orders.expireDayOrders(services.clock.nowUs());
        await pruneExpiredGuards(services.db, services.clock.nowUs()); // replay guard and throttles (DESIGN.md §9)
        await house?.replenish();
        if (ticks++ % abandonedSweepTicks === 0) await services.inference.sweepAbandoned(services.clock.nowUs());
      })
      .catch((error: unknown) => services.logger.error({ err: error }, 'background trading work failed'));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
