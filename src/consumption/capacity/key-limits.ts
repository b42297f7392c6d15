import type { AdmissionSnapshotRow } from '../../db/inference-requests.js';
import { keySpendOf, reserveKeySpend, trueUpKeySpend } from '../../db/key-spend.js';
import type { Sql } from '../../db/sql.js';
import type { LotReservation } from '../../db/consumption-lots.js';
import { toIso } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { limitResets, periodEndUs, periodStartUs, type LimitReset } from '../../lib/periods.js';
import type { InstrumentRow } from '../../core/reference.js';
import { keyExpired } from '../../core/key-limits.js';

/**
 * A consumption key's limits at admission (DESIGN.md §12; migration 0016): its expiry, the models
 * it may use, and its budget per period. Read in admission's own snapshot (under the user's slot
 * lock), so a limit changed by any process applies to the next request, and the budget's reserve
 * is taken with one conditional update (db/key-spend.ts), so requests sent at once to several
 * processes never spend more than the limit.
 *
 * The reserve is the request's reserved tokens at the price of the very lots they are reserved
 * from (capacity.ts reserves named lots; settle.ts draws only from them), rounded up to the
 * micro-dollar: a bound the request's real cost can never exceed, whatever other requests do.
 */
/** Why a key may not run a request (mapped in handlers/failures.ts). */
export type KeyLimitFailure = 'key_gone' | 'key_expired' | 'model_not_allowed' | 'key_budget_spent';

export interface KeyLimits {
  expiresAtUs: number | null;
  limitUsdMicros: number | null;
  limitReset: LimitReset | null;
  /** Models as requests name them; an instrument id also allows its aliases. Null: every model. */
  allowedModels: string[] | null;
}

