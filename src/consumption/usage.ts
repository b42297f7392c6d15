import type { Knex } from 'knex';
import type { components } from '../../generated/types/consumption.js';
import type { Db } from '../db/knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from '../db/paging.js';
import { assert } from '../lib/assert.js';
import { toIso, toIsoOrNull } from '../lib/clock.js';
import { validationError } from '../lib/errors.js';
import { formatDecimal, usdScale } from '../lib/money.js';

/**
 * Usage receipts (DESIGN.md §7): one row of `inference_requests` per request admitted at
 * `/r/v1/…`, read back by the user who made it — one receipt, a filtered list, or a summary.
 */
type Schemas = components['schemas'];
export type UsageStatus = Schemas['UsageStatus'];
export type UsageEndpoint = Schemas['UsageEndpoint'];
export type CostStatus = Schemas['CostStatus'];
export type UsageOrderBy = 'created_at' | 'total_tokens' | 'cost';
export type SummaryGroupBy = Schemas['UsageSummary']['group_by'];

/** Cost in Units is shown with 6 decimals (micro-Units), like USD. */
const unitsScale = 6;
const microsPerWhole = 1_000_000;
const usPerDay = 86_400_000_000;
const summaryWindowDaysDefault = 30;

/** A receipt as read: the caller-visible columns of `inference_requests` and its instrument's size. */
export interface ReceiptRow {
  id: string;
  api_key_id: string;
  model: string;
  instrument_id: string;
  endpoint: UsageEndpoint;
  stream: boolean | number; // SQLite answers 0/1
  status: UsageStatus;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  reserved_tokens: number;
  time_to_first_token_ms: number | null;
  tokens_per_second: number | null;
  duration_ms: number | null;
  cost_tokens: number;
  cost_usd_micros: number;
  cost_status: CostStatus;
  supplier_attempts: number;
  created_at_us: number;
  completed_at_us: number | null;
  tokens_per_unit: number;
}

export interface UsageFilter {
  model?: string | undefined;
  apiKeyId?: string | undefined;
  status?: UsageStatus | undefined;
  endpoint?: UsageEndpoint | undefined;
  /** Inclusive. */
  createdFromUs?: number | undefined;
  /** Exclusive. */
  createdToUs?: number | undefined;
}

export interface UsageSort {
  orderBy: UsageOrderBy;
  direction: Direction;
}

/** `from` inclusive, `to` exclusive, over `created_at`. */
export interface UsageWindow {
  fromUs: number;
  toUs: number;
}

/** Integer sums; formatted only by the view. */
export interface UsageAmounts {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  totalTokens: number;
  costUnitsMicros: number;
  costUsdMicros: number;
}

export interface UsageSummaryData {
  groups: ({ key: string } & UsageAmounts)[];
  totals: UsageAmounts;
}

export interface UsageService {
  /** The caller's receipt, or undefined when it does not exist or belongs to another user. */
  find(userId: string, requestId: string): Promise<ReceiptRow | undefined>;
  list(userId: string, filter: UsageFilter, sort: UsageSort, page: PageParams): Promise<Page<ReceiptRow>>;
  summary(userId: string, groupBy: SummaryGroupBy, window: UsageWindow): Promise<UsageSummaryData>;
}

// ---- what a receipt costs ---------------------------------------------------------------------

/** cost_tokens / tokens_per_unit in micro-Units, rounded half up, in integers (BigInt: no float near money). */
export function costUnitsMicros(costTokens: number, tokensPerUnit: number): number {
  assert(Number.isSafeInteger(costTokens) && costTokens >= 0, `cost_tokens must be a non-negative safe integer, got ${costTokens}`);
  assert(Number.isSafeInteger(tokensPerUnit) && tokensPerUnit > 0, `tokens_per_unit must be a positive safe integer, got ${tokensPerUnit}`);
  const divisor = BigInt(tokensPerUnit);
  return Number((2n * BigInt(costTokens) * BigInt(microsPerWhole) + divisor) / (2n * divisor));
}

