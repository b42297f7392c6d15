import type { Db } from '../../db/knex.js';
import { sealEndpointKey, unsealedEndpoints } from '../../db/supplier-endpoints.js';
import type { UpstreamKeyring } from '../../core/upstream-keys.js';
import type { Logger } from '../../lib/logger.js';

const unsealedPrefix = 'unsealed:';

/**
 * Seals the upstream keys migration 0028 moved out of `suppliers` in clear (`unsealed:<key>`), once, at start
 * (app/compose.ts), before the service routes to them: the migration cannot, since only the running service knows
 * the deployment's secret. Several processes starting at once each try; a conditional update lets one win per key.
 * Answers how many this process sealed.
 */
export async function sealMigratedUpstreamKeys(deps: {
  db: Db;
  upstreamKeys: UpstreamKeyring;
  logger: Logger;
}): Promise<number> {
  let sealed = 0;
  for (const row of await unsealedEndpoints(deps.db)) {
    const unsealed = row.upstream_key_ciphertext;
    if (unsealed === null || !unsealed.startsWith(unsealedPrefix)) continue;
    const plaintext = unsealed.slice(unsealedPrefix.length);
    if (await sealEndpointKey(deps.db, row.id, unsealed, await deps.upstreamKeys.seal(row.id, plaintext))) sealed += 1;
  }
  if (sealed > 0) deps.logger.info({ endpoints: sealed }, 'sealed the upstream keys of migrated suppliers');
  return sealed;
}
