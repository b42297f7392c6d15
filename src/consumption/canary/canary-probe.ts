import type { CanaryRunRow } from '../../db/canary-runs.js';
import type { CanaryEndpointRow } from '../../db/canary-schedule.js';
import { recordOf } from '../../db/judgment-records.js';
import type { InstrumentRow } from '../../core/reference.js';
import { newCanaryRunId } from '../../lib/ids.js';
import { attemptRecordOf } from '../inference/judgment-answers.js';
import { newStreamMeasure, noteChunk, streamMeasurements, type StreamMeasure } from '../inference/judgment-stream.js';
import { callerAskOf, guaranteesOf, judgeAnswer, type AttemptMeasurements } from '../inference/judgment.js';
import { fitsSchema, type JsonSchemas } from '../inference/json-schemas.js';
import { adapterOf, type RoutingDeps } from '../inference/routing.js';
import { probeRandom } from '../qualification/probe-random.js';
import { generateProbes, suiteOf } from '../qualification/probes.js';
import type { SandboxLimits } from '../qualification/sandbox.js';
import type { Probe } from '../qualification/types.js';
import {
  completionTokensMax,
  SupplierError,
  type ChatCompletion,
  type ChatRequest,
  type ChatUsage,
} from '../suppliers/types.js';

/**
 * One canary (issue 31, item 4): a probe from the qualification's generator (fresh values every time), sent to one
 * endpoint through the adapter routing uses for buyers (the same upstream deadlines, key and model), streamed as most
 * buyers' requests are, timed as a buyer's stream is timed (judgment-stream.ts), judged by the same judge against the
 * instrument's guarantees (judgment.ts), and checked by the probe's own deterministic check. Nobody is billed: no
 * receipt, lot or budget is involved, and the upstream cannot tell a canary from a buyer's request.
 */

export interface CanaryDeps extends RoutingDeps {
  jsonSchemas: JsonSchemas;
  /** Limits of the sandbox that runs the code suite's checks. */
  sandbox: SandboxLimits;
}

/** The canary's probe: one of the instrument's suite, chosen and filled in from `seed`. */
function canaryProbe(instrument: InstrumentRow, seed: number, sandbox: SandboxLimits): Probe {
  const random = probeRandom(seed);
  return random.pick(generateProbes(suiteOf(instrument.model_category), random, { perTemplate: 1, sandbox }));
}

interface Streamed {
  measured: AttemptMeasurements;
  answer: ChatCompletion;
}

/** The streamed answer, measured chunk by chunk, and put together as a whole answer for the probe's check. */
async function streamed(deps: CanaryDeps, endpoint: CanaryEndpointRow, request: ChatRequest, signal: AbortSignal) {
  const supplier = await adapterOf(deps, { ...endpoint, best_ask: null });
  const sentUs = deps.clock.nowUs();
  const chunks = await supplier.stream({ request, signal });
  const measure: StreamMeasure = newStreamMeasure(sentUs, deps.clock.nowUs());
  let text = '';
  let usage: ChatUsage = {
    completion_tokens: 0,
    prompt_tokens: 0,
    total_tokens: 0,
    completion_tokens_details: { reasoning_tokens: 0 },
  };
  for await (const chunk of chunks) {
    noteChunk(measure, chunk, deps.clock.nowUs());
    text += chunk.choices[0]?.delta.content ?? '';
    if (chunk.usage) usage = chunk.usage;
    measure.askedUs = deps.clock.nowUs();
  }
  const measured = streamMeasurements(measure, true, {
    completionTokens: usage.completion_tokens,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
  });
  return { measured, answer: answerOf(request, text, measured, usage) } satisfies Streamed;
}

function answerOf(request: ChatRequest, text: string, measured: AttemptMeasurements, usage: ChatUsage): ChatCompletion {
  const toolCalls = measured.toolCalls.map((call, index) => ({
    id: `call_${index}`,
    type: 'function' as const,
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: 'canary',
    object: 'chat.completion',
    created: 0,
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          refusal: null,
          tool_calls: toolCalls.length > 0 ? toolCalls : null,
        },
        finish_reason: measured.finishReason ?? 'stop',
      },
    ],
    usage,
  };
}

/**
 * Sends the canary and records what came of it. The upstream's failure (before or after its first byte) is the
 * canary's `error`; anything else (a database failure) is thrown to the caller.
 */
export async function runCanary(
  deps: CanaryDeps,
  target: { endpoint: CanaryEndpointRow; instrument: InstrumentRow; seed: number },
  signal: AbortSignal,
): Promise<CanaryRunRow> {
  const { endpoint, instrument } = target;
  const probe = canaryProbe(instrument, target.seed, deps.sandbox);
  const request: ChatRequest = { ...probe.request, model: endpoint.model ?? instrument.model_name, stream: true };
  const startedUs = deps.clock.nowUs();
  const base = { id: newCanaryRunId(), endpoint_id: endpoint.id, instrument_id: instrument.id, probe: probe.id };
  let outcome: Streamed;
  try {
    outcome = await streamed(deps, endpoint, request, signal);
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    const detail = `${error.failure}: ${error.message}`;
    return { ...base, ...noAnswer, detail, started_at_us: startedUs, finished_at_us: deps.clock.nowUs() };
  }
  const guarantees = guaranteesOf(instrument);
  // A probe's prompt is a few hundred tokens: under the length the first-token bound is stated for, so not counted.
  const ask = callerAskOf(request, 0, completionTokensMax(request) ?? guarantees.outputTokensMax);
  const judgment = judgeAnswer(guarantees, ask, outcome.measured, (schema, text) =>
    fitsSchema(deps.jsonSchemas, schema, text),
  );
  const verdict = await probe.check(outcome.answer);
  const breached = judgment.breaches.length > 0;
  return {
    ...base,
    result: breached ? 'out_of_spec' : verdict.passed ? 'passed' : 'failed',
    quality_passed: verdict.passed,
    spec_breaches: recordOf(judgment.breaches),
    attempt_measurements: JSON.stringify(attemptRecordOf(outcome.measured)),
    detail: verdict.detail,
    started_at_us: startedUs,
    finished_at_us: deps.clock.nowUs(),
  };
}

const noAnswer = { result: 'error', quality_passed: null, spec_breaches: null, attempt_measurements: null } as const;
