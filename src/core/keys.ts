import {
  apiKeyOfUser,
  apiKeysOfUser,
  deleteApiKeyOfUser,
  deleteSigningKeyOfUser,
  signingKeyOfUser,
  signingKeysOfUser,
  updateApiKeyOfUser,
  type ApiKeyChanges,
} from '../db/identity.js';
import type { Db } from '../db/knex.js';
import type { Page, PageParams } from '../db/paging.js';
import type { Clock } from '../lib/clock.js';
import { notFound, validationError } from '../lib/errors.js';
import { requireActiveAccount, requireUser } from './account-rules.js';
import { announceCommitted } from './announcements.js';
import * as identity from './identity.js';
import type { ApiKeyRow, SigningKeyRow } from './identity.js';

/**
 * Consumption API keys and trading signing keys of one user (platform.yaml tags "API keys" and
 * "Signing keys"), for the platform API and the dashboard alike. Every read and write is scoped to
 * the caller: another user's id is a 404. The authenticators read these tables on every request,
 * so a deactivated or deleted key fails on the very next request, on every process.
 */

export interface ApiKeyPatch {
  name?: string | undefined;
  active?: boolean | undefined;
}

/** Names and labels: 1 to 100 characters, not only white space (platform.yaml ApiKeyName, SigningKeyLabel). */
const nameLengthMax = 100;

const apiKeyNotFound = (id: string) => notFound('API key', id);
const signingKeyNotFound = (id: string) => notFound('signing key', id);

function checkName(value: string, path: string): void {
  if (value.length < 1 || value.length > nameLengthMax || !/\S/.test(value)) {
    throw validationError(`${path} must have 1 to ${nameLengthMax} characters, not only white space.`, {
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
export async function createApiKey(deps: { db: Db; clock: Clock }, userId: string, name: string): Promise<{ row: ApiKeyRow; key: string }> {
  checkName(name, 'body.api_key.name');
  requireActiveAccount(await requireUser(deps.db, userId), 'keys cannot be created or reactivated');
  const created = await identity.createApiKey(deps.db, deps.clock, userId, name);
  return { row: normaliseApiKey(created.row), key: created.key };
}

export async function getApiKey(deps: { db: Db }, userId: string, apiKeyId: string): Promise<ApiKeyRow> {
  const row = await apiKeyOfUser(deps.db, userId, apiKeyId);
  if (!row) throw apiKeyNotFound(apiKeyId);
  return normaliseApiKey(row);
}

export async function updateApiKey(deps: { db: Db; clock: Clock }, userId: string, apiKeyId: string, patch: ApiKeyPatch): Promise<ApiKeyRow> {
  if (patch.name === undefined && patch.active === undefined) {
    throw validationError('body.api_key must have at least one of name, active', {
      errors: [{ path: 'body.api_key', message: 'must NOT have fewer than 1 properties', value: {} }],
    });
  }
  if (patch.name !== undefined) checkName(patch.name, 'body.api_key.name');
  // An account precondition comes before the key's own 404 (platform.yaml "Order of checks").
  if (patch.active === true) requireActiveAccount(await requireUser(deps.db, userId), 'keys cannot be created or reactivated');
  const row = await getApiKey(deps, userId, apiKeyId);
  const name = patch.name !== undefined && patch.name !== row.name ? patch.name : undefined;
  const active = patch.active !== undefined && patch.active !== row.active ? patch.active : undefined;
  if (name === undefined && active === undefined) return row; // nothing changes, not even updated_at
  const changes: ApiKeyChanges = { updated_at_us: deps.clock.nowUs() };
  if (name !== undefined) changes.name = name;
  if (active !== undefined) changes.active = active;
  if (!(await updateApiKeyOfUser(deps.db, userId, row.id, changes))) throw apiKeyNotFound(apiKeyId); // deleted meanwhile
  return { ...row, ...changes };
}

export async function deleteApiKey(deps: { db: Db }, userId: string, apiKeyId: string): Promise<void> {
  if (!(await deleteApiKeyOfUser(deps.db, userId, apiKeyId))) throw apiKeyNotFound(apiKeyId);
}

// ---- trading signing keys --------------------------------------------------------------------------

export async function listSigningKeys(deps: { db: Db }, userId: string, page: PageParams): Promise<Page<SigningKeyRow>> {
  return signingKeysOfUser(deps.db, userId, page);
}

export async function createSigningKey(deps: { db: Db; clock: Clock }, userId: string, label: string, publicKey: string): Promise<SigningKeyRow> {
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
  announceCommitted(deps.db, [{ stream: 'control', event: 'signing_key_deleted', userId, fingerprint: key.fingerprint }]);
}
