import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createTestUser } from '../support/fixtures.js';
import {
  callerWithTokens,
  expectOutOfSpec,
  instrumentOf,
  receiptOf,
  sseData,
  supplierAt,
  tokensHeld,
  type Instrument,
} from '../support/judgment-fixtures.js';
import { startAnswerUpstream, type Script, type AnswerUpstream } from '../support/answer-upstream.js';
import { describeEachDatabase } from '../support/service.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';

/**
 * Issue 31, item 1: what an answer says, judged against its instrument and the caller's request, over real HTTP
 * against scripted upstreams. An answer cut short for length, and tool calls that are not JSON or name no tool the
 * caller offered, are `out_of_spec` (free, named); a tool call whose arguments miss the tool's own schema is billed
 * and recorded, as a missed `response_format` is; a supplier that refuses a prompt the instrument's context window
 * holds is failed over, and never billed.
 */
describeEachDatabase(
  'consumption: answers judged against their instrument (length, tool calls, context window)',
  (env) => {
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

    async function scripted(instrument: Instrument, script: Script): Promise<AnswerUpstream> {
      const upstream = await startAnswerUpstream(() => script);
      servers.push(upstream);
      await supplierAt(services(), instrument, upstream.url);
      return upstream;
    }

    after(async () => {
      await Promise.all(servers.map((s) => s.close()));
    });

    const post = (caller: { apiKey: string }, instrument: Instrument, body: object, stream: boolean) =>
      env().consumption.post('/r/v1/chat/completions', {
        bearer: caller.apiKey,
        body: {
          model: instrument.model,
          messages: hi,
          ...body,
          stream,
          stream_options: stream ? { include_usage: true } : null,
        },
      });

    describe('an answer cut short for length, before the caller\u2019s limit and the instrument\u2019s', () => {
      let instrument: Instrument;
      before(async () => {
        instrument = await instrumentOf(services(), 'agent-standard');
        await scripted(instrument, { content: 'It is', finishReason: 'length', completionTokens: 5 });
      });
      for (const stream of [false, true]) {
        it(`${stream ? 'streamed' : 'whole'}: out of spec, free, its length named`, async () => {
          const caller = await callerWithTokens(services(), instrument);
          const before = await tokensHeld(services(), caller, instrument);
          const reply = await post(caller, instrument, { max_tokens: 200 }, stream);
          const receipt = await expectOutOfSpec(env(), caller, instrument, reply, before, 'max_output_length');
          expect(receipt.spec_breaches[0]).to.deep.equal({
            guarantee: 'max_output_length',
            bound: 200,
            measured: 5,
            unit: 'tokens',
          });
          const usage = stream ? sseData(reply.text).at(-1)!.usage : reply.body.usage;
          expect(usage.spec_breaches).to.deep.equal(receipt.spec_breaches);
        });
      }
    });

    describe('tool calls that are not JSON or name no tool the caller offered', () => {
      let instrument: Instrument;
      before(async () => {
        instrument = await instrumentOf(services(), 'agent-prime');
        await scripted(instrument, {
          toolCalls: [
            { name: 'get_weather', arguments: '{"city": "Os' },
            { name: 'launch_rockets', arguments: '{}' },
          ],
          finishReason: 'tool_calls',
          completionTokens: 20,
        });
      });
      for (const stream of [false, true]) {
        it(`${stream ? 'streamed' : 'whole'}: out of spec, free, each wrong call named`, async () => {
          const caller = await callerWithTokens(services(), instrument);
          const before = await tokensHeld(services(), caller, instrument);
          const reply = await post(caller, instrument, { max_tokens: 200, tools: [weather] }, stream);
          const receipt = await expectOutOfSpec(env(), caller, instrument, reply, before, 'tool_call');
          expect(receipt.spec_breaches[0]).to.include({ guarantee: 'tool_call', bound: 0, measured: 2 });
          expect(receipt.spec_breaches[0].detail).to.contain('launch_rockets');
          expect(receipt.tool_call_errors).to.deep.equal([
            { index: 0, name: 'get_weather', kind: 'invalid_json' },
            { index: 1, name: 'launch_rockets', kind: 'unknown_tool' },
          ]);
        });
      }
    });

    describe('a tool call whose arguments miss the tool\u2019s schema', () => {
      let instrument: Instrument;
      before(async () => {
        instrument = await instrumentOf(services(), 'agent-max');
        await scripted(instrument, {
          toolCalls: [{ name: 'get_weather', arguments: '{"town": "Oslo"}' }],
          finishReason: 'tool_calls',
          completionTokens: 12,
        });
      });
      for (const stream of [false, true]) {
        it(`${stream ? 'streamed' : 'whole'}: billed, recorded as schema_mismatch`, async () => {
          const caller = await callerWithTokens(services(), instrument);
          const before = await tokensHeld(services(), caller, instrument);
          const reply = await post(caller, instrument, { max_tokens: 200, tools: [weather] }, stream);
          expect(reply.status).to.equal(200);
          const receipt = await receiptOf(env(), caller, reply);
          expect(receipt).to.include({ status: 'schema_mismatch', cost_status: 'settled', completion_tokens: 12 });
          expect(receipt.spec_breaches).to.deep.equal([]);
          expect(receipt.tool_call_errors).to.deep.equal([{ index: 0, name: 'get_weather', kind: 'arguments_schema' }]);
          const after = await tokensHeld(services(), caller, instrument);
          expect(before.available - after.available).to.equal(receipt.total_tokens);
          expect(after.locked).to.equal(0);
        });
      }
    });

    describe('a supplier that refuses a prompt the instrument\u2019s context window holds', () => {
      let instrument: Instrument;
      let refuser: AnswerUpstream;
      let good: SimulatorServer;
      before(async () => {
        instrument = await instrumentOf(services(), 'code-prime');
        refuser = await startAnswerUpstream(() => ({
          status: 400,
          message: "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.",
        }));
        good = await startSimulatorServer({ id: 'good' });
        servers.push(refuser, good);
        // Neither has an ask: routing ranks them by user id, so the refuser is given the smaller one and goes first.
        const [first, second] = (await Promise.all([createTestUser(services()), createTestUser(services())])).sort(
          (a, b) => a.userId.localeCompare(b.userId),
        );
        for (const [user, url] of [
          [first!, refuser.url],
          [second!, good.url],
        ] as const)
          await registerSupplier(services(), {
            userId: user.userId,
            instruments: [instrument.id],
            baseUrl: url,
            model: 'upstream',
            simulated: false,
          });
      });
      for (const stream of [false, true]) {
        it(`${stream ? 'streamed' : 'whole'}: failed over to the next supplier, which answers and is billed`, async () => {
          const caller = await callerWithTokens(services(), instrument);
          const refusedBefore = refuser.requests;
          const reply = await post(caller, instrument, { max_tokens: 100 }, stream);
          expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
          expect(refuser.requests - refusedBefore).to.equal(1);
          const receipt = await receiptOf(env(), caller, reply);
          expect(receipt).to.include({ status: 'succeeded', cost_status: 'settled', supplier_attempts: 2 });
          expect(receipt.spec_breaches).to.deep.equal([]);
        });
      }

      it('alone, it fails the request: 503, never billed', async () => {
        const alone = await instrumentOf(services(), 'code-max');
        await scripted(alone, { status: 400, message: 'prompt is too long for the context window' });
        const caller = await callerWithTokens(services(), alone);
        const before = await tokensHeld(services(), caller, alone);
        const reply = await post(caller, alone, { max_tokens: 100 }, false);
        expect(reply.status).to.equal(503);
        expect(await receiptOf(env(), caller, reply)).to.include({ status: 'failed', cost_status: 'not_billed' });
        expect(await tokensHeld(services(), caller, alone)).to.deep.equal(before);
      });
    });
  },
  // A supplier that failed is passed over for 1 ms only, so that each row finds the refuser first again.
  { env: { MKT_SUPPLIER_COOLDOWN_MS: '1' } },
);
