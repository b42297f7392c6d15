import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { isPostgres } from './knex-client.js';
import { firstRowOf, rowsOf } from './rows.js';

/** Suppliers' endpoints and the instruments each offers, with its qualification for each (migration 0028). */

export type EndpointStatus = 'active' | 'disabled' | 'deleted';
export type Qualification = 'pending' | 'qualified' | 'not_qualified' | 'suspended';
export type QualificationBasis = 'run' | 'override';
/** Who changed a qualification (migration 0031's `qualification_events.actor`). */
export type QualificationActor = 'operator' | 'watch' | 'run' | 'supplier';
/** What the watch last found of an endpoint for an instrument (migration 0031). */
export type Standing = 'meets' | 'misses' | 'unjudged';

export interface EndpointRow {
  id: string;
  user_id: string;
  /** Null for a simulated endpoint. */
  base_url: string | null;
  model: string | null;
  /** `v1.…` sealed by src/core/upstream-keys.ts; `unsealed:…` only between migration 0028 and the first start. */
  upstream_key_ciphertext: string | null;
  upstream_key_last4: string | null;
  simulated: boolean | number;
  status: EndpointStatus;
  registered_by: 'operator' | 'supplier';
  created_at_us: number;
  updated_at_us: number;
}

export interface EndpointInstrumentRow {
  endpoint_id: string;
  instrument_id: string;
  qualification: Qualification;
  basis: QualificationBasis;
  quality_score: number | null;
  report_id: string | null;
  reason: string | null;
  /** Who suspended it, while `suspended`. */
  suspended_by: 'operator' | 'watch' | null;
  /** The watch judges answers from here on (null: since the row was made). */
  judged_since_us: number | string | null;
  created_at_us: number;
  updated_at_us: number;
}

/** What the watch last found of an endpoint for an instrument (migration 0031's columns of `endpoint_instruments`). */
export interface EndpointStandingRow {
  standing: Standing;
  standing_reason: string | null;
  standing_at_us: number | string | null;
}

/** An endpoint × instrument as read: what qualification writes, and the watch's standing beside it. */
export type EndpointInstrumentRead = EndpointInstrumentRow & EndpointStandingRow;

type Runner = Db | Knex.Transaction;

export async function insertEndpoint(db: Runner, row: EndpointRow): Promise<void> {
  await db('supplier_endpoints').insert({ ...row, simulated: Boolean(row.simulated) });
}

/** What a change may set on an endpoint; the rest stays. */
export type EndpointChange = Partial<
  Pick<EndpointRow, 'base_url' | 'model' | 'upstream_key_ciphertext' | 'upstream_key_last4' | 'simulated' | 'status'>
> & { updated_at_us: number };

export async function updateEndpoint(db: Runner, endpointId: string, change: EndpointChange): Promise<void> {
  await db('supplier_endpoints').where('id', endpointId).update(change);
}

/** The user's endpoints that are not deleted, oldest first. */
export function endpointsOfUser(db: Runner, userId: string): Promise<EndpointRow[]> {
  return rowsOf<EndpointRow>(
    db('supplier_endpoints')
      .where('user_id', userId)
      .whereNot('status', 'deleted')
      .orderBy([{ column: 'created_at_us' }, { column: 'id' }])
      .select('*'),
  );
}

/** One endpoint of the user, deleted or not; undefined when the user has none with this id. */
export function endpointOfUser(db: Runner, userId: string, endpointId: string): Promise<EndpointRow | undefined> {
  return firstRowOf<EndpointRow>(db('supplier_endpoints').where({ id: endpointId, user_id: userId }).first());
}

