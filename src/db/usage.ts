import type { Knex } from 'knex';
import type { components } from '../../generated/types/consumption.js';
import { assert } from '../lib/assert.js';
import type { Db } from './knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';
import { usPerDay } from '../lib/clock.js';
import { rowsOf } from './rows.js';

/**
 * Usage receipts (migration 0006): the rows of `inference_requests` as their user reads them back —
 * one receipt, a filtered list in pages, or sums per group.
 */
type Schemas = components['schemas'];
export type UsageStatus = Schemas['UsageStatus'];
export type UsageEndpoint = Schemas['UsageEndpoint'];
export type CostStatus = Schemas['CostStatus'];
export type UsageOrderBy = 'created_at' | 'total_tokens' | 'cost';
export type SummaryGroupBy = Schemas['UsageSummary']['group_by'];

const microsPerWhole = 1_000_000;

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
  /** The judgment (migration 0027), JSON text; null: none recorded. */
  spec_breaches: string | null;
  tool_call_errors: string | null;
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

/**
 * The rounding of costUnitsMicros (src/consumption/usage.ts) in SQL: cost_tokens / tokens_per_unit
 * in micro-Units, half up, by integer division on both databases; `not_billed` costs nothing.
 */
const costUnitsMicrosSql = `CASE WHEN r.cost_status = 'not_billed' THEN 0 ELSE (2 * ${microsPerWhole} * r.cost_tokens + i.tokens_per_unit) / (2 * i.tokens_per_unit) END`;
const costUsdMicrosSql = `CASE WHEN r.cost_status = 'not_billed' THEN 0 ELSE r.cost_usd_micros END`;

/** supplier_user_id and consumption_account_id are never read: they must not reach a receipt. */
const receiptColumns = [
  'r.id',
  'r.api_key_id',
  'r.model',
  'r.instrument_id',
  'r.endpoint',
  'r.stream',
  'r.status',
  'r.prompt_tokens',
  'r.completion_tokens',
  'r.reasoning_tokens',
  'r.reserved_tokens',
  'r.time_to_first_token_ms',
  'r.tokens_per_second',
  'r.duration_ms',
  'r.cost_tokens',
  'r.cost_usd_micros',
  'r.cost_status',
  'r.supplier_attempts',
  'r.created_at_us',
  'r.completed_at_us',
  'i.tokens_per_unit',
  'r.spec_breaches',
  'r.tool_call_errors',
];

const receiptOfUser = statement(
  'usage_receipt_of_user',
  `SELECT ${receiptColumns.join(', ')} FROM inference_requests r JOIN instruments i ON i.id = r.instrument_id WHERE r.user_id = ? AND r.id = ? LIMIT 1`,
);

/** The user's receipt, or undefined when it does not exist or belongs to another user. */
export function receiptOf(db: Db, userId: string, requestId: string): Promise<ReceiptRow | undefined> {
  return poolSql(db).get<ReceiptRow>(receiptOfUser, [userId, requestId]);
}

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

/** One page of the user's receipts that pass `filter`, in `sort` order (ties by id). */
export async function listReceipts(
  db: Db,
  userId: string,
  filter: UsageFilter,
  sort: UsageSort,
  page: PageParams,
): Promise<Page<ReceiptRow>> {
  const filtered = whereReceipts(callerReceipts(db, userId), filter).select(
    ...receiptColumns,
    db.raw('r.prompt_tokens + r.completion_tokens AS total_tokens_sort'),
    db.raw(`${costUsdMicrosSql} AS cost_usd_sort`),
  );
  const query = db.from(filtered.as('u')).select('u.*');
  const column = sortColumns[sort.orderBy];
  const result = await keysetPage<SortableReceiptRow>(
    query,
    { name: sort.orderBy, column: `u.${column}`, idColumn: 'u.id', direction: sort.direction },
    page,
    (row) => [row[column] as number, row.id],
  );
  return {
    rows: result.rows.map(({ total_tokens_sort: _tokens, cost_usd_sort: _cost, ...row }) => row),
    paging: result.paging,
  };
}

/** SQL of each grouping's key; constants, never client text. Days are whole UTC days since the epoch. */
const groupKeySql: Record<SummaryGroupBy, string> = {
  day: `r.created_at_us / ${usPerDay}`,
  model: 'r.model',
  api_key: 'r.api_key_id',
};

/** The sums of one group of receipts; costs count nothing for `not_billed` receipts. */
export interface UsageSumsRow {
  /** Whole UTC days since the epoch when grouped by day; the model or API key id otherwise. */
  group_key: number | string;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  cost_units_micros: number;
  cost_usd_micros: number;
}

interface SumsAsRead {
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

/**
 * The user's receipts created in `window` (and passing `filter`: the dashboard's), summed per group, in no particular
 * order.
 */
export async function usageSums(
  db: Db,
  userId: string,
  groupBy: SummaryGroupBy,
  window: UsageWindow,
  filter: Omit<UsageFilter, 'createdFromUs' | 'createdToUs'> = {},
): Promise<UsageSumsRow[]> {
  const keySql = groupKeySql[groupBy];
  const rows = await rowsOf<SumsAsRead>(
    whereReceipts(callerReceipts(db, userId), {
      ...filter,
      createdFromUs: window.fromUs,
      createdToUs: window.toUs,
    })
      .select(
        db.raw(`${keySql} AS group_key`),
        db.raw('COUNT(*) AS requests'),
        db.raw('SUM(r.prompt_tokens) AS prompt_tokens'),
        db.raw('SUM(r.completion_tokens) AS completion_tokens'),
        db.raw('SUM(r.reasoning_tokens) AS reasoning_tokens'),
        db.raw(`SUM(${costUnitsMicrosSql}) AS cost_units_micros`),
        db.raw(`SUM(${costUsdMicrosSql}) AS cost_usd_micros`),
      )
      .groupByRaw(keySql),
  );
  return rows.map((row) => ({
    group_key: groupBy === 'day' ? integerOf(row.group_key) : String(row.group_key),
    requests: integerOf(row.requests),
    prompt_tokens: integerOf(row.prompt_tokens),
    completion_tokens: integerOf(row.completion_tokens),
    reasoning_tokens: integerOf(row.reasoning_tokens),
    cost_units_micros: integerOf(row.cost_units_micros),
    cost_usd_micros: integerOf(row.cost_usd_micros),
  }));
}
