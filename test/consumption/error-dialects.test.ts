import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, useUpFreeDailyRequests, type TestUser } from '../support/fixtures.js';
import type { HostClient, Reply } from '../support/http.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Every error body of the consumption hosts speaks its clients' dialect beside the specification's
 * `errors` (issue 11, item 9; DESIGN.md §9): on `{base_url}` OpenAI's `error: {message, type, code,
 * param}`, whose `message` the official openai clients show; on `{messages_url}` Anthropic's
 * `{type: 'error', error: {type, message}}`. Each row is one status, on the redirect, the run or
 * a route no operation serves; every reply is also checked against the document.
 */
describeEachDatabase('consumption: error bodies in the dialect of each host', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  const hi = [{ role: 'user', content: 'hi' }];
  let poor: TestUser;
  let rich: TestUser;
  let exhausted: TestUser;

  before(async () => {
    poor = await createTestUser(services());
    rich = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await giveUnits(services(), rich.userId, instrument.id, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: rich.userId,
        instrumentId: instrument.id,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
    // A free account that has made its 100 requests of the day.
    exhausted = await createTestUser(services());
    await useUpFreeDailyRequests(services(), exhausted, instrument.id, model);
  });

  type Row = { name: string; send: () => Promise<Reply>; status: number; code: string; type: string; param?: string };
  const consumption = (): HostClient => env().consumption;
  const messages = (): HostClient => env().messages;
  const key = (user: TestUser) => ({ 'x-api-key': user.apiKey });

  const openAiRows: Row[] = [
    {
      name: 'no key',
      send: () => consumption().get('/v1/models'),
      status: 401,
      code: 'invalid_api_key',
      type: 'authentication_error',
    },
    {
      name: 'no capacity, at the redirect',
      send: () => consumption().post('/v1/chat/completions', { bearer: poor.apiKey, body: { model, messages: hi } }),
      status: 402,
      code: 'insufficient_capacity',
      type: 'insufficient_quota',
    },
    {
      name: 'no capacity, at the run',
      send: () => consumption().post('/r/v1/chat/completions', { bearer: poor.apiKey, body: { model, messages: hi } }),
      status: 402,
      code: 'insufficient_capacity',
      type: 'insufficient_quota',
    },
    {
      name: 'no capacity, on responses',
      send: () => consumption().post('/v1/responses', { bearer: poor.apiKey, body: { model, input: 'hi' } }),
      status: 402,
      code: 'insufficient_capacity',
      type: 'insufficient_quota',
    },
    {
      name: 'an unknown model',
      send: () =>
        consumption().post('/v1/chat/completions', { bearer: rich.apiKey, body: { model: 'gpt-x', messages: hi } }),
      status: 404,
      code: 'model_not_found',
      type: 'invalid_request_error',
    },
    {
      name: 'an unknown route',
      send: () => consumption().get('/v1/nothing-here', { bearer: rich.apiKey }),
      status: 404,
      code: 'not_found',
      type: 'invalid_request_error',
    },
    {
      name: 'a method the path does not serve',
      send: () => consumption().get('/v1/chat/completions', { bearer: rich.apiKey }),
      status: 405,
      code: 'method_not_allowed',
      type: 'invalid_request_error',
    },
    {
      name: 'a body that is not JSON',
      send: () => consumption().post('/v1/chat/completions', { bearer: rich.apiKey, rawBody: '{"model":' }),
      status: 400,
      code: 'malformed_json',
      type: 'invalid_request_error',
    },
    {
      name: 'a chat request without messages (the list shape)',
      send: () => consumption().post('/v1/chat/completions', { bearer: rich.apiKey, body: { model } }),
      status: 422,
      code: 'validation_error',
      type: 'invalid_request_error',
      param: 'messages',
    },
    {
      name: 'a responses request with previous_response_id',
      send: () =>
        consumption().post('/v1/responses', {
          bearer: rich.apiKey,
          body: { model, input: 'hi', previous_response_id: 'resp_1' },
        }),
      status: 422,
      code: 'validation_error',
      type: 'invalid_request_error',
      param: 'previous_response_id',
    },
    {
      name: 'a usage query with a bad bound',
      send: () => consumption().get('/v1/usage', { bearer: rich.apiKey, query: { from: 'yesterday' } }),
      status: 422,
      code: 'validation_error',
      type: 'invalid_request_error',
      param: 'from',
    },
    {
      name: 'an unknown receipt',
      send: () => consumption().get('/v1/usage/req_unknown', { bearer: rich.apiKey }),
      status: 404,
      code: 'not_found',
      type: 'invalid_request_error',
    },
    {
      name: 'the daily limit of a free account',
      send: () =>
        consumption().post('/v1/chat/completions', { bearer: exhausted.apiKey, body: { model, messages: hi } }),
      status: 429,
      code: 'daily_request_limit_exceeded',
      type: 'rate_limit_error',
    },
    {
      name: 'no supplier for the instrument, at the run',
      send: () =>
        consumption().post('/r/v1/chat/completions', {
          bearer: rich.apiKey,
          body: { model, messages: hi, max_tokens: 8 },
        }),
      status: 503,
      code: 'supplier_unavailable',
      type: 'server_error',
    },
  ];
  for (const row of openAiRows) {
    it(`{base_url}, ${row.name}: ${row.status} with errors and an OpenAI error of type ${row.type}`, async () => {
      const reply = await row.send();
      expect(reply.status, reply.text).to.equal(row.status);
      const list = Array.isArray(reply.body.errors);
      if (!list) expect(reply.body.errors.code).to.equal(row.code);
      const message = list
        ? `Invalid request: ${reply.body.errors.map((i: { path: string; message: string }) => `${i.path} ${i.message}`).join('; ')}.`
        : reply.body.errors.detail;
      expect(reply.body.error).to.deep.equal({ message, type: row.type, code: row.code, param: row.param ?? null });
      expect(Object.keys(reply.body).sort()).to.deep.equal(['error', 'errors']);
    });
  }

  const anthropicRows: Row[] = [
    {
      name: 'no key',
      send: () => messages().post('/v1/messages', { body: { model, max_tokens: 8, messages: hi } }),
      status: 401,
      code: 'invalid_api_key',
      type: 'authentication_error',
    },
    {
      name: 'no capacity, at the redirect',
      send: () => messages().post('/v1/messages', { headers: key(poor), body: { model, max_tokens: 8, messages: hi } }),
      status: 402,
      code: 'insufficient_capacity',
      type: 'billing_error',
    },
    {
      name: 'no capacity, at the run',
      send: () =>
        messages().post('/r/v1/messages', { headers: key(poor), body: { model, max_tokens: 8, messages: hi } }),
      status: 402,
      code: 'insufficient_capacity',
      type: 'billing_error',
    },
    {
      name: 'an unknown model',
      send: () =>
        messages().post('/v1/messages', {
          headers: key(rich),
          body: { model: 'claude-x', max_tokens: 8, messages: hi },
        }),
      status: 404,
      code: 'model_not_found',
      type: 'not_found_error',
    },
    {
      name: 'an unknown route',
      send: () => messages().get('/v1/nothing-here', { headers: key(rich) }),
      status: 404,
      code: 'not_found',
      type: 'not_found_error',
    },
    {
      name: 'a body that is not JSON',
      send: () => messages().post('/v1/messages', { headers: key(rich), rawBody: '{"model":' }),
      status: 400,
      code: 'malformed_json',
      type: 'invalid_request_error',
    },
    {
      name: 'a body over the size limit',
      send: () =>
        messages().post('/v1/messages', {
          headers: key(rich),
          rawBody: JSON.stringify({
            model,
            max_tokens: 8,
            messages: [{ role: 'user', content: 'x'.repeat(9 * 1024 * 1024) }],
          }),
        }),
      status: 413,
      code: 'payload_too_large',
      type: 'request_too_large',
    },
    {
      name: 'a request without max_tokens',
      send: () => messages().post('/v1/messages', { headers: key(rich), body: { model, messages: hi } }),
      status: 422,
      code: 'validation_error',
      type: 'invalid_request_error',
    },
    {
      name: 'the daily limit of a free account',
      send: () =>
        messages().post('/v1/messages', { headers: key(exhausted), body: { model, max_tokens: 8, messages: hi } }),
      status: 429,
      code: 'daily_request_limit_exceeded',
      type: 'rate_limit_error',
    },
    {
      name: 'no supplier for the instrument, at the run',
      send: () =>
        messages().post('/r/v1/messages', { headers: key(rich), body: { model, max_tokens: 8, messages: hi } }),
      status: 503,
      code: 'supplier_unavailable',
      type: 'overloaded_error',
    },
  ];
  for (const row of anthropicRows) {
    it(`{messages_url}, ${row.name}: ${row.status} with errors and an Anthropic error of type ${row.type}`, async () => {
      const reply = await row.send();
      expect(reply.status, reply.text.slice(0, 500)).to.equal(row.status);
      expect(reply.body.errors.code).to.equal(row.code);
      expect(reply.body.type).to.equal('error');
      expect(reply.body.error).to.deep.equal({ type: row.type, message: reply.body.errors.detail });
      expect(Object.keys(reply.body).sort()).to.deep.equal(['error', 'errors', 'type']);
    });
  }

  it('leaves the trading and platform hosts in the plain envelope', async () => {
    for (const reply of [await env().trading.get('/v1/nothing-here'), await env().platform.get('/v1/nothing-here')]) {
      expect(reply.status).to.equal(404);
      expect(Object.keys(reply.body)).to.deep.equal(['errors']);
    }
  });
});
