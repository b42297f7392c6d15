import { createHash } from 'node:crypto';
import { expect } from 'chai';
import nacl from 'tweetnacl';
import { createUser } from '../../src/core/identity.js';
import { grantTokens } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/** RFC 8032 test 1 (the trading document's worked example): never a real key. */
const rfcSeed = 'nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=';
const rfcPublicKey = '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=';
const rfcFingerprint = 'If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk';

function newKeypair() {
  const pair = nacl.sign.keyPair();
  return {
    publicKey: Buffer.from(pair.publicKey).toString('base64'),
    privateKey: Buffer.from(pair.secretKey).toString('base64'),
  };
}

const base64Of = (bytes: number[]) => {
  const raw = Buffer.alloc(32);
  bytes.forEach((b, i) => (raw[i] = b));
  return raw.toString('base64');
};

describeEachDatabase('platform: trading signing keys', (env) => {
  const services = () => env().service.services;
  const platform = () => env().platform;

  async function freshUser(status: 'active' | 'inactive' = 'active') {
    const row = await createUser(services().db, services().clock, {
      email: `signing-${Math.random().toString(36).slice(2)}@example.com`,
      verified: true,
      acceptTerms: true,
      mode: 'advanced',
    });
    if (status === 'inactive') await services().db('users').where({ id: row.id }).update({ status });
    const { accessToken } = await grantTokens(services(), row.id, ['keys:manage']);
    return { userId: row.id, token: accessToken };
  }

  const register = (token: string, publicKey: string, label = 'bot') =>
    platform().post('/v1/signing-keys', { bearer: token, body: { signing_key: { label, public_key: publicKey } } });

  it('registers a public key: 201 with the fingerprint of specification part 5 rule 7, and it signs trading requests at once', async () => {
    const owner = await freshUser();
    const pair = newKeypair();
    const reply = await register(owner.token, pair.publicKey, 'trading-bot');
    expect(reply.status).to.equal(201);
    const key = reply.body.data;
    const expected = createHash('sha256')
      .update(Buffer.from(pair.publicKey, 'base64'))
      .digest('base64')
      .replace(/=+$/, '');
    expect(key).to.deep.include({
      label: 'trading-bot',
      public_key: pair.publicKey,
      fingerprint: expected,
      last_used_at: null,
    });
    expect(key.id).to.match(/^signing_key_/);

    const me = await env().trading.get('/v1/me', {
      sign: { privateKey: pair.privateKey, fingerprint: key.fingerprint },
    });
    expect(me.status).to.equal(200);
    expect(me.body.data.signing_key).to.deep.equal({ id: key.id, label: 'trading-bot', fingerprint: key.fingerprint });
    const shown = await platform().get(`/v1/signing-keys/${key.id}`, { bearer: owner.token });
    expect(shown.body.data.last_used_at).to.be.a('string');
  });

  it('gives the fingerprint of the worked example for the RFC 8032 test key', async () => {
    const owner = await freshUser();
    const reply = await register(owner.token, rfcPublicKey);
    expect(reply.body.data.fingerprint).to.equal(rfcFingerprint);
    const me = await env().trading.get('/v1/me', { sign: { privateKey: rfcSeed, fingerprint: rfcFingerprint } });
    expect(me.body.data.user_id).to.equal(owner.userId);
    expect(
      (await platform().delete(`/v1/signing-keys/${reply.body.data.id}`, { bearer: owner.token })).status,
    ).to.equal(204);
  });

  const malformed: [string, string][] = [
    ['PEM', '-----BEGIN PUBLIC KEY-----'],
    ['hex', 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'],
    ['base64 of 31 bytes', Buffer.alloc(31, 7).toString('base64')],
    ['base64 without padding', rfcPublicKey.slice(0, 43)],
  ];
  for (const [what, publicKey] of malformed) {
    it(`refuses ${what} with 422 validation_error (the schema)`, async () => {
      const owner = await freshUser();
      const reply = await register(owner.token, publicKey);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
    });
  }

  const unusable: [string, string][] = [
    ['32 bytes that are not a curve point', base64Of([2])],
    ['the identity point (small order)', base64Of([1])],
    [
      'a point of order 8',
      Buffer.from('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', 'hex').toString('base64'),
    ],
    [
      'a non-canonical encoding (y = p)',
      Buffer.from('edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'hex').toString('base64'),
    ],
  ];
  for (const [what, publicKey] of unusable) {
    it(`refuses ${what} with 422 invalid_public_key`, async () => {
      const owner = await freshUser();
      const reply = await register(owner.token, publicKey);
      expect(reply.status).to.equal(422);
      expect(reply.body.errors.code).to.equal('invalid_public_key');
    });
  }

  it('refuses an empty, blank or over-long label and an unknown field with 422 validation_error', async () => {
    const owner = await freshUser();
    for (const label of ['', '  ', 'x'.repeat(101)]) {
      const reply = await register(owner.token, newKeypair().publicKey, label);
      expect(reply.status, JSON.stringify(label)).to.equal(422);
    }
    const extra = await platform().post('/v1/signing-keys', {
      bearer: owner.token,
      body: { signing_key: { label: 'x', public_key: newKeypair().publicKey, private_key: 'no' } },
    });
    expect(extra.status).to.equal(422);
  });

  it('registers a public key once across all accounts (409 duplicate_signing_key); a deleted key may be registered again', async () => {
    const [first, second] = [await freshUser(), await freshUser()];
    const { publicKey } = newKeypair();
    const made = (await register(first.token, publicKey)).body.data;
    for (const owner of [first, second]) {
      const again = await register(owner.token, publicKey);
      expect(again.status).to.equal(409);
      expect(again.body.errors.code).to.equal('duplicate_signing_key');
      expect(again.body.errors.context.fingerprint).to.equal(made.fingerprint);
    }
    expect((await platform().delete(`/v1/signing-keys/${made.id}`, { bearer: first.token })).status).to.equal(204);
    const reborn = await register(second.token, publicKey);
    expect(reborn.status).to.equal(201);
    expect(reborn.body.data.fingerprint).to.equal(made.fingerprint);
  });

  it('answers two simultaneous registrations of one key with one 201 and one 409', async () => {
    const owner = await freshUser();
    const { publicKey } = newKeypair();
    const replies = await Promise.all([register(owner.token, publicKey), register(owner.token, publicKey)]);
    expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 409]);
  });

  it('lists, pages and shows the keys oldest first, under /v1 and /api/v1', async () => {
    const owner = await freshUser();
    for (let i = 0; i < 3; i += 1)
      expect((await register(owner.token, newKeypair().publicKey, `key ${i}`)).status).to.equal(201);
    const all = (await platform().get('/api/v1/signing-keys', { bearer: owner.token })).body;
    expect(all.data).to.have.length(3);
    const ids = all.data.map((k: { id: string }) => k.id);
    const first = (await platform().get('/v1/signing-keys', { bearer: owner.token, query: { limit: 2 } })).body;
    expect(first.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(0, 2));
    expect(first.paging.has_more).to.equal(true);
    const rest = (
      await platform().get('/v1/signing-keys', {
        bearer: owner.token,
        query: { limit: 2, next: first.paging.next_cursor },
      })
    ).body;
    expect(rest.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(2));
    expect(rest.paging.has_more).to.equal(false);
    const back = (
      await platform().get('/v1/signing-keys', {
        bearer: owner.token,
        query: { limit: 2, prev: rest.paging.prev_cursor },
      })
    ).body;
    expect(back.data.map((k: { id: string }) => k.id)).to.deep.equal(ids.slice(0, 2));
    const shown = await platform().get(`/api/v1/signing-keys/${ids[1]}`, { bearer: owner.token });
    expect(shown.body.data).to.deep.equal(all.data[1]);
  });

  it('deletes a key: 204, and the very next request signed with it fails with 401 unknown_fingerprint; other keys keep working', async () => {
    const owner = await freshUser();
    const [doomed, kept] = [newKeypair(), newKeypair()];
    const doomedKey = (await register(owner.token, doomed.publicKey)).body.data;
    const keptKey = (await register(owner.token, kept.publicKey)).body.data;
    const doomedSigner = { privateKey: doomed.privateKey, fingerprint: doomedKey.fingerprint };
    expect((await env().trading.get('/v1/me', { sign: doomedSigner })).status).to.equal(200);

    const deleted = await platform().delete(`/v1/signing-keys/${doomedKey.id}`, { bearer: owner.token });
    expect(deleted.status).to.equal(204);
    const refused = await env().trading.get('/v1/me', { sign: doomedSigner });
    expect(refused.status).to.equal(401);
    expect(refused.body.errors.code).to.equal('unknown_fingerprint');
    expect(
      (await env().trading.get('/v1/me', { sign: { privateKey: kept.privateKey, fingerprint: keptKey.fingerprint } }))
        .status,
    ).to.equal(200);
    expect((await platform().get(`/v1/signing-keys/${doomedKey.id}`, { bearer: owner.token })).status).to.equal(404);
    expect((await platform().delete(`/v1/signing-keys/${doomedKey.id}`, { bearer: owner.token })).status).to.equal(404);
  });

  it("answers 404 not_found for another user's key or an unknown id", async () => {
    const [owner, stranger] = [await freshUser(), await freshUser()];
    const theirs = (await register(owner.token, newKeypair().publicKey)).body.data.id;
    for (const id of [theirs, 'signing_key_00000000-0000-4000-8000-000000000000']) {
      const shown = await platform().get(`/v1/signing-keys/${id}`, { bearer: stranger.token });
      expect(shown.status).to.equal(404);
      expect(shown.body.errors.code).to.equal('not_found');
      expect((await platform().delete(`/v1/signing-keys/${id}`, { bearer: stranger.token })).status).to.equal(404);
    }
    expect((await platform().get(`/v1/signing-keys/${theirs}`, { bearer: owner.token })).status).to.equal(200);
    expect((await platform().get(`/v1/signing-keys/${'s'.repeat(129)}`, { bearer: owner.token })).status).to.equal(422);
  });

  it('an inactive account cannot register keys (403 account_inactive) but may list and delete them', async () => {
    const owner = await freshUser();
    const made = (await register(owner.token, newKeypair().publicKey)).body.data;
    await services().db('users').where({ id: owner.userId }).update({ status: 'inactive' });
    const refused = await register(owner.token, newKeypair().publicKey);
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('account_inactive');
    // The account precondition comes before the key's own checks (here: not a curve point).
    expect((await register(owner.token, base64Of([2]))).body.errors.code).to.equal('account_inactive');
    expect((await platform().get('/v1/signing-keys', { bearer: owner.token })).body.data).to.have.length(1);
    expect((await platform().delete(`/v1/signing-keys/${made.id}`, { bearer: owner.token })).status).to.equal(204);
  });

  it('needs the keys:manage scope on every signing key endpoint (403 insufficient_scope)', async () => {
    const owner = await freshUser();
    const id = (await register(owner.token, newKeypair().publicKey)).body.data.id;
    const { accessToken } = await grantTokens(services(), owner.userId, ['account:read', 'account:write']);
    const calls = [
      () => platform().get('/v1/signing-keys', { bearer: accessToken }),
      () => register(accessToken, newKeypair().publicKey),
      () => platform().get(`/v1/signing-keys/${id}`, { bearer: accessToken }),
      () => platform().delete(`/v1/signing-keys/${id}`, { bearer: accessToken }),
    ];
    for (const call of calls) {
      const reply = await call();
      expect(reply.status).to.equal(403);
      expect(reply.body.errors.code).to.equal('insufficient_scope');
    }
    expect((await platform().get(`/v1/signing-keys/${id}`, { bearer: owner.token })).status).to.equal(200);
  });
});
