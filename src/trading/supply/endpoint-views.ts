import type { components } from '../../../generated/types/trading.js';
import type {
  EndpointInstrumentRead,
  EndpointInstrumentRow,
  EndpointStandingRow,
} from '../../db/supplier-endpoints.js';
import { toIso } from '../../lib/clock.js';
import type { Endpoint } from './endpoints.js';

type Schemas = components['schemas'];

/** An endpoint as the API shows it: whether a key is set and its hint, never the key. */
export function supplierEndpointView({ row, instruments }: Endpoint): Schemas['SupplierEndpoint'] {
  return {
    endpoint_id: row.id,
    base_url: row.base_url,
    model: row.model,
    simulated: Boolean(row.simulated),
    status: row.status,
    registered_by: row.registered_by,
    api_key_set: row.upstream_key_ciphertext !== null,
    api_key_last4: row.upstream_key_last4,
    instruments: instruments.map(endpointInstrumentView),
    created_at: toIso(row.created_at_us),
    updated_at: toIso(row.updated_at_us),
  };
}

/** What the watch found of an endpoint × instrument and who suspended it, as endpoints and scorecards show them. */
export function watchView(
  row: Pick<EndpointInstrumentRow, 'suspended_by'> &
    Pick<EndpointStandingRow, 'standing' | 'standing_reason' | 'standing_at_us'>,
): Pick<Schemas['EndpointInstrument'], 'standing' | 'standing_reason' | 'standing_since' | 'suspended_by'> {
  return {
    standing: row.standing,
    standing_reason: row.standing_reason,
    standing_since: row.standing_at_us === null ? null : toIso(Number(row.standing_at_us)),
    suspended_by: row.suspended_by,
  };
}

function endpointInstrumentView(row: EndpointInstrumentRead): Schemas['EndpointInstrument'] {
  return {
    instrument_id: row.instrument_id,
    qualification: row.qualification,
    basis: row.basis,
    quality_score: row.quality_score,
    report_id: row.report_id,
    reason: row.reason,
    ...watchView(row),
    updated_at: toIso(row.updated_at_us),
  };
}
