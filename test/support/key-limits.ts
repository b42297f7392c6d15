import type { Clock } from '../../src/lib/clock.js';
import { periodStartUs, type LimitReset } from '../../src/lib/periods.js';
import type { Services } from '../../src/services.js';

/**
 * The system clock moved to noon on the 15th of next month (UTC), so that no budget period (day,
 * Monday-week, month) starts while a test runs, however late at night it runs.
 */
export function midMonthClock(): Clock {
  const now = new Date();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 12);
  const offsetUs = (target - now.getTime()) * 1000;
  return { nowUs: () => Date.now() * 1000 + offsetUs };
}

/**
 * A key's spend row of the period holding `atUs` (now by default), as the consumption pipeline
 * writes it (migration 0016's contract): what settled requests cost, and what running ones hold.
 */
export async function recordKeySpend(services: Services, apiKeyId: string, reset: LimitReset | null, spentMicros: number, reservedMicros = 0, atUs = services.clock.nowUs()): Promise<void> {
  await services.db('api_key_spend').insert({ api_key_id: apiKeyId, period_start_us: periodStartUs(reset, atUs), spent_micros: spentMicros, reserved_micros: reservedMicros });
}
