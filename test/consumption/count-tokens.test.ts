import { expect } from 'chai';
import { tokensOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, useUpFreeDailyRequests, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * `POST /v1/messages/count_tokens` on the messages host (issue 11, item 10): Anthropic's
 * `{input_tokens}`, counted as admission counts the prompt; answered without a redirect, not
 * billed, no slot, not counted against the daily limit; validated as a message is.
 */
describeEachDatabase('consumption: counting the tokens of a message', (env) => {
  const services = () => env().service.services;
  const model = 'agent-standard';
  const request = {
    model,
    system: 'You are a weather assistant.',
    messages: [
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"temp_c":14}' },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
    ],
    tools: [
      {
        name: 'get_weather',
        description: 'Current weather for a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
  };
  const headers = (user: TestUser) => ({ 'x-api-key': user.apiKey, 'anthropic-version': '2023-06-01' });

  before(async () => {
    const supplier = await createTestUser(services());
    await makeSupplier(services(), supplier.userId, [(await services().reference.resolveModel(model))!.id]);
  });

  async function tokensHeld(user: TestUser): Promise<number> {
    const instrument = (await services().reference.resolveModel(model))!;
    const row = (await services()
      .db('ledger_accounts')
      .where({ user_id: user.userId, kind: 'consumption', asset: tokensOf(instrument.id) })
      .first('available')) as { available: number | string } | undefined;
    return Number(row?.available ?? 0);
  }

  it('answers the input tokens the same message is billed for, without a redirect and without billing', async () => {
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
    const before = await tokensHeld(caller);
    const counted = await env().messages.post('/v1/messages/count_tokens', { headers: headers(caller), body: request });
    expect(counted.status, counted.text).to.equal(200);
    expect(counted.body).to.have.all.keys('input_tokens');
    expect(counted.body.input_tokens).to.be.a('number').greaterThan(20);
    expect(await tokensHeld(caller)).to.equal(before);
    expect((await env().consumption.get('/v1/usage', { bearer: caller.apiKey })).body.data).to.have.length(0);

    const ran = await env().messages.post('/r/v1/messages', {
      headers: headers(caller),
      body: { ...request, max_tokens: 64 },
    });
    expect(ran.status, ran.text).to.equal(200);
    expect(ran.body.usage.input_tokens).to.equal(counted.body.input_tokens);
    // Fields a count does not need are ignored; so is a stream flag.
    const again = await env().messages.post('/v1/messages/count_tokens', {
      headers: headers(caller),
      body: { ...request, max_tokens: 64, stream: true, temperature: 0.5 },
    });
    expect(again.body).to.deep.equal(counted.body);
  });

  it('counts for an account without capacity and past its daily limit, takes no slot and writes no receipt', async () => {
    const caller = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await useUpFreeDailyRequests(services(), caller, instrument.id, model, 'messages');
    const refused = await env().messages.post('/v1/messages', {
      headers: headers(caller),
      body: { ...request, max_tokens: 64 },
    });
    expect(refused.status).to.equal(429);
    for (let i = 0; i < 4; i++) {
      const counted = await env().messages.post('/v1/messages/count_tokens', {
        headers: headers(caller),
        body: request,
      });
      expect(counted.status, counted.text).to.equal(200);
    }
    expect(
      await services().db('inference_requests').where('user_id', caller.userId).count({ n: '*' }).first(),
    ).to.deep.include({ n: 100 }); // the day's 100, and no more
    expect(await services().db('inference_slots').where('user_id', caller.userId).first()).to.equal(undefined);
  });

  const refusals = [
    {
      name: 'without a key',
      status: 401,
      code: 'invalid_api_key',
      type: 'authentication_error',
      body: request,
      anonymous: true,
    },
    {
      name: 'for an unknown model',
      status: 404,
      code: 'model_not_found',
      type: 'not_found_error',
      body: { ...request, model: 'claude-x' },
    },
    { name: 'without messages', status: 422, code: 'validation_error', type: 'invalid_request_error', body: { model } },
    {
      name: 'with a tool input_schema that is not a JSON Schema',
      status: 422,
      code: 'validation_error',
      type: 'invalid_request_error',
      body: {
        ...request,
        tools: [{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'nonsense' } } } }],
      },
    },
  ];
  for (const row of refusals) {
    it(`refuses a count ${row.name}: ${row.status} in Anthropic's shape beside the envelope`, async () => {
      const caller = await createTestUser(services());
      const reply = await env().messages.post('/v1/messages/count_tokens', {
        ...(row.anonymous ? {} : { headers: headers(caller) }),
        body: row.body,
      });
      expect(reply.status, reply.text).to.equal(row.status);
      expect(reply.body.errors.code).to.equal(row.code);
      expect(reply.body).to.deep.include({
        type: 'error',
        error: { type: row.type, message: reply.body.errors.detail },
      });
    });
  }

  it('is served on the messages host only', async () => {
    const caller = await createTestUser(services());
    const reply = await env().consumption.post('/v1/messages/count_tokens', { bearer: caller.apiKey, body: request });
    expect(reply.status).to.equal(404);
  });
});