/** The same rounding in SQL (integer division on both databases); `not_billed` costs nothing. */
const costUnitsMicrosSql = `CASE WHEN r.cost_status = 'not_billed' THEN 0 ELSE (2 * ${microsPerWhole} * r.cost_tokens + i.tokens_per_unit) / (2 * i.tokens_per_unit) END`;
const costUsdMicrosSql = `CASE WHEN r.cost_status = 'not_billed' THEN 0 ELSE r.cost_usd_micros END`;

// ---- queries ----------------------------------------------------------------------------------

/** supplier_user_id and consumption_account_id are never read: they must not reach a receipt. */
const receiptColumns = [
  'r.id', 'r.api_key_id', 'r.model', 'r.instrument_id', 'r.endpoint', 'r.stream', 'r.status',
  'r.prompt_tokens', 'r.completion_tokens', 'r.reasoning_tokens', 'r.reserved_tokens',
  'r.time_to_first_token_ms', 'r.tokens_per_second', 'r.duration_ms',
  'r.cost_tokens', 'r.cost_usd_micros', 'r.cost_status', 'r.supplier_attempts',
  'r.created_at_us', 'r.completed_at_us', 'i.tokens_per_unit',
];

/** A receipt with the keys it can be sorted by (computed, so the keyset compares what the client sees). */
type SortableReceiptRow = ReceiptRow & { total_tokens_sort: number; cost_usd_sort: number };

const sortColumns: Record<UsageOrderBy, keyof SortableReceiptRow> = {
  created_at: 'created_at_us',
  total_tokens: 'total_tokens_sort',
  cost: 'cost_usd_sort',
};

/** Only the caller's receipts are ever visible; every filter narrows that set. */
function callerReceipts(db: Db, userId: string): Knex.QueryBuilder {
  return db('inference_requests as r').join('instruments as i', 'i.id', 'r.instrument_id').where('r.user_id', userId);
}

function whereReceipts(query: Knex.QueryBuilder, filter: UsageFilter): Knex.QueryBuilder {
  if (filter.model !== undefined) query.where('r.model', filter.model);
  if (filter.apiKeyId !== undefined) query.where('r.api_key_id', filter.apiKeyId);
  if (filter.status !== undefined) query.where('r.status', filter.status);
  if (filter.endpoint !== undefined) query.where('r.endpoint', filter.endpoint);
  if (filter.createdFromUs !== undefined) query.where('r.created_at_us', '>=', filter.createdFromUs);
  if (filter.createdToUs !== undefined) query.where('r.created_at_us', '<', filter.createdToUs);
  return query;
}

/** SQL of each grouping's key; constants, never client text. Days are whole UTC days since the epoch. */
const groupKeySql: Record<SummaryGroupBy, string> = {
  day: `r.created_at_us / ${usPerDay}`,
  model: 'r.model',
  api_key: 'r.api_key_id',
};

interface SummaryRow {
  group_key: string | number;
  requests: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  reasoning_tokens: number | string;
  cost_units_micros: number | string;
  cost_usd_micros: number | string;
}

/** PostgreSQL answers SUM(bigint) as a numeric string; SQLite as a number. */
function integerOf(value: number | string | null): number {
  const number = value === null ? 0 : Number(value);
  assert(Number.isSafeInteger(number), `a usage sum must be a safe integer, got ${String(value)}`);
  return number;
}

const dayKey = (day: number): string => toIso(day * usPerDay).slice(0, 10);

function amountsOf(row: SummaryRow): UsageAmounts {
  const promptTokens = integerOf(row.prompt_tokens);
  const completionTokens = integerOf(row.completion_tokens);
  return {
    requests: integerOf(row.requests),
    promptTokens,
    completionTokens,
    reasoningTokens: integerOf(row.reasoning_tokens),
    totalTokens: promptTokens + completionTokens,
    costUnitsMicros: integerOf(row.cost_units_micros),
    costUsdMicros: integerOf(row.cost_usd_micros),
  };
}

const noAmounts: UsageAmounts = { requests: 0, promptTokens: 0, completionTokens: 0, reasoningTokens: 0, totalTokens: 0, costUnitsMicros: 0, costUsdMicros: 0 };

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

