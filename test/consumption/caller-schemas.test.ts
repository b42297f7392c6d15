import { expect } from 'chai';
import { tokensOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import type { Reply } from '../support/http.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * What a caller writes into a request and what it may cost (issue 11, items 1 and 9): an answer
 * that misses the schema the caller chose is billed like any other, on every surface, streamed or
 * not; a schema that is not valid JSON Schema, not self-contained, too big, or that obviously
 * admits nothing is a 422 before anything is reserved; every reasoning effort the official
 * OpenAI clients allow is accepted and reaches suppliers as a level they understand.
 */
describeEachDatabase('consumption: the schemas and efforts a caller chooses', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  const hi = [{ role: 'user', content: 'Say something about markets.' }];

  before(async () => {
    const supplier = await createTestUser(services());
    await makeSupplier(services(), supplier.userId, [(await services().reference.resolveModel(model))!.id]);
  });

  async function callerWithTokens(): Promise<TestUser> {
    const caller = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await giveUnits(services(), caller.userId, instrument.id, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: caller.userId,
        instrumentId: instrument.id,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
    return caller;
  }

  async function tokensHeld(caller: TestUser): Promise<{ available: number; locked: number }> {
    const instrument = (await services().reference.resolveModel(model))!;
    const row = (await services()
      .db('ledger_accounts')
      .where({ user_id: caller.userId, kind: 'consumption', asset: tokensOf(instrument.id) })
      .first('available', 'locked')) as { available: number | string; locked: number | string };
    return { available: Number(row.available), locked: Number(row.locked) };
  }

  async function receiptOf(caller: TestUser, reply: Reply): Promise<Record<string, any>> {
    const requestId = reply.headers.get('x-mkt-request-id')!;
    const found = await env().consumption.get(`/v1/usage/${requestId}`, { bearer: caller.apiKey });
    expect(found.status, found.text).to.equal(200);
    return found.body.data;
  }

  const impossible = { type: 'string', minLength: 100_000 };
  const fitting = { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] };
  const chatWith = (schema: object, stream = false) => ({
    model,
    messages: hi,
    max_tokens: 2000,
    response_format: { type: 'json_schema', json_schema: { name: 'a', schema } },
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
  const responseWith = (schema: object, stream = false) => ({
    model,
    input: 'Say something about markets.',
    max_output_tokens: 2000,
    text: { format: { type: 'json_schema', name: 'a', schema } },
    ...(stream ? { stream: true } : {}),
  });

  describe('an answer that misses the schema the caller chose is billed (item 1)', () => {
    const rows = [
      {
        name: 'chat completions',
        path: '/r/v1/chat/completions',
        body: chatWith(impossible),
        status: 'schema_mismatch',
      },
      {
        name: 'chat completions, streamed',
        path: '/r/v1/chat/completions',
        body: chatWith(impossible, true),
        status: 'schema_mismatch',
      },
      { name: 'responses', path: '/r/v1/responses', body: responseWith(impossible), status: 'schema_mismatch' },
      {
        name: 'responses, streamed',
        path: '/r/v1/responses',
        body: responseWith(impossible, true),
        status: 'schema_mismatch',
      },
      {
        name: 'chat completions, an answer that fits',
        path: '/r/v1/chat/completions',
        body: chatWith(fitting),
        status: 'succeeded',
      },
      {
        name: 'responses, streamed, an answer that fits',
        path: '/r/v1/responses',
        body: responseWith(fitting, true),
        status: 'succeeded',
      },
    ];
    for (const row of rows) {
      it(`${row.name}: ${row.status}, billed exactly the tokens delivered`, async () => {
        const caller = await callerWithTokens();
        const before = await tokensHeld(caller);
        const reply = await env().consumption.post(row.path, { bearer: caller.apiKey, body: row.body });
        expect(reply.status, reply.text).to.equal(200);
        const receipt = await receiptOf(caller, reply);
        expect(receipt).to.include({ status: row.status, cost_status: 'settled' });
        expect(receipt.completion_tokens).to.be.greaterThan(0);
        if (row.status === 'schema_mismatch') expect(receipt.completion_tokens).to.equal(2000);
        const total = receipt.prompt_tokens + receipt.completion_tokens;
        expect(receipt.cost_units).to.equal((total / 1_000_000).toFixed(6));
        const after = await tokensHeld(caller);
        expect(before.available - after.available).to.equal(total);
        expect(after.locked).to.equal(0);
      });
    }
  });

  describe('a caller schema that cannot be used is a 422, before anything is reserved (item 9)', () => {
    const nonsense = { type: 'nonsense' };
    const deep = Array.from({ length: 40 }).reduce<object>((inner) => ({ type: 'object', properties: { a: inner } }), {
      type: 'string',
    });
    const large = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 2000 }, (_, i) => [`field_${i}`, { type: 'string', description: 'x'.repeat(40) }]),
      ),
    };
    const remote = { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } };
    const missing = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    const chatTool = (parameters: object) => ({
      model,
      messages: hi,
      tools: [{ type: 'function', function: { name: 'f', parameters } }],
    });
    const responseTool = (parameters: object) => ({
      model,
      input: 'hi',
      tools: [{ type: 'function', name: 'f', parameters }],
    });
    const messageTool = (input_schema: object) => ({
      model,
      max_tokens: 64,
      messages: hi,
      tools: [{ name: 'f', input_schema }],
    });
    const rows = [
      {
        name: 'chat response_format of an unknown type',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatWith(nonsense),
        at: 'response_format.json_schema.schema',
        says: /not a valid JSON Schema: at \/type/,
      },
      {
        name: 'chat response_format {"not": {}}, at the run',
        host: 'consumption',
        path: '/r/v1/chat/completions',
        body: chatWith({ not: {} }),
        at: 'response_format.json_schema.schema',
        says: /admits no value/,
      },
      {
        name: 'chat response_format with an empty enum',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatWith({ enum: [] }),
        at: 'response_format.json_schema.schema',
        says: /admits no value/,
      },
      {
        name: 'chat response_format with contradicting bounds',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatWith({ type: 'string', minLength: 5, maxLength: 2 }),
        at: 'response_format.json_schema.schema',
        says: /admits no value/,
      },
      {
        name: 'chat tool parameters of an unknown type',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatTool(nonsense),
        at: 'tools.0.function.parameters',
        says: /not a valid JSON Schema/,
      },
      {
        name: 'chat tool parameters referring to another document',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatTool(remote),
        at: 'tools.0.function.parameters',
        says: /not self-contained/,
      },
      {
        name: 'chat tool parameters referring to a missing definition',
        host: 'consumption',
        path: '/r/v1/chat/completions',
        body: chatTool(missing),
        at: 'tools.0.function.parameters',
        says: /not self-contained/,
      },
      {
        name: 'chat tool parameters 41 levels deep',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatTool(deep),
        at: 'tools.0.function.parameters',
        says: /nested too deeply/,
      },
      {
        name: 'chat response_format over 100,000 characters',
        host: 'consumption',
        path: '/v1/chat/completions',
        body: chatWith(large),
        at: 'response_format.json_schema.schema',
        says: /too large/,
      },
      {
        name: 'responses text.format {"not": {}}',
        host: 'consumption',
        path: '/v1/responses',
        body: responseWith({ not: {} }),
        at: 'body.text.format.schema',
        says: /admits no value/,
      },
      {
        name: 'responses tool parameters of an unknown type, at the run',
        host: 'consumption',
        path: '/r/v1/responses',
        body: responseTool(nonsense),
        at: 'body.tools.0.parameters',
        says: /not a valid JSON Schema/,
      },
      {
        name: 'messages tool input_schema with a property of an unknown type',
        host: 'messages',
        path: '/v1/messages',
        body: messageTool({ type: 'object', properties: { a: nonsense } }),
        at: 'body.tools.0.input_schema',
        says: /not a valid JSON Schema: at \/properties\/a\/type/,
      },
      {
        name: 'messages tool input_schema {"not": {}}, at the run',
        host: 'messages',
        path: '/r/v1/messages',
        body: messageTool({ type: 'object', not: {} }),
        at: 'body.tools.0.input_schema',
        says: /admits no value/,
      },
    ] as const;
    for (const row of rows) {
      it(`${row.name}: 422 at ${row.at}`, async () => {
        const caller = await callerWithTokens();
        const before = await tokensHeld(caller);
        const reply = await env()[row.host].post(row.path, { bearer: caller.apiKey, body: row.body });
        expect(reply.status, reply.text).to.equal(422);
        const issue = Array.isArray(reply.body.errors) ? reply.body.errors[0] : reply.body.errors.context.errors[0];
        expect(issue.path).to.equal(row.at);
        expect(issue.message).to.match(row.says);
        expect(await tokensHeld(caller)).to.deep.equal(before);
        expect((await env().consumption.get('/v1/usage', { bearer: caller.apiKey })).body.data).to.have.length(0);
      });
    }

    it('a tool schema nested 10,000 deep (a 60 KB body): 422 on chat completions and messages, the value not echoed', async () => {
      const caller = await callerWithTokens();
      const deepest = `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
      const chat = await env().consumption.post('/v1/chat/completions', {
        bearer: caller.apiKey,
        rawBody: `{"model":"${model}","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${deepest}}}]}`,
      });
      // The body itself is deeper than any request may be (128 levels): refused as it is read.
      expect(chat.status, chat.text.slice(0, 300)).to.equal(422);
      expect(chat.body.errors).to.have.length(1);
      expect(chat.body.errors[0]).to.include({ message: 'is nested deeper than 128 levels', value: null });
      expect(chat.body.errors[0].path).to.match(/^tools\.0\.function\.parameters\.a\.a/);
      const message = await env().messages.post('/v1/messages', {
        bearer: caller.apiKey,
        rawBody: `{"model":"${model}","max_tokens":8,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":{"type":"object","properties":${deepest}}}]}`,
      });
      expect(message.status, message.text.slice(0, 300)).to.equal(422);
      expect(message.body.errors.context.errors).to.have.length(1);
      expect(message.body.errors.context.errors[0]).to.include({
        message: 'is nested deeper than 128 levels',
        value: null,
      });
    });

    const accepted = [
      { name: 'an empty schema', schema: {} },
      {
        name: 'a draft-07 tuple, said so by $schema',
        schema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'array',
          items: [{ type: 'string' }],
          additionalItems: false,
        },
      },
      {
        name: 'a draft-07 tuple without $schema',
        schema: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
      },
      {
        name: 'references to $defs, definitions and an anchor',
        schema: {
          type: 'object',
          $defs: { p: { type: 'number' }, q: { $anchor: 'q', type: 'string' } },
          definitions: { r: { type: 'boolean' } },
          properties: {
            p: { $ref: '#/$defs/p' },
            q: { $ref: '#q' },
            r: { $ref: '#/definitions/r' },
            self: { $ref: '#' },
          },
        },
      },
      {
        name: 'a property named $ref and one named enum',
        schema: {
          type: 'object',
          properties: { $ref: { type: 'string' }, enum: { $ref: '#/$defs/e' } },
          $defs: { e: { enum: ['a'] } },
        },
      },
    ];
    for (const row of accepted) {
      it(`accepts ${row.name}`, async () => {
        const caller = await callerWithTokens();
        const reply = await env().consumption.post('/v1/chat/completions', {
          bearer: caller.apiKey,
          body: chatWith(row.schema),
        });
        expect(reply.status, reply.text).to.equal(307);
      });
    }
  });

  describe('reasoning effort (item 9)', () => {
    const efforts = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];
    it('accepts every effort the official OpenAI clients allow, on chat completions and responses', async () => {
      const caller = await callerWithTokens();
      for (const effort of efforts) {
        const chat = await env().consumption.post('/v1/chat/completions', {
          bearer: caller.apiKey,
          body: { model, messages: hi, reasoning_effort: effort },
        });
        expect(chat.status, `${effort}: ${chat.text}`).to.equal(307);
        const response = await env().consumption.post('/v1/responses', {
          bearer: caller.apiKey,
          body: { model, input: 'hi', reasoning: { effort } },
        });
        expect(response.status, `${effort}: ${response.text}`).to.equal(307);
      }
    });

    it('refuses another effort, listing the values without a dangling comma', async () => {
      const caller = await callerWithTokens();
      const chat = await env().consumption.post('/v1/chat/completions', {
        bearer: caller.apiKey,
        body: { model, messages: hi, reasoning_effort: 'extreme' },
      });
      expect(chat.status).to.equal(422);
      expect(chat.body.errors).to.deep.include({
        path: 'reasoning_effort',
        message: 'must be one of none, minimal, low, medium, high, xhigh, max, null',
        value: 'extreme',
      });
      const response = await env().consumption.post('/v1/responses', {
        bearer: caller.apiKey,
        body: { model, input: 'hi', reasoning: { effort: 'extreme' } },
      });
      expect(response.status).to.equal(422);
      expect(response.body.errors.context.errors).to.deep.include({
        path: 'body.reasoning.effort',
        message: 'must be one of none, minimal, low, medium, high, xhigh, max, null',
        value: 'extreme',
      });
    });

    // The simulated supplier reasons 8–15 tokens at `minimal` and 64 times that at `high`, and not at all for a level it does not know.
    const mapped = [
      { effort: 'none', reasoning: [8, 15] },
      { effort: 'xhigh', reasoning: [512, 960] },
      { effort: 'max', reasoning: [512, 960] },
    ];
    for (const row of mapped) {
      it(`sends ${row.effort} to suppliers as a level they understand, and echoes it on responses as asked`, async () => {
        const caller = await callerWithTokens();
        const chat = await env().consumption.post('/r/v1/chat/completions', {
          bearer: caller.apiKey,
          body: { model, messages: hi, max_tokens: 2000, reasoning_effort: row.effort },
        });
        expect(chat.status, chat.text).to.equal(200);
        expect(chat.body.usage.completion_tokens_details.reasoning_tokens).to.be.within(
          row.reasoning[0]!,
          row.reasoning[1]!,
        );
        const response = await env().consumption.post('/r/v1/responses', {
          bearer: caller.apiKey,
          body: { model, input: 'hi', max_output_tokens: 2000, reasoning: { effort: row.effort } },
        });
        expect(response.status, response.text).to.equal(200);
        expect(response.body.reasoning).to.deep.equal({ effort: row.effort });
        expect(response.body.usage.output_tokens_details.reasoning_tokens).to.be.within(
          row.reasoning[0]!,
          row.reasoning[1]!,
        );
      });
    }
  });
});
