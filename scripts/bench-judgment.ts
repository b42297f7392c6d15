/**
 * The cost of judging an answer against its instrument (issue 31): the judge (consumption/inference/judgment.ts) alone,
 * on one core, per answer, for the shapes a gateway settles: a text answer, a streamed one, an answer with one tool call
 * whose arguments are checked against the tool's own schema (ajv, compiled once and cached as in the gateway), and one
 * whose first token was late. Its floor is the same loop with the judge replaced by building the outcome it returns.
 *
 *   npm run build && node dist/scripts/bench-judgment.js [--answers 200000]
 */
import { parseArgs } from 'node:util';
import { newJsonSchemas, fitsSchema } from '../src/consumption/inference/json-schemas.js';
import {
  judgeAnswer,
  type ArgumentsFit,
  type AttemptMeasurements,
  type CallerAsk,
  type Guarantees,
} from '../src/consumption/inference/judgment.js';

const { values } = parseArgs({ options: { answers: { type: 'string', default: '200000' } } });
const answers = Number(values.answers);

const guarantees: Guarantees = { timeToFirstTokenMsMax: 800, tokensPerSecondMin: 60, outputTokensMax: 8192 };
const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
  required: ['city'],
};
const plainAsk: CallerAsk = { promptTokens: 420, outputTokensMax: 1024, tools: new Map() };
const toolAsk: CallerAsk = { promptTokens: 420, outputTokensMax: 1024, tools: new Map([['get_weather', weather]]) };

const shapes: Record<string, { ask: CallerAsk; measured: AttemptMeasurements }> = {
  'whole text answer': {
    ask: plainAsk,
    measured: {
      times: { kind: 'whole', answerMs: 2100 },
      completionTokens: 180,
      reasoningTokens: 0,
      finishReason: 'stop',
      toolCalls: [],
    },
  },
  'streamed text answer': {
    ask: plainAsk,
    measured: {
      times: { kind: 'stream', firstContentMs: 240, afterFirstContentMs: 1800, ended: true },
      completionTokens: 180,
      reasoningTokens: 0,
      finishReason: 'stop',
      toolCalls: [],
    },
  },
  'one tool call, schema checked': {
    ask: toolAsk,
    measured: {
      times: { kind: 'whole', answerMs: 600 },
      completionTokens: 24,
      reasoningTokens: 0,
      finishReason: 'tool_calls',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Lisbon","unit":"c"}' }],
    },
  },
  'late first token (a breach)': {
    ask: plainAsk,
    measured: {
      times: { kind: 'stream', firstContentMs: 9000, afterFirstContentMs: 60_000, ended: true },
      completionTokens: 180,
      reasoningTokens: 0,
      finishReason: 'stop',
      toolCalls: [],
    },
  },
};

const jsonSchemas = newJsonSchemas();
const argumentsFit: ArgumentsFit = (schema, text) => fitsSchema(jsonSchemas, schema, text);

/** Nanoseconds per answer of `work`, over `answers` answers after a warm-up of a tenth as many. */
function nsPerAnswer(work: () => unknown): number {
  for (let i = 0; i < answers / 10; i++) work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < answers; i++) work();
  return Number(process.hrtime.bigint() - started) / answers;
}

console.log(`judging ${answers} answers per shape, one core`);
for (const [name, { ask, measured }] of Object.entries(shapes)) {
  const judged = nsPerAnswer(() => judgeAnswer(guarantees, ask, measured, argumentsFit));
  const floor = nsPerAnswer(() => ({ breaches: [], toolCallErrors: [], measured }));
  const breaches = judgeAnswer(guarantees, ask, measured, argumentsFit).breaches.map((b) => b.guarantee);
  console.log(
    `${name.padEnd(32)} ${(judged / 1000).toFixed(2)} µs per answer (floor ${(floor / 1000).toFixed(3)} µs)` +
      (breaches.length > 0 ? `  breaches: ${breaches.join(', ')}` : ''),
  );
}
