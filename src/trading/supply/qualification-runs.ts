import type { Db } from '../../db/knex.js';
import {
  abandonQualificationRuns,
  finishQualificationRun,
  insertQualificationRun,
  liveQualificationRun,
  qualificationRunById,
  qualificationRunsOfEndpoint,
  renewQualificationRun,
  type QualificationRunRow,
} from '../../db/qualification-runs.js';
import { endpointOfUser, type EndpointRow } from '../../db/supplier-endpoints.js';
import type { Clock } from '../../lib/clock.js';
import { Failure } from '../../lib/failure.js';
import { newQualificationRunId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import { getEndpoint, qualify, type EndpointFailure } from './endpoints.js';

/**
 * Qualification runs of suppliers' endpoints (issue 31): started by the supplier (or the operator), run in the
 * background by the process that started them, each instrument of the endpoint measured in turn by the port the
 * composition root gives (`measureEndpoint`: the consumption surface's probes), then recorded: the run and its
 * reports, and each instrument's qualification (qualification.ts, event `measured`). A run holds a lease it renews as
 * it goes; a process that stops leaves a run whose lease expires, and the next start marks it failed.
 */

/** What trading reads of one instrument's report; the rest is stored and shown as the consumption surface wrote it. */
export interface MeasuredReport {
  instrument_id: string;
  status: 'completed' | 'failed';
  failure: string | null;
  quality_score: number | null;
  qualified: boolean;
}

/** Measures one endpoint for one instrument; undefined when the instrument is unknown. */
export type MeasureEndpoint = (
  endpoint: EndpointRow,
  instrumentId: string,
  signal: AbortSignal,
) => Promise<MeasuredReport | undefined>;

interface QualificationRunDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  measureEndpoint: MeasureEndpoint;
}

export type QualificationRunFailure = 'qualification_running' | 'unknown_qualification';

/** How long a run's lease lasts, and how often the running process renews it. */
const leaseUs = 60_000_000;
const renewEveryMs = 15_000;
const abandonedReason = 'the process running it stopped before it finished';

/** Starts a run of the endpoint's probes; answers at once with the running run. */
export async function startQualificationRun(
  deps: QualificationRunDeps,
  userId: string,
  endpointId: string,
): Promise<QualificationRunRow> {
  const { run } = await beginRun(deps, userId, endpointId);
  return run;
}

/**
 * Runs the endpoint's probes to the end and answers the finished run (`mkt admin supplier add --qualify`: the operator
 * waits for the verdict, as a supplier reads it from `GET …/qualifications/{id}` later).
 */
export async function qualifyEndpointNow(
  deps: QualificationRunDeps,
  userId: string,
  endpointId: string,
): Promise<QualificationRunRow> {
  const { run, measured } = await beginRun(deps, userId, endpointId);
  await measured;
  return getQualificationRun(deps, userId, endpointId, run.id);
}

/** A run recorded as running, and its measuring, which records it when done (never rejects). */
async function beginRun(
  deps: QualificationRunDeps,
  userId: string,
  endpointId: string,
): Promise<{ run: QualificationRunRow; measured: Promise<void> }> {
  const endpoint = await getEndpoint(deps, userId, endpointId);
  if (endpoint.row.status === 'deleted')
    throw new Failure<EndpointFailure>('unknown_endpoint', `You have no endpoint with id ${endpointId}.`);
  const nowUs = deps.clock.nowUs();
  await abandonQualificationRuns(deps.db, endpointId, nowUs, abandonedReason);
  const live = await liveQualificationRun(deps.db, endpointId, nowUs);
  if (live !== undefined)
    throw new Failure<QualificationRunFailure>(
      'qualification_running',
      `Run ${live.id} is still measuring this endpoint.`,
      {
        context: { qualification_id: live.id },
      },
    );
  const run = { id: newQualificationRunId(), endpointId, userId, leaseUntilUs: nowUs + leaseUs, startedAtUs: nowUs };
  await insertQualificationRun(deps.db, run);
  const instrumentIds = endpoint.instruments.map((instrument) => instrument.instrument_id);
  const measured = measureInBackground(deps, endpoint.row, run.id, instrumentIds);
  const row: QualificationRunRow = {
    id: run.id,
    endpoint_id: endpointId,
    user_id: userId,
    status: 'running',
    failure: null,
    reports: null,
    lease_until_us: run.leaseUntilUs,
    started_at_us: run.startedAtUs,
    finished_at_us: null,
  };
  return { run: row, measured };
}

