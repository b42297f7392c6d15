import {
  apiKeyById,
  apiKeyOfUser,
  apiKeysOfUser,
  deleteApiKeyOfUser,
  deleteSigningKeyOfUser,
  signingKeyOfUser,
  signingKeysOfUser,
  updateApiKeyOfUser,
} from '../db/identity.js';
import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import type { Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { notFoundFailure, validationFailure, type CommonFailure } from '../lib/common-failures.js';
import { allowanceOf } from './allowance.js';
import { requireActiveAccount, requireUser, type AccountRuleFailure } from './account-rules.js';
import { announceCommitted } from './announcements.js';
import * as identity from './identity.js';
import type { ApiKeyRow, IdentityFailure, SigningKeyRow } from './identity.js';
import {
  checkKeyLimits,
  keyLimitColumns,
  keyLimitFields,
  keyLimitsOf,
  keyLimitsView,
  keyUsage,
  noKeyLimits,
  parseKeyLimits,
  sameKeyLimits,
  type KeyLimits,
  type KeyLimitsInput,
  type KeyLimitsView,
} from './key-limits.js';
import type { ReferenceCache } from './reference.js';

/**
 * Consumption API keys and trading signing keys of one user (platform.yaml tags "API keys" and
 * "Signing keys"), for the platform API and the dashboard alike. Every read and write is scoped to
 * the caller: another user's id is a 404. The authenticators read these tables on every request,
 * so a deactivated or deleted key fails on the very next request, on every process.
 */

/** The body of POST /v1/api-keys: a name and, optionally, limits. */
interface NewApiKeyInput extends KeyLimitsInput {
  name: string;
}

/** The body of PATCH /v1/api-keys/{id}: the fields to change; null removes a limit. */
interface ApiKeyPatch extends KeyLimitsInput {
  name?: string | undefined;
  active?: boolean | undefined;
}

/** What the key services refuse: their own checks, identity's (a public key) and the account's preconditions. */
export type KeysFailure = CommonFailure | 'invalid_api_key' | IdentityFailure | AccountRuleFailure;

type KeyDeps = { db: Db; clock: Clock; referenceCache: ReferenceCache };

const bodyPath = 'body.api_key';

/** Names and labels: 1 to 100 characters, not only white space (platform.yaml ApiKeyName, SigningKeyLabel). */
const nameLengthMax = 100;

const apiKeyNotFound = (id: string) => notFoundFailure('API key', id);
const signingKeyNotFound = (id: string) => notFoundFailure('signing key', id);

function checkName(value: string, path: string): void {
  if (value.length < 1 || value.length > nameLengthMax || !/\S/.test(value)) {
    throw validationFailure(`${path} must have 1 to ${nameLengthMax} characters, not only white space.`, {
      errors: [{ path, message: `must have 1 to ${nameLengthMax} characters, not only white space`, value }],
    });
  }
}

/** SQLite answers booleans as 0/1; the rows leave this module with real booleans. */
const normaliseApiKey = (row: ApiKeyRow): ApiKeyRow => ({ ...row, active: Boolean(row.active) });

// ---- consumption API keys --------------------------------------------------------------------------

export async function listApiKeys(deps: { db: Db }, userId: string, page: PageParams): Promise<Page<ApiKeyRow>> {
  const result = await apiKeysOfUser(deps.db, userId, page);
  return { rows: result.rows.map(normaliseApiKey), paging: result.paging };
}

/** The raw key is in the result once; only its hash is stored. */
export async function createApiKey(
  deps: KeyDeps,
  userId: string,
  input: NewApiKeyInput,
): Promise<{ row: ApiKeyRow; key: string }> {
  checkName(input.name, `${bodyPath}.name`);
  const limits: KeyLimits = { ...noKeyLimits, ...(await parseKeyLimits(deps, input, deps.clock.nowUs(), bodyPath)) };
  requireActiveAccount(await requireUser(deps.db, userId), 'keys cannot be created or reactivated');
  checkKeyLimits(limits, input, bodyPath);
  const created = await identity.createApiKey(deps.db, deps.clock, userId, input.name, limits);
  return { row: normaliseApiKey(created.row), key: created.key };
}

export async function getApiKey(deps: { db: Db }, userId: string, apiKeyId: string): Promise<ApiKeyRow> {
  const row = await apiKeyOfUser(deps.db, userId, apiKeyId);
  if (!row) throw apiKeyNotFound(apiKeyId);
  return normaliseApiKey(row);
}

const patchFields = ['name', 'active', ...keyLimitFields] as const;

/**
 * Applies the fields the patch names to the key as it is, locked: the rules over several limits
 * hold on the result even against a concurrent change. A patch that changes nothing writes
 * nothing, not even updated_at.
 */
export async function updateApiKey(
  deps: KeyDeps,
  userId: string,
  apiKeyId: string,
  patch: ApiKeyPatch,
): Promise<ApiKeyRow> {
  if (patchFields.every((field) => patch[field] === undefined)) {
    throw validationFailure(`${bodyPath} must have at least one of ${patchFields.join(', ')}`, {
      errors: [{ path: bodyPath, message: 'must NOT have fewer than 1 properties', value: {} }],
    });
  }
  if (patch.name !== undefined) checkName(patch.name, `${bodyPath}.name`);
  const nowUs = deps.clock.nowUs();
  const limitChanges = await parseKeyLimits(deps, patch, nowUs, bodyPath);
  // An account precondition comes before the key's own 404 (platform.yaml "Order of checks").
  if (patch.active === true)
    requireActiveAccount(await requireUser(deps.db, userId), 'keys cannot be created or reactivated');
  const updated = await updateApiKeyOfUser(deps.db, userId, apiKeyId, (row) => {
    const current = keyLimitsOf(row);
    const limits: KeyLimits = { ...current, ...limitChanges };
    checkKeyLimits(limits, patch, bodyPath);
    const name = patch.name ?? row.name;
    const active = patch.active ?? Boolean(row.active);
    if (name === row.name && active === Boolean(row.active) && sameKeyLimits(limits, current)) return undefined;
    return { name, active, ...keyLimitColumns(limits), updated_at_us: nowUs };
  });
  if (!updated) throw apiKeyNotFound(apiKeyId);
  return normaliseApiKey(updated.row);
}

/** A key's own view of itself (consumption.yaml getCurrentKey, OpenRouter's `GET /api/v1/key`). */
interface CurrentKeyView extends KeyLimitsView {
  id: string;
  name: string;
  /** False once the key is past its expiry: shown, so its holder sees why inference refuses it (401 key_expired). */
  is_active: boolean;
  rate_limit: { concurrency: number };
}

/** The view of the key that authenticated a consumption request. */
export async function currentApiKey(deps: { db: Db; clock: Clock }, apiKeyId: string): Promise<CurrentKeyView> {
  const row = await apiKeyById(deps.db, apiKeyId);
  // Deleted since it authenticated this very request: as if it had been a moment earlier.
  if (!row)
    throw new Failure<KeysFailure>(
      'invalid_api_key',
      'The API key is not valid. Create a consumption key on the platform API or the dashboard.',
    );
  const nowUs = deps.clock.nowUs();
  const limits = keyLimitsView(row, await keyUsage(deps, row, nowUs));
  const { concurrencyLimit } = await allowanceOf(deps.db, row.user_id, nowUs);
  return {
    id: row.id,
    name: row.name,
    expires_at: limits.expires_at,
    is_active: row.expires_at_us === null || nowUs < Number(row.expires_at_us),
    limit_usd: limits.limit_usd,
    limit_reset: limits.limit_reset,
    limit_remaining_usd: limits.limit_remaining_usd,
    usage_usd: limits.usage_usd,
    allowed_models: limits.allowed_models,
    rate_limit: { concurrency: concurrencyLimit },
  };
}

export async function deleteApiKey(deps: { db: Db }, userId: string, apiKeyId: string): Promise<void> {
  if (!(await deleteApiKeyOfUser(deps.db, userId, apiKeyId))) throw apiKeyNotFound(apiKeyId);
}

// ---- trading signing keys --------------------------------------------------------------------------

export async function listSigningKeys(
  deps: { db: Db },
  userId: string,
  page: PageParams,
): Promise<Page<SigningKeyRow>> {
  return signingKeysOfUser(deps.db, userId, page);
}

export async function createSigningKey(
  deps: { db: Db; clock: Clock },
  userId: string,
  label: string,
  publicKey: string,
): Promise<SigningKeyRow> {
  checkName(label, 'body.signing_key.label');
  requireActiveAccount(await requireUser(deps.db, userId), 'signing keys cannot be registered');
  return identity.registerSigningKey(deps.db, deps.clock, userId, label, publicKey);
}

export async function getSigningKey(deps: { db: Db }, userId: string, signingKeyId: string): Promise<SigningKeyRow> {
  const row = await signingKeyOfUser(deps.db, userId, signingKeyId);
  if (!row) throw signingKeyNotFound(signingKeyId);
  return row;
}

export async function deleteSigningKey(deps: { db: Db }, userId: string, signingKeyId: string): Promise<void> {
  const key = await signingKeyOfUser(deps.db, userId, signingKeyId);
  if (!key || !(await deleteSigningKeyOfUser(deps.db, userId, signingKeyId))) throw signingKeyNotFound(signingKeyId);
  // The live streams it authenticated end at once, in every process.
  announceCommitted(deps.db, [
    { stream: 'control', event: 'signing_key_deleted', userId, fingerprint: key.fingerprint },
  ]);
}
