import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { expectShape, liveApiKey } from '../support/live-shapes.js';
import { describeEachDatabase, TestClock } from '../support/service.js';

const dayMs = 86_400_000;

/**
 * Issue 21 item 4 on the platform API: `grid consumption keys list|create` (grid-cli
 * src/sdk/exchange/client.ts) call `/api/v1/api-keys` with an OAuth token and read `is_active`,
 * which is false for a deactivated key and for an expired one.
 */
describeEachDatabase(
  'platform: API keys as the live CLI reads them',
  (env) => {
    let user: TestUser;
    before(async () => {
      user = await createTestUser(env().service.services);
    });
    /** A fresh token each time: the tests move the clock past an access token's lifetime. */
    const token = async () => (await grantTokens(env().service.services, user.userId, ['keys:manage'])).accessToken;
    const clock = () => env().service.services.clock as TestClock;
    const isoIn = (ms: number) => new Date(clock().nowUs() / 1000 + ms).toISOString();
    /** `createApiKey(name, expiresAt)`: the expiry only when given. */
    const create = async (name: string, expiresAt?: string) => {
      const reply = await env().platform.post('/api/v1/api-keys', {
        bearer: await token(),
        body: { api_key: { name, ...(expiresAt ? { expires_at: expiresAt } : {}) } },
      });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      return reply.body.data;
    };
    /** `listApiKeys()`: the first page, as the CLI sends it. */
    const listed = async (id: string) => {
      const reply = await env().platform.get('/api/v1/api-keys', { bearer: await token() });
      expect(reply.status).to.equal(200);
      for (const key of reply.body.data) expectShape(key, liveApiKey, key.name);
      return reply.body.data.find((k: { id: string }) => k.id === id);
    };

    it('creates a key with --expires-at and lists it active until then, as the consumption API accepts it', async () => {
      const made = await create('expiring', isoIn(dayMs));
      expectShape(made, { ...liveApiKey, key: ['string'] }, 'created');
      expect(made).to.include({ active: true, is_active: true });
      expect(await listed(made.id)).to.include({ active: true, is_active: true });
      expect((await env().consumption.get('/v1/models', { bearer: made.key })).status).to.equal(200);
    });

    it('lists an expired key as not active, while its switch stays on', async () => {
      const made = await create('short-lived', isoIn(dayMs));
      clock().advance(2 * dayMs);
      expect(await listed(made.id)).to.include({ active: true, is_active: false });
      const shown = await env().platform.get(`/api/v1/api-keys/${made.id}`, { bearer: await token() });
      expect(shown.body.data).to.include({ active: true, is_active: false });
      // The consumption host shows the key's own view (why it stopped working), and refuses it everywhere else.
      const view = await env().consumption.get('/v1/key', { bearer: made.key });
      expect(view.status, view.text).to.equal(200);
      expect(view.body.data).to.include({ id: made.id, is_active: false });
      const refused = await env().consumption.get('/v1/models', { bearer: made.key });
      expect(refused.status).to.equal(401);
      expect(refused.body.errors.code).to.equal('key_expired');
    });

    it('lists a deactivated key as not active, and a reactivated one as active', async () => {
      const made = await create('switched');
      expect(made.is_active).to.equal(true);
      const rows: [boolean, boolean][] = [
        [false, false],
        [true, true],
      ];
      for (const [active, isActive] of rows) {
        const patched = await env().platform.patch(`/api/v1/api-keys/${made.id}`, {
          bearer: await token(),
          body: { api_key: { active } },
        });
        expect(patched.status).to.equal(200);
        expect(patched.body.data).to.include({ active, is_active: isActive });
        expect(await listed(made.id)).to.include({ active, is_active: isActive });
      }
    });

    it('a key without expiry stays active as time passes', async () => {
      const made = await create('forever');
      clock().advance(400 * dayMs);
      expect(await listed(made.id)).to.include({ expires_at: null, active: true, is_active: true });
    });
  },
  { clock: () => new TestClock() },
);
