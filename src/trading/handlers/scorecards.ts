import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { publicScorecards, supplierScorecards } from '../supply/scorecard-reads.js';
import { unknown } from './failures.js';
import { supplierId } from './supply.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

/** Scorecards are few per supplier and per instrument: always one page. */
const onePage = { has_more: false, next_cursor: null, prev_cursor: null };

export const getSupplyScorecard: Handler<'getSupplyScorecard'> = async ({ principal }, services) =>
  ok({ data: await supplierScorecards(services, supplierId(principal)), paging: onePage });

export const listInstrumentScorecards: Handler<'listInstrumentScorecards'> = async ({ params }, services) => {
  const instrument = await services.reference.findInstrument(params.instrument_id);
  if (!instrument) throw unknown('unknown_instrument', 'instrument', params.instrument_id);
  return ok({ data: await publicScorecards(services, instrument.id), paging: onePage });
};
