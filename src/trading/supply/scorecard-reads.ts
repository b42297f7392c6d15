import type { components } from '../../../generated/types/trading.js';
import type { UpstreamKeyring } from '../../core/upstream-keys.js';
import { attemptFailuresSince, type AttemptFailureKind } from '../../db/attempt-failures.js';
import { canaryRunsSince, type CanaryRunRow } from '../../db/canary-runs.js';
import type { Db } from '../../db/knex.js';
import {
  endpointsOfInstrument,
  endpointsOfSupplier,
  scorecardReceipts,
  scorecardRowCap,
  type ScorecardPairRow,
} from '../../db/scorecards.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { watchView } from './endpoint-views.js';
import { scorecardWindows, scorecardWindowsOf } from './scorecards.js';

/**
 * Suppliers' scorecards (issue 31, item 5): the supplier's own in full, and an instrument's public ones under
 * pseudonyms. Each reads its endpoint × instrument's receipts and canaries over the longest window, at most
 * `scorecardRowCap` of each, newest first, and counts its attempts that failed before their first byte per window.
 */

type Schemas = components['schemas'];

interface ScorecardDeps {
  db: Db;
  clock: Clock;
}

const longestUs = Math.max(...scorecardWindows.map((w) => w.lengthUs));

/** The windows of an endpoint × instrument, and its last canary (read apart only when none fell in the windows). */
async function figuresOf(deps: ScorecardDeps, row: ScorecardPairRow, nowUs: number) {
  const { endpoint_id: endpointId, instrument_id: instrumentId } = row;
  const fromUs = nowUs - longestUs;
  const [receipts, canaries, ...failures] = await Promise.all([
    scorecardReceipts(deps.db, endpointId, instrumentId, fromUs, scorecardRowCap),
    canaryRunsSince(deps.db, endpointId, instrumentId, fromUs, scorecardRowCap),
    ...scorecardWindows.map((w) => attemptFailuresSince(deps.db, endpointId, instrumentId, nowUs - w.lengthUs)),
  ]);
  const failedBeforeFirstByte = new Map<Schemas['ScorecardWindow']['window'], Record<AttemptFailureKind, number>>();
  scorecardWindows.forEach((w, i) => failedBeforeFirstByte.set(w.name, failures[i] ?? { timeout: 0, failed: 0 }));
  const last = canaries[0] ?? (await canaryRunsSince(deps.db, endpointId, instrumentId, 0, 1))[0];
  return {
    ...watchView(row),
    last_canary: last === undefined ? null : lastCanaryView(last),
    windows: scorecardWindowsOf({ receipts, canaries, failedBeforeFirstByte }, nowUs, scorecardRowCap),
  };
}

const lastCanaryView = (run: CanaryRunRow): NonNullable<Schemas['LastCanary']> => ({
  at: toIso(Number(run.started_at_us)),
  result: run.result,
  probe: run.probe,
});

/** The supplier's scorecards: every endpoint not deleted × every instrument it offers. */
export async function supplierScorecards(deps: ScorecardDeps, userId: string): Promise<Schemas['SupplierScorecard'][]> {
  const nowUs = deps.clock.nowUs();
  const cards: Schemas['SupplierScorecard'][] = [];
  for (const row of await endpointsOfSupplier(deps.db, userId))
    cards.push({
      endpoint_id: row.endpoint_id,
      instrument_id: row.instrument_id,
      qualification: row.qualification,
      basis: row.basis,
      quality_score: row.quality_score,
      report_id: row.report_id,
      ...(await figuresOf(deps, row, nowUs)),
    });
  return cards;
}

const publicQualification = (row: ScorecardPairRow): Schemas['PublicScorecard']['qualification'] | undefined =>
  row.qualification === 'qualified' || row.qualification === 'suspended' ? row.qualification : undefined;

/**
 * The instrument's public scorecards: its qualified or suspended endpoints, best Quality Score first. They show the
 * watch's standing and reason (counts and rates, nothing of the upstream) and who suspended, never the operator's
 * reasons.
 */
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
      ...(await figuresOf(deps, row, nowUs)),
    });
  }
  const score = (card: Schemas['PublicScorecard']) => card.quality_score ?? -1;
  return cards.sort((a, b) => score(b) - score(a) || a.supplier_ref.localeCompare(b.supplier_ref));
}
