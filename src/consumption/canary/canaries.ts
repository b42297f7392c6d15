import { insertCanaryRun, type CanaryResult } from '../../db/canary-runs.js';
import {
  claimCanary,
  dueCanaryEndpoints,
  nextCanaryInstrument,
  type CanaryEndpointRow,
} from '../../db/canary-schedule.js';
import { findInstrument } from '../../core/reference.js';
import { logJobFailure } from '../../db/unavailable.js';
import { newRandomSeed, randomFraction } from '../../lib/seeded-random.js';
import type { Logger } from '../../lib/logger.js';
import { runCanary, type CanaryDeps } from './canary-probe.js';

/**
 * The canaries' schedule (issue 31, item 4): each endpoint that serves an instrument, or that the watch suspended for
 * one, gets a canary every MKT_CANARY_INTERVAL_S on average, at a random time: the gap to the next is drawn uniformly
 * between half and one and a half intervals, so an upstream cannot tell canaries by their rhythm and a window of a few
 * intervals holds a predictable number of them. The endpoint's next time is in the database; a process sends a canary
 * only once it has moved that time forward itself (compare-and-set), so every process may look and one sends.
 */

export interface CanaryJobDeps extends CanaryDeps {
  logger: Logger;
  config: CanaryDeps['config'] & { watch: { canaryIntervalS: number } };
  /** Counts each canary's result (app/endpoint-watch-job.ts). */
  onCanary: (instrumentId: string, result: CanaryResult) => void;
}

interface Canaries {
  /** Sends the canaries due now (without waiting for their answers). */
  tick(): Promise<void>;
  /** Aborts the canaries in flight and waits for them to be recorded or dropped. */
  stop(): Promise<void>;
}

/** Canaries one process has in flight at most; the due ones beyond wait for the next tick. */
const inFlightMax = 4;

/** The next canary's time: uniform over [½, 1½] intervals, or over [0, 1] for an endpoint's first. */
function nextDueUs(nowUs: number, intervalS: number, first: boolean): number {
  const fraction = first ? randomFraction() : 0.5 + randomFraction();
  return nowUs + Math.round(fraction * intervalS * 1_000_000);
}

async function sendCanary(deps: CanaryJobDeps, endpoint: CanaryEndpointRow, signal: AbortSignal): Promise<void> {
  const instrumentId = await nextCanaryInstrument(deps.db, endpoint.id, deps.clock.nowUs());
  const instrument = instrumentId === undefined ? undefined : await findInstrument(deps, instrumentId);
  if (instrument === undefined) return;
  const run = await runCanary(deps, { endpoint, instrument, seed: newRandomSeed() }, signal);
  if (signal.aborted) return; // the process is stopping: an interrupted canary says nothing of the upstream
  await insertCanaryRun(deps.db, run);
  deps.onCanary(instrument.id, run.result);
  const fields = { endpoint_id: endpoint.id, instrument_id: instrument.id, probe: run.probe, result: run.result };
  deps.logger.debug({ ...fields, detail: run.detail }, 'canary sent');
}

export function runCanaries(deps: CanaryJobDeps): Canaries {
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  const launch = (endpoint: CanaryEndpointRow) => {
    const sent = sendCanary(deps, endpoint, stopping.signal)
      .catch((error: unknown) => logJobFailure(deps.logger, error, { endpoint_id: endpoint.id }, 'canary failed'))
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  return {
    async tick() {
      const intervalS = deps.config.watch.canaryIntervalS;
      if (intervalS === 0 || stopping.signal.aborted) return;
      const nowUs = deps.clock.nowUs();
      for (const endpoint of await dueCanaryEndpoints(deps.db, nowUs)) {
        if (inFlight.size >= inFlightMax) return;
        const first = endpoint.canary_due_at_us === null;
        const claimed = await claimCanary(
          deps.db,
          endpoint.id,
          endpoint.canary_due_at_us,
          nextDueUs(nowUs, intervalS, first),
        );
        // An endpoint's first turn only schedules it, at a random time within an interval.
        if (claimed && !first) launch(endpoint);
      }
    },
    async stop() {
      stopping.abort();
      await Promise.all(inFlight);
    },
  };
}
