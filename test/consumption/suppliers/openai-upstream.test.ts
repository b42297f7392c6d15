import { expect } from 'chai';
import {
  createOpenAiUpstream,
  upstreamBody,
  type OpenAiUpstreamOptions,
} from '../../../src/consumption/suppliers/openai-upstream.js';
import { createSimulator, type SimulatorOptions } from '../../../src/consumption/suppliers/simulator.js';
import { startSimulatorServer, type SimulatorServer } from '../../../src/consumption/suppliers/simulator-server.js';
import {
  SupplierError,
  type ChatChunk,
  type ChatCompletion,
  type ChatRequest,
  type Supplier,
} from '../../../src/consumption/suppliers/types.js';
import { collectChunks as collect, expectSchema, withTestCost } from '../formats/support.js';

const never = new AbortController().signal;
const simulated: SimulatorOptions = { id: 'sim', seed: 7, now: () => 1_750_000_000_000 };
const hello: ChatRequest = {
  model: 'text-standard',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Tell me about the market.' },
  ],
  max_tokens: 60,
};
const tooled: ChatRequest = {
  model: 'agent-standard',
  messages: [{ role: 'user', content: 'Weather in Oslo?' }],
  tools: [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    },
  ],
  user: 'end-user-1',
  metadata: { team: 'a' },
};

/** The parts of an answer that must survive the trip: not the per-run id. */
function answerOf(completion: ChatCompletion) {
  expectSchema('ChatCompletion', withTestCost(completion));
  return { model: completion.model, created: completion.created, choices: completion.choices, usage: completion.usage };
}

function withoutIds(chunks: ChatChunk[]) {
  return chunks.map(({ id: _id, ...rest }) => rest);
}

async function failure(promise: Promise<unknown>): Promise<SupplierError> {
  try {
    await promise;
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(SupplierError);
    return error as SupplierError;
  }
  throw new Error('expected a SupplierError');
}

/** Drains an iterable; returns what it yielded and what it threw. */
async function drain(chunks: AsyncIterable<ChatChunk>): Promise<{ seen: ChatChunk[]; error: unknown }> {
  const seen: ChatChunk[] = [];
  try {
    for await (const chunk of chunks) seen.push(chunk);
  } catch (error) {
    return { seen, error };
  }
  return { seen, error: null };
}