/** The most recent active endpoint the operator registered for the user (`mkt admin supplier add` replaces it). */
export function operatorEndpointOf(db: Runner, userId: string): Promise<EndpointRow | undefined> {
  return firstRowOf<EndpointRow>(
    db('supplier_endpoints')
      .where({ user_id: userId, registered_by: 'operator', status: 'active' })
      .orderBy([
        { column: 'created_at_us', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first(),
  );
}

/** The instruments of these endpoints with their qualifications, by endpoint then instrument. */
export function instrumentsOfEndpoints(db: Runner, endpointIds: readonly string[]): Promise<EndpointInstrumentRead[]> {
  return rowsOf<EndpointInstrumentRead>(
    db('endpoint_instruments')
      .whereIn('endpoint_id', endpointIds)
      .orderBy([{ column: 'endpoint_id' }, { column: 'instrument_id' }])
      .select('*'),
  );
}

/**
 * The endpoint's row for the instrument; locked until the transaction ends on PostgreSQL (SQLite has one writer), so
 * that two processes deciding on the same row (the watch's suspension) apply their events one after the other.
 */
export function endpointInstrument(
  db: Runner,
  endpointId: string,
  instrumentId: string,
): Promise<EndpointInstrumentRow | undefined> {
  const query = db('endpoint_instruments').where({ endpoint_id: endpointId, instrument_id: instrumentId }).first();
  return firstRowOf<EndpointInstrumentRow>(isPostgres(db) ? query.forUpdate() : query);
}

/** Writes the endpoint's qualification for an instrument, whole (insert or replace). */
export async function putEndpointInstrument(db: Runner, row: EndpointInstrumentRow): Promise<void> {
  await db('endpoint_instruments')
    .insert(row)
    .onConflict(['endpoint_id', 'instrument_id'])
    .merge([
      'qualification',
      'basis',
      'quality_score',
      'report_id',
      'reason',
      'suspended_by',
      'judged_since_us',
      'updated_at_us',
    ]);
}

/** Removes the endpoint's instruments that are not among `keep`. */
export async function dropEndpointInstrumentsExcept(
  db: Runner,
  endpointId: string,
  keep: readonly string[],
): Promise<void> {
  await db('endpoint_instruments').where('endpoint_id', endpointId).whereNotIn('instrument_id', keep).delete();
}

/**
 * Whether the user has an active endpoint qualified for the instrument, and the latest report of any of its endpoints
 * for the instrument (null when no run reported one yet).
 */
export async function issuanceQualification(
  db: Runner,
  userId: string,
  instrumentId: string,
): Promise<{ qualified: boolean; reportId: string | null }> {
  const rows = await rowsOf<{ qualification: Qualification; status: EndpointStatus; report_id: string | null }>(
    db('endpoint_instruments as ei')
      .join('supplier_endpoints as e', 'e.id', 'ei.endpoint_id')
      .where({ 'e.user_id': userId, 'ei.instrument_id': instrumentId })
      .orderBy([
        { column: 'ei.updated_at_us', order: 'desc' },
        { column: 'ei.endpoint_id', order: 'desc' },
      ])
      .select('ei.qualification', 'e.status', 'ei.report_id'),
  );
  return {
    qualified: rows.some((row) => row.status === 'active' && row.qualification === 'qualified'),
    reportId: rows.find((row) => row.report_id !== null)?.report_id ?? null,
  };
}

/** Endpoints whose upstream key is still the plaintext migration 0028 moved (`unsealed:…`). */
export function unsealedEndpoints(db: Runner): Promise<Pick<EndpointRow, 'id' | 'upstream_key_ciphertext'>[]> {
  return rowsOf<Pick<EndpointRow, 'id' | 'upstream_key_ciphertext'>>(
    db('supplier_endpoints')
      .where('upstream_key_ciphertext', 'like', 'unsealed:%')
      .select('id', 'upstream_key_ciphertext'),
  );
}

/** Replaces an unsealed key by its sealed form, unless another process sealed it first; true when this one did. */
export async function sealEndpointKey(
  db: Runner,
  endpointId: string,
  unsealed: string,
  sealed: string,
): Promise<boolean> {
  const changed = await db('supplier_endpoints')
    .where({ id: endpointId, upstream_key_ciphertext: unsealed })
    .update({ upstream_key_ciphertext: sealed });
  return changed === 1;
}
