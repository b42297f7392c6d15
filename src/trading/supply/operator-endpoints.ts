import type { Db } from '../../db/knex.js';
import {
  dropEndpointInstrumentsExcept,
  endpointOfUser,
  insertEndpoint,
  operatorEndpointOf,
  updateEndpoint,
} from '../../db/supplier-endpoints.js';
import type { UpstreamKeyring } from '../../core/upstream-keys.js';
import type { Clock } from '../../lib/clock.js';
import { assert } from '../../lib/assert.js';
import { Failure } from '../../lib/failure.js';
import { newEndpointId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import {
  getEndpoint,
  qualify,
  resolveEndpointInstruments,
  sealedKey,
  type Endpoint,
  type EndpointFailure,
} from './endpoints.js';
import type { QualificationEvent } from './qualification.js';

/**
 * The operator's side of endpoints (issue 31): `mkt admin supplier add` registers (or replaces) the one endpoint the
 * operator vouches for, and `mkt admin supplier qualify|suspend|restore` override an endpoint's qualification for an
 * instrument. Every override carries its reason, recorded on the endpoint's row and in the log.
 */

/** Why the operator's word qualifies an endpoint registered with `mkt admin supplier add` (without `--qualify`). */
const operatorVouchedReason = 'registered by the operator (mkt admin supplier add)';

/**
 * What registering takes: the keyring only where a key is given (tools that seed simulated suppliers into a database
 * have none).
 */
export interface OperatorEndpointDeps {
  db: Db;
  clock: Clock;
  upstreamKeys?: UpstreamKeyring | undefined;
}

interface OperatorEndpoint {
  baseUrl: string | null;
  model: string | null;
  apiKey: string | undefined;
  simulated: boolean;
  instrumentIds: string[];
  /** Leave every instrument pending a qualification run instead of vouching for it. */
  qualify: boolean;
}

/**
 * Writes the user's operator endpoint (updating the one registered before, as re-registering a supplier always
 * replaced its routing): its instruments are exactly `instrumentIds`, each qualified by the operator's word, or pending
 * a run with `qualify`.
 */
export async function registerOperatorEndpoint(
  deps: OperatorEndpointDeps,
  userId: string,
  input: OperatorEndpoint,
): Promise<string> {
  const nowUs = deps.clock.nowUs();
  const existing = await operatorEndpointOf(deps.db, userId);
  const id = existing?.id ?? newEndpointId();
  const { upstreamKeys } = deps;
  assert(input.apiKey === undefined || upstreamKeys !== undefined, 'an upstream key is sealed with the keyring');
  const key =
    upstreamKeys === undefined
      ? { upstream_key_ciphertext: null, upstream_key_last4: null }
      : await sealedKey(upstreamKeys, id, input.apiKey);
  const fields = { base_url: input.baseUrl, model: input.model, ...key, simulated: input.simulated };
  const event: QualificationEvent = input.qualify
    ? { kind: 'registered' }
    : { kind: 'vouched', reason: operatorVouchedReason };
  await deps.db.transaction(async (trx) => {
    if (existing === undefined)
      await insertEndpoint(trx, {
        id,
        user_id: userId,
        ...fields,
        status: 'active',
        registered_by: 'operator',
        created_at_us: nowUs,
        updated_at_us: nowUs,
      });
    else await updateEndpoint(trx, id, { ...fields, updated_at_us: nowUs });
    await dropEndpointInstrumentsExcept(trx, id, input.instrumentIds);
    await qualify(trx, id, input.instrumentIds, event, nowUs, 'operator');
  });
  return id;
}

/** An operator's override of one endpoint's qualification for one instrument. */
export interface QualificationOverride {
  userId: string;
  endpointId: string;
  /** Instrument id, symbol or model name. */
  instrument: string;
  event: Extract<QualificationEvent, { kind: 'vouched' | 'suspended' | 'restored' }>;
}

/** Applies the operator's override and logs it with its reason; 404 for an endpoint or instrument it does not have. */
export async function overrideQualification(
  deps: { db: Db; clock: Clock; logger: Logger },
  override: QualificationOverride,
): Promise<Endpoint> {
  const { userId, endpointId, event } = override;
  const row = await endpointOfUser(deps.db, userId, endpointId);
  if (row === undefined || row.status === 'deleted')
    throw new Failure<EndpointFailure>('unknown_endpoint', `The supplier has no endpoint with id ${endpointId}.`);
  const [instrumentId] = await resolveEndpointInstruments(deps.db, [override.instrument]);
  const offered = (await getEndpoint(deps, userId, endpointId)).instruments.some(
    (i) => i.instrument_id === instrumentId,
  );
  if (!offered || instrumentId === undefined)
    throw new Failure<EndpointFailure>(
      'unknown_endpoint_instrument',
      `Endpoint ${endpointId} does not offer ${override.instrument}.`,
    );
  await deps.db.transaction((trx) => qualify(trx, endpointId, [instrumentId], event, deps.clock.nowUs()));
  deps.logger.info(
    { userId, endpointId, instrumentId, override: event.kind, reason: event.reason },
    'operator override of an endpoint qualification',
  );
  return getEndpoint(deps, userId, endpointId);
}
