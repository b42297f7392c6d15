import type { components } from '../../generated/types/consumption.js';
import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import {
  listReceipts,
  receiptOf,
  usageSums,
  type ReceiptRow,
  type SummaryGroupBy,
  type UsageFilter,
  type UsageSort,
  type UsageSumsRow,
  type UsageWindow,
} from '../db/usage.js';
import { assert } from '../lib/assert.js';
import { toIso, toIsoOrNull, usPerDay } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { formatDecimal, usdScale } from '../lib/money.js';
import { specBreachesOf, toolCallErrorsOf } from '../db/judgment-records.js';

/**
 * Usage receipts (DESIGN.md §7): one row of `inference_requests` per request admitted at
 * `/r/v1/…`, read back by the user who made it — one receipt, a filtered list, or a summary.
 */
type Schemas = components['schemas'];
/** Cost in Units is shown with 6 decimals (micro-Units), like USD. */
export const unitsScale = 6;
const microsPerWhole = 1_000_000;
const summaryWindowDaysDefault = 30;

/** Integer sums; formatted only by the view. */
interface UsageAmounts {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  totalTokens: number;
  costUnitsMicros: number;
  costUsdMicros: number;
}

interface UsageSummaryData {
  groups: ({ key: string } & UsageAmounts)[];
  totals: UsageAmounts;
}

// ---- what a receipt costs ---------------------------------------------------------------------

/**
 * cost_tokens / tokens_per_unit in micro-Units, rounded half up, in integers (BigInt: no float near money);
 * src/db/usage.ts sums it the same way in SQL.
 */
export function costUnitsMicros(costTokens: number, tokensPerUnit: number): number {
  assert(
    Number.isSafeInteger(costTokens) && costTokens >= 0,
    `cost_tokens must be a non-negative safe integer, got ${costTokens}`,
  );
  assert(
    Number.isSafeInteger(tokensPerUnit) && tokensPerUnit > 0,
    `tokens_per_unit must be a positive safe integer, got ${tokensPerUnit}`,
  );
  const divisor = BigInt(tokensPerUnit);
  return Number((2n * BigInt(costTokens) * BigInt(microsPerWhole) + divisor) / (2n * divisor));
}

// ---- summary ----------------------------------------------------------------------------------

const dayKey = (day: number): string => toIso(day * usPerDay).slice(0, 10);

function amountsOf(row: UsageSumsRow): UsageAmounts {
  return {
    requests: row.requests,
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    reasoningTokens: row.reasoning_tokens,
    totalTokens: row.prompt_tokens + row.completion_tokens,
    costUnitsMicros: row.cost_units_micros,
    costUsdMicros: row.cost_usd_micros,
  };
}

const noAmounts: UsageAmounts = {
  requests: 0,
  promptTokens: 0,
  completionTokens: 0,
  reasoningTokens: 0,
  totalTokens: 0,
  costUnitsMicros: 0,
  costUsdMicros: 0,
};

function addAmounts(a: UsageAmounts, b: UsageAmounts): UsageAmounts {
  return {
    requests: a.requests + b.requests,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    costUnitsMicros: a.costUnitsMicros + b.costUnitsMicros,
    costUsdMicros: a.costUsdMicros + b.costUsdMicros,
  };
}

// ---- reads ------------------------------------------------------------------------------------

/** The caller's receipt, or undefined when it does not exist or belongs to another user. */
export const findUsageReceipt = (
  deps: { db: Db },
  userId: string,
  requestId: string,
): Promise<ReceiptRow | undefined> => receiptOf(deps.db, userId, requestId);

export const listUsageReceipts = (
  deps: { db: Db },
  userId: string,
  filter: UsageFilter,
  sort: UsageSort,
  page: PageParams,
): Promise<Page<ReceiptRow>> => listReceipts(deps.db, userId, filter, sort, page);

export async function usageSummary(
  deps: { db: Db },
  userId: string,
  groupBy: SummaryGroupBy,
  window: UsageWindow,
): Promise<UsageSummaryData> {
  const rows = await usageSums(deps.db, userId, groupBy, window);
  // Sorted here, not in SQL: database collations order text differently; code points do not.
  const groups = rows
    .map((row) => ({
      key: typeof row.group_key === 'number' ? dayKey(row.group_key) : row.group_key,
      ...amountsOf(row),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { groups, totals: groups.reduce<UsageAmounts>(addAmounts, noAmounts) };
}

// ---- time bounds ------------------------------------------------------------------------------

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:[Zz]|([+-])(\d{2}):?(\d{2}))?)?$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil), integers only. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * A TimeBound → µs since the epoch: ISO 8601 (a date alone is 00:00 UTC, no offset is UTC) or Unix
 * seconds. Null when it is not a real time (month 13, 30 February, 24:00). Clamped to what a safe
 * integer holds, and to the epoch: no receipt is older.
 */
