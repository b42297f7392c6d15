import type { components } from '../../generated/types/consumption.js';
import { toUnixSeconds } from '../lib/clock.js';
import type { InstrumentRow, ModelAliasRow } from '../core/reference.js';

type Model = components['schemas']['Model'];

/** The instrument's model name is the `model` a buyer sends; the instrument itself is the owner's product. */
export function instrumentModelView(instrument: InstrumentRow): Model {
  return {
    id: instrument.model_name,
    object: 'model',
    display_name: instrument.name,
    created: toUnixSeconds(instrument.created_at_us),
    owned_by: 'mkt',
  };
}

export function aliasModelView(alias: ModelAliasRow): Model {
  return {
    id: alias.alias,
    object: 'model',
    display_name: alias.display_name,
    created: toUnixSeconds(alias.created_at_us),
    owned_by: alias.owned_by,
  };
}
