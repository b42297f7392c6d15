import { findInstrument } from '../../core/reference.js';
import type { Db } from '../../db/knex.js';
import type { Clock } from '../../lib/clock.js';
import { createOpenAiUpstream } from '../suppliers/openai-upstream.js';
import { createSimulator } from '../suppliers/simulator.js';
import type { Supplier } from '../suppliers/types.js';
import { runQualification, type QualificationLimits } from './run.js';
import type { QualificationReport } from './types.js';

/**
 * A qualification run against a registered upstream, for one instrument of the reference data: the adapter routing
 * would use (the built-in simulator for a simulated endpoint, else the OpenAI-compatible one with the opened key).
 */

interface UpstreamUnderTest {
  id: string;
  /** Null for a simulated endpoint. */
  baseUrl: string | null;
  model: string | null;
  /** In clear, opened for this run only; never stored or logged here. */
  apiKey: string | null;
  simulated: boolean;
}

interface UpstreamRunDeps {
  db: Db;
  clock: Clock;
  limits?: Partial<QualificationLimits>;
}

function supplierOf(upstream: UpstreamUnderTest): Supplier {
  if (upstream.simulated || upstream.baseUrl === null) return createSimulator({ id: upstream.id });
  return createOpenAiUpstream({
    id: upstream.id,
    baseUrl: upstream.baseUrl,
    model: upstream.model ?? 'default',
    ...(upstream.apiKey !== null && { apiKey: upstream.apiKey }),
  });
}

/** Runs the instrument's probes against the upstream; undefined when no instrument has that id. */
export async function qualifyUpstream(
  deps: UpstreamRunDeps,
  upstream: UpstreamUnderTest,
  instrumentId: string,
  signal: AbortSignal,
): Promise<QualificationReport | undefined> {
  const instrument = await findInstrument(deps, instrumentId);
  if (instrument === undefined) return undefined;
  return runQualification({
    supplier: supplierOf(upstream),
    instrument,
    clock: deps.clock,
    signal,
    ...(deps.limits && { limits: deps.limits }),
  });
}
