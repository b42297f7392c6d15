import { touchApiKeyUse } from '../../db/identity.js';
import type { Db } from '../../db/knex.js';
import { ApiError } from '../../lib/errors.js';
import { apiKeyPrefix, lastUsedResolutionUs } from '../../core/identity.js';
import type { Principal } from '../types.js';
import { activeApiKey, apiKeyCacheOf } from './api-key-cache.js';
import { keyExpired } from '../../core/key-limits.js';

const invalidKey = (detail: string) => new ApiError(401, 'invalid_api_key', detail);

/**
 * A consumption key (`mkt_ck_…`), from `Authorization: Bearer` or `x-api-key`; known keys come from the cache
 * (api-key-cache.ts). A key past its expiry is refused unless the operation shows it (`expiredKeyAllowed`: `GET
 * /v1/key`, with `is_active: false`).
 */
export async function authenticateConsumptionKey(
  rawKey: string | undefined,
  db: Db,
  nowUs: number,
  expiredKeyAllowed = false,
): Promise<Principal> {
  if (rawKey === undefined) {
    throw invalidKey('Missing API key: send Authorization: Bearer mkt_ck_… (or x-api-key on the messages host).');
  }
  if (rawKey.startsWith('mkt_at_')) {
    throw invalidKey(
      'OAuth access tokens are not accepted on the consumption API. Create a consumption key with POST /v1/api-keys on the platform API and send that.',
    );
  }
  const key = rawKey.startsWith(apiKeyPrefix) ? await activeApiKey(apiKeyCacheOf(db), db, rawKey, nowUs) : undefined;
  if (!key) {
    throw invalidKey(
      'The API key is not valid: it is unknown, deactivated or deleted. Create a key on the platform API or the dashboard.',
    );
  }
  // Expired is refused everywhere, not only at admission (which checks again: a key may expire between the 307 and the
  // run).
  if (key.expiresAtUs !== null && nowUs >= key.expiresAtUs && !expiredKeyAllowed) throw keyExpired(key.expiresAtUs);
  if (key.lastUsedAtUs === null || nowUs - key.lastUsedAtUs > lastUsedResolutionUs) {
    key.lastUsedAtUs = nowUs;
    await touchApiKeyUse(db, key.apiKeyId, nowUs);
  }
  return { kind: 'api_key', userId: key.userId, apiKeyId: key.apiKeyId };
}