async function measureInBackground(
  deps: QualificationRunDeps,
  endpoint: EndpointRow,
  runId: string,
  instrumentIds: string[],
): Promise<void> {
  const controller = new AbortController();
  const renewal = setInterval(() => {
    renewQualificationRun(deps.db, runId, deps.clock.nowUs() + leaseUs).then(
      (running) => running || controller.abort(new Error('the run was marked failed')),
      () => undefined,
    );
  }, renewEveryMs);
  try {
    const reports: MeasuredReport[] = [];
    for (const instrumentId of instrumentIds) {
      const report = await deps.measureEndpoint(endpoint, instrumentId, controller.signal);
      if (report) reports.push(report);
    }
    await record(deps, endpoint, runId, reports);
  } catch (error) {
    deps.logger.error({ err: error, qualification_id: runId }, 'qualification run failed');
    await finishQualificationRun(deps.db, runId, {
      status: 'failed',
      failure: `the run stopped: ${error instanceof Error ? error.message : String(error)}`,
      reports: null,
      finishedAtUs: deps.clock.nowUs(),
    }).catch(() => undefined);
  } finally {
    clearInterval(renewal);
  }
}

/**
 * The run and its reports, and each instrument's qualification, in one transaction. Left alone when the endpoint
 * changed upstream while it ran (what was measured is no longer what it serves), or a later start marked it failed.
 */
async function record(
  deps: QualificationRunDeps,
  endpoint: EndpointRow,
  runId: string,
  reports: MeasuredReport[],
): Promise<void> {
  const nowUs = deps.clock.nowUs();
  const failed = reports.find((report) => report.status === 'failed');
  await deps.db.transaction(async (trx) => {
    const finished = await finishQualificationRun(trx, runId, {
      status: failed ? 'failed' : 'completed',
      failure: failed ? `${failed.instrument_id}: ${failed.failure ?? 'failed'}` : null,
      reports: JSON.stringify(reports),
      finishedAtUs: nowUs,
    });
    const now = await endpointOfUser(trx, endpoint.user_id, endpoint.id);
    if (!finished || now === undefined || now.updated_at_us !== endpoint.updated_at_us) return;
    for (const report of reports) {
      const event = {
        kind: 'measured' as const,
        passed: report.qualified,
        qualityScore: report.quality_score ?? 0,
        reportId: runId,
      };
      await qualify(trx, endpoint.id, [report.instrument_id], event, nowUs);
    }
  });
  deps.logger.info({ qualification_id: runId, endpoint_id: endpoint.id }, 'qualification run recorded');
}

export async function listQualificationRuns(
  deps: { db: Db },
  userId: string,
  endpointId: string,
): Promise<QualificationRunRow[]> {
  await getEndpoint(deps, userId, endpointId);
  return qualificationRunsOfEndpoint(deps.db, endpointId, 50);
}

export async function getQualificationRun(
  deps: { db: Db },
  userId: string,
  endpointId: string,
  runId: string,
): Promise<QualificationRunRow> {
  await getEndpoint(deps, userId, endpointId);
  const run = await qualificationRunById(deps.db, endpointId, runId);
  if (run === undefined)
    throw new Failure<QualificationRunFailure>('unknown_qualification', `This endpoint has no qualification ${runId}.`);
  return run;
}
