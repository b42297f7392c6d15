import { tokensOf } from '../../src/ledger/assets.js';
import { ensureAccount } from '../../src/ledger/journal.js';
import type { Clock } from '../../src/lib/clock.js';
import { periodStartUs, type LimitReset } from '../../src/lib/periods.js';
import type { Services } from '../../src/app/services.js';

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
 * A reserve belongs to a request in progress (the ledger audit holds every reserve to one), so a
 * reserve comes with such a request, holding no tokens, its slot held for years so that no sweep settles it.
 */
export async function recordKeySpend(
  services: Services,
  apiKeyId: string,
  reset: LimitReset | null,
  spentMicros: number,
  reservedMicros = 0,
  atUs = services.clock.nowUs(),
): Promise<void> {
  const { db } = services;
  const periodStart = periodStartUs(reset, atUs);
  await db('api_key_spend').insert({
    api_key_id: apiKeyId,
    period_start_us: periodStart,
    spent_micros: spentMicros,
    reserved_micros: reservedMicros,
  });
  if (reservedMicros === 0) return;
  const { user_id: userId } = (await db('api_keys').where({ id: apiKeyId }).first('user_id')) as { user_id: string };
  const { id: instrumentId } = (await db('instruments').orderBy('id').first('id')) as { id: string };
  const requestId = `req_KEYSPEND${String(++requestsInFlight).padStart(12, '0')}`;
  const nowUs = services.clock.nowUs();
  const account = await ensureAccount(db, userId, 'consumption', tokensOf(instrumentId), instrumentId, nowUs);
  await db('inference_requests').insert({
    id: requestId,
    user_id: userId,
    api_key_id: apiKeyId,
    model: instrumentId,
    instrument_id: instrumentId,
    endpoint: 'chat.completions',
    stream: false,
    status: 'in_progress',
    reserved_tokens: 0,
    cost_status: 'reserved',
    consumption_account_id: account.id,
    budget_reserved_micros: reservedMicros,
    budget_period_start_us: periodStart,
    created_at_us: nowUs,
  });
  await db('inference_slots').insert({
    request_id: requestId,
    user_id: userId,
    acquired_at_us: nowUs,
    expires_at_us: nowUs + 10 * 365 * 86_400_000_000,
    process_id: null,
  });
}

let requestsInFlight = 0;
