import { Counter } from 'prom-client';
import { runCanaries, type CanaryJobDeps } from '../consumption/canary/canaries.js';
import { allInstruments } from '../db/reference.js';
import { logJobFailure } from '../db/unavailable.js';
import type { CanaryResult } from '../db/canary-runs.js';
import type { Metrics } from '../lib/metrics.js';
import { watchEndpoints, type WatchDeps } from '../trading/supply/watch.js';
import type { WatchConfig } from './config-watch.js';

/**
 * Canaries and the watch over suppliers' endpoints (issue 31, item 4), in every process: each second, the canaries
 * that are due (one process sends each: consumption/canary/canaries.ts); every MKT_WATCH_INTERVAL_S, a look over the
 * endpoints (trading/supply/watch.ts). Each runs on its own chain, so that a slow upstream or a slow look delays only
 * itself, never the background's sweep.
 */

type JobDeps = Omit<CanaryJobDeps, 'onCanary'> &
  Omit<WatchDeps, 'onDecision'> & { metrics: Metrics; config: { watch: WatchConfig } };

interface EndpointWatchJob {
  /** Stops both chains, awaiting the canaries in flight (aborted) and the look in progress. */
  stop(): Promise<void>;
}

/** Canaries due are looked for every second, or four times an interval when that is shorter (a test's 1 s). */
const canaryTickMs = (intervalS: number): number => Math.min(1000, Math.max(50, (intervalS * 1000) / 4));
const canaryResults: readonly CanaryResult[] = ['passed', 'failed', 'out_of_spec', 'error'];
const watchChanges = ['suspended', 'restored', 'meets', 'misses', 'unjudged'] as const;

/**
 * `mkt_canaries_total{instrument,result}` and `mkt_endpoint_watch_changes_total{instrument,change}`, every series of
 * every instrument at 0 from the start, so that a rate sees the first canary and the first suspension.
 */
function watchCounters(deps: JobDeps) {
  const registers = [deps.metrics.registry];
  const canaries = new Counter({
    name: 'mkt_canaries_total',
    help: "Canaries sent to suppliers' endpoints, by instrument and result (passed, failed its check, out_of_spec, error).",
    labelNames: ['instrument', 'result'],
    registers,
  });
  const changes = new Counter({
    name: 'mkt_endpoint_watch_changes_total',
    help: "The watch's changes to endpoints: suspensions, restorations and standings, by instrument.",
    labelNames: ['instrument', 'change'],
    registers,
  });
  const atZero = async () => {
    for (const { id: instrument } of await allInstruments(deps.db)) {
      for (const result of canaryResults) canaries.labels({ instrument, result }).inc(0);
      for (const change of watchChanges) changes.labels({ instrument, change }).inc(0);
    }
  };
  return { canaries, changes, atZero };
}

function chain(intervalMs: number, work: () => Promise<void>, onError: (error: unknown) => void) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const run = () => {
    inFlight = work()
      .catch(onError)
      .finally(() => {
        if (!stopped) (timer = setTimeout(run, intervalMs)).unref();
      });
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
}

export function startEndpointWatchJob(deps: JobDeps): EndpointWatchJob {
  const counters = watchCounters(deps);
  let atZero: Promise<void> | undefined;
  const canaries = runCanaries({
    ...deps,
    onCanary: (instrument, result) => counters.canaries.labels({ instrument, result }).inc(),
  });
  const watchDeps: WatchDeps = {
    ...deps,
    onDecision: (instrument, change) => counters.changes.labels({ instrument, change }).inc(),
  };
  // The series start at 0 before the first canary can count (the first tick waits for them).
  const tick = async () => {
    await (atZero ??= counters.atZero().catch((error: unknown) => {
      atZero = undefined; // tried again at the next tick
      throw error;
    }));
    await canaries.tick();
  };
  const stopCanaries = chain(canaryTickMs(deps.config.watch.canaryIntervalS), tick, (error) =>
    logJobFailure(deps.logger, error, {}, 'canaries could not be sent'),
  );
  const { intervalS } = deps.config.watch;
  const stopWatch =
    intervalS === 0
      ? () => Promise.resolve()
      : chain(
          intervalS * 1000,
          () => watchEndpoints(watchDeps),
          (error) => logJobFailure(deps.logger, error, {}, 'the watch over endpoints failed'),
        );
  return {
    async stop() {
      await Promise.all([stopCanaries(), stopWatch()]);
      await canaries.stop();
    },
  };
}
