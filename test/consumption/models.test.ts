import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('consumption: models', (env) => {
  let user: TestUser;
  before(async () => {
    user = await createTestUser(env().service.services);
  });

  it('lists the nine instruments, then the -latest aliases, in the OpenAI list shape', async () => {
    const reply = await env().consumption.get('/v1/models', { bearer: user.apiKey });
    expect(reply.status).to.equal(200);
    expect(reply.body.object).to.equal('list');
    const ids = reply.body.data.map((m: { id: string }) => m.id);
    expect(ids.slice(0, 9)).to.deep.equal([
      'text-standard',
      'text-prime',
      'text-max',
      'code-standard',
      'code-prime',
      'code-max',
      'agent-standard',
      'agent-prime',
      'agent-max',
    ]);
    const aliases = ids.slice(9);
    expect(aliases.length).to.be.greaterThan(0);
    for (const alias of aliases) expect(alias).to.match(/-latest$/);
    for (const model of reply.body.data) expect(model.object).to.equal('model');
  });

  it('shows one model by id or alias, and 404 model_not_found otherwise', async () => {
    const model = await env().consumption.get('/v1/models/code-max', { bearer: user.apiKey });
    expect(model.body).to.deep.include({ id: 'code-max', display_name: 'Code Max', owned_by: 'mkt' });
    const alias = await env().consumption.get('/v1/models/llama-latest', { bearer: user.apiKey });
    expect(alias.status).to.equal(200);
    const missing = await env().consumption.get('/v1/models/gpt-4o', { bearer: user.apiKey });
    expect(missing.status).to.equal(404);
    expect(missing.body.errors.code).to.equal('model_not_found');
  });
});
