import type { components } from '../../../generated/types/trading.js';
import type { UpstreamKeyring } from '../../core/upstream-keys.js';
import type { Db } from '../../db/knex.js';
import { endpointsOfInstrument, scorecardReceipts, scorecardRowCap } from '../../db/scorecards.js';
import type { EndpointInstrumentRow } from '../../db/supplier-endpoints.js';
import type { Clock } from '../../lib/clock.js';
import { listEndpoints } from './endpoints.js';
import { scorecardWindows, scorecardWindowsOf } from './scorecards.js';

/**
 * Suppliers' scorecards (issue 31, item 5): the supplier's own in full, and an instrument's public ones under
 * pseudonyms. Each reads the receipts of its endpoint × instrument over the longest window, at most
 * `scorecardRowCap` of them, newest first.
 */

type Schemas = components['schemas'];

interface ScorecardDeps {
  db: Db;
  clock: Clock;
}

const longestUs = Math.max(...scorecardWindows.map((w) => w.lengthUs));

async function windowsOf(deps: ScorecardDeps, endpointId: string, instrumentId: string, nowUs: number) {
  const rows = await scorecardReceipts(deps.db, endpointId, instrumentId, nowUs - longestUs, scorecardRowCap);
  return scorecardWindowsOf(rows, nowUs, scorecardRowCap);
}

/** The supplier's scorecards: every endpoint not deleted × every instrument it offers. */
export async function supplierScorecards(deps: ScorecardDeps, userId: string): Promise<Schemas['SupplierScorecard'][]> {
  const nowUs = deps.clock.nowUs();
  const pairs = (await listEndpoints(deps, userId)).flatMap((endpoint) => endpoint.instruments);
  const cards: Schemas['SupplierScorecard'][] = [];
  for (const pair of pairs)
    cards.push({
      endpoint_id: pair.endpoint_id,
      instrument_id: pair.instrument_id,
      qualification: pair.qualification,
      basis: pair.basis,
      quality_score: pair.quality_score,
      report_id: pair.report_id,
      windows: await windowsOf(deps, pair.endpoint_id, pair.instrument_id, nowUs),
    });
  return cards;
}

const publicQualification = (row: EndpointInstrumentRow): Schemas['PublicScorecard']['qualification'] | undefined =>
  row.qualification === 'qualified' || row.qualification === 'suspended' ? row.qualification : undefined;

/** The instrument's public scorecards: its qualified or suspended endpoints, best Quality Score first. */
export async function publicScorecards(
  deps: ScorecardDeps & { upstreamKeys: UpstreamKeyring },
  instrumentId: string,
): Promise<Schemas['PublicScorecard'][]> {
  const nowUs = deps.clock.nowUs();
  const cards: Schemas['PublicScorecard'][] = [];
  for (const row of await endpointsOfInstrument(deps.db, instrumentId, ['qualified', 'suspended'])) {
    const qualification = publicQualification(row);
    if (qualification === undefined) continue;
    cards.push({
      supplier_ref: await deps.upstreamKeys.pseudonym(row.endpoint_id),
      instrument_id: row.instrument_id,
      qualification,
      quality_score: row.quality_score,
      windows: await windowsOf(deps, row.endpoint_id, row.instrument_id, nowUs),
    });
  }
  const score = (card: Schemas['PublicScorecard']) => card.quality_score ?? -1;
  return cards.sort((a, b) => score(b) - score(a) || a.supplier_ref.localeCompare(b.supplier_ref));
}
