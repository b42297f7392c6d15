import { parseStringArray } from '../lib/json.js';
import { apiKeySpendOf, apiKeySpendsOf, type ApiKeyRow, type ApiKeySpendRow } from '../db/identity.js';
import type { Db } from '../db/knex.js';
import { toIso, toIsoOrNull, usPerDay } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { validationFailure } from '../lib/common-failures.js';
import { formatDecimal, formatUsdCents, parseUsdCents, usdScale } from '../lib/money.js';
import { periodEndUs, periodStartUs, type LimitReset } from '../lib/periods.js';
import { resolveModel, type ReferenceCache } from './reference.js';

/**
 * The limits of consumption keys (DESIGN.md §12; platform.yaml "Key limits"): what a key may do,
 * read from its row, and what it spent and may still spend in its current budget period, read from
 * `api_key_spend` (migration 0016). The platform API's key views, the dashboard and the
 * consumption host's `GET /v1/key` all show a key through `keyLimitsView`; the consumption
 * pipeline enforces the same limits at admission.
 */

export interface KeyLimits {
  /** null: never expires. */
  expiresAtUs: number | null;
  /** null: no budget. */
  limitUsdMicros: number | null;
  /** null: the budget never resets (one period, from 0). */
  limitReset: LimitReset | null;
  /** Models as requests name them; null: every model. */
  allowedModels: string[] | null;
}

export const noKeyLimits: KeyLimits = {
  expiresAtUs: null,
  limitUsdMicros: null,
  limitReset: null,
  allowedModels: null,
};

/** The limits stored on a key's row (`allowed_models` is a JSON array there). */
export function keyLimitsOf(row: ApiKeyRow): KeyLimits {
  return {
    expiresAtUs: row.expires_at_us === null ? null : Number(row.expires_at_us),
    limitUsdMicros: row.limit_usd_micros === null ? null : Number(row.limit_usd_micros),
    limitReset: row.limit_reset,
    allowedModels: row.allowed_models === null ? null : parseStringArray(row.allowed_models),
  };
}

/**
 * Whether the consumption API accepts the key at `nowUs`: switched on and not past its expiry, as
 * authentication decides (http/auth/consumption-key.ts). platform.yaml's `is_active`.
 */
export function keyAcceptedAt(row: ApiKeyRow, nowUs: number): boolean {
  const { expiresAtUs } = keyLimitsOf(row);
  return Boolean(row.active) && (expiresAtUs === null || nowUs < expiresAtUs);
}

/**
 * A key past its expiry (401 key_expired): refused by authentication on the consumption hosts and again at admission,
 * which checks the key afresh (consumption/capacity/key-limits.ts).
 */
export function keyExpired(expiresAtUs: number): Failure<'key_expired'> {
  return new Failure(
    'key_expired',
    `This key expired at ${toIso(expiresAtUs)}. Create a new key, or extend this one's expires_at on the platform API.`,
  );
}

/** The limits as the row stores them. */
export function keyLimitColumns(
  limits: KeyLimits,
): Pick<ApiKeyRow, 'expires_at_us' | 'limit_usd_micros' | 'limit_reset' | 'allowed_models'> {
  return {
    expires_at_us: limits.expiresAtUs,
    limit_usd_micros: limits.limitUsdMicros,
    limit_reset: limits.limitReset,
    allowed_models: limits.allowedModels === null ? null : JSON.stringify(limits.allowedModels),
  };
}

// ---- usage in the current period ---------------------------------------------------------------------

export interface KeyUsage {
  /** When the current budget period began (0 for a budget that never resets). */
  periodStartUs: number;
  /** When it ends and the budget starts again; null if it never resets. */
  resetsAtUs: number | null;
  /** What settled requests of the period cost. */
  spentMicros: number;
  /** What admitted requests still in progress may cost at most. */
  reservedMicros: number;
  /** What admission still allows: limit − spent − reserved, never below 0; null without a budget. */
  remainingMicros: number | null;
}

