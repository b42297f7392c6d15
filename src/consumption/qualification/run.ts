import type { Clock } from '../../lib/clock.js';
import { newRandomSeed } from '../../lib/seeded-random.js';
import { SupplierError, type Supplier } from '../suppliers/types.js';
import {
  measureContext,
  measureFirstToken,
  measureMaxOutput,
  measureThroughput,
  type MeasureDeps,
} from './guarantees.js';
import { performanceRequests, type PerformanceRequests } from './performance-probes.js';
import { probeRandom } from './probe-random.js';
import { generateProbes, suiteOf } from './probes.js';
import { sandboxLimitDefaults, type SandboxLimits } from './sandbox.js';
import { completeWithin } from './timed-call.js';
import type { GuaranteeResult, Probe, ProbeResult, QualificationInstrument, QualificationReport } from './types.js';

/**
 * A qualification run: the instrument's quality probes, then its performance guarantees, against one supplier, one
 * call at a time. Every call is bounded (its own limit and the run's), so a supplier that hangs, resets or answers
 * garbage ends the run as `failed` with the probe and the reason, within the run's limit; the caller never waits
 * longer than that.
 */

export interface QualificationLimits {
  /** Instances of each template of the suite. */
  perTemplate: number;
  /** Most time for one call (the longest answer excepted: its limit follows from the instrument's bounds). */
  probeTimeoutMs: number;
  /** Most time for the whole run. */
  runTimeoutMs: number;
  sandbox: SandboxLimits;
}

const qualificationLimitDefaults: QualificationLimits = {
  perTemplate: 4,
  probeTimeoutMs: 60_000,
  runTimeoutMs: 30 * 60_000,
  sandbox: sandboxLimitDefaults,
};

interface QualificationRun {
  supplier: Supplier;
  instrument: QualificationInstrument;
  clock: Clock;
  /** Replays a run: the seed of its report. A fresh one by default. */
  seed?: number;
  /** Aborts the run (the service is stopping). */
  signal?: AbortSignal;
  limits?: Partial<QualificationLimits>;
}

export async function runQualification(run: QualificationRun): Promise<QualificationReport> {
  const limits = { ...qualificationLimitDefaults, ...run.limits };
  const seed = run.seed ?? newRandomSeed();
  const random = probeRandom(seed);
  const probes = generateProbes(suiteOf(run.instrument.model_category), random, limits);
  const requests = performanceRequests(run.instrument, random);
  const runSignal = AbortSignal.any([...(run.signal ? [run.signal] : []), AbortSignal.timeout(limits.runTimeoutMs)]);
  const deps: MeasureDeps = { ...run, runSignal, probeTimeoutMs: limits.probeTimeoutMs };
  const startedAtUs = run.clock.nowUs();
  const results: ProbeResult[] = [];
  const guarantees: GuaranteeResult[] = [];
  let failure: string | null = null;
  try {
    for (const probe of probes) results.push(await askProbe(deps, probe));
    guarantees.push(...(await measureGuarantees(deps, requests)));
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    failure = failureOf(error, results.length < probes.length ? probes[results.length] : undefined, runSignal, limits);
  }
  return reportOf({ run, seed, startedAtUs, results, guarantees, failure });
}

async function askProbe(deps: MeasureDeps, probe: Probe): Promise<ProbeResult> {
  const request = { ...probe.request, model: deps.instrument.model_name };
  const { answer, elapsedMs } = await completeWithin(deps.supplier, request, {
    runSignal: deps.runSignal,
    timeoutMs: deps.probeTimeoutMs,
  });
  const verdict = await probe.check(answer);
  return { probe: probe.id, suite: probe.suite, ...verdict, elapsed_ms: elapsedMs };
}

async function measureGuarantees(deps: MeasureDeps, requests: PerformanceRequests): Promise<GuaranteeResult[]> {
  const firstToken = await measureFirstToken(deps, requests);
  const throughput = await measureThroughput(deps, requests);
  const context = await measureContext(deps, requests);
  const maxOutput = await measureMaxOutput(deps, requests, throughput.passed);
  return [firstToken, throughput, context, maxOutput];
}

/** Which call failed and why, in words a supplier can act on. */
function failureOf(
  error: SupplierError,
  probe: Probe | undefined,
  runSignal: AbortSignal,
  limits: QualificationLimits,
): string {
  const where = probe ? `probe ${probe.id}` : 'the performance probes';
  const why =
    runSignal.aborted && !(runSignal.reason instanceof SupplierError)
      ? `the run was stopped or ran past its ${limits.runTimeoutMs} ms`
      : `${error.failure}: ${error.message}`;
  return `${where}: ${why}`;
}

function reportOf(parts: {
  run: QualificationRun;
  seed: number;
  startedAtUs: number;
  results: ProbeResult[];
  guarantees: GuaranteeResult[];
  failure: string | null;
}): QualificationReport {
  const { run, results, guarantees, failure } = parts;
  const minimum = run.instrument.min_performance_benchmark;
  const score =
    failure === null && results.length > 0
      ? Math.floor((100 * results.filter((result) => result.passed).length) / results.length)
      : null;
  return {
    instrument_id: run.instrument.id,
    seed: parts.seed,
    status: failure === null ? 'completed' : 'failed',
    failure,
    quality_score: score,
    min_performance_benchmark: minimum,
    qualified: score !== null && score >= minimum && guarantees.every((guarantee) => guarantee.passed),
    probes: results,
    guarantees,
    started_at_us: parts.startedAtUs,
    finished_at_us: run.clock.nowUs(),
  };
}
