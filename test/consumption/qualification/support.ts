import { systemClock } from '../../../src/lib/clock.js';
import { instrumentSeeds } from '../../../src/db/seed/instruments.js';
import { createOpenAiUpstream } from '../../../src/consumption/suppliers/openai-upstream.js';
import { runQualification, type QualificationLimits } from '../../../src/consumption/qualification/run.js';
import type { QualificationInstrument, QualificationReport } from '../../../src/consumption/qualification/types.js';

/** The seeded instruments as a qualification run reads them, by model name (`text-standard`). */
function instrumentNamed(modelName: string): QualificationInstrument {
  const seed = instrumentSeeds.find((instrument) => instrument.modelName === modelName);
  if (!seed) throw new Error(`no seeded instrument ${modelName}`);
  return {
    id: seed.instrumentId,
    model_name: seed.modelName,
    model_category: seed.taskType,
    context_window: seed.contextWindow,
    token_throughput: seed.tokenThroughput,
    max_output_length: seed.maxOutputLength,
    min_performance_benchmark: seed.minPerformanceBenchmark,
    min_time_to_first_token_ms: seed.maxTimeToFirstTokenMs,
  };
}

/** One run against an OpenAI-compatible upstream at `url`, over real HTTP, through the gateway's own adapter. */
export function qualify(
  url: string,
  modelName: string,
  options: { seed?: number; limits?: Partial<QualificationLimits> } = {},
): Promise<QualificationReport> {
  return runQualification({
    supplier: createOpenAiUpstream({ id: 'under-test', baseUrl: url, model: 'whatever-it-serves' }),
    instrument: instrumentNamed(modelName),
    clock: systemClock,
    ...options,
  });
}

export const guaranteeOf = (report: QualificationReport, name: string) =>
  report.guarantees.find((guarantee) => guarantee.guarantee === name);
