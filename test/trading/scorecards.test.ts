import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { percentile } from '../../src/trading/supply/scorecards.js';
import { startAnswerUpstream, type AnswerUpstream, type Script } from '../support/answer-upstream.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import {
  callerWithTokens,
  instrumentOf,
  receiptOf,
  setGuarantees,
  supplierAt,
  type Instrument,
} from '../support/judgment-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 31, item 5: suppliers' scorecards, computed from the receipts of real inference over real HTTP. One supplier's
 * upstream is late to its first token (600 ms against a 300 ms bound: every streamed answer out of spec); another's
 * answers tool calls, some wrong. The supplier reads its own scorecards in full; buyers read an instrument's under
 * pseudonyms that name neither the endpoint nor the supplier.
 */
describeEachDatabase("trading: suppliers' scorecards", (env) => {
  const services = () => env().service.services;
  const servers: (AnswerUpstream | SimulatorServer)[] = [];
  const hi = [{ role: 'user', content: 'What is the weather in Oslo?' }];
  const weather = {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  };
  let late: Instrument;
  let agent: Instrument;
  let slowSupplier: TestUser;
  let toolSupplier: TestUser;
  let script: Script;

  const post = (caller: TestUser, instrument: Instrument, body: object, stream: boolean) =>
    env().consumption.post('/r/v1/chat/completions', {
      bearer: caller.apiKey,
      body: { model: instrument.model, messages: hi, max_tokens: 200, ...body, stream },
    });

  const ownScorecards = async (user: TestUser) => {
    const reply = await env().trading.get('/v1/supply/scorecard', { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data;
  };

  /** What the receipts of the endpoint hold, read from the database: the scorecard's raw material. */
  async function measured(endpointId: string, field: 'time_to_first_token_ms' | 'tokens_per_second') {
    const rows: { attempt_measurements: string | null }[] = await services()
      .db('inference_requests')
      .where('endpoint_id', endpointId)
      .select('attempt_measurements');
    return rows.flatMap((row) => {
      const value = row.attempt_measurements === null ? null : JSON.parse(row.attempt_measurements)[field];
      return typeof value === 'number' ? [value] : [];
    });
  }

  before(async () => {
    late = await instrumentOf(services(), 'text-max');
    agent = await instrumentOf(services(), 'agent-prime');
    await setGuarantees(services(), late, { min_time_to_first_token_ms: 300 });
    const slow = await startSimulatorServer({ id: 'scorecard-slow', timeToFirstTokenMs: 600 });
    servers.push(slow);
    slowSupplier = await supplierAt(services(), late, slow.url);
    const scripted = await startAnswerUpstream(() => script);
    servers.push(scripted);
    toolSupplier = await supplierAt(services(), agent, scripted.url);

    const buyer = await callerWithTokens(services(), late);
    for (let i = 0; i < 3; i++) {
      const reply = await post(buyer, late, { max_tokens: 16, stream_options: { include_usage: true } }, true);
      expect((await receiptOf(env(), buyer, reply)).status).to.equal('out_of_spec');
    }
    const agentBuyer = await callerWithTokens(services(), agent);
    const answers: Script[] = [
      { content: 'Sunny and mild in Oslo today.', finishReason: 'stop', completionTokens: 8 },
      {
        toolCalls: [{ name: 'get_weather', arguments: '{"city": "Os' }],
        finishReason: 'tool_calls',
        completionTokens: 9,
      },
      { toolCalls: [{ name: 'launch_rockets', arguments: '{}' }], finishReason: 'tool_calls', completionTokens: 6 },
      {
        toolCalls: [{ name: 'get_weather', arguments: '{"town": "Oslo"}' }],
        finishReason: 'tool_calls',
        completionTokens: 9,
      },
    ];
    for (const [i, answer] of answers.entries()) {
      script = answer;
      const reply = await post(agentBuyer, agent, { tools: [weather] }, i % 2 === 0);
      expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
    }
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('percentiles are nearest-rank over the values', () => {
    const values = [50, 10, 40, 20, 30, 100, 90, 80, 70, 60];
    expect(percentile(values, 50)).to.equal(50);
    expect(percentile(values, 95)).to.equal(100);
    expect(percentile(values, 5)).to.equal(10);
    expect(percentile([7], 95)).to.equal(7);
    expect(percentile([], 50)).to.equal(null);
  });

  it("the supplier's own scorecard counts its out-of-spec answers and their first tokens", async () => {
    const [card, ...rest] = await ownScorecards(slowSupplier);
    expect(rest).to.deep.equal([]);
    expect(card).to.deep.include({ instrument_id: late.id, qualification: 'qualified', basis: 'override' });
    expect(card.endpoint_id).to.match(/^endpoint_/);
    expect(card.windows.map((w: { window: string }) => w.window)).to.deep.equal(['1h', '24h']);
    const ttft = await measured(card.endpoint_id, 'time_to_first_token_ms');
    expect(ttft).to.have.length(3);
    for (const window of card.windows) {
      expect(window).to.deep.include({ requests: 3, out_of_spec: 3, out_of_spec_rate: 1, failures: 0, capped: false });
      expect(window.breaches).to.deep.equal([
        { guarantee: 'time_to_first_token', count: 3, rate: 1 },
        { guarantee: 'token_throughput', count: 0, rate: 0 },
        { guarantee: 'max_output_length', count: 0, rate: 0 },
        { guarantee: 'tool_call', count: 0, rate: 0 },
      ]);
      const sorted = [...ttft].sort((a, b) => a - b);
      expect(window.time_to_first_token_ms).to.deep.equal({ samples: 3, p50: sorted[1], p95: sorted[2] });
      expect(sorted[0]).to.be.at.least(600);
      expect(window.tool_call_errors).to.deep.equal({ invalid_json: 0, unknown_tool: 0, arguments_schema: 0 });
    }
  });

  it('tool-call errors by kind, and output rates only from receipts that measured one', async () => {
    const [card] = await ownScorecards(toolSupplier);
    const [hour] = card.windows;
    expect(hour).to.deep.include({ requests: 4, out_of_spec: 2, out_of_spec_rate: 0.5 });
    expect(hour.breaches.find((b: { guarantee: string }) => b.guarantee === 'tool_call')).to.deep.equal({
      guarantee: 'tool_call',
      count: 2,
      rate: 0.5,
    });
    expect(hour.tool_call_errors).to.deep.equal({ invalid_json: 1, unknown_tool: 1, arguments_schema: 1 });
    const rates = await measured(card.endpoint_id, 'tokens_per_second');
    expect(hour.output_tokens_per_second).to.deep.equal({
      samples: rates.length,
      p50: percentile(rates, 50),
      p5: percentile(rates, 5),
    });
    expect(hour.time_to_first_token_ms.samples).to.equal(
      (await measured(card.endpoint_id, 'time_to_first_token_ms')).length,
    );
  });

  it('a supplier reads only its own endpoints; a new one shows, pending and empty; a token needs supply:read', async () => {
    const newcomer = await createTestUser(services());
    const registered = await env().trading.post('/v1/supply/endpoints', {
      sign: newcomer.signingKey,
      body: { base_url: 'https://inference.example.com/v1', model: 'm', instrument_ids: ['TEXT-MAX'] },
    });
    expect(registered.status, registered.text).to.equal(201);
    const cards = await ownScorecards(newcomer);
    expect(cards.map((c: { endpoint_id: string }) => c.endpoint_id)).to.deep.equal([registered.body.data.endpoint_id]);
    expect(cards[0]).to.deep.include({ qualification: 'pending', quality_score: null, report_id: null });
    expect(cards[0].windows[1]).to.deep.include({ requests: 0, out_of_spec_rate: 0 });
    expect(cards[0].windows[1].time_to_first_token_ms).to.deep.equal({ samples: 0, p50: null, p95: null });

    const slowEndpoint = (await ownScorecards(slowSupplier))[0].endpoint_id;
    expect(JSON.stringify(await ownScorecards(toolSupplier))).not.to.contain(slowEndpoint);

    const { accessToken: supplyRead } = await grantTokens(services(), slowSupplier.userId, ['supply:read']);
    const byToken = await env().trading.get('/v1/supply/scorecard', { bearer: supplyRead });
    expect(byToken.status, byToken.text).to.equal(200);
    expect(byToken.body.data[0].endpoint_id).to.equal(slowEndpoint);
    const { accessToken: tradeRead } = await grantTokens(services(), slowSupplier.userId, ['trade:read']);
    expect((await env().trading.get('/v1/supply/scorecard', { bearer: tradeRead })).status).to.equal(403);
  });

  it("an instrument's public scorecards: qualified endpoints under pseudonyms, by id or symbol", async () => {
    const reader = await createTestUser(services());
    const byId = await env().trading.get(`/v1/instruments/${late.id}/scorecards`, { sign: reader.signingKey });
    expect(byId.status, byId.text).to.equal(200);
    // The newcomer's pending endpoint is not shown: only qualified or suspended ones.
    expect(byId.body.data).to.have.length(1);
    const [card] = byId.body.data;
    expect(card.supplier_ref).to.match(/^sup_[0-9a-f]{12}$/);
    expect(card).to.deep.include({ instrument_id: late.id, qualification: 'qualified' });
    expect(card.windows[0]).to.deep.include({ requests: 3, out_of_spec: 3 });
    const [own] = await ownScorecards(slowSupplier);
    // The same figures as the supplier's own (the windows end at each read's own time).
    const figures = (windows: Record<string, unknown>[]) => windows.map(({ from: _f, to: _t, ...rest }) => rest);
    expect(figures(card.windows)).to.deep.equal(figures(own.windows));
    for (const secret of [
      own.endpoint_id,
      own.endpoint_id.replace(/^endpoint_/, ''),
      slowSupplier.userId,
      slowSupplier.email,
    ])
      expect(byId.text).not.to.contain(secret);

    const bySymbol = await env().trading.get('/v1/instruments/text-max/scorecards', { sign: reader.signingKey });
    expect(bySymbol.status).to.equal(200);
    expect(bySymbol.body.data.map((c: { supplier_ref: string }) => c.supplier_ref)).to.deep.equal([card.supplier_ref]);
    const { accessToken } = await grantTokens(services(), reader.userId, ['trade:read']);
    const byToken = await env().trading.get(`/v1/instruments/${agent.id}/scorecards`, { bearer: accessToken });
    expect(byToken.status, byToken.text).to.equal(200);
    expect(byToken.body.data).to.have.length(1);
    expect(byToken.body.data[0].supplier_ref).not.to.equal(card.supplier_ref);
  });

  it('404 for an instrument neither an id nor a symbol names', async () => {
    const reader = await createTestUser(services());
    for (const name of ['instrument-00000000-0000-4000-8000-000000000000', 'NO-SUCH-SYMBOL', 'by-symbol']) {
      const reply = await env().trading.get(`/v1/instruments/${name}/scorecards`, { sign: reader.signingKey });
      expect(reply.status, reply.text).to.equal(404);
    }
  });
});
