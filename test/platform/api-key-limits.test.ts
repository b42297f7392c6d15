import { expect } from 'chai';
import { createUser } from '../../src/core/identity.js';
import { usPerDay } from '../../src/lib/clock.js';
import type { LimitReset } from '../../src/lib/periods.js';
import { grantTokens } from '../support/fixtures.js';
import { midMonthClock, recordKeySpend } from '../support/key-limits.js';
import { describeEachDatabase } from '../support/service.js';

type Body = Record<string, unknown>;

/** The first database's refusal of each bad-input row, for the next database to answer the same. */
const refusals = new Map<string, unknown>();

const noLimits = {
  expires_at: null,
  limit_usd: null,
  limit_reset: null,
  allowed_models: null,
  usage_usd: '0.000000',
  limit_remaining_usd: null,
};

/** Issue 20 item 4 on the platform API: keys with expiry, budget, budget period and allowed models, and their usage. */
describeEachDatabase(
  'platform: consumption key limits and usage',
  (env) => {
    const services = () => env().service.services;
    const platform = () => env().platform;
    const nowUs = () => services().clock.nowUs();
    const inDays = (days: number) => new Date((nowUs() + days * usPerDay) / 1000).toISOString();
    /** As the API answers times: microseconds, Z. */
    const asAnswered = (iso: string) => `${iso.slice(0, 19)}.${iso.slice(20, 23)}000Z`;

    let token: string;
    before(async () => {
      const row = await createUser(services().db, services().clock, {
        email: `limits-${Math.random().toString(36).slice(2)}@example.com`,
        verified: true,
        acceptTerms: true,
      });
      token = (await grantTokens(services(), row.id, ['keys:manage'])).accessToken;
    });

    const create = (apiKey: Body) =>
      platform().post('/v1/api-keys', { bearer: token, body: { api_key: { name: 'limited', ...apiKey } } });
    const update = (id: string, apiKey: Body) =>
      platform().patch(`/v1/api-keys/${id}`, { bearer: token, body: { api_key: apiKey } });
    const show = async (id: string) => (await platform().get(`/v1/api-keys/${id}`, { bearer: token })).body.data;
    const listed = async (id: string) =>
      (await platform().get('/v1/api-keys', { bearer: token, query: { limit: 100 } })).body.data.find(
        (k: { id: string }) => k.id === id,
      );
    const spend = (
      apiKeyId: string,
      reset: LimitReset | null,
      spentMicros: number,
      reservedMicros = 0,
      atUs = nowUs(),
    ) => recordKeySpend(services(), apiKeyId, reset, spentMicros, reservedMicros, atUs);

    // Each row sets limits at creation and names the limit fields every view then shows.
    const createRows: [string, () => Body, () => Body][] = [
      ['no limits', () => ({}), () => noLimits],
      [
        'an expiry',
        () => ({ expires_at: inDays(30).replace(/\.\d+Z$/, 'Z') }),
        () => ({ ...noLimits, expires_at: asAnswered(inDays(30)).replace(/\.\d+Z$/, '.000000Z') }),
      ],
      [
        'a budget that never resets',
        () => ({ limit_usd: '10' }),
        () => ({ ...noLimits, limit_usd: '10.00', limit_remaining_usd: '10.000000' }),
      ],
      [
        'a budget of zero',
        () => ({ limit_usd: '0' }),
        () => ({ ...noLimits, limit_usd: '0.00', limit_remaining_usd: '0.000000' }),
      ],
      [
        'a monthly budget',
        () => ({ limit_usd: '12.5', limit_reset: 'monthly' }),
        () => ({ ...noLimits, limit_usd: '12.50', limit_reset: 'monthly', limit_remaining_usd: '12.500000' }),
      ],
      [
        'models, instrument and alias',
        () => ({ allowed_models: ['code-prime', 'llama-latest'] }),
        () => ({ ...noLimits, allowed_models: ['code-prime', 'llama-latest'] }),
      ],
      [
        'every limit',
        () => ({
          expires_at: '2099-06-30T08:00:00.250Z',
          limit_usd: '999999999.99',
          limit_reset: 'daily',
          allowed_models: ['text-standard'],
        }),
        () => ({
          expires_at: '2099-06-30T08:00:00.250000Z',
          limit_usd: '999999999.99',
          limit_reset: 'daily',
          allowed_models: ['text-standard'],
          usage_usd: '0.000000',
          limit_remaining_usd: '999999999.990000',
        }),
      ],
    ];
    for (const [what, limits, shown] of createRows) {
      it(`creates a key with ${what}: the create answer, get and list show the limits`, async () => {
        const reply = await create(limits());
        expect(reply.status).to.equal(201);
        expect(reply.body.data).to.deep.include(shown());
        const { key: _raw, ...view } = reply.body.data;
        expect(await show(view.id)).to.deep.equal({ ...view, key: null });
        expect(await listed(view.id)).to.deep.equal({ ...view, key: null });
      });
    }

    it('stores the limits in the key row (micro-dollars, microseconds, the model list as JSON)', async () => {
      const { id } = (
        await create({
          expires_at: '2099-01-01T00:00:00Z',
          limit_usd: '3.25',
          limit_reset: 'weekly',
          allowed_models: ['text-max', 'qwen-latest'],
        })
      ).body.data;
      const row = await services().db('api_keys').where({ id }).first();
      expect(Number(row.expires_at_us)).to.equal(Date.UTC(2099, 0, 1) * 1000);
      expect(Number(row.limit_usd_micros)).to.equal(3_250_000);
      expect(row.limit_reset).to.equal('weekly');
      expect(JSON.parse(row.allowed_models)).to.deep.equal(['text-max', 'qwen-latest']);
    });

    // Each row starts from a key with every limit and changes one field; null removes a limit.
    const start = () => ({
      expires_at: '2099-01-01T00:00:00Z',
      limit_usd: '10.00',
      limit_reset: 'monthly',
      allowed_models: ['text-standard'],
    });
    const started = {
      expires_at: '2099-01-01T00:00:00.000000Z',
      limit_usd: '10.00',
      limit_reset: 'monthly',
      allowed_models: ['text-standard'],
      usage_usd: '0.000000',
      limit_remaining_usd: '10.000000',
    };
    const updateRows: [string, Body, Body][] = [
      ['a later expiry', { expires_at: '2100-02-03T04:05:06Z' }, { expires_at: '2100-02-03T04:05:06.000000Z' }],
      ['no expiry', { expires_at: null }, { expires_at: null }],
      ['a larger budget', { limit_usd: '25.5' }, { limit_usd: '25.50', limit_remaining_usd: '25.500000' }],
      ['a weekly period', { limit_reset: 'weekly' }, { limit_reset: 'weekly' }],
      ['a budget that never resets', { limit_reset: null }, { limit_reset: null }],
      [
        'no budget and no period',
        { limit_usd: null, limit_reset: null },
        { limit_usd: null, limit_reset: null, limit_remaining_usd: null },
      ],
      [
        'other models',
        { allowed_models: ['agent-max', 'kimi-latest', 'text-standard'] },
        { allowed_models: ['agent-max', 'kimi-latest', 'text-standard'] },
      ],
      ['every model', { allowed_models: null }, { allowed_models: null }],
    ];
    for (const [what, change, shown] of updateRows) {
      it(`updates a key to ${what}: only that changes, updated_at moves, and get shows it`, async () => {
        const made = (await create(start())).body.data;
        expect(made).to.deep.include(started);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const reply = await update(made.id, change);
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.include({ ...started, ...shown, name: made.name, active: true });
        expect(reply.body.data.updated_at > made.updated_at).to.equal(true);
        expect(await show(made.id)).to.deep.equal(reply.body.data);
      });
    }

    it('a PATCH that sets the limits a key already has changes nothing, not even updated_at', async () => {
      const made = (await create(start())).body.data;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const same = await update(made.id, {
        limit_usd: '10',
        limit_reset: 'monthly',
        allowed_models: ['text-standard'],
        expires_at: '2099-01-01T00:00:00.000Z',
      });
      expect(same.status).to.equal(200);
      expect(same.body.data).to.deep.equal({ ...made, key: null });
    });

    it('renames a key that has expired, and a new expiry revives it', async () => {
      const made = (await create({ expires_at: inDays(1) })).body.data;
      await services()
        .db('api_keys')
        .where({ id: made.id })
        .update({ expires_at_us: nowUs() - 1_000_000 });
      expect((await update(made.id, { name: 'renamed' })).body.data.name).to.equal('renamed');
      const revived = await update(made.id, { expires_at: inDays(7) });
      expect(revived.status).to.equal(200);
      expect(Date.parse(revived.body.data.expires_at)).to.be.above(nowUs() / 1000);
    });

    describe('usage_usd and limit_remaining_usd, from api_key_spend', () => {
      it('shows what the current period spent, not what earlier periods did; remaining is limit − spent − reserved', async () => {
        const { id } = (await create({ limit_usd: '10.00', limit_reset: 'monthly' })).body.data;
        await spend(id, 'monthly', 3_204_117, 50_000);
        await spend(id, 'monthly', 9_000_000, 0, nowUs() - 31 * usPerDay); // last month
        const expected = {
          usage_usd: '3.204117',
          limit_remaining_usd: '6.745883',
          limit_usd: '10.00',
          limit_reset: 'monthly',
        };
        expect(await show(id)).to.deep.include(expected);
        expect(await listed(id)).to.deep.include(expected);
        expect((await update(id, { name: 'monthly' })).body.data).to.deep.include(expected);
      });

      // reset, where the spend row's period starts, and the view
      const periodRows: [LimitReset | null, number, Body][] = [
        ['daily', 0, { usage_usd: '1.500000', limit_remaining_usd: '0.500000' }],
        ['daily', -usPerDay, { usage_usd: '0.000000', limit_remaining_usd: '2.000000' }],
        ['weekly', 0, { usage_usd: '1.500000', limit_remaining_usd: '0.500000' }],
        ['weekly', -7 * usPerDay, { usage_usd: '0.000000', limit_remaining_usd: '2.000000' }],
        [null, 0, { usage_usd: '1.500000', limit_remaining_usd: '0.500000' }],
      ];
      for (const [reset, shiftUs, view] of periodRows) {
        it(`a ${reset ?? 'never resetting'} budget with spend ${shiftUs === 0 ? 'in this period' : 'in the previous period'} shows ${view.usage_usd as string} used`, async () => {
          const { id } = (await create({ limit_usd: '2', limit_reset: reset })).body.data;
          await spend(id, reset, 1_500_000, 0, nowUs() + shiftUs);
          expect(await show(id)).to.deep.include(view);
        });
      }

      it('remaining never goes below zero, even when spend and reservations pass the limit', async () => {
        const { id } = (await create({ limit_usd: '1.00', limit_reset: 'daily' })).body.data;
        await spend(id, 'daily', 900_000, 300_000);
        expect(await show(id)).to.deep.include({ usage_usd: '0.900000', limit_remaining_usd: '0.000000' });
      });

      it('a key without a budget shows its usage (all time, or of its period) and no remaining', async () => {
        const { id } = (await create({})).body.data;
        await spend(id, null, 42);
        expect(await show(id)).to.deep.include({ usage_usd: '0.000042', limit_remaining_usd: null });
      });

      it('changing the budget keeps the usage of the period: the new limit counts what was spent', async () => {
        const { id } = (await create({ limit_usd: '5.00', limit_reset: 'monthly' })).body.data;
        await spend(id, 'monthly', 4_000_000);
        expect((await update(id, { limit_usd: '4.50' })).body.data).to.deep.include({
          usage_usd: '4.000000',
          limit_remaining_usd: '0.500000',
        });
        expect((await update(id, { limit_usd: '3.00' })).body.data).to.deep.include({
          usage_usd: '4.000000',
          limit_remaining_usd: '0.000000',
        });
      });
    });

    describe('bad input: 422 validation_error, the same on both databases, nothing stored', () => {
      // what, the body's limits, the error's first path, and words of its detail
      const badRows: [string, Body, string, string][] = [
        [
          'a negative budget',
          { limit_usd: '-1.00' },
          'body.api_key.limit_usd',
          'from 0 to 999999999.99 with at most 2 decimals',
        ],
        [
          'a budget with three decimals',
          { limit_usd: '10.005' },
          'body.api_key.limit_usd',
          'from 0 to 999999999.99 with at most 2 decimals',
        ],
        [
          'a budget above 999999999.99',
          { limit_usd: '1000000000' },
          'body.api_key.limit_usd',
          'from 0 to 999999999.99 with at most 2 decimals',
        ],
        [
          'a budget with an exponent',
          { limit_usd: '1e3' },
          'body.api_key.limit_usd',
          'from 0 to 999999999.99 with at most 2 decimals',
        ],
        ['a budget as a JSON number', { limit_usd: 10 }, 'body.api_key.limit_usd', 'must be string'],
        [
          'an expiry in the past',
          { expires_at: '2020-01-01T00:00:00Z' },
          'body.api_key.expires_at',
          'must be in the future',
        ],
        [
          'an expiry more than 100 years ahead',
          { expires_at: '2300-01-01T00:00:00Z' },
          'body.api_key.expires_at',
          'at most 100 years ahead',
        ],
        [
          'an expiry that is not a time',
          { expires_at: 'next tuesday' },
          'body.api_key.expires_at',
          'must match format "date-time"',
        ],
        [
          'a budget period without a budget',
          { limit_reset: 'monthly' },
          'body.api_key.limit_reset',
          'limit_reset needs limit_usd',
        ],
        [
          'an unknown budget period',
          { limit_usd: '1', limit_reset: 'yearly' },
          'body.api_key.limit_reset',
          'must be one of daily, weekly, monthly, null',
        ],
        ['no models', { allowed_models: [] }, 'body.api_key.allowed_models', 'send null to allow every model'],
        [
          'a model twice',
          { allowed_models: ['text-standard', 'code-max', 'text-standard'] },
          'body.api_key.allowed_models.2',
          'names text-standard twice',
        ],
        [
          'an empty model name',
          { allowed_models: [''] },
          'body.api_key.allowed_models.0',
          'must NOT have fewer than 1 characters',
        ],
        [
          'more than 50 models',
          { allowed_models: Array.from({ length: 51 }, (_, i) => `m${i}`) },
          'body.api_key.allowed_models',
          'must NOT have more than 50 items',
        ],
      ];
      for (const [what, limits, path, words] of badRows) {
        it(`refuses ${what} on create and on update`, async () => {
          const before = await services().db('api_keys').count<{ n: number }[]>({ n: '*' });
          const made = await create(limits);
          expect(made.status, JSON.stringify(made.body)).to.equal(422);
          expect(made.body.errors.code).to.equal('validation_error');
          expect(made.body.errors.context.errors[0].path).to.equal(path);
          expect(made.body.errors.detail).to.contain(words);
          expect(await services().db('api_keys').count<{ n: number }[]>({ n: '*' })).to.deep.equal(before);
          const { server_time: _time, ...refusal } = made.body.errors;
          if (refusals.has(what))
            expect(refusal, 'the same refusal as on the other database').to.deep.equal(refusals.get(what));
          refusals.set(what, refusal);

          const key = (await create({})).body.data;
          const updated = await update(key.id, limits);
          expect(updated.status).to.equal(422);
          expect(updated.body.errors).to.deep.equal({
            ...made.body.errors,
            server_time: updated.body.errors.server_time,
          });
          expect(await show(key.id)).to.deep.equal({ ...key, key: null });
        });
      }

      it('names every unknown model, with its place in the list', async () => {
        const reply = await create({ allowed_models: ['gpt-5', 'text-standard', 'text-huge', 'Text-Prime'] });
        expect(reply.status).to.equal(422);
        expect(reply.body.errors.detail).to.equal(
          'Unknown models in body.api_key.allowed_models: gpt-5, text-huge, Text-Prime. GET /v1/models on the consumption API lists the models.',
        );
        expect(reply.body.errors.context).to.deep.equal({
          errors: [
            { path: 'body.api_key.allowed_models.0', message: 'is not a known model', value: 'gpt-5' },
            { path: 'body.api_key.allowed_models.2', message: 'is not a known model', value: 'text-huge' },
            { path: 'body.api_key.allowed_models.3', message: 'is not a known model', value: 'Text-Prime' },
          ],
          unknown_models: ['gpt-5', 'text-huge', 'Text-Prime'],
        });
      });

      it('refuses removing the budget of a resetting key unless its period goes too', async () => {
        const key = (await create({ limit_usd: '5', limit_reset: 'weekly' })).body.data;
        const reply = await update(key.id, { limit_usd: null });
        expect(reply.status).to.equal(422);
        expect(reply.body.errors.context.errors[0]).to.deep.equal({
          path: 'body.api_key.limit_usd',
          message: 'cannot be null while limit_reset is set',
          value: null,
        });
        expect(reply.body.errors.detail).to.equal(
          'limit_usd cannot be removed while limit_reset is weekly: send limit_reset null with it.',
        );
        expect(await show(key.id)).to.deep.equal({ ...key, key: null });
        expect((await update(key.id, { limit_usd: null, limit_reset: null })).body.data).to.deep.include({
          limit_usd: null,
          limit_reset: null,
        });
      });

      it('refuses a bad limit beside a good change, and changes neither', async () => {
        const key = (await create({})).body.data;
        const reply = await update(key.id, { name: 'new name', active: false, limit_usd: '1.001' });
        expect(reply.status).to.equal(422);
        expect(await show(key.id)).to.deep.equal({ ...key, key: null });
      });
    });
  },
  { clock: midMonthClock },
);
