import type { Knex } from 'knex';
import type { Db } from '../../db/knex.js';
import { instrumentIdByIdOrModelName } from '../../db/reference.js';
import {
  dropEndpointInstrumentsExcept,
  endpointInstrument,
  endpointOfUser,
  endpointsOfUser,
  insertEndpoint,
  instrumentsOfEndpoints,
  putEndpointInstrument,
  updateEndpoint,
  type EndpointChange,
  type EndpointInstrumentRead,
  type EndpointRow,
  type QualificationActor,
} from '../../db/supplier-endpoints.js';
import { insertQualificationEvent } from '../../db/qualification-events.js';
import { ensureSupplierRow } from '../../db/supply.js';
import { keyHintOf, type UpstreamKeyring } from '../../core/upstream-keys.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import { newEndpointId } from '../../lib/ids.js';
import { refuseEndpointUrl, type EndpointUrlRefusal } from './endpoint-url.js';
import { nextQualification, type QualificationEvent, type QualificationRefusal } from './qualification.js';

/**
 * Suppliers' endpoints (issue 31): where a supplier's inference goes, registered by the supplier through the API
 * (`/v1/supply/endpoints`) or by the operator (`mkt admin supplier add`, supply.ts). An endpoint serves an instrument
 * only once qualified for it (qualification.ts); a new endpoint, or one whose URL, model or key changes, waits for a
 * qualification run. Upstream keys are sealed before they are written and never leave this module in clear except
 * to routing.
 */
interface EndpointDeps {
  db: Db;
  clock: Clock;
  upstreamKeys: UpstreamKeyring;
  /** mkt's own origins (listeners and public URLs), which no endpoint may point at. */
  mktOrigins: () => readonly string[];
}

export type EndpointFailure =
  | EndpointUrlRefusal
  | QualificationRefusal
  | 'unknown_endpoint'
  | 'unknown_endpoint_instrument'
  | 'endpoint_instruments_missing'
  | 'endpoint_unknown_instrument';

/** An endpoint with its instruments, as views read it. */
export interface Endpoint {
  row: EndpointRow;
  instruments: EndpointInstrumentRead[];
}

interface EndpointInput {
  baseUrl: string;
  model: string;
  /** Set it (a string), clear it (null) or leave it (undefined). */
  apiKey?: string | null | undefined;
  /** Instrument ids, symbols or model names. */
  instruments: string[];
}

function checkUrl(deps: EndpointDeps, baseUrl: string): void {
  const refusal = refuseEndpointUrl(baseUrl, deps.mktOrigins());
  if (refusal !== null)
    throw new Failure<EndpointFailure>(refusal.code, refusal.detail, {
      context: { errors: [{ path: 'body.base_url', message: refusal.detail }] },
    });
}

/** Instrument ids of names given as ids, symbols (`TEXT-STANDARD`) or model names, each once, in order. */
export async function resolveEndpointInstruments(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0)
    throw new Failure<EndpointFailure>('endpoint_instruments_missing', 'Name at least one instrument to offer.', {
      context: { errors: [{ path: 'body.instrument_ids', message: 'must not be empty' }] },
    });
  const ids: string[] = [];
  for (const name of names) {
    const found = await instrumentIdByIdOrModelName(db, name.startsWith('instrument-') ? name : name.toLowerCase());
    if (found === undefined)
      throw new Failure<EndpointFailure>(
        'endpoint_unknown_instrument',
        `No instrument ${name}; name it by instrument id or symbol (TEXT-STANDARD … AGENT-MAX).`,
        { context: { errors: [{ path: 'body.instrument_ids', message: `no instrument ${name}` }] } },
      );
    if (!ids.includes(found)) ids.push(found);
  }
  return ids;
}

/** The sealed key and its hint for `apiKey`; both null for no key. */
export async function sealedKey(
  keys: UpstreamKeyring,
  endpointId: string,
  apiKey: string | null | undefined,
): Promise<Pick<EndpointRow, 'upstream_key_ciphertext' | 'upstream_key_last4'>> {
  if (apiKey === undefined || apiKey === null || apiKey === '')
    return { upstream_key_ciphertext: null, upstream_key_last4: null };
  return { upstream_key_ciphertext: await keys.seal(endpointId, apiKey), upstream_key_last4: keyHintOf(apiKey) };
}

/** Who an event comes from when the caller does not say: the supplier registers, the operator vouches, a run measures. */
const actorOf = (event: QualificationEvent): QualificationActor =>
  event.kind === 'registered'
    ? 'supplier'
    : event.kind === 'vouched'
      ? 'operator'
      : event.kind === 'measured'
        ? 'run'
        : (event.by ?? 'operator');

/**
 * Applies `event` to the endpoint's qualification for each instrument, writing each row whole and the event to the
 * log (migration 0031). An endpoint that comes to serve (qualified from any other state) is judged by the watch from
 * now on: what it answered before does not count against it.
 */
export async function qualify(
  trx: Knex.Transaction | Db,
  endpointId: string,
  instrumentIds: readonly string[],
  event: QualificationEvent,
  nowUs: number,
  actor: QualificationActor = actorOf(event),
): Promise<void> {
  for (const instrumentId of instrumentIds) {
    const before = await endpointInstrument(trx, endpointId, instrumentId);
    const next = nextQualification(before, event);
    if ('refused' in next) throw new Failure<EndpointFailure>(next.refused, refusalDetail(next.refused, instrumentId));
    const serving = next.state.qualification === 'qualified';
    const judgedSinceUs = serving && before?.qualification !== 'qualified' ? nowUs : (before?.judged_since_us ?? null);
    await putEndpointInstrument(trx, {
      endpoint_id: endpointId,
      instrument_id: instrumentId,
      ...next.state,
      judged_since_us: judgedSinceUs,
      created_at_us: before?.created_at_us ?? nowUs,
      updated_at_us: nowUs,
    });
    const reason = 'reason' in event ? event.reason : null;
    await insertQualificationEvent(trx, {
      endpoint_id: endpointId,
      instrument_id: instrumentId,
      event: event.kind,
      actor,
      qualification: next.state.qualification,
      reason,
      created_at_us: nowUs,
    });
  }
}

