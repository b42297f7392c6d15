import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { midMonthClock, recordKeySpend } from '../support/key-limits.js';
import { giveUsd } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/** Issue 20 item 4: `GET /v1/key`, the calling consumption key's own view (OpenRouter's `GET /api/v1/key`). */
describeEachDatabase(
  'consumption: GET /v1/key',
  (env) => {
    const services = () => env().service.services;
    let user: TestUser;
    let token: string;
    before(async () => {
      user = await createTestUser(services(), { mode: 'auto' });
      token = (await grantTokens(services(), user.userId, ['keys:manage'])).accessToken;
    });

    const currentKey = (key: string) => env().consumption.get('/v1/key', { bearer: key });
    const createKey = async (apiKey: Record<string, unknown>) => {
      const reply = await env().platform.post('/v1/api-keys', { bearer: token, body: { api_key: apiKey } });
      expect(reply.status, reply.text).to.equal(201);
      return reply.body.data as { id: string; key: string };
    };

    it('shows a key without limits: every limit null, nothing used, the tier of a new account', async () => {
      const reply = await currentKey(user.apiKey);
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('x-mkt-request-id')).to.match(/^req_/);
      expect(reply.body).to.deep.equal({
        data: {
          id: user.apiKeyId,
          name: 'test key',
          expires_at: null,
          is_active: true,
          limit_usd: null,
          limit_reset: null,
          limit_remaining_usd: null,
          usage_usd: '0.000000',
          allowed_models: null,
          rate_limit: { concurrency: 3 },
        },
      });
    });

    it('shows a key with limits and what it spent in this period (not before), as the platform API shows it', async () => {
      const { id, key } = await createKey({
        name: 'budgeted',
        expires_at: '2099-03-01T00:00:00Z',
        limit_usd: '10',
        limit_reset: 'weekly',
        allowed_models: ['text-standard', 'llama-latest'],
      });
      await recordKeySpend(services(), id, 'weekly', 2_500_001, 1_000_000);
      await recordKeySpend(services(), id, 'weekly', 7_000_000, 0, services().clock.nowUs() - 7 * 86_400_000_000);
      const data = (await currentKey(key)).body.data;
      expect(data).to.deep.equal({
        id,
        name: 'budgeted',
        expires_at: '2099-03-01T00:00:00.000000Z',
        is_active: true,
        limit_usd: '10.00',
        limit_reset: 'weekly',
        limit_remaining_usd: '6.499999',
        usage_usd: '2.500001',
        allowed_models: ['text-standard', 'llama-latest'],
        rate_limit: { concurrency: 3 },
      });
      const platformView = (await env().platform.get(`/v1/api-keys/${id}`, { bearer: token })).body.data;
      for (const field of [
        'expires_at',
        'limit_usd',
        'limit_reset',
        'limit_remaining_usd',
        'usage_usd',
        'allowed_models',
      ] as const) {
        expect(data[field], field).to.deep.equal(platformView[field]);
      }
    });

    it('each key sees itself: another key of the same user shows its own limits', async () => {
      const first = await createKey({ name: 'first', limit_usd: '1.00' });
      const second = await createKey({ name: 'second', allowed_models: ['code-max'] });
      expect((await currentKey(first.key)).body.data).to.deep.include({
        id: first.id,
        name: 'first',
        limit_usd: '1.00',
        allowed_models: null,
      });
      expect((await currentKey(second.key)).body.data).to.deep.include({
        id: second.id,
        name: 'second',
        limit_usd: null,
        allowed_models: ['code-max'],
      });
    });

    it('follows a change of the limits at once', async () => {
      const { id, key } = await createKey({ name: 'changing' });
      expect((await currentKey(key)).body.data.limit_usd).to.equal(null);
      await env().platform.patch(`/v1/api-keys/${id}`, {
        bearer: token,
        body: { api_key: { limit_usd: '2.50', limit_reset: 'daily' } },
      });
      expect((await currentKey(key)).body.data).to.deep.include({
        limit_usd: '2.50',
        limit_reset: 'daily',
        limit_remaining_usd: '2.500000',
      });
    });

    it('rate_limit.concurrency is the tier the deposits reach, as diagnostics say', async () => {
      const funded = await createTestUser(services(), { mode: 'auto' });
      expect((await currentKey(funded.apiKey)).body.data.rate_limit).to.deep.equal({ concurrency: 3 });
      await giveUsd(services(), funded.userId, '100.00');
      expect((await currentKey(funded.apiKey)).body.data.rate_limit).to.deep.equal({ concurrency: 30 });
      const diagnostics = (await env().consumption.get('/v1/diagnostics', { bearer: funded.apiKey })).body.data.summary;
      expect(diagnostics.concurrency_limit).to.equal(30);
    });

    it('takes the key as Bearer or x-api-key, and does not count toward the daily request limit', async () => {
      const before = (await env().consumption.get('/v1/diagnostics', { bearer: user.apiKey })).body.data.summary
        .daily_requests_remaining;
      for (const options of [{ bearer: user.apiKey }, { headers: { 'x-api-key': user.apiKey } }]) {
        const reply = await env().consumption.get('/v1/key', options);
        expect(reply.status).to.equal(200);
        expect(reply.body.data.id).to.equal(user.apiKeyId);
      }
      expect(
        (await env().consumption.get('/v1/diagnostics', { bearer: user.apiKey })).body.data.summary
          .daily_requests_remaining,
      ).to.equal(before);
    });

    it('answers 401 invalid_api_key without a key, for a deactivated or deleted key, and for an OAuth token', async () => {
      const { id, key } = await createKey({ name: 'doomed' });
      expect((await env().consumption.get('/v1/key')).status).to.equal(401);
      expect((await currentKey(token)).body.errors.code).to.equal('invalid_api_key');
      await env().platform.patch(`/v1/api-keys/${id}`, { bearer: token, body: { api_key: { active: false } } });
      const inactive = await currentKey(key);
      expect(inactive.status).to.equal(401);
      expect(inactive.body.errors.code).to.equal('invalid_api_key');
      await env().platform.delete(`/v1/api-keys/${id}`, { bearer: token });
      expect((await currentKey(key)).status).to.equal(401);
    });
  },
  { clock: midMonthClock },
);
