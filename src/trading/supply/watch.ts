import { attemptFailuresSince } from '../../db/attempt-failures.js';
import { canaryRunsSince } from '../../db/canary-runs.js';
import type { Db } from '../../db/knex.js';
import {
  changeStanding,
  receiptCountsSince,
  watchedEndpoints,
  watchSuspensionsOf,
  type WatchedRow,
} from '../../db/watch-reads.js';
import { findInstrument } from '../../core/reference.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import type { Logger } from '../../lib/logger.js';
import { qualify } from './endpoints.js';
import {
  judgeEndpoint,
  maySuspendAnother,
  type WatchCounts,
  type WatchDecision,
  type WatchThresholds,
} from './watch-decision.js';

/**
 * The watch over suppliers' endpoints (issue 31, item 4): every process looks over every serving or suspended
 * endpoint × instrument now and then, judges what it answered over the window (watch-decision.ts), and records the
 * standing routing ranks by, a suspension, or a restoration. Processes agree through the database: a standing changes
 * only from the one read (compare-and-set), and a suspension or restoration is a qualification event applied under
 * the row's lock (endpoints.ts `qualify`), so whichever process comes second finds it done and does nothing. Every
 * change is logged with why, and suspensions and restorations are in `qualification_events`.
 */

export interface WatchDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: { watch: WatchThresholds & { windowS: number } };
  /** Counts the watch's decisions (app/services.ts makes it; a test may leave it out). */
  onDecision?: (instrumentId: string, decision: 'suspended' | 'restored' | 'meets' | 'misses' | 'unjudged') => void;
}

/** The most canaries read for one window: the Quality Score of this many is already exact enough. */
const canariesRead = 500;

async function countsOf(deps: WatchDeps, row: WatchedRow, sinceUs: number): Promise<WatchCounts> {
  const { db } = deps;
  const [receipts, failures, canaries] = await Promise.all([
    receiptCountsSince(db, row.endpoint_id, row.instrument_id, sinceUs),
    attemptFailuresSince(db, row.endpoint_id, row.instrument_id, sinceUs),
    canaryRunsSince(db, row.endpoint_id, row.instrument_id, sinceUs, canariesRead),
  ]);
  return {
    receipts: receipts.receipts,
    receiptsOutOfSpec: receipts.outOfSpec,
    receiptsFailed: receipts.failed,
    attemptFailures: failures.timeout + failures.failed,
    canaries: canaries.map((canary) => ({
      result: canary.result,
      qualityPassed: canary.quality_passed === null ? null : Boolean(canary.quality_passed),
    })),
  };
}

/** The decision for one endpoint × instrument; none for an instrument the reference data no longer has. */
async function decide(deps: WatchDeps, row: WatchedRow, nowUs: number): Promise<WatchDecision> {
  const instrument = await findInstrument(deps, row.instrument_id);
  if (instrument === undefined || (row.qualification !== 'qualified' && row.qualification !== 'suspended'))
    return { kind: 'none' };
  const { watch } = deps.config;
  const judgedSinceUs = Number(row.judged_since_us ?? row.created_at_us);
  const counts = await countsOf(deps, row, Math.max(judgedSinceUs, nowUs - watch.windowS * 1_000_000));
  const sinceSuspension =
    row.qualification === 'suspended'
      ? await canaryRunsSince(
          deps.db,
          row.endpoint_id,
          row.instrument_id,
          Number(row.updated_at_us),
          watch.restorePasses,
        )
      : [];
  const subject = {
    qualification: row.qualification,
    suspendedBy: row.suspended_by,
    basis: row.basis,
    floor: Number(instrument.min_performance_benchmark),
    canariesSinceSuspension: sinceSuspension,
  };
  return judgeEndpoint(subject, counts, watch);
}

/** Suspends or restores by the watch's word; false when another process did it first (the event no longer applies). */
async function applyEvent(
  deps: WatchDeps,
  row: WatchedRow,
  kind: 'suspended' | 'restored',
  reason: string,
  nowUs: number,
): Promise<boolean> {
  try {
    await deps.db.transaction((trx) =>
      qualify(trx, row.endpoint_id, [row.instrument_id], { kind, reason, by: 'watch' }, nowUs),
    );
    return true;
  } catch (error) {
    if (error instanceof Failure && (error.code === 'not_suspendable' || error.code === 'not_suspended')) return false;
    throw error;
  }
}

/**
 * Whether the instrument can spare the endpoint (watch-decision.ts maySuspendAnother); when it cannot, the endpoint is
 * ranked as missing the contract instead, with why.
 */
async function maySuspend(deps: WatchDeps, row: WatchedRow, reason: string, nowUs: number): Promise<boolean> {
  const { endpoints, suspended } = await watchSuspensionsOf(deps.db, row.instrument_id);
  if (maySuspendAnother(suspended, endpoints, deps.config.watch)) return true;
  const held = `${reason}; not suspended: ${suspended} of the instrument's ${endpoints} endpoints already are (MKT_SUSPEND_MAX_PERCENT)`;
  const key = { endpointId: row.endpoint_id, instrumentId: row.instrument_id, from: row.standing };
  if (
    row.standing !== 'misses' &&
    (await changeStanding(deps.db, key, { standing: 'misses', reason: held, atUs: nowUs }))
  )
    deps.logger.warn(
      { endpoint_id: row.endpoint_id, instrument_id: row.instrument_id, reason: held },
      'endpoint not suspended: too many are',
    );
  return false;
}

async function apply(deps: WatchDeps, row: WatchedRow, decision: WatchDecision, nowUs: number): Promise<void> {
  const where = { endpoint_id: row.endpoint_id, instrument_id: row.instrument_id };
  if (decision.kind === 'none') return;
  if (decision.kind === 'standing') {
    if (decision.standing === row.standing) return;
    const key = { endpointId: row.endpoint_id, instrumentId: row.instrument_id, from: row.standing };
    if (!(await changeStanding(deps.db, key, { ...decision, atUs: nowUs }))) return;
    deps.onDecision?.(row.instrument_id, decision.standing);
    deps.logger.info({ ...where, standing: decision.standing, reason: decision.reason }, 'endpoint standing changed');
    return;
  }
  const kind = decision.kind === 'suspend' ? 'suspended' : 'restored';
  if (kind === 'suspended' && !(await maySuspend(deps, row, decision.reason, nowUs))) return;
  if (!(await applyEvent(deps, row, kind, decision.reason, nowUs))) return;
  // A restored endpoint starts a new window: unjudged until it has answered enough again.
  const standing = kind === 'suspended' ? 'misses' : 'unjudged';
  await changeStanding(
    deps.db,
    { endpointId: row.endpoint_id, instrumentId: row.instrument_id, from: row.standing },
    {
      standing,
      reason: decision.reason,
      atUs: nowUs,
    },
  );
  deps.onDecision?.(row.instrument_id, kind);
  deps.logger.warn(
    { ...where, qualification: kind, by: 'watch', reason: decision.reason },
    `endpoint ${kind} by the watch`,
  );
}

/** One look over every watched endpoint × instrument. */
export async function watchEndpoints(deps: WatchDeps): Promise<void> {
  const nowUs = deps.clock.nowUs();
  for (const row of await watchedEndpoints(deps.db)) await apply(deps, row, await decide(deps, row, nowUs), nowUs);
}
