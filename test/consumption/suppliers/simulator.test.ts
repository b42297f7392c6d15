import { expect } from 'chai';
import { createSimulator, type SimulatorOptions } from '../../../src/consumption/suppliers/simulator.js';
import {
  SupplierError,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
} from '../../../src/consumption/suppliers/types.js';
import { collectChunks as collect, expectFits, expectSchema, withTestCost } from '../formats/support.js';

const never = new AbortController().signal;
const fixed: Partial<SimulatorOptions> = { now: () => 1_750_000_000_000, newCompletionId: () => 'chatcmpl-fixed' };

const hello: ChatRequest = {
  model: 'text-standard',
  messages: [{ role: 'user', content: 'Tell me about the market.' }],
};

async function complete(request: ChatRequest, options: Partial<SimulatorOptions> = {}): Promise<ChatCompletion> {
  const completion = await createSimulator({ id: 'sim', ...fixed, ...options }).complete({ request, signal: never });
  expectSchema('ChatCompletion', withTestCost(completion));
  return completion;
}

async function stream(request: ChatRequest, options: Partial<SimulatorOptions> = {}): Promise<ChatChunk[]> {
  return collect(await createSimulator({ id: 'sim', ...fixed, ...options }).stream({ request, signal: never }));
}

/** What a client rebuilds from a stream. */
function assemble(chunks: ChatChunk[]) {
  let content: string | null = null;
  const calls: { id?: string; name: string; arguments: string }[] = [];
  for (const chunk of chunks) {
    const delta = chunk.choices[0]?.delta;
    if (delta?.content != null) content = (content ?? '') + delta.content;
    for (const piece of delta?.tool_calls ?? []) {
      const call = (calls[piece.index] ??= { id: piece.id, name: '', arguments: '' });
      call.name += piece.function?.name ?? '';
      call.arguments += piece.function?.arguments ?? '';
    }
  }
  const finish = chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason;
  const last = chunks[chunks.length - 1]!;
  return { content, calls, finish, usage: last.usage, lastChoices: last.choices };
}

async function rejection(promise: Promise<unknown>): Promise<SupplierError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(SupplierError);
    return error as SupplierError;
  }
  throw new Error('expected a SupplierError');
}

