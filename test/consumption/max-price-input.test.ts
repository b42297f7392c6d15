import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import type { Reply } from '../support/http.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits, makeSupplier } from '../support/trading-fixtures.js';

/**
 * A `max_price` that is not a price (issue 20, "Bad input"): a 422 in each endpoint's validation
 * shape, at the redirect and at the run, naming the field; nothing stored, nothing bought, nothing
 * billed. The caller is in Auto Mode with USD and a book to buy from, so a request that got past
 * validation would buy.
 */
describeEachDatabase('consumption: max_price that is not a price', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let caller: TestUser;

  before(async () => {
    const market = await marketOf(services(), model);
    await makeSupplier(services(), (await createTestUser(services())).userId, [market.instrumentId]);
    const seller = await createTestUser(services());
    await issueUnits(services(), seller.userId, market.instrumentId, 5);
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price: '0.4000', quantity: 5 });
    caller = await createTestUser(services(), { mode: 'auto' });
    await fundUser(services(), caller.userId, '10.00');
  });

  const values: [name: string, value: unknown][] = [
    ['a JSON number', 0.45],
    ['negative', '-0.4500'],
    ['zero', '0'],
    ['zero with decimals', '0.0000'],
    ['5 decimals', '0.45001'],
    ['garbage', 'abc'],
    ['an exponent', '4.5e-1'],
    ['empty', ''],
    ['above the largest price taken', '1000000000.0001'],
  ];

  /** Chat completions' list of errors (its validation shape) beside OpenAI's error. */
  const chatShape = (reply: Reply, value: unknown) => {
    expect(reply.body.errors).to.have.length(1);
    expect(reply.body.errors[0]).to.include({ path: 'max_price', value });
    expect(reply.body.error).to.include({
      type: 'invalid_request_error',
      code: 'validation_error',
      param: 'max_price',
    });
  };
  /** The envelope with the field's path in its context, beside OpenAI's or Anthropic's error. */
  const envelopeShape = (dialect: 'openai' | 'anthropic') => (reply: Reply, value: unknown) => {
    expect(reply.body.errors.code).to.equal('validation_error');
    expect(reply.body.errors.context.errors).to.deep.include.members([
      { path: 'body.max_price', message: reply.body.errors.context.errors[0].message, value },
    ]);
    if (dialect === 'openai')
      expect(reply.body.error).to.include({
        type: 'invalid_request_error',
        code: 'validation_error',
        param: 'max_price',
      });
    else
      expect(reply.body).to.deep.include({
        type: 'error',
        error: { type: 'invalid_request_error', message: reply.body.errors.detail },
      });
  };

  const endpoints: {
    name: string;
    send: (path: 'v1' | 'r/v1', maxPrice: unknown) => Promise<Reply>;
    expectShape: (reply: Reply, value: unknown) => void;
  }[] = [
    {
      name: 'chat completions',
      expectShape: chatShape,
      send: (p, max_price) =>
        env().consumption.post(`/${p}/chat/completions`, {
          bearer: caller.apiKey,
          body: { model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], max_price },
        }),
    },
    {
      name: 'responses',
      expectShape: envelopeShape('openai'),
      send: (p, max_price) =>
        env().consumption.post(`/${p}/responses`, {
          bearer: caller.apiKey,
          body: { model, input: 'hi', max_output_tokens: 16, max_price },
        }),
    },
    {
      name: 'messages',
      expectShape: envelopeShape('anthropic'),
      send: (p, max_price) =>
        env().messages.post(`/${p}/messages`, {
          headers: { 'x-api-key': caller.apiKey },
          body: { model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], max_price },
        }),
    },
  ];

  const stored = async () => {
    const count = async (table: string) =>
      Number(
        (
          (await services().db(table).where('user_id', caller.userId).count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      );
    return { receipts: await count('inference_requests'), orders: await count('orders') };
  };

  for (const endpoint of endpoints) {
    for (const [name, value] of values) {
      it(`${endpoint.name}: max_price ${name} (${JSON.stringify(value)}) is a 422 naming max_price, at the redirect and the run; nothing bought or billed`, async () => {
        const before = await stored();
        for (const path of ['v1', 'r/v1'] as const) {
          const reply = await endpoint.send(path, value);
          expect(reply.status, `${path}: ${reply.text}`).to.equal(422);
          endpoint.expectShape(reply, value);
        }
        expect(await stored()).to.deep.equal(before);
      });
    }
  }

  it('takes a good max_price, and null as none', async () => {
    for (const maxPrice of ['0.5', '0.4000', null]) {
      const reply = await env().consumption.post('/v1/chat/completions', {
        bearer: caller.apiKey,
        body: { model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], max_price: maxPrice },
      });
      expect(reply.status, reply.text).to.equal(307);
    }
  });
});
