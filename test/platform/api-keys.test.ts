import { expect } from 'chai';
import { createUser } from '../../src/core/identity.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('platform: consumption API keys', (env) => {
  let user: TestUser;
  let token: string;
  before(async () => {
    user = await createTestUser(env().service.services);
    token = (await grantTokens(env().service.services, user.userId, ['keys:manage'])).accessToken;
  });

  const services = () => env().service.services;
  const platform = () => env().platform;
  const create = (name: string, bearer = token) =>
    platform().post('/v1/api-keys', { bearer, body: { api_key: { name } } });

  /** A user of its own (so lists and states do not leak between tests) with a keys:manage token. */
  async function freshUser(options: { verified?: boolean; acceptTerms?: boolean } = {}) {
    const row = await createUser(services().db, services().clock, {
      email: `keys-${Math.random().toString(36).slice(2)}@example.com`,
      verified: options.verified ?? true,
      acceptTerms: options.acceptTerms ?? true,
    });
    const { accessToken } = await grantTokens(services(), row.id, ['keys:manage']);
    return { userId: row.id, token: accessToken };
  }

  it('creates a key: 201, the raw mkt_ck_ key once, not cached; afterwards only key_prefix', async () => {
    const reply = await create('laptop');
    expect(reply.status).to.equal(201);
    expect(reply.headers.get('cache-control')).to.equal('no-store');
    const key = reply.body.data;
    expect(key.key).to.match(/^mkt_ck_[A-Za-z0-9]{32,}$/);
    expect(key).to.deep.include({ name: 'laptop', key_prefix: key.key.slice(0, 11), active: true, last_used_at: null });
    expect(key.created_at).to.equal(key.updated_at);

    const shown = await platform().get(`/v1/api-keys/${key.id}`, { bearer: token });
    expect(shown.status).to.equal(200);
    expect(shown.body.data).to.deep.equal({ ...key, key: null });
    const listed = await platform().get('/v1/api-keys', { bearer: token, query: { limit: 100 } });
    expect(listed.body.data.find((k: { id: string }) => k.id === key.id)).to.deep.equal({ ...key, key: null });
    expect(listed.text).not.to.contain(key.key);
  });

  it('stores only the hash of the raw key', async () => {
    const { key } = (await create('hashed')).body.data;
    const rows = await services().db('api_keys').where({ user_id: user.userId });
    expect(JSON.stringify(rows)).not.to.contain(key);
  });

  it('a new key works on the consumption API at once, and its use shows in last_used_at', async () => {
    const { id, key } = (await create('fresh')).body.data;
    expect((await env().consumption.get('/v1/models', { bearer: key })).status).to.equal(200);
    const shown = await platform().get(`/v1/api-keys/${id}`, { bearer: token });
    expect(shown.body.data.last_used_at).to.be.a('string');
  });

  it('serves the same endpoints under /api/v1', async () => {
    const made = await platform().post('/api/v1/api-keys', { bearer: token, body: { api_key: { name: 'alias' } } });
    expect(made.status).to.equal(201);
    const shown = await platform().get(`/api/v1/api-keys/${made.body.data.id}`, { bearer: token });
    expect(shown.body.data.name).to.equal('alias');
    const renamed = await platform().patch(`/api/v1/api-keys/${made.body.data.id}`, {
      bearer: token,
      body: { api_key: { name: 'alias 2' } },
    });
    expect(renamed.body.data.name).to.equal('alias 2');
    expect((await platform().get('/api/v1/api-keys', { bearer: token })).status).to.equal(200);
    expect((await platform().delete(`/api/v1/api-keys/${made.body.data.id}`, { bearer: token })).status).to.equal(204);
  });

  it('pages the list oldest first with limit, next and prev', async () => {
    const owner = await freshUser();
    for (let i = 0; i < 5; i += 1) expect((await create(`key ${i}`, owner.token)).status).to.equal(201);
    const all = (await platform().get('/v1/api-keys', { bearer: owner.token })).body;
    expect(all.data).to.have.length(5);
    expect(all.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
    const createdAt = all.data.map((k: { created_at: string }) => k.created_at);
    expect(createdAt).to.deep.equal([...createdAt].sort());
    const ids = all.data.map((k: { id: string }) => k.id);

    const first = (await platform().get('/v1/api-keys', { bearer: owner.token, query: { limit: 2 } })).body;
    expect(first.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(0, 2));
    expect(first.paging.has_more).to.equal(true);
    expect(first.paging.prev_cursor).to.equal(null);
    const second = (
      await platform().get('/v1/api-keys', { bearer: owner.token, query: { limit: 2, next: first.paging.next_cursor } })
    ).body;
    expect(second.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(2, 4));
    const third = (
      await platform().get('/v1/api-keys', {
        bearer: owner.token,
        query: { limit: 2, next: second.paging.next_cursor },
      })
    ).body;
    expect(third.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(4));
    expect(third.paging).to.include({ has_more: false, next_cursor: null });
    const back = (
      await platform().get('/v1/api-keys', { bearer: owner.token, query: { limit: 2, prev: third.paging.prev_cursor } })
    ).body;
    expect(back.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(2, 4));
  });

  it('refuses bad paging parameters with 422', async () => {
    const bogus = await platform().get('/v1/api-keys', { bearer: token, query: { next: 'not-a-cursor' } });
    expect(bogus.status).to.equal(422);
    expect(bogus.body.errors.code).to.equal('invalid_cursor');
    const page = (await platform().get('/v1/api-keys', { bearer: token, query: { limit: 1 } })).body;
    const both = await platform().get('/v1/api-keys', {
      bearer: token,
      query: { next: page.paging.next_cursor, prev: page.paging.next_cursor },
    });
    expect(both.status).to.equal(422);
    expect(both.body.errors.code).to.equal('validation_error');
    for (const limit of [0, 101]) {
      const reply = await platform().get('/v1/api-keys', { bearer: token, query: { limit } });
      expect(reply.status, `limit ${limit}`).to.equal(422);
    }
  });

  it('deactivates a key: the very next consumption request fails; reactivating restores it', async () => {
    const { id, key } = (await create('toggle')).body.data;
    expect((await env().consumption.get('/v1/models', { bearer: key })).status).to.equal(200);

    const off = await platform().patch(`/v1/api-keys/${id}`, { bearer: token, body: { api_key: { active: false } } });
    expect(off.status).to.equal(200);
    expect(off.body.data).to.include({ active: false, key: null });
    const refused = await env().consumption.get('/v1/models', { bearer: key });
    expect(refused.status).to.equal(401);
    expect(refused.body.errors.code).to.equal('invalid_api_key');
    const byHeader = await env().consumption.get('/v1/diagnostics', { headers: { 'x-api-key': key } });
    expect(byHeader.status).to.equal(401);

    const on = await platform().patch(`/v1/api-keys/${id}`, { bearer: token, body: { api_key: { active: true } } });
    expect(on.body.data.active).to.equal(true);
    expect((await env().consumption.get('/v1/models', { bearer: key })).status).to.equal(200);
  });

  it('renames a key and moves updated_at; a PATCH that changes nothing keeps updated_at', async () => {
    const made = (await create('before')).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = (
      await platform().patch(`/v1/api-keys/${made.id}`, { bearer: token, body: { api_key: { name: 'after' } } })
    ).body.data;
    expect(renamed).to.include({ name: 'after', active: true, created_at: made.created_at });
    expect(renamed.updated_at > made.updated_at).to.equal(true);
    const same = await platform().patch(`/v1/api-keys/${made.id}`, {
      bearer: token,
      body: { api_key: { name: 'after', active: true } },
    });
    expect(same.status).to.equal(200);
    expect(same.body.data).to.deep.equal(renamed);
  });

  const invalidBodies: [string, unknown][] = [
    ['an empty api_key', { api_key: {} }],
    ['no api_key', {}],
    ['an unknown field', { api_key: { name: 'x', colour: 'red' } }],
    ['an empty name', { api_key: { name: '' } }],
    ['a blank name', { api_key: { name: '   ' } }],
    ['a name over 100 characters', { api_key: { name: 'x'.repeat(101) } }],
  ];
  for (const [what, body] of invalidBodies) {
    it(`refuses ${what} with 422 validation_error on create and update`, async () => {
      const { id } = (await create('valid')).body.data;
      const update = await platform().patch(`/v1/api-keys/${id}`, { bearer: token, body });
      expect(update.status).to.equal(422);
      expect(update.body.errors.code).to.equal('validation_error');
      const made = await platform().post('/v1/api-keys', { bearer: token, body });
      expect(made.status).to.equal(422);
      expect(made.body.errors.code).to.equal('validation_error');
    });
  }

  it('refuses a body that is not JSON with 400', async () => {
    const reply = await platform().post('/v1/api-keys', {
      bearer: token,
      rawBody: '{"api_key":',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).to.equal(400);
  });

  it('deletes a key: 204, no longer listed or shown, and the very next consumption request fails', async () => {
    const { id, key } = (await create('doomed')).body.data;
    expect((await env().consumption.get('/v1/models', { bearer: key })).status).to.equal(200);
    const deleted = await platform().delete(`/v1/api-keys/${id}`, { bearer: token });
    expect(deleted.status).to.equal(204);
    expect(deleted.text).to.equal('');
    const refused = await env().consumption.get('/v1/models', { bearer: key });
    expect(refused.status).to.equal(401);
    expect(refused.body.errors.code).to.equal('invalid_api_key');
    expect((await platform().get(`/v1/api-keys/${id}`, { bearer: token })).status).to.equal(404);
    const listed = await platform().get('/v1/api-keys', { bearer: token, query: { limit: 100 } });
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.to.include(id);
    expect((await platform().delete(`/v1/api-keys/${id}`, { bearer: token })).status).to.equal(404);
  });

  it("answers 404 not_found for another user's key or an unknown id, and 422 for an id over 128 characters", async () => {
    const other = await freshUser();
    const theirs = (await create('theirs', other.token)).body.data.id;
    const unknown = 'api_key_00000000-0000-4000-8000-000000000000';
    for (const id of [theirs, unknown]) {
      const shown = await platform().get(`/v1/api-keys/${id}`, { bearer: token });
      expect(shown.status).to.equal(404);
      expect(shown.body.errors.code).to.equal('not_found');
      expect(
        (await platform().patch(`/v1/api-keys/${id}`, { bearer: token, body: { api_key: { name: 'mine now' } } }))
          .status,
      ).to.equal(404);
      expect((await platform().delete(`/v1/api-keys/${id}`, { bearer: token })).status).to.equal(404);
    }
    expect((await platform().get(`/v1/api-keys/${theirs}`, { bearer: other.token })).body.data.name).to.equal('theirs');
    const long = await platform().get(`/v1/api-keys/${'a'.repeat(129)}`, { bearer: token });
    expect(long.status).to.equal(422);
  });

  it('an inactive account cannot create or reactivate keys (403 account_inactive) but may list, rename, deactivate and delete', async () => {
    const owner = await freshUser();
    const first = (await create('one', owner.token)).body.data;
    const second = (await create('two', owner.token)).body.data;
    await services().db('users').where({ id: owner.userId }).update({ status: 'inactive' });

    const made = await create('three', owner.token);
    expect(made.status).to.equal(403);
    expect(made.body.errors.code).to.equal('account_inactive');
    expect((await platform().get('/v1/api-keys', { bearer: owner.token })).body.data).to.have.length(2);
    const renamed = await platform().patch(`/v1/api-keys/${first.id}`, {
      bearer: owner.token,
      body: { api_key: { name: 'renamed' } },
    });
    expect(renamed.status).to.equal(200);
    const off = await platform().patch(`/v1/api-keys/${first.id}`, {
      bearer: owner.token,
      body: { api_key: { active: false } },
    });
    expect(off.body.data.active).to.equal(false);
    const on = await platform().patch(`/v1/api-keys/${first.id}`, {
      bearer: owner.token,
      body: { api_key: { active: true } },
    });
    expect(on.status).to.equal(403);
    expect(on.body.errors.code).to.equal('account_inactive');
    // The account precondition is checked before the key's own 404.
    const unknown = await platform().patch('/v1/api-keys/api_key_00000000-0000-4000-8000-000000000000', {
      bearer: owner.token,
      body: { api_key: { active: true } },
    });
    expect(unknown.body.errors.code).to.equal('account_inactive');
    expect((await platform().delete(`/v1/api-keys/${second.id}`, { bearer: owner.token })).status).to.equal(204);
  });

  it('creating a key needs neither a verified email nor accepted legal terms', async () => {
    const newcomer = await freshUser({ verified: false, acceptTerms: false });
    expect((await create('first key', newcomer.token)).status).to.equal(201);
  });

  it('needs the keys:manage scope on every key endpoint (403 insufficient_scope)', async () => {
    const { accessToken } = await grantTokens(services(), user.userId, [
      'account:read',
      'account:write',
      'trade:read',
      'trade:write',
    ]);
    const id = user.apiKeyId;
    const calls = [
      () => platform().get('/v1/api-keys', { bearer: accessToken }),
      () => platform().post('/v1/api-keys', { bearer: accessToken, body: { api_key: { name: 'x' } } }),
      () => platform().get(`/v1/api-keys/${id}`, { bearer: accessToken }),
      () => platform().patch(`/v1/api-keys/${id}`, { bearer: accessToken, body: { api_key: { active: false } } }),
      () => platform().delete(`/v1/api-keys/${id}`, { bearer: accessToken }),
    ];
    for (const call of calls) {
      const reply = await call();
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('insufficient_scope');
      expect(reply.headers.get('www-authenticate')).to.contain('scope="keys:manage"');
    }
    expect((await platform().get(`/v1/api-keys/${id}`, { bearer: token })).body.data.active).to.equal(true);
    expect((await platform().get('/v1/api-keys')).status).to.equal(401);
  });
});
