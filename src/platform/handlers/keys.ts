import type { components, operations } from '../../../generated/types/platform.js';
import { created, noContent, ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import { assert } from '../../lib/assert.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import type { ApiKeyRow, SigningKeyRow } from '../../core/identity.js';
import * as keys from '../../core/keys.js';
import { keyAcceptedAt, keyLimitsView, keyUsage, keyUsages, type KeyUsage } from '../../core/key-limits.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;
type Schemas = components['schemas'];

/** The user behind an authenticated operation; the HTTP layer has already refused anonymous calls. */
export function callerId(principal: Principal | null): string {
  assert(principal !== null, 'an operation with a security requirement always has a principal');
  return principal.userId;
}

/** `key` is the raw key on creation only; everywhere else `null`. `is_active` as of `nowUs`. */
function apiKeyView(row: ApiKeyRow, usage: KeyUsage, nowUs: number): Schemas['ApiKey'] {
  return {
    id: row.id,
    name: row.name,
    key: null,
    key_prefix: row.key_prefix,
    active: Boolean(row.active),
    is_active: keyAcceptedAt(row, nowUs),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
    last_used_at: toIsoOrNull(row.last_used_at_us),
    ...keyLimitsView(row, usage),
  };
}

/** One key with its usage in the current budget period. */
async function apiKeyWithUsage(services: PlatformDeps, row: ApiKeyRow): Promise<Schemas['ApiKey']> {
  const nowUs = services.clock.nowUs();
  return apiKeyView(row, await keyUsage(services, row, nowUs), nowUs);
}

function signingKeyView(row: SigningKeyRow): Schemas['SigningKey'] {
  return {
    id: row.id,
    label: row.label,
    public_key: row.public_key,
    fingerprint: row.fingerprint,
    created_at: toIso(row.created_at_us),
    last_used_at: toIsoOrNull(row.last_used_at_us),
  };
}

export const listApiKeys: Handler<'listApiKeys'> = async ({ principal, query }, services) => {
  const page = await keys.listApiKeys(services, callerId(principal), pageParams(query));
  const nowUs = services.clock.nowUs();
  const usages = await keyUsages(services, page.rows, nowUs);
  return ok({ data: page.rows.map((row) => apiKeyView(row, usages.get(row.id)!, nowUs)), paging: page.paging });
};

export const createApiKey: Handler<'createApiKey'> = async ({ principal, body }, services) => {
  const { row, key } = await keys.createApiKey(services, callerId(principal), body.api_key);
  return created({ data: { ...(await apiKeyWithUsage(services, row)), key } }, { 'Cache-Control': 'no-store' });
};

export const getApiKey: Handler<'getApiKey'> = async ({ principal, params }, services) =>
  ok({ data: await apiKeyWithUsage(services, await keys.getApiKey(services, callerId(principal), params.api_key_id)) });

export const updateApiKey: Handler<'updateApiKey'> = async ({ principal, params, body }, services) =>
  ok({
    data: await apiKeyWithUsage(
      services,
      await keys.updateApiKey(services, callerId(principal), params.api_key_id, body.api_key),
    ),
  });

export const deleteApiKey: Handler<'deleteApiKey'> = async ({ principal, params }, services) => {
  await keys.deleteApiKey(services, callerId(principal), params.api_key_id);
  return noContent();
};

export const listSigningKeys: Handler<'listSigningKeys'> = async ({ principal, query }, services) => {
  const page = await keys.listSigningKeys(services, callerId(principal), pageParams(query));
  return ok({ data: page.rows.map(signingKeyView), paging: page.paging });
};

export const createSigningKey: Handler<'createSigningKey'> = async ({ principal, body }, services) => {
  const { label, public_key } = body.signing_key;
  return created({
    data: signingKeyView(await keys.createSigningKey(services, callerId(principal), label, public_key)),
  });
};

export const getSigningKey: Handler<'getSigningKey'> = async ({ principal, params }, services) =>
  ok({ data: signingKeyView(await keys.getSigningKey(services, callerId(principal), params.signing_key_id)) });

export const deleteSigningKey: Handler<'deleteSigningKey'> = async ({ principal, params }, services) => {
  await keys.deleteSigningKey(services, callerId(principal), params.signing_key_id);
  return noContent();
};