const refusalDetail = (code: QualificationRefusal, instrumentId: string): string =>
  code === 'not_suspendable'
    ? `The endpoint is not qualified for ${instrumentId}, so there is nothing to suspend.`
    : `The endpoint is not suspended for ${instrumentId}; only a suspension can be restored.`;

async function withInstruments(db: Db, rows: EndpointRow[]): Promise<Endpoint[]> {
  const instruments = await instrumentsOfEndpoints(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, instruments: instruments.filter((i) => i.endpoint_id === row.id) }));
}

export async function listEndpoints(deps: { db: Db }, userId: string): Promise<Endpoint[]> {
  return withInstruments(deps.db, await endpointsOfUser(deps.db, userId));
}

/** One of the user's endpoints, deleted ones included (receipts name them); 404 for any other id. */
export async function getEndpoint(deps: { db: Db }, userId: string, endpointId: string): Promise<Endpoint> {
  const row = await endpointOfUser(deps.db, userId, endpointId);
  if (row === undefined)
    throw new Failure<EndpointFailure>('unknown_endpoint', `You have no endpoint with id ${endpointId}.`);
  return { row, instruments: await instrumentsOfEndpoints(deps.db, [row.id]) };
}

/** The user's endpoint that is not deleted, for a change; 404 otherwise. */
async function liveEndpoint(deps: EndpointDeps, userId: string, endpointId: string): Promise<EndpointRow> {
  const row = await endpointOfUser(deps.db, userId, endpointId);
  if (row === undefined || row.status === 'deleted')
    throw new Failure<EndpointFailure>('unknown_endpoint', `You have no endpoint with id ${endpointId}.`);
  return row;
}

/** A supplier's new endpoint: every instrument pending a qualification run. Makes the user a supplier if needed. */
export async function createEndpoint(deps: EndpointDeps, userId: string, input: EndpointInput): Promise<Endpoint> {
  checkUrl(deps, input.baseUrl);
  const instrumentIds = await resolveEndpointInstruments(deps.db, input.instruments);
  const id = newEndpointId();
  const key = await sealedKey(deps.upstreamKeys, id, input.apiKey);
  const nowUs = deps.clock.nowUs();
  await deps.db.transaction(async (trx) => {
    await ensureSupplierRow(trx, userId, nowUs);
    await insertEndpoint(trx, {
      id,
      user_id: userId,
      base_url: input.baseUrl,
      model: input.model,
      ...key,
      simulated: false,
      status: 'active',
      registered_by: 'supplier',
      created_at_us: nowUs,
      updated_at_us: nowUs,
    });
    await qualify(trx, id, instrumentIds, { kind: 'registered' }, nowUs);
  });
  return getEndpoint(deps, userId, id);
}

interface EndpointPatch {
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | null | undefined;
  instruments?: string[] | undefined;
  status?: 'active' | 'disabled' | undefined;
}

/**
 * Changes an endpoint. A new URL, model or key resets every instrument to pending (nothing measured of the old
 * upstream holds for the new); instruments added are pending, instruments left out are dropped, the rest keep their
 * qualification.
 */
export async function changeEndpoint(
  deps: EndpointDeps,
  userId: string,
  endpointId: string,
  patch: EndpointPatch,
): Promise<Endpoint> {
  const row = await liveEndpoint(deps, userId, endpointId);
  if (patch.baseUrl !== undefined) checkUrl(deps, patch.baseUrl);
  const wanted = patch.instruments && (await resolveEndpointInstruments(deps.db, patch.instruments));
  const nowUs = deps.clock.nowUs();
  const change: EndpointChange = { updated_at_us: nowUs };
  if (patch.baseUrl !== undefined) change.base_url = patch.baseUrl;
  if (patch.model !== undefined) change.model = patch.model;
  if (patch.apiKey !== undefined) Object.assign(change, await sealedKey(deps.upstreamKeys, endpointId, patch.apiKey));
  if (patch.status !== undefined) change.status = patch.status;
  const upstreamChanged =
    (patch.baseUrl !== undefined && patch.baseUrl !== row.base_url) ||
    (patch.model !== undefined && patch.model !== row.model) ||
    patch.apiKey !== undefined;
  await deps.db.transaction(async (trx) => {
    await updateEndpoint(trx, endpointId, change);
    const current = (await instrumentsOfEndpoints(trx, [endpointId])).map((i) => i.instrument_id);
    if (wanted !== undefined) await dropEndpointInstrumentsExcept(trx, endpointId, wanted);
    const kept = wanted ?? current;
    const reset = upstreamChanged ? kept : kept.filter((id) => !current.includes(id));
    await qualify(trx, endpointId, reset, { kind: 'registered' }, nowUs);
  });
  return getEndpoint(deps, userId, endpointId);
}

/** Marks the endpoint deleted: it serves nothing more, and receipts that name it still find it. */
export async function deleteEndpoint(deps: EndpointDeps, userId: string, endpointId: string): Promise<void> {
  await liveEndpoint(deps, userId, endpointId);
  await updateEndpoint(deps.db, endpointId, {
    status: 'deleted',
    upstream_key_ciphertext: null,
    updated_at_us: deps.clock.nowUs(),
  });
}
