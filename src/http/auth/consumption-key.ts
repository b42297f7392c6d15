import { touchApiKeyUse } from '../../db/identity.js';
import type { Db } from '../../db/knex.js';
import { ApiError } from '../../lib/errors.js';
import { apiKeyPrefix, findActiveApiKey, lastUsedResolutionUs } from '../../core/identity.js';
import type { Principal } from '../types.js';

const invalidKey = (detail: string) => new ApiError(401, 'invalid_api_key', detail);

/** A consumption key (`mkt_ck_…`), from `Authorization: Bearer` or `x-api-key`. */
export async function authenticateConsumptionKey(rawKey: string | undefined, db: Db, nowUs: number): Promise<Principal> {
  if (rawKey === undefined) {
    throw invalidKey('Missing API key: send Authorization: Bearer mkt_ck_… (or x-api-key on the messages host).');
  }
  if (rawKey.startsWith('mkt_at_')) {
    throw invalidKey('OAuth access tokens are not accepted on the consumption API. Create a consumption key with POST /v1/api-keys on the platform API and send that.');
  }
  const key = rawKey.startsWith(apiKeyPrefix) ? await findActiveApiKey(db, rawKey) : undefined;
  if (!key) {
    throw invalidKey('The API key is not valid: it is unknown, deactivated or deleted. Create a key on the platform API or the dashboard.');
  }
  if (key.last_used_at_us === null || nowUs - key.last_used_at_us > lastUsedResolutionUs) {
    await touchApiKeyUse(db, key.id, nowUs);
  }
  return { kind: 'api_key', userId: key.user_id, apiKeyId: key.id };
}