function usageOf(limits: KeyLimits, spend: ApiKeySpendRow | undefined, nowUs: number): KeyUsage {
  const spentMicros = spend ? Number(spend.spent_micros) : 0;
  const reservedMicros = spend ? Number(spend.reserved_micros) : 0;
  return {
    periodStartUs: periodStartUs(limits.limitReset, nowUs),
    resetsAtUs: periodEndUs(limits.limitReset, nowUs),
    spentMicros,
    reservedMicros,
    remainingMicros:
      limits.limitUsdMicros === null ? null : Math.max(0, limits.limitUsdMicros - spentMicros - reservedMicros),
  };
}

/** One key's usage in the period holding `nowUs`. */
export async function keyUsage(deps: { db: Db }, row: ApiKeyRow, nowUs: number): Promise<KeyUsage> {
  const limits = keyLimitsOf(row);
  return usageOf(limits, await apiKeySpendOf(deps.db, row.id, periodStartUs(limits.limitReset, nowUs)), nowUs);
}

/** The usage of several keys (a page of them), by key id, in one read. */
export async function keyUsages(
  deps: { db: Db },
  rows: readonly ApiKeyRow[],
  nowUs: number,
): Promise<Map<string, KeyUsage>> {
  const periods = rows.map((row) => ({ apiKeyId: row.id, periodStartUs: periodStartUs(row.limit_reset, nowUs) }));
  const spends = await apiKeySpendsOf(deps.db, periods);
  const byKey = new Map(spends.map((s) => [s.api_key_id, s]));
  return new Map(rows.map((row) => [row.id, usageOf(keyLimitsOf(row), byKey.get(row.id), nowUs)]));
}

// ---- the wire view -------------------------------------------------------------------------------

/** The limit fields every view of a key carries (platform.yaml ApiKey, consumption.yaml CurrentKey). */
export interface KeyLimitsView {
  expires_at: string | null;
  limit_usd: string | null;
  limit_reset: LimitReset | null;
  limit_remaining_usd: string | null;
  usage_usd: string;
  allowed_models: string[] | null;
}

const formatCost = (micros: number): string => formatDecimal(micros, usdScale);

export function keyLimitsView(row: ApiKeyRow, usage: KeyUsage): KeyLimitsView {
  const limits = keyLimitsOf(row);
  return {
    expires_at: toIsoOrNull(limits.expiresAtUs),
    limit_usd: limits.limitUsdMicros === null ? null : formatUsdCents(limits.limitUsdMicros),
    limit_reset: limits.limitReset,
    limit_remaining_usd: usage.remainingMicros === null ? null : formatCost(usage.remainingMicros),
    usage_usd: formatCost(usage.spentMicros),
    allowed_models: limits.allowedModels,
  };
}

// ---- the limits a request sets ---------------------------------------------------------------------

/**
 * The limit fields of platform.yaml CreateApiKeyRequest / UpdateApiKeyRequest: absent leaves a limit as it is, null
 * removes it.
 */
export interface KeyLimitsInput {
  expires_at?: string | null | undefined;
  limit_usd?: string | null | undefined;
  limit_reset?: LimitReset | null | undefined;
  allowed_models?: string[] | null | undefined;
}

export const keyLimitFields = ['expires_at', 'limit_usd', 'limit_reset', 'allowed_models'] as const;

/** An expiry further ahead than this is refused (and its microseconds would outgrow a safe integer by 2255). */
const expiryAheadUsMax = Math.round(100 * 365.25 * usPerDay);

const refuse = (path: string, message: string, value: unknown, detail: string, extra: Record<string, unknown> = {}) =>
  validationFailure(detail, { errors: [{ path, message, value }], ...extra });

function parseLimitUsd(text: string, path: string): number {
  const micros = parseUsdCents(text);
  if (micros === null) {
    throw refuse(
      path,
      'must be 0 to 999999999.99 with at most 2 decimals',
      text,
      `${path} must be a decimal string of US dollars from 0 to 999999999.99 with at most 2 decimals, like 10.00.`,
    );
  }
  return micros;
}