/** Live timers; awaited so that mocha's own test timer is already among them. */
async function timeouts(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('suppliers: simulator answers', () => {
  it('answers the same request the same way, twice and streamed, with identical usage', async () => {
    const first = await complete(hello);
    const second = await complete(hello);
    expect(second).to.deep.equal(first);
    const message = first.choices[0]!.message;
    expect(message.content).to.match(/^[A-Z].*\.$/);
    expect(first.usage.total_tokens).to.equal(first.usage.prompt_tokens + first.usage.completion_tokens);

    const chunks = await stream(hello);
    const streamed = assemble(chunks);
    expect(chunks[0]!.choices[0]!.delta.role).to.equal('assistant');
    expect(streamed.content).to.equal(message.content);
    expect(streamed.finish).to.equal(first.choices[0]!.finish_reason);
    expect(streamed.lastChoices).to.deep.equal([]);
    expect(streamed.usage).to.deep.equal(first.usage);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).to.equal(null);
  });

  it('answers differently for another seed, request seed or conversation, and the same for another model', async () => {
    const base = (await complete(hello)).choices[0]!.message.content;
    const rows: { name: string; request: ChatRequest; options?: Partial<SimulatorOptions>; same: boolean }[] = [
      { name: 'simulator seed', request: hello, options: { seed: 1 }, same: false },
      { name: 'request seed', request: { ...hello, seed: 42 }, same: false },
      {
        name: 'conversation',
        request: { ...hello, messages: [{ role: 'user', content: 'Something else.' }] },
        same: false,
      },
      { name: 'model', request: { ...hello, model: 'text-prime' }, same: true },
      {
        name: 'null options',
        request: { ...hello, temperature: null, tools: undefined, stream_options: null },
        same: true,
      },
    ];
    for (const row of rows) {
      const content = (await complete(row.request, row.options)).choices[0]!.message.content;
      expect(content === base, row.name).to.equal(row.same);
    }
  });

  it('cuts the answer at max_tokens with finish_reason length, streamed or not', async () => {
    const whole = (await complete(hello)).choices[0]!.message.content!;
    for (const limit of [{ max_tokens: 5 }, { max_completion_tokens: 5, max_tokens: 500 }]) {
      const capped = await complete({ ...hello, ...limit });
      expect(capped.choices[0]!.finish_reason).to.equal('length');
      expect(capped.usage.completion_tokens).to.be.at.most(5).and.at.least(4);
      expect(whole.startsWith(capped.choices[0]!.message.content!)).to.equal(true);
      const streamed = assemble(await stream({ ...hello, ...limit, stream: true }));
      expect(streamed.finish).to.equal('length');
      expect(streamed.usage).to.deep.equal(capped.usage);
    }
    const roomy = await complete({ ...hello, max_tokens: 4000 });
    expect(roomy.choices[0]!.finish_reason).to.equal('stop');
  });

  it('stops before a stop sequence, which it leaves out', async () => {
    const whole = (await complete(hello)).choices[0]!.message.content!;
    const stop = whole.split(' ')[2]!;
    const cut = await complete({ ...hello, stop: ['zzz-never', stop] });
    expect(cut.choices[0]!.message.content).to.equal(whole.slice(0, whole.indexOf(stop)));
    expect(cut.choices[0]!.finish_reason).to.equal('stop');
    expect((await complete({ ...hello, stop })).choices[0]!.message.content).to.equal(cut.choices[0]!.message.content);
  });

  it('spends more reasoning tokens for more effort, counted in completion_tokens', async () => {
    const text = await complete(hello);
    let previous = -1;
    for (const effort of [null, 'minimal', 'low', 'medium', 'high'] as const) {
      const completion = await complete({ ...hello, reasoning_effort: effort });
      const reasoning = completion.usage.completion_tokens_details.reasoning_tokens;
      expect(reasoning, String(effort)).to.be.greaterThan(previous);
      expect(completion.usage.completion_tokens - reasoning, String(effort)).to.be.greaterThan(0);
      previous = reasoning;
    }
    expect(text.usage.completion_tokens_details.reasoning_tokens).to.equal(0);
    const starved = await complete({ ...hello, reasoning_effort: 'high', max_tokens: 20 });
    expect(starved.usage.completion_tokens_details.reasoning_tokens).to.equal(20);
    expect(starved.usage.completion_tokens).to.equal(20);
    expect(starved.choices[0]!.message.content).to.equal('');
    expect(starved.choices[0]!.finish_reason).to.equal('length');
  });
});

const weather = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 2 },
        days: { type: 'integer', minimum: 1, maximum: 7 },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        when: { type: 'string', format: 'date' },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    },
  },
};
const book = {
  type: 'function' as const,
  function: {
    name: 'book_trade',
    parameters: {
      type: 'object',
      properties: {
        side: { const: 'buy' },
        sizes: { type: 'array', items: { type: 'number', exclusiveMinimum: 0 }, minItems: 2 },
        note: { type: ['string', 'null'] },
      },
      required: ['side', 'sizes', 'note'],
    },
  },
};

