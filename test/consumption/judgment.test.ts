import { expect } from 'chai';
import {
  firstTokenBoundMs,
  judgeAnswer,
  judgeFirstToken,
  rateTokensMin,
  type AttemptMeasurements,
  type CallerAsk,
  type Guarantees,
} from '../../src/consumption/inference/judgment.js';

/**
 * The judge alone (issue 31, item 1): a table, each row changing one measurement from an answer that keeps every
 * guarantee, and naming the breaches that follow. The instrument is the seeds' text-max (first token within 800 ms,
 * at least 80 tokens/s, 16,384 tokens of output).
 */
const guarantees: Guarantees = { timeToFirstTokenMsMax: 800, tokensPerSecondMin: 80, outputTokensMax: 16_384 };
const ask: CallerAsk = {
  promptTokens: 500,
  outputTokensMax: 1000,
  tools: new Map([['get_weather', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }]]),
};
/** The arguments' schema check: here, the arguments must name a city. */
const argumentsFit = (_schema: unknown, text: string) => text.includes('city');

const streamed = (times: Partial<{ firstContentMs: number | null; afterFirstContentMs: number; ended: boolean }>) => ({
  kind: 'stream' as const,
  firstContentMs: 200,
  afterFirstContentMs: 1000,
  ended: true,
  ...times,
});
/** 100 tokens: the first at 200 ms, 99 more in 1 s (99 tokens/s). */
const good: AttemptMeasurements = {
  times: streamed({}),
  completionTokens: 100,
  reasoningTokens: 0,
  finishReason: 'stop',
  toolCalls: [],
};

const rows: { name: string; measured: Partial<AttemptMeasurements>; breaches: object[]; errors?: object[] }[] = [
  { name: 'a good stream', measured: {}, breaches: [] },
  {
    name: 'a late first token',
    measured: { times: streamed({ firstContentMs: 1503.4 }) },
    breaches: [{ guarantee: 'time_to_first_token', bound: 800, measured: 1503, unit: 'ms' }],
  },
  { name: 'a first token exactly at the bound', measured: { times: streamed({ firstContentMs: 800 }) }, breaches: [] },
  {
    name: 'a slow long stream',
    measured: { times: streamed({ afterFirstContentMs: 3000 }) },
    breaches: [{ guarantee: 'token_throughput', bound: 80, measured: 33, unit: 'tokens_per_second' }],
  },
  {
    name: 'a slow short stream (too short to judge its rate)',
    measured: { times: streamed({ afterFirstContentMs: 3000 }), completionTokens: rateTokensMin - 1 },
    breaches: [],
  },
  {
    name: 'a slow stream whose reasoning made it long enough (reasoning is not output it can be judged on)',
    measured: { times: streamed({ afterFirstContentMs: 3000 }), completionTokens: 100, reasoningTokens: 50 },
    breaches: [],
  },
  {
    name: 'a slow stream that did not end (its rate is not known)',
    measured: { times: streamed({ afterFirstContentMs: 3000, ended: false }) },
    breaches: [],
  },
  { name: 'a stream that came all at once', measured: { times: streamed({ afterFirstContentMs: 0 }) }, breaches: [] },
  {
    name: 'a whole short answer that took long',
    measured: { times: { kind: 'whole', answerMs: 2000 }, completionTokens: 40 },
    breaches: [{ guarantee: 'time_to_first_token', bound: 800, measured: 1500, unit: 'ms' }],
  },
  {
    name: 'a whole long answer that took long',
    measured: { times: { kind: 'whole', answerMs: 4800 }, completionTokens: 200 },
    breaches: [{ guarantee: 'token_throughput', bound: 80, measured: 50, unit: 'tokens_per_second' }],
  },
  {
    name: 'a whole long answer as fast as the guarantees allow (not penalised for its length)',
    measured: { times: { kind: 'whole', answerMs: 800 + (2000 * 1000) / 80 }, completionTokens: 2000 },
    breaches: [],
  },
  {
    name: 'cut short for length',
    measured: { finishReason: 'length', completionTokens: 300 },
    breaches: [{ guarantee: 'max_output_length', bound: 1000, measured: 300, unit: 'tokens' }],
  },
  {
    name: 'stopped for length at the limit',
    measured: { finishReason: 'length', completionTokens: 1000 },
    breaches: [],
  },
  {
    name: 'stopped for length within a tenth of the limit (tokenizers differ)',
    measured: { finishReason: 'length', completionTokens: 901 },
    breaches: [],
  },
  {
    name: 'tool calls that are not JSON or name no offered tool',
    measured: {
      finishReason: 'tool_calls',
      toolCalls: [
        { name: 'get_weather', arguments: '{"city": "Oslo"' },
        { name: 'launch_rockets', arguments: '{}' },
        { name: 'get_weather', arguments: '{"city": "Oslo"}' },
      ],
    },
    breaches: [
      {
        guarantee: 'tool_call',
        bound: 0,
        measured: 2,
        unit: 'tool_calls',
        detail:
          'call 0 (get_weather): arguments are not JSON; call 1 (launch_rockets): names no tool the request offered',
      },
    ],
    errors: [
      { index: 0, name: 'get_weather', kind: 'invalid_json' },
      { index: 1, name: 'launch_rockets', kind: 'unknown_tool' },
    ],
  },
  {
    name: "a tool call whose arguments miss the tool's schema (billed, recorded)",
    measured: { finishReason: 'tool_calls', toolCalls: [{ name: 'get_weather', arguments: '{"town": "Oslo"}' }] },
    breaches: [],
    errors: [{ index: 0, name: 'get_weather', kind: 'arguments_schema' }],
  },
];

describe('consumption: the judge of an answer against its instrument', () => {
  for (const row of rows) {
    it(`${row.name}: ${row.breaches.map((b) => JSON.stringify(b)).join(', ') || 'no breach'}`, () => {
      const judgment = judgeAnswer(guarantees, ask, { ...good, ...row.measured }, argumentsFit);
      expect(judgment.breaches).to.deep.equal(row.breaches);
      expect(judgment.toolCallErrors).to.deep.equal(row.errors ?? []);
    });
  }

  it('gives a long prompt and the reasoning before the first content their time', () => {
    const late = { times: streamed({ firstContentMs: 2000 }) };
    const judged = (promptTokens: number, reasoningTokens: number) =>
      judgeAnswer(
        guarantees,
        { ...ask, promptTokens },
        { ...good, ...late, reasoningTokens, completionTokens: 100 + reasoningTokens },
        argumentsFit,
      ).breaches;
    expect(judged(500, 0)).to.deep.equal([
      { guarantee: 'time_to_first_token', bound: 800, measured: 2000, unit: 'ms' },
    ]);
    // 2,400 tokens beyond the first 1,000 at 2,000 a second: 1.2 s more.
    expect(firstTokenBoundMs(guarantees, 1000 + 2400, 0)).to.equal(2000);
    expect(judged(1000 + 2400, 0)).to.deep.equal([]);
    // 96 tokens of reasoning at the guaranteed 80 a second: 1.2 s more.
    expect(judged(500, 96)).to.deep.equal([]);
    expect(judged(500, 95)).to.deep.equal([
      { guarantee: 'time_to_first_token', bound: 1988, measured: 2000, unit: 'ms' },
    ]);
  });

  it('judges a first token alone as soon as it comes', () => {
    expect(judgeFirstToken(800, 799)).to.equal(null);
    expect(judgeFirstToken(800, 801)).to.deep.equal({
      guarantee: 'time_to_first_token',
      bound: 800,
      measured: 801,
      unit: 'ms',
    });
  });
});