function parseExpiry(text: string, path: string, nowUs: number): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw refuse(
      path,
      'must be an ISO 8601 time',
      text,
      `${path} must be an ISO 8601 time such as 2026-12-31T00:00:00Z.`,
    );
  const expiresAtUs = ms * 1000;
  if (expiresAtUs <= nowUs)
    throw refuse(
      path,
      'must be in the future',
      text,
      `${path} must be in the future; send null for a key that never expires.`,
    );
  if (expiresAtUs - nowUs > expiryAheadUsMax)
    throw refuse(
      path,
      'must be at most 100 years ahead',
      text,
      `${path} must be at most 100 years ahead; send null for a key that never expires.`,
    );
  return expiresAtUs;
}

/**
 * Empty and repeated lists are refused; each name must be a model the consumption API knows (all unknown ones are
 * named).
 */
async function checkModels(
  deps: { db: Db; referenceCache: ReferenceCache },
  models: string[],
  path: string,
): Promise<string[]> {
  if (models.length === 0) {
    throw refuse(
      path,
      'must name at least one model',
      models,
      `${path} must name at least one model; send null to allow every model.`,
    );
  }
  const seen = new Set<string>();
  for (const [index, model] of models.entries()) {
    if (seen.has(model))
      throw refuse(
        `${path}.${index}`,
        'names a model twice',
        model,
        `${path} names ${model} twice; name each model once.`,
      );
    seen.add(model);
  }
  const known = await Promise.all(models.map((model) => resolveModel(deps, model)));
  const unknown = models.map((model, index) => ({ model, index })).filter(({ index }) => known[index] === undefined);
  if (unknown.length > 0) {
    const names = unknown.map((u) => u.model);
    throw validationFailure(
      `Unknown models in ${path}: ${names.join(', ')}. GET /v1/models on the consumption API lists the models.`,
      {
        errors: unknown.map((u) => ({ path: `${path}.${u.index}`, message: 'is not a known model', value: u.model })),
        unknown_models: names,
      },
    );
  }
  return models;
}

/**
 * The limits a request sets, checked on their own (`pathPrefix` names the body's object in
 * errors): only the fields it gives, with null for a removed limit. Throws 422 validation_error.
 */
export async function parseKeyLimits(
  deps: { db: Db; referenceCache: ReferenceCache },
  input: KeyLimitsInput,
  nowUs: number,
  pathPrefix: string,
): Promise<Partial<KeyLimits>> {
  const parsed: Partial<KeyLimits> = {};
  if (input.limit_usd !== undefined)
    parsed.limitUsdMicros = input.limit_usd === null ? null : parseLimitUsd(input.limit_usd, `${pathPrefix}.limit_usd`);
  if (input.limit_reset !== undefined) parsed.limitReset = input.limit_reset;
  if (input.expires_at !== undefined)
    parsed.expiresAtUs =
      input.expires_at === null ? null : parseExpiry(input.expires_at, `${pathPrefix}.expires_at`, nowUs);
  if (input.allowed_models !== undefined)
    parsed.allowedModels =
      input.allowed_models === null
        ? null
        : await checkModels(deps, input.allowed_models, `${pathPrefix}.allowed_models`);
  return parsed;
}

/** The rules over several fields, on the limits a key would have after the change. */
export function checkKeyLimits(next: KeyLimits, input: KeyLimitsInput, pathPrefix: string): void {
  if (next.limitReset === null || next.limitUsdMicros !== null) return;
  if (input.limit_usd === null) {
    const detail = `limit_usd cannot be removed while limit_reset is ${next.limitReset}: send limit_reset null with it.`;
    throw refuse(`${pathPrefix}.limit_usd`, 'cannot be null while limit_reset is set', null, detail);
  }
  throw refuse(
    `${pathPrefix}.limit_reset`,
    'requires limit_usd',
    next.limitReset,
    'limit_reset needs limit_usd: give the key a budget, or send limit_reset null.',
  );
}

export const sameKeyLimits = (a: KeyLimits, b: KeyLimits): boolean =>
  a.expiresAtUs === b.expiresAtUs &&
  a.limitUsdMicros === b.limitUsdMicros &&
  a.limitReset === b.limitReset &&
  JSON.stringify(a.allowedModels) === JSON.stringify(b.allowedModels);
