import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createApiKey } from '../../src/core/identity.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Keys with limits, enforced at admission (issue 20, item 4): expiry, allowed models, and a budget
 * reserved at admission and trued up at settlement, in the database, so that twenty requests sent
 * at once never spend more than the limit.
 */
describeEachDatabase(
  'consumption: the limits of a consumption key',
  (env) => {
    const services = () => env().service.services;
    const model = 'text-standard';
    let caller: TestUser;
    let instrumentId: string;
    const body = (content: string) => ({ model, messages: [{ role: 'user', content }], max_tokens: 16 });

    before(async () => {
      const supplier = await createTestUser(services());
      instrumentId = (await services().reference.resolveModel(model))!.id;
      await makeSupplier(services(), supplier.userId, [instrumentId]);
      caller = await createTestUser(services());
      // A deposit for 30 slots, and Units bought at 1 USD each: a token costs a micro-dollar.
      await giveUsd(services(), caller.userId, '60.00');
      await giveUnits(services(), caller.userId, instrumentId, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: caller.userId,
          instrumentId,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
          usdMicrosPerUnit: 1_000_000,
        }),
      );
    });

    /** A new key of the caller, its limit columns written directly (their API is the platform's). */
    async function keyWith(columns: Record<string, unknown>): Promise<{ key: string; id: string }> {
      const { row, key } = await createApiKey(services().db, services().clock, caller.userId, `limited ${Date.now()}`);
      if (Object.keys(columns).length > 0) await services().db('api_keys').where({ id: row.id }).update(columns);
      return { key, id: row.id };
    }

    const send = (key: string, content: string, path = '/v1/chat/completions') =>
      env().consumption.post(path, { bearer: key, body: body(content) });
    const follow = (key: string, content: string) =>
      env().consumption.post('/r/v1/chat/completions', { bearer: key, body: body(content) });

    it('refuses an expired key with 401 key_expired, on the redirect and on /r', async () => {
      const { key } = await keyWith({ expires_at_us: services().clock.nowUs() - 1_000_000 });
      for (const reply of [await send(key, 'expired'), await follow(key, 'expired')]) {
        expect(reply.status, reply.text).to.equal(401);
        expect(reply.body.errors.code).to.equal('key_expired');
      }
      const { key: later } = await keyWith({ expires_at_us: services().clock.nowUs() + 3_600_000_000 });
      expect((await send(later, 'not yet')).status).to.equal(307);
    });

    it('refuses a model outside allowed_models with 403 model_not_allowed; an instrument id allows its aliases', async () => {
      const { key } = await keyWith({ allowed_models: JSON.stringify(['text-prime']) });
      for (const reply of [await send(key, 'not allowed'), await follow(key, 'not allowed')]) {
        expect(reply.status, reply.text).to.equal(403);
        expect(reply.body.errors).to.deep.include({
          code: 'model_not_allowed',
          context: { model, allowed_models: ['text-prime'] },
        });
        expect(reply.body.error.type).to.equal('permission_error');
      }
      const { key: allowed } = await keyWith({ allowed_models: JSON.stringify([model]) });
      expect((await follow(allowed, 'allowed')).status).to.equal(200);
    });

    it("reserves the budget at admission and trues it up at settlement: spend is the receipts' cost, nothing stays reserved", async () => {
      const { key, id } = await keyWith({ limit_usd_micros: 1_000_000, limit_reset: 'daily' });
      const reply = await follow(key, 'true up');
      expect(reply.status, reply.text).to.equal(200);
      const receipt = (
        await env().consumption.get(`/v1/usage/${reply.headers.get('x-mkt-request-id')}`, { bearer: key })
      ).body.data;
      const spend = await services().db('api_key_spend').where({ api_key_id: id }).first();
      expect(Number(spend.reserved_micros)).to.equal(0);
      expect(Number(spend.spent_micros))
        .to.equal(Math.round(Number(receipt.cost_usd) * 1_000_000))
        .and.to.be.greaterThan(0);
      expect(reply.body.usage.cost_usd).to.equal(receipt.cost_usd);
    });

    it('records the spend of a key without a budget too, in its one period, so its usage_usd counts', async () => {
      const { key, id } = await keyWith({});
      const first = await follow(key, 'no budget, one');
      const second = await follow(key, 'no budget, two');
      const costs = [first, second].map((reply) => {
        expect(reply.status, reply.text).to.equal(200);
        return Math.round(Number(reply.body.usage.cost_usd) * 1_000_000);
      });
      const spend = (await services().db('api_key_spend').where({ api_key_id: id })) as {
        period_start_us: number | string;
        spent_micros: number | string;
        reserved_micros: number | string;
      }[];
      expect(
        spend.map((row) => [Number(row.period_start_us), Number(row.spent_micros), Number(row.reserved_micros)]),
      ).to.deep.equal([[0, costs[0]! + costs[1]!, 0]]);
      const view = (await env().consumption.get('/v1/key', { bearer: key })).body.data;
      expect(view).to.include({
        limit_usd: null,
        limit_remaining_usd: null,
        usage_usd: ((costs[0]! + costs[1]!) / 1_000_000).toFixed(6),
      });
    });

    it('refuses a request over the budget with 403 key_limit_exceeded and its context, billing nothing', async () => {
      const { key, id } = await keyWith({ limit_usd_micros: 10, limit_reset: 'daily' });
      const reply = await follow(key, 'over budget');
      expect(reply.status, reply.text).to.equal(403);
      const day = 86_400_000_000;
      const resetsAt = new Date(Math.floor((services().clock.nowUs() + day - (services().clock.nowUs() % day)) / 1000))
        .toISOString()
        .replace('.000Z', 'Z');
      expect(reply.body.errors.code).to.equal('key_limit_exceeded');
      expect(reply.body.errors.context).to.include({
        limit_usd: '0.000010',
        usage_usd: '0.000000',
        limit_reset: 'daily',
      });
      expect(Date.parse(reply.body.errors.context.resets_at)).to.equal(Date.parse(resetsAt));
      expect(await services().db('inference_requests').where({ api_key_id: id }).count({ n: '*' }).first()).to.satisfy(
        (r: { n: number | string }) => Number(r.n) === 0,
      );
    });

    it('admits exactly five of twenty requests sent at once against a budget for five, and bills each admitted one', async () => {
      const probe = await follow((await keyWith({})).key, 'budget for five');
      const reservedTokens = Number(
        (await env().consumption.get(`/v1/usage/${probe.headers.get('x-mkt-request-id')}`, { bearer: caller.apiKey }))
          .body.data.reserved_tokens,
      );
      // A token costs a micro-dollar: each request reserves `reservedTokens` micro-dollars; a sixth would not fit.
      const limit = 5 * reservedTokens + Math.floor(reservedTokens / 2);
      const { key, id } = await keyWith({ limit_usd_micros: limit, limit_reset: 'monthly' });
      const replies = await Promise.all(Array.from({ length: 20 }, () => follow(key, 'budget for five')));
      const statuses = replies.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(replies.filter((r) => r.status !== 200 && r.status !== 403).map((r) => r.body)),
      ).to.have.length(5);
      expect(statuses.filter((s) => s === 403)).to.have.length(15);
      for (const refused of replies.filter((r) => r.status === 403))
        expect(refused.body.errors.code).to.equal('key_limit_exceeded');
      const receipts = (await services().db('inference_requests').where({ api_key_id: id })) as {
        cost_usd_micros: number | string;
        status: string;
      }[];
      expect(receipts).to.have.length(5);
      const spend = await services().db('api_key_spend').where({ api_key_id: id }).first();
      expect(Number(spend.spent_micros)).to.equal(receipts.reduce((sum, r) => sum + Number(r.cost_usd_micros), 0));
      expect(Number(spend.spent_micros)).to.be.at.most(limit);
      expect(Number(spend.reserved_micros)).to.equal(0);
    });
  },
  // Every request still runs when the last of twenty arrives.
  { env: { MKT_SIMULATOR_TTFT_MS: '400' } },
);
