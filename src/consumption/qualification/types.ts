import type { ChatCompletion, ChatRequest } from '../suppliers/types.js';

/**
 * A qualification run's vocabulary: probes (generated requests with their own deterministic check), what each
 * probe and each performance guarantee measured, and the report a run ends with. Everything in a report is plain
 * JSON, so it can be stored and shown to the supplier as it is.
 */

export type Suite = 'text' | 'code' | 'agent';

/** The guarantees a run measures: the per-answer judgment's names, and the context window a supplier may not refuse. */
export type Guarantee = 'time_to_first_token' | 'token_throughput' | 'max_output_length' | 'context_window';

/** A probe's request without `model`: the run adds the instrument's model name. */
export type ProbeRequest = Omit<ChatRequest, 'model'>;

/** One quality probe: a generated request and the check of its answer (deterministic, no model involved). */
export interface Probe {
  /** `suite.kind#n`, e.g. `text.exact_words#2`: which template, which instance. */
  id: string;
  suite: Suite;
  request: ProbeRequest;
  check(answer: ChatCompletion): Promise<ProbeVerdict>;
}

export interface ProbeVerdict {
  passed: boolean;
  /** Why it failed (what was expected, what came), or what passed. */
  detail: string;
}

export interface ProbeResult extends ProbeVerdict {
  probe: string;
  suite: Suite;
  /** From the request sent to the end of the answer. */
  elapsed_ms: number;
}

export interface GuaranteeResult {
  guarantee: Guarantee;
  /** The instrument's bound: ms for time to first token, tokens/s for throughput, tokens otherwise. */
  bound: number;
  /** What the run measured, in the bound's unit; null when it could not be measured (see `detail`). */
  measured: number | null;
  passed: boolean;
  detail: string;
}

/** The instrument's contract as a run reads it (`ai_specs` of the reference data). */
export interface QualificationInstrument {
  id: string;
  model_name: string;
  model_category: string | null;
  context_window: number;
  token_throughput: number;
  max_output_length: number;
  min_performance_benchmark: number;
  min_time_to_first_token_ms: number;
}

export interface QualificationReport {
  instrument_id: string;
  /** Replays the run's probes: the same seed generates the same prompts and checks. */
  seed: number;
  /** `completed` when every probe got an answer or a verdict; `failed` when the upstream broke the run. */
  status: 'completed' | 'failed';
  /** Why the run failed (the probe and the upstream's failure); null when it completed. */
  failure: string | null;
  /** 0–100: the share of quality probes passed; null when the run failed. */
  quality_score: number | null;
  min_performance_benchmark: number;
  /** The score reaches the instrument's floor and every performance guarantee holds. */
  qualified: boolean;
  probes: ProbeResult[];
  guarantees: GuaranteeResult[];
  started_at_us: number;
  finished_at_us: number;
}