/** What a request reserved of its key's budget, for the true-up at settlement. */
export interface BudgetHold {
  apiKeyId: string;
  periodStartUs: number;
  reservedMicros: number;
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The column's reset (the platform API writes only one of `limitResets`); null: the budget never resets. */
const limitResetOf = (value: string | null): LimitReset | null => limitResets.find((reset) => reset === value) ?? null;

/** The key's allowed models, a JSON list of names as the platform API wrote it. */
function modelsOf(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((model): model is string => typeof model === 'string') : [];
}

/**
 * The calling key's limits; null when the key was deleted or deactivated (after its 307, or while the run was on its
 * way).
 */
export function keyLimitsOf(row: AdmissionSnapshotRow): KeyLimits | null {
  if (row.key_id === null || !row.key_active) return null;
  return {
    expiresAtUs: numberOrNull(row.key_expires_at_us),
    limitUsdMicros: numberOrNull(row.key_limit_usd_micros),
    limitReset: limitResetOf(row.key_limit_reset),
    allowedModels: row.key_allowed_models === null ? null : modelsOf(row.key_allowed_models),
  };
}

/**
 * 401 key_expired: authentication's answer for a key past its expiry (http/auth/consumption-key.ts), and admission's.
 */
/**
 * Whether the key may run this request, checked afresh at admission (the key may have changed since
 * its 307): 401 invalid_api_key for a key deleted or deactivated, 401 key_expired past its expiry,
 * 403 model_not_allowed for a model outside its list.
 */
export function checkKeyUse(
  limits: KeyLimits | null,
  model: string,
  instrument: InstrumentRow,
  nowUs: number,
): asserts limits is KeyLimits {
  if (limits === null) {
    throw new Failure<KeyLimitFailure>(
      'key_gone',
      'The API key was deleted or deactivated while this request was on its way; nothing was billed. Create a key on the platform API or the dashboard.',
    );
  }
  if (limits.expiresAtUs !== null && nowUs >= limits.expiresAtUs) throw keyExpired(limits.expiresAtUs);
  const allowed = limits.allowedModels;
  if (allowed !== null && !allowed.includes(model) && !allowed.includes(instrument.model_name)) {
    throw new Failure<KeyLimitFailure>(
      'model_not_allowed',
      `This key may not use ${model}; it may use ${allowed.join(', ') || 'no model'}.`,
      { context: { model, allowed_models: allowed } },
    );
  }
}

/** The most a request reserved from these lots can cost, in micro-dollars (rounded up). */
export function lotsReserveMicros(lots: readonly LotReservation[], tokensPerUnit: number): number {
  const numerator = lots.reduce(
    (sum, [, tokens, usdMicrosPerUnit]) => sum + BigInt(tokens) * BigInt(usdMicrosPerUnit ?? 0),
    0n,
  );
  const divisor = BigInt(tokensPerUnit);
  return Number((numerator + divisor - 1n) / divisor);
}

const usdText = (micros: number): string =>
  micros % 10_000 === 0 ? formatDecimal(micros / 10_000, 2) : formatDecimal(micros, usdScale);

/** 403 key_budget_spent, saying what the key spent and reserved in the period (read now). */
export async function overBudget(
  sql: Sql,
  apiKeyId: string,
  limits: KeyLimits,
  limitMicros: number,
  reserveMicros: number,
  nowUs: number,
): Promise<Failure<KeyLimitFailure>> {
  const periodStart = periodStartUs(limits.limitReset, nowUs);
  const spend = await keySpendOf(sql, apiKeyId, periodStart);
  const spentMicros = Number(spend?.spent_micros ?? 0);
  const reservedMicros = Number(spend?.reserved_micros ?? 0);
  const resetsAtUs = periodEndUs(limits.limitReset, nowUs);
  const period = limits.limitReset === null ? '' : ` ${limits.limitReset}`;
  const resets =
    resetsAtUs === null
      ? ' The budget never resets: raise limit_usd or use another key.'
      : ` The budget resets at ${toIso(resetsAtUs)}.`;
  return new Failure<KeyLimitFailure>(
    'key_budget_spent',
    `This key has spent ${formatDecimal(spentMicros, usdScale)} of its ${usdText(limitMicros)} USD${period} budget, with ${formatDecimal(reservedMicros, usdScale)} reserved by requests in progress; this request may cost up to ${formatDecimal(reserveMicros, usdScale)}.${resets}`,
    {
      context: {
        limit_usd: usdText(limitMicros),
        usage_usd: formatDecimal(spentMicros, usdScale),
        limit_reset: limits.limitReset,
        resets_at: resetsAtUs === null ? null : toIso(resetsAtUs),
      },
    },
  );
}

/** Before anything is bought for a request: a budget already spent (or wholly reserved) is refused at once. */
export async function checkBudgetLeft(sql: Sql, apiKeyId: string, limits: KeyLimits, nowUs: number): Promise<void> {
  if (limits.limitUsdMicros === null) return;
  const spend = await keySpendOf(sql, apiKeyId, periodStartUs(limits.limitReset, nowUs));
  const used = Number(spend?.spent_micros ?? 0) + Number(spend?.reserved_micros ?? 0);
  if (used >= limits.limitUsdMicros) throw await overBudget(sql, apiKeyId, limits, limits.limitUsdMicros, 0, nowUs);
}

/**
 * Reserves `reserveMicros` of the key's budget in this period, or 403 key_limit_exceeded. A key
 * without a budget reserves nothing, but its requests' cost is still recorded (its `usage_usd`):
 * the hold then names the period with a reserve of 0.
 */
export async function reserveBudget(
  sql: Sql,
  apiKeyId: string,
  limits: KeyLimits,
  reserveMicros: number,
  nowUs: number,
): Promise<BudgetHold> {
  const periodStart = periodStartUs(limits.limitReset, nowUs);
  if (limits.limitUsdMicros === null) return { apiKeyId, periodStartUs: periodStart, reservedMicros: 0 };
  if (!(await reserveKeySpend(sql, apiKeyId, periodStart, reserveMicros, limits.limitUsdMicros)))
    throw await overBudget(sql, apiKeyId, limits, limits.limitUsdMicros, reserveMicros, nowUs);
  return { apiKeyId, periodStartUs: periodStart, reservedMicros: reserveMicros };
}

/** At settlement, in its transaction: the reserve leaves the period's reserve, the real cost enters its spend. */
export async function trueUpBudget(sql: Sql, hold: BudgetHold, costUsdMicros: number): Promise<void> {
  await trueUpKeySpend(sql, hold.apiKeyId, hold.periodStartUs, hold.reservedMicros, costUsdMicros);
}
