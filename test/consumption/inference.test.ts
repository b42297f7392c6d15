import Anthropic from '@anthropic-ai/sdk';
import { expect } from 'chai';
import OpenAI from 'openai';
import { tokensOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { disableSupplier, registerSupplier } from '../../src/trading/supply/supply.js';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, marketOf, placed, placeOrder } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits, makeSupplier } from '../support/trading-fixtures.js';

/**
 * Inference through the official clients, with only their base URL changed (issue 5): the 307 and
 * its same-origin follow, every surface streamed and not, tools, JSON schema, and billing that
 * takes exactly the reported usage from the caller's consumption lots, once, with a receipt.
 */
describeEachDatabase('consumption: inference through the official clients', (env) => {
  const services = () => env().service.services;
  let caller: TestUser;
  let supplier: TestUser;
  const model = 'text-standard';

  async function tokensOfCaller(user: TestUser): Promise<{ available: number; locked: number }> {
    const instrument = await services().reference.resolveModel(model);
    const row = (await services()
      .db('ledger_accounts')
      .where({ user_id: user.userId, kind: 'consumption', asset: tokensOf(instrument!.id) })
      .first('available', 'locked')) as { available: number | string; locked: number | string } | undefined;
    return { available: Number(row?.available ?? 0), locked: Number(row?.locked ?? 0) };
  }

  /** Gives the user `units` Units of the instrument in its consumption account (a million tokens each). */
  async function giveTokens(user: TestUser, units: number): Promise<void> {
    const instrument = (await services().reference.resolveModel(model))!;
    await giveUnits(services(), user.userId, instrument.id, units);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: user.userId,
        instrumentId: instrument.id,
        quantity: units,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
  }

  const openai = (user: TestUser) =>
    new OpenAI({ apiKey: user.apiKey, baseURL: `${env().consumption.baseUrl}/v1`, maxRetries: 0 });
  const anthropic = (user: TestUser) =>
    new Anthropic({ apiKey: user.apiKey, baseURL: env().messages.baseUrl, maxRetries: 0 });

  async function receipt(user: TestUser, requestId: string): Promise<Record<string, any>> {
    const reply = await env().consumption.get(`/v1/usage/${requestId}`, { bearer: user.apiKey });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    return reply.body.data;
  }

  before(async () => {
    supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
  });
  beforeEach(async () => {
    caller = await createTestUser(services());
    await giveTokens(caller, 1);
  });

  it('lists models, and completes: billed exactly the usage, once, with a receipt', async () => {
    const client = openai(caller);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).to.include(model);
    const before = await tokensOfCaller(caller);
    const { data: completion, response } = await client.chat.completions
      .create({ model, messages: [{ role: 'user', content: 'Say something about markets.' }], max_tokens: 64 })
      .withResponse();
    expect(completion.object).to.equal('chat.completion');
    expect(completion.model).to.equal(model);
    expect(completion.choices[0]!.message.content).to.be.a('string').and.not.equal('');
    const usage = completion.usage!;
    expect(usage.total_tokens).to.equal(usage.prompt_tokens + usage.completion_tokens);
    const requestId = response.headers.get('x-mkt-request-id')!;
    expect(requestId).to.match(/^req_/);
    expect(response.headers.get('x-ratelimit-limit')).to.equal('3');
    const after = await tokensOfCaller(caller);
    expect(before.available - after.available).to.equal(usage.total_tokens);
    expect(after.locked).to.equal(0);
    const seen = await receipt(caller, requestId);
    expect(seen).to.include({
      status: 'succeeded',
      cost_status: 'settled',
      endpoint: 'chat.completions',
      stream: false,
      model,
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      supplier_attempts: 1,
    });
    expect(seen.cost_units).to.equal((usage.total_tokens / 1_000_000).toFixed(6));
  });

  it('streams with usage in the last chunk, and costs exactly what the same request costs unstreamed', async () => {
    const client = openai(caller);
    const request = {
      model,
      messages: [{ role: 'user' as const, content: 'Stream a few words.' }],
      max_tokens: 40,
      seed: 7,
    };
    const whole = await client.chat.completions.create(request);
    const afterWhole = await tokensOfCaller(caller);
    const stream = await client.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).to.equal(whole.choices[0]!.message.content);
    expect(usage).to.deep.include({
      prompt_tokens: whole.usage!.prompt_tokens,
      completion_tokens: whole.usage!.completion_tokens,
    });
    const afterStream = await tokensOfCaller(caller);
    expect(afterWhole.available - afterStream.available).to.equal(whole.usage!.total_tokens);
  });

  it('calls tools and answers JSON that fits a schema', async () => {
    const client = openai(caller);
    const tools = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
      ],
    });
    const call = tools.choices[0]!.message.tool_calls![0]! as { function: { name: string; arguments: string } };
    expect(tools.choices[0]!.finish_reason).to.equal('tool_calls');
    expect(call.function.name).to.equal('get_weather');
    expect(JSON.parse(call.function.arguments)).to.have.property('city').that.is.a('string');

    const json = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'A price, please.' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'price',
          schema: {
            type: 'object',
            properties: { price: { type: 'number' }, currency: { enum: ['USD', 'EUR'] } },
            required: ['price', 'currency'],
          },
        },
      },
    });
    const parsed = JSON.parse(json.choices[0]!.message.content!) as { price: unknown; currency: unknown };
    expect(parsed.price).to.be.a('number');
    expect(['USD', 'EUR']).to.include(parsed.currency);
  });

  it('answers the responses format, streamed and not', async () => {
    const client = openai(caller);
    const response = await client.responses.create({
      model,
      input: 'Tell me about spot markets.',
      max_output_tokens: 50,
    });
    expect(response.object).to.equal('response');
    expect(response.model).to.equal(model);
    expect(response.output_text).to.be.a('string').and.not.equal('');
    const stream = await client.responses.create({
      model,
      input: 'Tell me about spot markets.',
      max_output_tokens: 50,
      stream: true,
    });
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      // A response cut at max_output_tokens ends with response.incomplete instead.
      if (event.type === 'response.completed' || event.type === 'response.incomplete') completed = event.response;
    }
    expect(text).to.equal(response.output_text);
    expect(completed?.usage?.total_tokens).to.equal(response.usage?.total_tokens);
  });

  it('answers the messages format through the Anthropic client, streamed and not, with tools', async () => {
    const client = anthropic(caller);
    const message = await client.messages.create({
      model,
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hello there.' }],
    });
    expect(message.type).to.equal('message');
    expect(message.model).to.equal(model);
    const textBlock = message.content.find((b) => b.type === 'text') as { text: string } | undefined;
    expect(textBlock?.text).to.be.a('string').and.not.equal('');
    const stream = client.messages.stream({
      model,
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hello there.' }],
    });
    const final = await stream.finalMessage();
    expect((final.content.find((b) => b.type === 'text') as { text: string }).text).to.equal(textBlock!.text);
    expect(final.usage.output_tokens).to.equal(message.usage.output_tokens);
    const tools = await client.messages.create({
      model,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather in Rome?' }],
      tools: [
        {
          name: 'get_weather',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
    });
    expect(tools.stop_reason).to.equal('tool_use');
    expect(tools.content.find((b) => b.type === 'tool_use')).to.include({ name: 'get_weather' });
  });

  it('answers 307 to a client that does not follow it, with nothing run; refuses unknown models and missing capacity', async () => {
    const before = await tokensOfCaller(caller);
    const redirect = await fetch(`${env().consumption.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(redirect.status).to.equal(307);
    expect(redirect.headers.get('location')).to.match(
      new RegExp(`^${env().consumption.baseUrl}/r/v1/chat/completions\\?ticket=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`),
    );
    expect(redirect.headers.get('x-mkt-request-id')).to.match(/^req_/);
    expect(await redirect.text()).to.equal('');
    expect(await tokensOfCaller(caller)).to.deep.equal(before);
    const listed = await env().consumption.get('/v1/usage', { bearer: caller.apiKey });
    expect(listed.body.data).to.have.length(0);

    const unknown = await env().consumption.post('/v1/chat/completions', {
      bearer: caller.apiKey,
      body: { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.errors.code).to.equal('model_not_found');

    const poor = await createTestUser(services());
    const refused = await env().consumption.post('/v1/chat/completions', {
      bearer: poor.apiKey,
      body: { model, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(refused.status).to.equal(402);
    expect(refused.body.errors.code).to.equal('insufficient_capacity');
  });

  it("answers 503 balance_replenishing while another auto-buy of the user and instrument is in flight: the chat error shape beside the envelope, Anthropic's on messages", async () => {
    const instrument = (await services().reference.resolveModel(model))!;
    const auto = await createTestUser(services(), { mode: 'auto' });
    // The claim another process's buy holds (src/consumption/capacity/capacity.ts).
    const claim = { user_id: auto.userId, instrument_id: instrument.id };
    await services()
      .db('auto_buys')
      .insert({ ...claim, expires_at_us: services().clock.nowUs() + 10_000_000 });
    const body = { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 };
    const chat = await env().consumption.post('/v1/chat/completions', { bearer: auto.apiKey, body });
    expect(chat.status).to.equal(503);
    expect(chat.headers.get('retry-after')).to.equal('1');
    expect(chat.body.error).to.deep.equal({
      code: 'balance_replenishing',
      message: chat.body.errors.detail,
      type: 'balance_replenishing',
      param: null,
    });
    expect(chat.body.errors.code).to.equal('balance_replenishing');
    const messages = await env().messages.post('/v1/messages', { bearer: auto.apiKey, body });
    expect(messages.status).to.equal(503);
    expect(messages.body.errors.code).to.equal('balance_replenishing');
    expect(messages.body).to.deep.include({
      type: 'error',
      error: { type: 'overloaded_error', message: messages.body.errors.detail },
    });
    // Once the claim is gone (released, or expired), the request buys for itself: without USD, 402.
    await services()
      .db('auto_buys')
      .where(claim)
      .update({ expires_at_us: services().clock.nowUs() - 1 });
    const own = await env().consumption.post('/v1/chat/completions', { bearer: auto.apiKey, body });
    expect(own.status).to.equal(402);
    expect(own.body.errors.code).to.equal('insufficient_balance');
    expect(await services().db('auto_buys').where(claim).first()).to.equal(undefined);
  });

  /**
   * Two suppliers of text-prime for the block, each a real local HTTP upstream (a simulator
   * server with faults); only they serve text-prime (the simulated house supplier is off in tests).
   * Fresh suppliers per block, so no block inherits another's cool-downs.
   */
  function upstreamPool(): { upstreams: SimulatorServer[]; pool: TestUser[] } {
    const made = { upstreams: [] as SimulatorServer[], pool: [] as TestUser[] };
    before(async () => {
      const instrument = (await services().reference.resolveModel('text-prime'))!;
      for (const name of ['a', 'b']) {
        const server = await startSimulatorServer({ id: `upstream-${name}` });
        made.upstreams.push(server);
        const user = await createTestUser(services());
        await registerSupplier(services(), {
          userId: user.userId,
          instruments: [instrument.id],
          baseUrl: server.url,
          model: 'sim',
          simulated: false,
        });
        made.pool.push(user);
      }
    });
    after(async () => {
      for (const user of made.pool) await disableSupplier(services(), user.userId);
      await Promise.all(made.upstreams.map((u) => u.close()));
      made.upstreams.length = 0;
      made.pool.length = 0;
    });
    return made;
  }

  async function primeTokens(user: TestUser): Promise<void> {
    const instrument = (await services().reference.resolveModel('text-prime'))!;
    await giveUnits(services(), user.userId, instrument.id, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: user.userId,
        instrumentId: instrument.id,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
  }

  describe('failover against real local HTTP upstreams', () => {
    const { upstreams } = upstreamPool();

    it('a dead supplier costs the caller nothing but a retry; with every supplier down the answer is 503 and nothing is billed', async () => {
      await primeTokens(caller);
      upstreams[0]!.setFault({ kind: 'error' });
      upstreams[1]!.setFault(null);
      const client = openai(caller);
      for (const stream of [false, true]) {
        const { data, response } = await client.chat.completions
          .create({ model: 'text-prime', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20, stream })
          .withResponse();
        if (stream) for await (const _chunk of data as AsyncIterable<unknown>) void _chunk;
        const seen = await receipt(caller, response.headers.get('x-mkt-request-id')!);
        expect(seen.status).to.equal('succeeded');
        // The failing supplier was cooled down after the first request, so the second goes straight to the live one.
        expect(seen.supplier_attempts).to.be.within(1, 2);
      }
      upstreams[1]!.setFault({ kind: 'refuse' });
      const instrument = (await services().reference.resolveModel('text-prime'))!;
      const before = (await services()
        .db('ledger_accounts')
        .where({ user_id: caller.userId, asset: tokensOf(instrument.id) })
        .first('available')) as { available: number | string };
      const down = await env().consumption.post('/r/v1/chat/completions', {
        bearer: caller.apiKey,
        body: { model: 'text-prime', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 },
      });
      expect(down.status).to.equal(503);
      expect(down.body.errors.code).to.equal('supplier_unavailable');
      const seen = await receipt(caller, down.headers.get('x-mkt-request-id')!);
      expect(seen).to.include({ status: 'failed', cost_status: 'not_billed', cost_units: '0.000000' });
      const after = (await services()
        .db('ledger_accounts')
        .where({ user_id: caller.userId, asset: tokensOf(instrument.id) })
        .first('available', 'locked')) as { available: number | string; locked: number | string };
      expect(Number(after.available)).to.equal(Number(before.available));
      expect(Number(after.locked)).to.equal(0);
      upstreams[1]!.setFault(null);
    });
  });

  describe('routing', () => {
    const { upstreams, pool } = upstreamPool();

    it('prefers the supplier whose Units the caller consumes, else the best ask', async () => {
      const instrument = (await services().reference.resolveModel('text-prime'))!;
      const market = await marketOf(services(), 'text-prime');
      const [cheap, bought] = pool as [TestUser, TestUser];
      // The caller buys (auto-transfer) from `bought`; afterwards `cheap` offers a better ask.
      await issueUnits(services(), bought.userId, instrument.id, 1);
      await placed(env(), bought, { market_id: market.marketId, side: 'sell', price: '0.9000', quantity: 1 });
      const buyer = await createTestUser(services());
      await fundUser(services(), buyer.userId, '5.00');
      await placed(env(), buyer, {
        market_id: market.marketId,
        side: 'buy',
        type: 'market',
        quantity: 1,
        time_in_force: 'ioc',
        should_autotransfer: true,
      });
      await issueUnits(services(), cheap.userId, instrument.id, 1);
      await placed(env(), cheap, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 1 });
      const lot = (await services()
        .db('consumption_lots as l')
        .join('ledger_accounts as a', 'a.id', 'l.account_id')
        .where('a.user_id', buyer.userId)
        .first('l.supplier_user_id')) as { supplier_user_id: string };
      expect(lot.supplier_user_id).to.equal(bought.userId);

      const served = () => upstreams.map((u) => u.requests);
      const body = { model: 'text-prime', messages: [{ role: 'user' as const, content: 'hi' }], max_tokens: 8 };
      let before = served();
      await openai(buyer).chat.completions.create(body);
      expect(served()).to.deep.equal([before[0]!, before[1]! + 1]);
      // Units of no known supplier (a manual transfer): the best ask serves.
      await primeTokens(caller);
      before = served();
      await openai(caller).chat.completions.create(body);
      expect(served()).to.deep.equal([before[0]! + 1, before[1]!]);
      // The preferred supplier down: the caller fails over to the next, and is still served.
      upstreams[1]!.setFault({ kind: 'error' });
      const { response } = await openai(buyer).chat.completions.create(body).withResponse();
      expect((await receipt(buyer, response.headers.get('x-mkt-request-id')!)).supplier_attempts).to.equal(2);
      upstreams[1]!.setFault(null);
      await env().trading.delete('/v1/orders', { sign: cheap.signingKey });
    });
  });

  it('writes expired lots off before admitting: their tokens do not count', async () => {
    const instrument = (await services().reference.resolveModel(model))!;
    const account = (await services()
      .db('ledger_accounts')
      .where({ user_id: caller.userId, kind: 'consumption', asset: tokensOf(instrument.id) })
      .first('id')) as { id: string };
    await services()
      .db('consumption_lots')
      .where('account_id', account.id)
      .update({ expires_at_us: services().clock.nowUs() - 1 });
    const body = { model, messages: [{ role: 'user' as const, content: 'hi' }], max_tokens: 16 };
    const refused = await env().consumption.post('/v1/chat/completions', { bearer: caller.apiKey, body });
    expect(refused.status).to.equal(402);
    expect(refused.body.errors.code).to.equal('insufficient_capacity');
    expect(await tokensOfCaller(caller)).to.deep.equal({ available: 0, locked: 0 });
    // A fresh lot is admitted and billed; the expired one stays written off.
    await giveTokens(caller, 1);
    const completion = await openai(caller).chat.completions.create(body);
    expect(await tokensOfCaller(caller)).to.deep.equal({
      available: 1_000_000 - completion.usage!.total_tokens,
      locked: 0,
    });
  });

  it('in Auto Mode buys the missing capacity at market, then serves the request; without USD it is 402', async () => {
    const instrument = (await services().reference.resolveModel(model))!;
    const market = await marketOf(services(), model);
    const seller = await createTestUser(services());
    await issueUnits(services(), seller.userId, instrument.id, 5);
    const ask = await placeOrder(env(), seller, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.5000',
      quantity: 5,
    });
    expect(ask.status, JSON.stringify(ask.body)).to.equal(201);

    const auto = await createTestUser(services(), { mode: 'auto' });
    await fundUser(services(), auto.userId, '10.00');
    const { data: completion, response } = await openai(auto)
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 })
      .withResponse();
    expect(completion.choices[0]!.message.content).to.be.a('string');
    // The tokens came from a lot bought at 0.5000 USD a Unit of a million tokens.
    const seen = await receipt(auto, response.headers.get('x-mkt-request-id')!);
    expect(seen.cost_usd).to.equal((Math.round(completion.usage!.total_tokens / 2) / 1_000_000).toFixed(6));
    const bought = (await services().db('orders').where({ user_id: auto.userId }).first()) as Record<string, unknown>;
    expect(bought).to.include({ side: 'buy', type: 'market', status: 'filled' });
    expect(Boolean(bought.triggered_by_auto_buy)).to.equal(true);

    const broke = await createTestUser(services(), { mode: 'auto' });
    const refused = await env().consumption.post('/v1/chat/completions', {
      bearer: broke.apiKey,
      body: { model, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(refused.status).to.equal(402);
    expect(refused.body.errors.code).to.equal('insufficient_balance');
    // It names where USD comes in: the platform host's Funds page, the user CLI, the API.
    expect(refused.body.errors.detail)
      .to.contain(`${env().service.urls.platform}/funds`)
      .and.to.contain('mkt funds add USD')
      .and.to.contain(`POST ${env().service.urls.platform}/v1/deposits`);
    await env().trading.delete('/v1/orders', { sign: seller.signingKey });
  });
});
