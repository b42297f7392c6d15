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
import { requireActiveAccount, requireUser } from '../core/account-rules.js';
import { createApiKey, registerSigningKey, type ApiKeyRow, type SigningKeyRow } from '../core/identity.js';

/**
 * Consumption API keys and trading signing keys of one user (platform.yaml tags "API keys" and
 * "Signing keys"). Every read and write is scoped to the caller: another user's id is a 404. The
 * authenticators read these tables on every request, so a deactivated or deleted key fails on the
 * very next request, on every process.
 */
export interface KeysService {
  listApiKeys(userId: string, page: PageParams): Promise<Page<ApiKeyRow>>;
  /** The raw key is in the result once; only its hash is stored. */
  createApiKey(userId: string, name: string): Promise<{ row: ApiKeyRow; key: string }>;
  getApiKey(userId: string, apiKeyId: string): Promise<ApiKeyRow>;
  updateApiKey(userId: string, apiKeyId: string, patch: ApiKeyPatch): Promise<ApiKeyRow>;
  deleteApiKey(userId: string, apiKeyId: string): Promise<void>;
  listSigningKeys(userId: string, page: PageParams): Promise<Page<SigningKeyRow>>;
  createSigningKey(userId: string, label: string, publicKey: string): Promise<SigningKeyRow>;
  getSigningKey(userId: string, signingKeyId: string): Promise<SigningKeyRow>;
  deleteSigningKey(userId: string, signingKeyId: string): Promise<void>;
}

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

/** SQLite answers booleans as 0/1; the rows leave this service with real booleans. */
const normaliseApiKey = (row: ApiKeyRow): ApiKeyRow => ({ ...row, active: Boolean(row.active) });

export function createKeysService(db: Db, clock: Clock): KeysService {
  const findApiKey = async (userId: string, apiKeyId: string): Promise<ApiKeyRow> => {
    const row = await apiKeyOfUser(db, userId, apiKeyId);
    if (!row) throw apiKeyNotFound(apiKeyId);
    return normaliseApiKey(row);
  };

  const findSigningKey = async (userId: string, signingKeyId: string): Promise<SigningKeyRow> => {
    const row = await signingKeyOfUser(db, userId, signingKeyId);
    if (!row) throw signingKeyNotFound(signingKeyId);
    return row;
  };

  return {
    async listApiKeys(userId, page) {
      const result = await apiKeysOfUser(db, userId, page);
      return { rows: result.rows.map(normaliseApiKey), paging: result.paging };
    },

    async createApiKey(userId, name) {
      checkName(name, 'body.api_key.name');
      requireActiveAccount(await requireUser(db, userId), 'keys cannot be created or reactivated');
      const created = await createApiKey(db, clock, userId, name);
      return { row: normaliseApiKey(created.row), key: created.key };
    },

    getApiKey: findApiKey,

    async updateApiKey(userId, apiKeyId, patch) {
      if (patch.name === undefined && patch.active === undefined) {
        throw validationError('body.api_key must have at least one of name, active', {
          errors: [{ path: 'body.api_key', message: 'must NOT have fewer than 1 properties', value: {} }],
        });
      }
      if (patch.name !== undefined) checkName(patch.name, 'body.api_key.name');
      // An account precondition comes before the key's own 404 (platform.yaml "Order of checks").
      if (patch.active === true) requireActiveAccount(await requireUser(db, userId), 'keys cannot be created or reactivated');
      const row = await findApiKey(userId, apiKeyId);
      const name = patch.name !== undefined && patch.name !== row.name ? patch.name : undefined;
      const active = patch.active !== undefined && patch.active !== row.active ? patch.active : undefined;
      if (name === undefined && active === undefined) return row; // nothing changes, not even updated_at
      const changes: ApiKeyChanges = { updated_at_us: clock.nowUs() };
      if (name !== undefined) changes.name = name;
      if (active !== undefined) changes.active = active;
      if (!(await updateApiKeyOfUser(db, userId, row.id, changes))) throw apiKeyNotFound(apiKeyId); // deleted meanwhile
      return { ...row, ...changes };
    },

    async deleteApiKey(userId, apiKeyId) {
      if (!(await deleteApiKeyOfUser(db, userId, apiKeyId))) throw apiKeyNotFound(apiKeyId);
    },

    async listSigningKeys(userId, page) {
      return signingKeysOfUser(db, userId, page);
    },

    async createSigningKey(userId, label, publicKey) {
      checkName(label, 'body.signing_key.label');
      requireActiveAccount(await requireUser(db, userId), 'signing keys cannot be registered');
      return registerSigningKey(db, clock, userId, label, publicKey);
    },

    getSigningKey: findSigningKey,

    async deleteSigningKey(userId, signingKeyId) {
      if (!(await deleteSigningKeyOfUser(db, userId, signingKeyId))) throw signingKeyNotFound(signingKeyId);
    },
  };
}