export function parseTimeBound(text: string): number | null {
  let us: number;
  if (/^\d{1,12}$/.test(text)) {
    us = Number(text) * microsPerWhole;
  } else {
    const match = isoPattern.exec(text);
    if (!match) return null;
    const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? '0')) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const [fraction = '', sign, offsetHoursText = '0', offsetMinutesText = '0'] = match.slice(7);
    const [offsetHours, offsetMinutes] = [Number(offsetHoursText), Number(offsetMinutesText)];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
    if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
    const offsetSeconds = (sign === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
    const seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds;
    us = seconds * microsPerWhole + Number(fraction.slice(0, 6).padEnd(6, '0'));
  }
  return Math.max(0, Math.min(Number.MAX_SAFE_INTEGER, us));
}

/**
 * A usage query's time bounds that the document's pattern lets through but are no time, or out of order (mapped in
 * handlers/failures.ts).
 */
export type UsageQueryFailure = 'invalid_usage_query';

/** Query values the document's pattern lets through but only we can judge; reads like the schema's own 422. */
function invalidQuery(name: string, value: string, message: string): Failure<UsageQueryFailure> {
  const path = `query.${name}`;
  return new Failure<UsageQueryFailure>('invalid_usage_query', `Invalid request: ${path} ${message}.`, {
    context: { errors: [{ path, message, value }] },
  });
}

function timeBound(name: 'from' | 'to', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const us = parseTimeBound(text);
  if (us === null)
    throw invalidQuery(name, text, 'is not a time; send ISO 8601 (2026-11-22T10:00:00Z) or Unix seconds');
  return us;
}

/** `to` must not be before `from`; when `to` was left out it is now. */
function assertOrdered(
  window: { fromUs: number | undefined; toUs: number | undefined },
  from: string | undefined,
  to: string | undefined,
): void {
  if (window.fromUs === undefined || window.toUs === undefined || window.toUs >= window.fromUs) return;
  if (to !== undefined) throw invalidQuery('to', to, 'must not be before query.from');
  throw invalidQuery('from', from ?? '', 'must not be in the future when query.to is left out (it defaults to now)');
}

/** The list's optional `from`/`to` bounds. */
export function usageBounds(
  from: string | undefined,
  to: string | undefined,
): Pick<UsageFilter, 'createdFromUs' | 'createdToUs'> {
  const createdFromUs = timeBound('from', from);
  const createdToUs = timeBound('to', to);
  assertOrdered({ fromUs: createdFromUs, toUs: createdToUs }, from, to);
  return { createdFromUs, createdToUs };
}

/** The summary's window: `to` defaults to now, `from` to 30 days before `to`. */
export function summaryWindow(from: string | undefined, to: string | undefined, nowUs: number): UsageWindow {
  const toUs = timeBound('to', to) ?? nowUs;
  const fromUs = timeBound('from', from) ?? Math.max(0, toUs - summaryWindowDaysDefault * usPerDay);
  assertOrdered({ fromUs, toUs }, from, to);
  return { fromUs, toUs };
}

// ---- views ------------------------------------------------------------------------------------

export function usageReceiptView(row: ReceiptRow): Schemas['UsageReceipt'] {
  const billed = row.cost_status !== 'not_billed';
  return {
    request_id: row.id,
    object: 'usage.receipt',
    api_key_id: row.api_key_id,
    model: row.model,
    instrument_id: row.instrument_id,
    endpoint: row.endpoint,
    stream: Boolean(row.stream),
    status: row.status,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    reasoning_tokens: row.reasoning_tokens,
    total_tokens: row.prompt_tokens + row.completion_tokens,
    reserved_tokens: row.reserved_tokens,
    time_to_first_token_ms: row.time_to_first_token_ms,
    tokens_per_second: row.tokens_per_second,
    duration_ms: row.duration_ms,
    cost_units: formatDecimal(billed ? costUnitsMicros(row.cost_tokens, row.tokens_per_unit) : 0, unitsScale),
    cost_usd: formatDecimal(billed ? row.cost_usd_micros : 0, usdScale),
    cost_status: row.cost_status,
    supplier_attempts: row.supplier_attempts,
    spec_breaches: specBreachesOf(row.spec_breaches),
    tool_call_errors: toolCallErrorsOf(row.tool_call_errors),
    created_at: toIso(row.created_at_us),
    completed_at: toIsoOrNull(row.completed_at_us),
  };
}

function amountsView(amounts: UsageAmounts): Schemas['UsageTotals'] {
  return {
    requests: amounts.requests,
    prompt_tokens: amounts.promptTokens,
    completion_tokens: amounts.completionTokens,
    reasoning_tokens: amounts.reasoningTokens,
    total_tokens: amounts.totalTokens,
    cost_units: formatDecimal(amounts.costUnitsMicros, unitsScale),
    cost_usd: formatDecimal(amounts.costUsdMicros, usdScale),
  };
}

export function usageSummaryView(
  groupBy: SummaryGroupBy,
  window: UsageWindow,
  summary: UsageSummaryData,
): Schemas['UsageSummary'] {
  return {
    group_by: groupBy,
    from: toIso(window.fromUs),
    to: toIso(window.toUs),
    groups: summary.groups.map(({ key, ...amounts }) => ({ key, ...amountsView(amounts) })),
    totals: amountsView(summary.totals),
  };
}
