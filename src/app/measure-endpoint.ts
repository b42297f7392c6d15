import type { UpstreamKeyring } from '../core/upstream-keys.js';
import type { Db } from '../db/knex.js';
import type { EndpointRow } from '../db/supplier-endpoints.js';
import type { Clock } from '../lib/clock.js';
import { qualifyUpstream } from '../consumption/qualification/upstream-run.js';
import type { MeasuredReport } from '../trading/supply/qualification-runs.js';

/**
 * The port between the two surfaces of a qualification run: trading keeps endpoints and their qualifications
 * (trading/supply/qualification-runs.ts), consumption talks to suppliers (consumption/qualification/). The key is
 * opened here for the run, and only here.
 */
export async function measureEndpoint(
  deps: { db: Db; clock: Clock; upstreamKeys: UpstreamKeyring },
  endpoint: EndpointRow,
  instrumentId: string,
  signal: AbortSignal,
): Promise<MeasuredReport | undefined> {
  const sealed = endpoint.upstream_key_ciphertext;
  const apiKey = sealed === null ? null : await deps.upstreamKeys.open(endpoint.id, sealed);
  const upstream = {
    id: endpoint.id,
    baseUrl: endpoint.base_url,
    model: endpoint.model,
    apiKey,
    simulated: Boolean(endpoint.simulated),
  };
  return qualifyUpstream(deps, upstream, instrumentId, signal);
}