describe('suppliers: simulator tool calls', () => {
  const asked: ChatRequest['messages'] = [{ role: 'user', content: 'What is the weather in Paris?' }];
  const answered: ChatRequest['messages'] = [
    ...asked,
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","days":1}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":21}' },
  ];
  const rows: { name: string; request: Partial<ChatRequest>; call: string | null }[] = [
    { name: 'auto after a user message', request: { messages: asked }, call: 'any' },
    { name: 'absent choice after a user message', request: { messages: asked, tool_choice: undefined }, call: 'any' },
    { name: 'auto after a tool result', request: { messages: answered }, call: null },
    { name: 'required after a tool result', request: { messages: answered, tool_choice: 'required' }, call: 'any' },
    {
      name: 'named function',
      request: { messages: answered, tool_choice: { type: 'function', function: { name: 'book_trade' } } },
      call: 'book_trade',
    },
    { name: 'none', request: { messages: asked, tool_choice: 'none' }, call: null },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.call ? 'calls ' + row.call : 'answers in text'}`, async () => {
      const request: ChatRequest = {
        model: 'agent-standard',
        tools: [weather, book],
        tool_choice: 'auto',
        messages: asked,
        ...row.request,
      };
      const completion = await complete(request);
      const choice = completion.choices[0]!;
      const streamed = assemble(await stream({ ...request, stream: true }));
      expect(streamed.usage).to.deep.equal(completion.usage);
      if (!row.call) {
        expect(choice.finish_reason).to.equal('stop');
        expect(choice.message.tool_calls).to.equal(null);
        expect(choice.message.content).to.be.a('string').and.not.equal('');
        expect(streamed.calls).to.deep.equal([]);
        return;
      }
      expect(choice.finish_reason).to.equal('tool_calls');
      expect(choice.message.content).to.equal(null);
      const [call] = choice.message.tool_calls!;
      expect(call!.id).to.match(/^call_/);
      if (row.call !== 'any') expect(call!.function.name).to.equal(row.call);
      const tool = [weather, book].find((t) => t.function.name === call!.function.name)!;
      expectFits(tool.function.parameters, JSON.parse(call!.function.arguments));
      expect(streamed.calls).to.deep.equal([
        { id: call!.id, name: call!.function.name, arguments: call!.function.arguments },
      ]);
      expect(streamed.finish).to.equal('tool_calls');
    });
  }

  it('rejects a named function that is not offered as bad_request', async () => {
    const error = await rejection(
      complete({
        model: 'm',
        messages: asked,
        tools: [weather],
        tool_choice: { type: 'function', function: { name: 'nope' } },
      }),
    );
    expect(error.failure).to.equal('bad_request');
  });
});

describe('suppliers: simulator JSON output', () => {
  const schemas: { name: string; schema: Record<string, unknown> }[] = [
    {
      name: 'flat object',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          score: { type: 'number', minimum: 0, maximum: 1 },
          ok: { type: 'boolean' },
        },
        required: ['title', 'score', 'ok'],
        additionalProperties: false,
      },
    },
    {
      name: 'nested with arrays, enums and nullables',
      schema: {
        type: 'object',
        required: ['order', 'tags', 'status'],
        properties: {
          order: {
            type: 'object',
            required: ['id', 'lines'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              lines: {
                type: 'array',
                minItems: 1,
                maxItems: 3,
                items: {
                  type: 'object',
                  required: ['qty', 'sku'],
                  properties: {
                    qty: { type: 'integer', minimum: 1, multipleOf: 5 },
                    sku: { type: 'string', maxLength: 8 },
                  },
                },
              },
            },
          },
          tags: { type: 'array', items: { enum: ['a', 'b', 'c'] }, uniqueItems: true },
          status: { anyOf: [{ type: 'null' }, { const: 'open' }] },
          comment: { type: ['string', 'null'] },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
    {
      name: 'local $ref',
      schema: {
        type: 'object',
        required: ['item'],
        properties: { item: { $ref: '#/$defs/Item' } },
        $defs: { Item: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 3 } } } },
      },
    },
    { name: 'top-level array', schema: { type: 'array', items: { type: 'integer' }, minItems: 2 } },
  ];
  for (const row of schemas) {
    it(`json_schema ${row.name}: content validates against the schema`, async () => {
      const request: ChatRequest = {
        ...hello,
        response_format: { type: 'json_schema', json_schema: { name: 'out', schema: row.schema, strict: true } },
      };
      const content = (await complete(request)).choices[0]!.message.content!;
      expectFits(row.schema, JSON.parse(content));
      expect(assemble(await stream(request)).content).to.equal(content);
    });
  }

  it('json_object: content is a JSON object', async () => {
    const content = (await complete({ ...hello, response_format: { type: 'json_object' } })).choices[0]!.message
      .content!;
    const value: unknown = JSON.parse(content);
    expect(value).to.be.an('object').and.not.be.an('array');
  });
});

describe('suppliers: simulator pacing, faults and aborts', () => {
  it('waits timeToFirstTokenMs for the first chunk, then paces tokens', async () => {
    const simulator = createSimulator({ id: 'slow', timeToFirstTokenMs: 120, tokensPerSecond: 200 });
    const startedMs = performance.now();
    const chunks = await simulator.stream({ request: hello, signal: never });
    const firstMs = performance.now() - startedMs;
    expect(firstMs).to.be.at.least(115);
    const all = await collect(chunks);
    const totalMs = performance.now() - startedMs;
    const tokens = all.filter((chunk) => chunk.choices[0]?.delta.content).length;
    expect(tokens).to.be.greaterThan(3);
    expect(totalMs).to.be.at.least(120 + tokens * 5 - 10);
    const wholeStartedMs = performance.now();
    await simulator.complete({ request: hello, signal: never });
    expect(performance.now() - wholeStartedMs).to.be.at.least(120 + tokens * 5 - 10);
  });

  const faults = [
    { kind: 'refuse' as const, failure: 'refused', status: 429 },
    { kind: 'error' as const, failure: 'unavailable', status: 500 },
  ];
  for (const row of faults) {
    it(`fault ${row.kind}: ${row.failure} (${row.status}) at once, streamed or not`, async () => {
      // "At once" means well before the 3 s first token: a margin no busy machine eats.
      const simulator = createSimulator({ id: 'f', fault: { kind: row.kind }, timeToFirstTokenMs: 3_000 });
      const startedMs = performance.now();
      for (const error of [
        await rejection(simulator.complete({ request: hello, signal: never })),
        await rejection(simulator.stream({ request: hello, signal: never })),
      ]) {
        expect(error.failure).to.equal(row.failure);
        expect(error.status).to.equal(row.status);
      }
      expect(performance.now() - startedMs).to.be.below(2_500);
      simulator.setFault(null);
      expect((await simulator.complete({ request: hello, signal: never })).choices).to.have.length(1);
    });
  }

  it('fault timeout: nothing until afterMs, then timeout; an abort ends it sooner', async () => {
    const simulator = createSimulator({ id: 't', fault: { kind: 'timeout', afterMs: 80 } });
    const startedMs = performance.now();
    expect((await rejection(simulator.stream({ request: hello, signal: never }))).failure).to.equal('timeout');
    expect(performance.now() - startedMs).to.be.at.least(75);
    simulator.setFault({ kind: 'timeout', afterMs: 60_000 });
    const abort = new AbortController();
    const pending = rejection(simulator.complete({ request: hello, signal: abort.signal }));
    setTimeout(() => abort.abort(new SupplierError('timeout', 'gateway deadline')), 20);
    const abortedMs = performance.now();
    const error = await pending;
    expect(error.message).to.equal('gateway deadline');
    expect(performance.now() - abortedMs).to.be.below(20_000); // the fault alone would hold it 60 s
  });

  it('fault drop: streams afterTokens tokens after the first chunk, then the iterator throws dropped', async () => {
    const simulator = createSimulator({ id: 'd', fault: { kind: 'drop', afterTokens: 3 } });
    const chunks = await simulator.stream({ request: hello, signal: never });
    const seen: ChatChunk[] = [];
    let error: unknown;
    try {
      for await (const chunk of chunks) seen.push(chunk);
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(SupplierError);
    expect((error as SupplierError).failure).to.equal('dropped');
    expect(seen[0]!.choices[0]!.delta.role).to.equal('assistant');
    expect(seen.slice(1).map((chunk) => chunk.choices[0]!.finish_reason)).to.deep.equal([null, null, null]);
    expect((await rejection(simulator.complete({ request: hello, signal: never }))).failure).to.equal('dropped');
  });

  it('stops a stream promptly when the signal aborts, leaving no timer behind', async () => {
    const before = await timeouts();
    const abort = new AbortController();
    // A second a token: the abort (20 ms after the second) lands while the stream waits for its third.
    const simulator = createSimulator({ id: 'a', tokensPerSecond: 1 });
    const chunks = await simulator.stream({ request: { ...hello, max_tokens: 500 }, signal: abort.signal });
    const seen: ChatChunk[] = [];
    let error: unknown;
    let secondMs = 0;
    try {
      for await (const chunk of chunks) {
        seen.push(chunk);
        if (seen.length === 2) {
          secondMs = performance.now();
          setTimeout(() => abort.abort(), 20);
        }
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(SupplierError);
    expect(seen).to.have.length(2);
    expect(performance.now() - secondMs).to.be.below(900); // before the third token was due
    expect(await timeouts()).to.be.at.most(before);
  });
});
