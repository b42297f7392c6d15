import { expect } from 'chai';
import { updateApiKey } from '../../src/core/keys.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

interface Check {
  name: string;
  status: string;
  code: string;
  next_action: string | null;
}

describeEachDatabase('consumption: diagnostics', (env) => {
  const services = () => env().service.services;
  let user: TestUser;
  before(async () => {
    user = await createTestUser(services(), { mode: 'auto' });
  });

  it('checks the key, the account, the models and the free daily limit, with the summary', async () => {
    const reply = await env().consumption.get('/v1/diagnostics', { bearer: user.apiKey });
    expect(reply.status).to.equal(200);
    const models = (await env().consumption.get('/v1/models', { bearer: user.apiKey })).body.data.length;
    const data = reply.body.data;
    expect(data).to.include({ status: 'warn', service: 'consumption' });
    expect(data.checks.map((c: Check) => [c.name, c.status, c.code])).to.deep.equal([
      ['API key', 'ok', 'api_key_authenticated'],
      ['Account', 'ok', 'account_active'],
      ['Models', 'ok', 'models_visible'],
      ['Concurrency', 'ok', 'concurrency_available'],
      ['Daily limit', 'warn', 'free_account_daily_limit'],
    ]);
    expect(data.checks[0].detail).to.contain(user.apiKey.slice(0, 11)).and.not.contain(user.apiKey);
    expect(data.checks[4].next_action).to.contain('deposit');
    expect(data.summary).to.deep.equal({
      api_key_id: user.apiKeyId,
      account_status: 'active',
      account_mode: 'auto',
      visible_model_count: models,
      concurrency_limit: 3,
      concurrency_in_use: 0,
      daily_requests_remaining: 100,
    });
  });

  it('reads the truth: requests made today, and the tier and no daily limit after a deposit, as inference answers', async () => {
    const other = await createTestUser(services(), { mode: 'advanced' });
    const { instrumentId } = await marketOf(services(), 'text-standard');
    await makeSupplier(services(), (await createTestUser(services())).userId, [instrumentId]);
    await giveUnits(services(), other.userId, instrumentId, 1);
    const transfer = await env().trading.post('/v1/transfers/trading-to-consumption', {
      body: { instrument_id: instrumentId, quantity: 1 },
      sign: other.signingKey,
    });
    expect(transfer.status, transfer.text).to.equal(201);
    const chat = () =>
      env().consumption.post('/v1/chat/completions', {
        body: { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 },
        bearer: other.apiKey,
        redirect: 'follow',
      });
    for (let i = 0; i < 2; i += 1) expect((await chat()).status).to.equal(200);
    let summary = (await env().consumption.get('/v1/diagnostics', { bearer: other.apiKey })).body.data.summary;
    expect(summary).to.include({ concurrency_limit: 3, concurrency_in_use: 0, daily_requests_remaining: 98 });

    await giveUsd(services(), other.userId, '100.00');
    const answered = await chat();
    expect(answered.headers.get('x-ratelimit-limit')).to.equal('30');
    const data = (await env().consumption.get('/v1/diagnostics', { bearer: other.apiKey })).body.data;
    expect(data.summary).to.include({ concurrency_limit: 30, daily_requests_remaining: null });
    expect(data.checks.map((c: Check) => c.code)).to.not.include('free_account_daily_limit');
    expect(data.status).to.equal('ok');
  });

  it('takes the key as Bearer or x-api-key, and never redirects', async () => {
    for (const options of [{ bearer: user.apiKey }, { headers: { 'x-api-key': user.apiKey } }]) {
      const reply = await env().consumption.get('/v1/diagnostics', options);
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('location')).to.equal(null);
    }
  });

  it('fails for an inactive account (account_inactive), reporting the advanced mode in the summary', async () => {
    const other = await createTestUser(services(), { mode: 'advanced' });
    await services().db('users').where({ id: other.userId }).update({ status: 'inactive' });
    const data = (await env().consumption.get('/v1/diagnostics', { bearer: other.apiKey })).body.data;
    expect(data.status).to.equal('fail');
    expect(data.checks.find((c: Check) => c.name === 'Account')).to.include({
      status: 'fail',
      code: 'account_inactive',
    });
    expect(data.summary).to.include({ account_status: 'inactive', account_mode: 'advanced' });
  });

  it('answers 401 invalid_api_key for a missing, unknown, deactivated key or an OAuth token', async () => {
    const other = await createTestUser(services());
    await updateApiKey(services(), other.userId, other.apiKeyId, { active: false });
    const { accessToken } = await grantTokens(services(), user.userId, ['keys:manage']);
    for (const options of [
      {},
      { bearer: 'mkt_ck_unknown' },
      { bearer: other.apiKey },
      { headers: { 'x-api-key': other.apiKey } },
      { bearer: accessToken },
    ]) {
      const reply = await env().consumption.get('/v1/diagnostics', options);
      expect(reply.status, JSON.stringify(options)).to.equal(401);
      expect(reply.body.errors.code).to.equal('invalid_api_key');
    }
  });
});