export function createUsageService(db: Db): UsageService {
  return {
    async find(userId, requestId) {
      return (await callerReceipts(db, userId).where('r.id', requestId).first(...receiptColumns)) as ReceiptRow | undefined;
    },

    async list(userId, filter, sort, page) {
      const filtered = whereReceipts(callerReceipts(db, userId), filter).select(
        ...receiptColumns,
        db.raw('r.prompt_tokens + r.completion_tokens AS total_tokens_sort'),
        db.raw(`${costUsdMicrosSql} AS cost_usd_sort`),
      );
      const query = db.from(filtered.as('u')).select('u.*');
      const column = sortColumns[sort.orderBy];
      const result = await keysetPage<SortableReceiptRow>(query, { name: sort.orderBy, column: `u.${column}`, idColumn: 'u.id', direction: sort.direction }, page, (row) => [
        row[column] as number,
        row.id,
      ]);
      return { rows: result.rows.map(({ total_tokens_sort: _tokens, cost_usd_sort: _cost, ...row }) => row), paging: result.paging };
    },

    async summary(userId, groupBy, window) {
      const keySql = groupKeySql[groupBy];
      const rows = (await whereReceipts(callerReceipts(db, userId), { createdFromUs: window.fromUs, createdToUs: window.toUs })
        .select(
          db.raw(`${keySql} AS group_key`),
          db.raw('COUNT(*) AS requests'),
          db.raw('SUM(r.prompt_tokens) AS prompt_tokens'),
          db.raw('SUM(r.completion_tokens) AS completion_tokens'),
          db.raw('SUM(r.reasoning_tokens) AS reasoning_tokens'),
          db.raw(`SUM(${costUnitsMicrosSql}) AS cost_units_micros`),
          db.raw(`SUM(${costUsdMicrosSql}) AS cost_usd_micros`),
        )
        .groupByRaw(keySql)) as SummaryRow[];
      // Sorted here, not in SQL: database collations order text differently; code points do not.
      const groups = rows
        .map((row) => ({ key: groupBy === 'day' ? dayKey(integerOf(row.group_key)) : String(row.group_key), ...amountsOf(row) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return { groups, totals: groups.reduce<UsageAmounts>(addAmounts, noAmounts) };
    },
  };
}

// ---- time bounds ------------------------------------------------------------------------------

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:[Zz]|([+-])(\d{2}):?(\d{2}))?)?$/;

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
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
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
    const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? '0')) as [number, number, number, number, number, number];
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

/** Query values the document's pattern lets through but only we can judge; reads like the schema's own 422. */
function invalidQuery(name: string, value: string, message: string) {
  const path = `query.${name}`;
  return validationError(`Invalid request: ${path} ${message}.`, { errors: [{ path, message, value }] });
}

function timeBound(name: 'from' | 'to', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const us = parseTimeBound(text);
  if (us === null) throw invalidQuery(name, text, 'is not a time; send ISO 8601 (2026-11-22T10:00:00Z) or Unix seconds');
  return us;
}

/** `to` must not be before `from`; when `to` was left out it is now. */
function assertOrdered(window: { fromUs: number | undefined; toUs: number | undefined }, from: string | undefined, to: string | undefined): void {
  if (window.fromUs === undefined || window.toUs === undefined || window.toUs >= window.fromUs) return;
  if (to !== undefined) throw invalidQuery('to', to, 'must not be before query.from');
  throw invalidQuery('from', from!, 'must not be in the future when query.to is left out (it defaults to now)');
}

/** The list's optional `from`/`to` bounds. */
export function usageBounds(from: string | undefined, to: string | undefined): Pick<UsageFilter, 'createdFromUs' | 'createdToUs'> {
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

export function usageSummaryView(groupBy: SummaryGroupBy, window: UsageWindow, summary: UsageSummaryData): Schemas['UsageSummary'] {
  return {
    group_by: groupBy,
    from: toIso(window.fromUs),
    to: toIso(window.toUs),
    groups: summary.groups.map(({ key, ...amounts }) => ({ key, ...amountsView(amounts) })),
    totals: amountsView(summary.totals),
  };
}