async function eventually(check: () => boolean, withinMs: number): Promise<boolean> {
  const untilMs = performance.now() + withinMs;
  while (!check()) {
    if (performance.now() > untilMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('suppliers: OpenAI-compatible upstream against the simulator server', () => {
  let server: SimulatorServer;
  let upstream: Supplier;
  const direct = createSimulator(simulated);

  before(async () => {
    server = await startSimulatorServer({ ...simulated, port: 0 });
    upstream = createOpenAiUpstream({
      id: 'local',
      baseUrl: server.url,
      model: 'sim-model',
      firstByteTimeoutMs: 300,
      answerTimeoutMs: 600,
    });
  });
  afterEach(() => server.setFault(null));
  after(() => server.close());

  it('serves GET /v1/models', async () => {
    const reply = await fetch(`${server.url}/models`);
    expect(reply.status).to.equal(200);
    expect(await reply.json()).to.deep.include({ object: 'list' });
  });

  for (const [name, request] of [
    ['text', hello],
    ['tool call', tooled],
  ] as const) {
    it(`complete: a ${name} round-trips equal to the simulator called directly`, async () => {
      const before = server.requests;
      const viaHttp = await upstream.complete({ request, signal: never });
      const local = await direct.complete({ request, signal: never });
      expect(answerOf(viaHttp)).to.deep.equal(answerOf(local));
      expect(viaHttp.model).to.equal(request.model);
      expect(server.requests).to.equal(before + 1);
    });

    it(`stream: a ${name} round-trips chunk for chunk, usage included`, async () => {
      const viaHttp = await collect(await upstream.stream({ request, signal: never }));
      const local = await collect(await direct.stream({ request, signal: never }));
      expect(withoutIds(viaHttp)).to.deep.equal(withoutIds(local));
      expect(new Set(viaHttp.map((chunk) => chunk.id)).size).to.equal(1);
      const whole = await upstream.complete({ request, signal: never });
      expect(viaHttp[viaHttp.length - 1]!.usage).to.deep.equal(whole.usage);
    });
  }

  const faults = [
    { fault: { kind: 'refuse' as const }, failure: 'refused', status: 429 },
    { fault: { kind: 'error' as const }, failure: 'unavailable', status: 500 },
    { fault: { kind: 'timeout' as const, afterMs: 60_000 }, failure: 'timeout', status: null },
    { fault: { kind: 'drop' as const, afterTokens: 2 }, failure: 'dropped', status: null },
  ];
  for (const row of faults) {
    it(`complete: fault ${row.fault.kind} is ${row.failure}`, async () => {
      server.setFault(row.fault);
      const error = await failure(upstream.complete({ request: hello, signal: never }));
      expect(error.failure, error.message).to.equal(row.failure);
      expect(error.status).to.equal(row.status);
    });
  }
  for (const row of faults.slice(0, 3)) {
    it(`stream: fault ${row.fault.kind} is ${row.failure} before the first chunk`, async () => {
      server.setFault(row.fault);
      const error = await failure(upstream.stream({ request: hello, signal: never }));
      expect(error.failure, error.message).to.equal(row.failure);
    });
  }

  it('complete: an answer slower than the first-byte limit is waited for, up to the answer limit', async () => {
    // 40 tokens at 100 per second: about 400 ms, longer than a stream's first byte may take.
    const paced = await startSimulatorServer({ id: 'paced', tokensPerSecond: 100 });
    try {
      const slowUpstream = createOpenAiUpstream({
        id: 'paced',
        baseUrl: paced.url,
        model: 'm',
        firstByteTimeoutMs: 100,
        answerTimeoutMs: 5_000,
      });
      const started = performance.now();
      const answer = await slowUpstream.complete({ request: { ...hello, max_tokens: 40 }, signal: never });
      expect(answer.usage!.completion_tokens).to.be.above(20);
      expect(performance.now() - started).to.be.above(100);
      const impatient = createOpenAiUpstream({ id: 'paced', baseUrl: paced.url, model: 'm', answerTimeoutMs: 100 });
      const error = await failure(impatient.complete({ request: { ...hello, max_tokens: 40 }, signal: never }));
      expect([error.failure, error.message]).to.deep.equal(['timeout', 'supplier paced sent no answer within 100 ms']);
    } finally {
      await paced.close();
    }
  });

  it('stream: an upstream silent mid-stream for longer than the idle limit is dropped; a slower steady one, or a slow reader, is not', async () => {
    // Two tokens a second: half a second between chunks.
    const paced = await startSimulatorServer({ id: 'paced', tokensPerSecond: 2 });
    try {
      const impatient = createOpenAiUpstream({ id: 'paced', baseUrl: paced.url, model: 'm', idleTimeoutMs: 150 });
      const cut = await drain(await impatient.stream({ request: { ...hello, max_tokens: 20 }, signal: never }));
      expect(cut.seen.length).to.be.at.least(1);
      expect(cut.error).to.be.instanceOf(SupplierError);
      expect([(cut.error as SupplierError).failure, (cut.error as SupplierError).message]).to.deep.equal([
        'dropped',
        'supplier paced went silent for 150 ms mid-stream',
      ]);
      expect(await eventually(() => paced.active === 0, 1000)).to.equal(true);
      // Longer in all than the idle limit, but never silent that long: the watch starts over with every chunk.
      const patient = createOpenAiUpstream({ id: 'paced', baseUrl: paced.url, model: 'm', idleTimeoutMs: 800 });
      const whole = await drain(await patient.stream({ request: { ...hello, max_tokens: 4 }, signal: never }));
      expect(whole.error).to.equal(null);
      expect(whole.seen[whole.seen.length - 1]!.usage!.completion_tokens).to.equal(4);
      // A caller that stops reading for a while (a slow client) is not the upstream going silent.
      const steady = await startSimulatorServer({ id: 'steady', tokensPerSecond: 20 });
      try {
        const held = await createOpenAiUpstream({
          id: 'steady',
          baseUrl: steady.url,
          model: 'm',
          idleTimeoutMs: 150,
        }).stream({ request: { ...hello, max_tokens: 12 }, signal: never });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect((await drain(held)).error).to.equal(null);
      } finally {
        await steady.close();
      }
    } finally {
      await paced.close();
    }
  });

  it('a timed-out call releases the held socket', async () => {
    server.setFault({ kind: 'timeout', afterMs: 60_000 });
    await failure(upstream.stream({ request: hello, signal: never }));
    expect(await eventually(() => server.active === 0, 1000)).to.equal(true);
  });

  it('stream: a drop mid-stream throws dropped from the iterator after the first chunk was yielded', async () => {
    server.setFault({ kind: 'drop', afterTokens: 2 });
    const { seen, error } = await drain(await upstream.stream({ request: hello, signal: never }));
    expect(seen[0]!.choices[0]!.delta.role).to.equal('assistant');
    expect(seen).to.have.length(3);
    expect(error).to.be.instanceOf(SupplierError);
    expect((error as SupplierError).failure).to.equal('dropped');
  });

  it('an upstream 400 is bad_request, which must not fail over', async () => {
    const request: ChatRequest = { ...tooled, tool_choice: { type: 'function', function: { name: 'missing' } } };
    const error = await failure(upstream.complete({ request, signal: never }));
    expect([error.failure, error.status]).to.deep.equal(['bad_request', 400]);
  });

  it('a closed port is unavailable', async () => {
    const gone = await startSimulatorServer({ id: 'gone' });
    await gone.close();
    const error = await failure(
      createOpenAiUpstream({ id: 'gone', baseUrl: gone.url, model: 'm' }).complete({ request: hello, signal: never }),
    );
    expect(error.failure).to.equal('unavailable');
  });

  it('a caller that stops reading early closes the connection', async () => {
    const slow = await startSimulatorServer({ id: 'slow', tokensPerSecond: 10 });
    try {
      const chunks = await createOpenAiUpstream({ id: 'slow', baseUrl: slow.url, model: 'm' }).stream({
        request: { ...hello, max_tokens: 500 },
        signal: never,
      });
      for await (const chunk of chunks) if (chunk.choices[0]?.delta.content) break;
      expect(await eventually(() => slow.active === 0, 1000)).to.equal(true);
    } finally {
      await slow.close();
    }
  });

  it('an abort mid-stream stops the iterator and closes the connection', async () => {
    const slow = await startSimulatorServer({ id: 'slow', tokensPerSecond: 10 });
    try {
      const abort = new AbortController();
      const chunks = await createOpenAiUpstream({ id: 'slow', baseUrl: slow.url, model: 'm' }).stream({
        request: { ...hello, max_tokens: 500 },
        signal: abort.signal,
      });
      const seen: ChatChunk[] = [];
      let error: unknown;
      try {
        for await (const chunk of chunks) {
          seen.push(chunk);
          if (seen.length === 2) abort.abort(new SupplierError('timeout', 'caller left'));
        }
      } catch (caught) {
        error = caught;
      }
      expect(seen).to.have.length(2);
      expect((error as SupplierError).message).to.equal('caller left');
      expect(await eventually(() => slow.active === 0, 1000)).to.equal(true);
    } finally {
      await slow.close();
    }
  });
});

/** An upstream whose answer is exactly these bytes, cut into these parts. */
function scripted(parts: string[], init: { status?: number; contentType?: string } = {}) {
  const seen: { url: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fetchScripted: typeof fetch = async (url, request) => {
    seen.push({ url: String(url), body: JSON.parse(String(request?.body)), headers: new Headers(request?.headers) });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    return new Response(body, {
      status: init.status ?? 200,
      headers: { 'content-type': init.contentType ?? 'text/event-stream' },
    });
  };
  return { seen, fetch: fetchScripted };
}

function upstreamOf(script: ReturnType<typeof scripted>, options: Partial<OpenAiUpstreamOptions> = {}): Supplier {
  return createOpenAiUpstream({
    id: 'scripted',
    baseUrl: 'http://upstream.test/v1/',
    model: 'llama-3',
    apiKey: 'sk-test',
    fetch: script.fetch,
    ...options,
  });
}

describe('suppliers: OpenAI-compatible upstream, request and response transforms', () => {
  it('sends its own model, asks for usage on streams, and strips user, metadata and nulls', () => {
    const streamed = upstreamBody(
      { ...tooled, temperature: null, stream_options: { include_usage: false } },
      'llama-3',
      true,
    );
    expect(streamed).to.deep.equal({
      model: 'llama-3',
      messages: tooled.messages,
      tools: tooled.tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    const whole = upstreamBody({ ...hello, stream: true, stream_options: { include_usage: true } }, 'llama-3', false);
    expect(whole).to.deep.equal({ model: 'llama-3', messages: hello.messages, max_tokens: 60, stream: false });
  });

  it('posts to baseUrl + /chat/completions with the bearer key', async () => {
    const script = scripted(
      [JSON.stringify({ id: 'x', choices: [{ message: { content: 'Hi.' }, finish_reason: 'stop' }] })],
      { contentType: 'application/json' },
    );
    await upstreamOf(script).complete({ request: hello, signal: never });
    expect(script.seen[0]!.url).to.equal('http://upstream.test/v1/chat/completions');
    expect(script.seen[0]!.headers.get('authorization')).to.equal('Bearer sk-test');
  });

  it('keeps only the fields of our schema, and counts usage the upstream left out', async () => {
    const raw = {
      id: 'chatcmpl-up',
      object: 'chat.completion',
      created: 1700000000,
      model: 'llama-3',
      system_fingerprint: 'fp',
      choices: [
        {
          index: 0,
          logprobs: null,
          message: { role: 'assistant', content: 'Fine, thanks.', reasoning_content: 'The user greets me.' },
          finish_reason: 'stop',
        },
      ],
    };
    const script = scripted([JSON.stringify(raw)], { contentType: 'application/json' });
    const completion = await upstreamOf(script).complete({ request: hello, signal: never });
    expectSchema('ChatCompletion', withTestCost(completion));
    expect(completion.model).to.equal('text-standard');
    expect(completion.choices[0]!.message).to.deep.equal({
      role: 'assistant',
      content: 'Fine, thanks.',
      refusal: null,
      tool_calls: null,
    });
    expect(completion.usage.completion_tokens_details.reasoning_tokens).to.be.greaterThan(0);
    expect(completion.usage.completion_tokens).to.be.greaterThan(
      completion.usage.completion_tokens_details.reasoning_tokens,
    );
  });

  const answers = [
    { name: 'invalid JSON', parts: ['{"id": '], contentType: 'application/json', failure: 'bad_response' },
    {
      name: 'JSON that is not a completion',
      parts: ['{"hello": 1}'],
      contentType: 'application/json',
      failure: 'bad_response',
    },
  ];
  for (const row of answers) {
    it(`complete: ${row.name} is ${row.failure}`, async () => {
      const error = await failure(
        upstreamOf(scripted(row.parts, { contentType: row.contentType })).complete({ request: hello, signal: never }),
      );
      expect(error.failure).to.equal(row.failure);
    });
  }

  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'llama-3',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });

  it('parses SSE with CRLF, comments, multi-line data and split bytes, and computes missing usage like complete does', async () => {
    const multiLine = chunk({ content: ' world' }).replace('"choices":', '\n"choices":');
    const text = [
      `: keep-alive\r\n\r\n`,
      `data: ${chunk({ role: 'assistant', content: '' })}\r\n\r\n`,
      `data: ${chunk({ content: 'Hello' })}\n\n`,
      `data: ${multiLine.split('\n').join('\ndata: ')}\n\n`,
      `data: ${chunk({}, 'stop')}\n\n`,
      'data: [DONE]\n\n',
    ].join('');
    const parts = text.match(/[\s\S]{1,7}/g)!;
    const chunks = await collect(await upstreamOf(scripted(parts)).stream({ request: hello, signal: never }));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null).join('')).to.equal('Hello world');
    const usage = chunks[chunks.length - 1]!.usage!;
    const whole = JSON.stringify({
      id: 'x',
      choices: [{ message: { content: 'Hello world' }, finish_reason: 'stop' }],
    });
    const completion = await upstreamOf(scripted([whole], { contentType: 'application/json' })).complete({
      request: hello,
      signal: never,
    });
    expect(usage).to.deep.equal(completion.usage);
  });

  it('passes on the usage the upstream reports, whichever chunk carries it', async () => {
    const usage = {
      prompt_tokens: 11,
      completion_tokens: 2,
      total_tokens: 13,
      prompt_tokens_details: { cached_tokens: 0 },
    };
    const withUsage = JSON.stringify({ ...JSON.parse(chunk({ content: 'Hi' }, 'stop')), usage });
    const chunks = await collect(
      await upstreamOf(
        scripted([`data: ${chunk({ role: 'assistant' })}\n\n`, `data: ${withUsage}\n\ndata: [DONE]\n\n`]),
      ).stream({ request: hello, signal: never }),
    );
    expect(chunks[chunks.length - 1]).to.deep.include({
      choices: [],
      usage: {
        prompt_tokens: 11,
        completion_tokens: 2,
        total_tokens: 13,
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    });
  });

  const streams = [
    {
      name: 'a stream that ends without a finish',
      parts: [`data: ${chunk({ role: 'assistant', content: 'Hi' })}\n\n`],
      before: false,
      failure: 'dropped',
    },
    {
      name: 'an error event mid-stream',
      parts: [
        `data: ${chunk({ role: 'assistant', content: 'Hi' })}\n\n`,
        'data: {"error":{"message":"overloaded"}}\n\n',
      ],
      before: false,
      failure: 'dropped',
    },
    { name: 'an empty stream', parts: [], before: true, failure: 'dropped' },
    { name: 'a stream event that is not JSON', parts: ['data: {oops\n\n'], before: true, failure: 'bad_response' },
  ];
  for (const row of streams) {
    it(`stream: ${row.name} is ${row.failure}${row.before ? ' before the first chunk' : ' from the iterator'}`, async () => {
      const started = upstreamOf(scripted(row.parts)).stream({ request: hello, signal: never });
      if (row.before) return expect((await failure(started)).failure).to.equal(row.failure);
      const { seen, error } = await drain(await started);
      expect(seen).to.have.length(1);
      expect((error as SupplierError).failure).to.equal(row.failure);
    });
  }

  it('stream: a JSON answer to a stream request is bad_response', async () => {
    const error = await failure(
      upstreamOf(scripted(['{}'], { contentType: 'application/json' })).stream({ request: hello, signal: never }),
    );
    expect(error.failure).to.equal('bad_response');
  });
});
