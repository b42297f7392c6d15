import { logJobFailure } from '../db/unavailable.js';
import { lastAuditRun, recordAuditRun, type AuditRun } from '../db/audit-runs.js';
import type { Db } from '../db/knex.js';
import { runAudit } from '../ledger/audit.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../lib/metrics.js';

/**
 * The periodic ledger audit (MKT_AUDIT_INTERVAL_S; 0 turns it off): the checks of `mkt admin audit` (ledger/audit.ts),
 * recorded in ledger_audit_runs, reported as `mkt_ledger_audit_ok` and, when a balance stops matching its journal, as
 * an error log line naming the failed checks. One audit per interval is enough however many processes run: a process
 * whose turn comes within an interval of anyone's last run skips it and reports that run instead.
 */

interface AuditJobDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, 'ledgerAuditOk'>;
}

interface LedgerAuditJob {
  /** Stops the job, awaiting an audit in flight. */
  stop(): Promise<void>;
}

/** The job's state: made by startLedgerAuditJob, read by its runs and its stop. */
interface AuditJobState {
  deps: AuditJobDeps;
  intervalMs: number;
  timer: NodeJS.Timeout | undefined;
  inFlight: Promise<void>;
  stopped: boolean;
}

/** Failures quoted in the record and the log line; the rest are counted. */
const failuresQuotedMax = 5;

function reportRun(deps: AuditJobDeps, run: AuditRun): void {
  deps.metrics.ledgerAuditOk.set(run.ok ? 1 : 0);
}

/** Audits the ledger unless anyone has within the interval; either way the gauge reports the latest run. */
async function auditOnce(deps: AuditJobDeps, intervalMs: number): Promise<void> {
  const last = await lastAuditRun(deps.db);
  if (last !== undefined && deps.clock.nowUs() - last.ranAtUs < intervalMs * 1000) return reportRun(deps, last);
  const report = await runAudit(deps.db);
  const quoted = report.failures.slice(0, failuresQuotedMax);
  const run: AuditRun = {
    ranAtUs: deps.clock.nowUs(),
    ok: report.ok,
    failures: report.failures.length,
    detail: report.ok ? null : quoted.map((f) => `${f.check} ${f.subject}: ${f.detail}`).join('; '),
  };
  await recordAuditRun(deps.db, run);
  reportRun(deps, run);
  if (!report.ok) {
    const checks = [...new Set(report.failures.map((f) => f.check))];
    deps.logger.error(
      { checks, failures: report.failures.length, first: quoted },
      `ledger audit failed: ${checks.join(', ')} (a balance no longer matches its journal; run mkt admin audit)`,
    );
  }
}

function schedule(state: AuditJobState, delayMs: number): void {
  state.timer = setTimeout(() => runNow(state), delayMs);
  state.timer.unref();
}

function runNow(state: AuditJobState): void {
  state.inFlight = auditOnce(state.deps, state.intervalMs)
    .catch((error: unknown) => logJobFailure(state.deps.logger, error, {}, 'ledger audit could not run'))
    .finally(() => {
      if (!state.stopped) schedule(state, state.intervalMs);
    });
}

/**
 * Audits now (so the gauge has a value from the start), then every `intervalS` seconds after the previous audit ends;
 * nothing when `intervalS` is 0 (the gauge then reads NaN: no audit is known).
 */
export function startLedgerAuditJob(deps: AuditJobDeps, intervalS: number): LedgerAuditJob {
  const state: AuditJobState = {
    deps,
    intervalMs: intervalS * 1000,
    timer: undefined,
    inFlight: Promise.resolve(),
    stopped: intervalS === 0,
  };
  // Unknown until an audit is read or run: NaN, which no alert on `== 0` takes for a failure.
  deps.metrics.ledgerAuditOk.set(Number.NaN);
  if (!state.stopped) runNow(state);
  return {
    async stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      await state.inFlight;
    },
  };
}
