import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createApiKey } from '../../src/core/identity.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase, TestClock, type TestEnvironment } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * A consumption key past its `expires_at` is refused by authentication, on every endpoint of the
 * consumption and messages hosts (401 key_expired), not only at admission; admission checks the
 * key again when the request runs, so a key that expired, or was deactivated or deleted, after its
 * 307 runs nothing on its ticket (401 key_expired, 401 invalid_api_key), and nothing is billed.
 */
describeEachDatabase(
  'consumption: a key past its expiry, or gone after its redirect',
  (env) => {
    const services = () => env().service.services;
    const clock = () => services().clock as TestClock;
    const model = 'text-standard';
    let caller: TestUser;
    let instrumentId: string;
    const chat = (content: string) => ({ model, messages: [{ role: 'user', content }], max_tokens: 16 });
    const message = (content: string) => ({ model, max_tokens: 16, messages: [{ role: 'user', content }] });

    before(async () => {
      const supplier = await createTestUser(services());
      instrumentId = (await services().reference.resolveModel(model))!.id;
      await makeSupplier(services(), supplier.userId, [instrumentId]);
      caller = await createTestUser(services());
      await giveUnits(services(), caller.userId, instrumentId, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: caller.userId,
          instrumentId,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
        }),
      );
    });

    /** A new key of the caller, expiring `inSeconds` from now on the test's clock (null: never). */
    async function keyExpiringIn(inSeconds: number | null): Promise<{ key: string; id: string }> {
      const { row, key } = await createApiKey(services().db, services().clock, caller.userId, `expiring ${Date.now()}`);
      if (inSeconds !== null)
        await services()
          .db('api_keys')
          .where({ id: row.id })
          .update({ expires_at_us: clock().nowUs() + inSeconds * 1_000_000 });
      return { key, id: row.id };
    }

    /** Every endpoint of both hosts, as a request with this key. */
    const endpoints: {
      name: string;
      call: (e: TestEnvironment, key: string) => Promise<{ status: number; body: any; text: string }>;
      messagesHost?: boolean;
    }[] = [
      { name: 'GET /v1/models', call: (e, key) => e.consumption.get('/v1/models', { bearer: key }) },
      { name: 'GET /v1/models/{model}', call: (e, key) => e.consumption.get(`/v1/models/${model}`, { bearer: key }) },
      { name: 'GET /v1/usage', call: (e, key) => e.consumption.get('/v1/usage', { bearer: key }) },
      { name: 'GET /v1/usage/summary', call: (e, key) => e.consumption.get('/v1/usage/summary', { bearer: key }) },
      {
        name: 'GET /v1/usage/{request_id}',
        call: (e, key) => e.consumption.get('/v1/usage/req_unknown', { bearer: key }),
      },
      { name: 'GET /v1/diagnostics', call: (e, key) => e.consumption.get('/v1/diagnostics', { bearer: key }) },
      {
        name: 'POST /v1/chat/completions',
        call: (e, key) => e.consumption.post('/v1/chat/completions', { bearer: key, body: chat('expired') }),
      },
      {
        name: 'POST /r/v1/chat/completions',
        call: (e, key) => e.consumption.post('/r/v1/chat/completions', { bearer: key, body: chat('expired') }),
      },
      {
        name: 'POST /v1/responses',
        call: (e, key) =>
          e.consumption.post('/v1/responses', {
            bearer: key,
            body: { model, input: 'expired', max_output_tokens: 16 },
          }),
      },
      {
        name: 'POST /r/v1/responses',
        call: (e, key) =>
          e.consumption.post('/r/v1/responses', {
            bearer: key,
            body: { model, input: 'expired', max_output_tokens: 16 },
          }),
      },
      {
        name: 'POST /v1/messages',
        messagesHost: true,
        call: (e, key) => e.messages.post('/v1/messages', { headers: { 'x-api-key': key }, body: message('expired') }),
      },
      {
        name: 'POST /r/v1/messages',
        messagesHost: true,
        call: (e, key) =>
          e.messages.post('/r/v1/messages', { headers: { 'x-api-key': key }, body: message('expired') }),
      },
      {
        name: 'POST /v1/messages/count_tokens',
        messagesHost: true,
        call: (e, key) =>
          e.messages.post('/v1/messages/count_tokens', {
            headers: { 'x-api-key': key },
            body: { model, messages: [{ role: 'user', content: 'expired' }] },
          }),
      },
    ];

    const receiptsOf = async (apiKeyId: string) =>
      Number(
        (
          (await services().db('inference_requests').where('api_key_id', apiKeyId).count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      );

    it('answers every endpoint while the key is good, and 401 key_expired on every one once the clock passes its expiry, billing nothing', async () => {
      const { key, id } = await keyExpiringIn(60);
      // Each call caches the key with its expiry; the refusal below comes from that entry, not a fresh read.
      for (const endpoint of endpoints)
        expect((await endpoint.call(env(), key)).status, endpoint.name).to.not.equal(401);
      const receiptsBefore = await receiptsOf(id);
      const tokensBefore = (await balancesOf(services(), caller.userId, instrumentId)).tokens;
      clock().advance(61_000);
      for (const endpoint of endpoints) {
        const reply = await endpoint.call(env(), key);
        expect(reply.status, `${endpoint.name}: ${reply.text}`).to.equal(401);
        expect(reply.body.errors.code, endpoint.name).to.equal('key_expired');
        expect(reply.body.errors.detail).to.contain('expired at');
        if (endpoint.messagesHost) expect(reply.body.error.type, endpoint.name).to.equal('authentication_error');
        else expect(reply.body.error, endpoint.name).to.include({ code: 'key_expired', type: 'authentication_error' });
      }
      expect(await receiptsOf(id)).to.equal(receiptsBefore);
      expect((await balancesOf(services(), caller.userId, instrumentId)).tokens).to.equal(tokensBefore);
      // A key without an expiry is not affected by the clock.
      const { key: lasting } = await keyExpiringIn(null);
      expect((await env().consumption.get('/v1/models', { bearer: lasting })).status).to.equal(200);
    });

    it('GET /v1/key shows a key past its expiry with is_active false, while inference with it stays 401 key_expired', async () => {
      const { key, id } = await keyExpiringIn(60);
      const before = await env().consumption.get('/v1/key', { bearer: key });
      expect(before.status, before.text).to.equal(200);
      expect(before.body.data).to.include({ id, is_active: true });
      clock().advance(61_000);
      const after = await env().consumption.get('/v1/key', { bearer: key });
      expect(after.status, after.text).to.equal(200);
      expect(after.body.data).to.include({ id, is_active: false });
      expect(Date.parse(after.body.data.expires_at)).to.be.below(clock().nowUs() / 1000);
      for (const endpoint of endpoints.filter((e) => e.name.includes('chat/completions'))) {
        const refused = await endpoint.call(env(), key);
        expect(refused.status, endpoint.name).to.equal(401);
        expect(refused.body.errors.code, endpoint.name).to.equal('key_expired');
      }
    });

    /** POST /v1/chat/completions with the key, not followed: the Location of its 307. */
    async function redirected(key: string, sent: unknown): Promise<URL> {
      const reply = await env().consumption.post('/v1/chat/completions', { bearer: key, body: sent });
      expect(reply.status, reply.text).to.equal(307);
      return new URL(reply.headers.get('location')!);
    }
    const runAt = (location: URL, sent: unknown) =>
      env().consumption.post(location.pathname, { query: Object.fromEntries(location.searchParams), body: sent });

    const afterRedirect: { name: string; code: string; change: (apiKeyId: string) => Promise<void> }[] = [
      { name: 'expired', code: 'key_expired', change: async () => clock().advance(31_000) },
      {
        name: 'deactivated',
        code: 'invalid_api_key',
        change: async (apiKeyId) =>
          void (await services().db('api_keys').where({ id: apiKeyId }).update({ active: false })),
      },
      {
        name: 'deleted',
        code: 'invalid_api_key',
        change: async (apiKeyId) => void (await services().db('api_keys').where({ id: apiKeyId }).delete()),
      },
    ];
    for (const row of afterRedirect) {
      it(`refuses the ticket of a key ${row.name} after its 307 with 401 ${row.code}, billing nothing`, async () => {
        const { key, id } = await keyExpiringIn(30);
        const sent = chat(`key ${row.name} after the redirect`);
        const location = await redirected(key, sent);
        const tokensBefore = (await balancesOf(services(), caller.userId, instrumentId)).tokens;
        await row.change(id);
        const refused = await runAt(location, sent);
        expect(refused.status, refused.text).to.equal(401);
        expect(refused.body.errors.code).to.equal(row.code);
        expect(await receiptsOf(id)).to.equal(0);
        const balances = await balancesOf(services(), caller.userId, instrumentId);
        expect(balances.tokens).to.equal(tokensBefore);
        const locked = (await services()
          .db('ledger_accounts')
          .where({ user_id: caller.userId, kind: 'consumption' })
          .first('locked')) as { locked: number | string };
        expect(Number(locked.locked)).to.equal(0);
      });
    }
  },
  { clock: () => new TestClock() },
);
