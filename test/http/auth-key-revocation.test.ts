import { expect } from 'chai';
import { openRevocationFeed, type RevocationFeed } from '../../src/db/api-key-revocations.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { systemClock } from '../../src/lib/clock.js';
import { createApiKey, createGrant, createUser } from '../../src/core/identity.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * Consumption keys are cached in each process (src/http/auth/api-key-cache.ts), but a revoked key is
 * refused at once everywhere (DESIGN.md §8: nothing a process caches may make two processes
 * disagree). One `mkt serve` process answers consumption requests with the key cached; the key is
 * then deactivated, reactivated and deleted by others: by this test's own connection to the
 * database, and by a second `mkt serve` process through the platform API. The very next
 * consumption request after each change sees it.
 *
 * On SQLite that holds with no wait at all: the revoking transaction bumps a counter every request
 * reads. On PostgreSQL the news travels as a NOTIFY, delivered on commit to every listening process
 * at once; the test waits until a listener of its own has it (the same feed the server uses) before
 * the next request, so it does not race the notification's flight from the database server.
 */
for (const kind of databaseKinds) {
  describe(`authentication: a revoked consumption key is refused at once by every process (${kind})`, function () {
    this.timeout(90_000);
    let db: Db;
    let consumption: ServeProcess;
    let platform: ServeProcess;
    let userId: string;
    let feed: RevocationFeed;

    before(async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl(kind);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      feed = await openRevocationFeed(db);
      userId = (await createUser(db, systemClock, { email: `revoke-${kind}@example.com`, verified: true, acceptTerms: true })).id;
      const env = { DATABASE_URL: databaseUrl };
      [consumption, platform] = await Promise.all([mktServe(env, ['--only', 'consumption']), mktServe(env, ['--only', 'platform'])]);
    });

    after(async () => {
      for (const server of [consumption, platform]) server?.child.kill('SIGTERM');
      await Promise.all([consumption, platform].map((s) => s?.exited));
      await feed?.close();
      await db?.destroy();
    });

    const models = (key: string) => fetch(`${consumption.urls.consumption!}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

    /** Makes a change; on PostgreSQL, resolves once its notification reached this process too. */
    async function revoking(change: () => Promise<unknown>): Promise<void> {
      const before = feed.known();
      await change();
      if (kind === 'sqlite') return;
      for (let waitedMs = 0; feed.known() === before; waitedMs += 1) {
        if (waitedMs > 5_000) throw new Error('no notification of the change within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }

    /** Several requests, so the key is surely served from the cache afterwards. */
    async function expectServed(key: string): Promise<void> {
      for (let i = 0; i < 3; i += 1) expect(await models(key)).to.equal(200);
    }

    it('sees a deactivation, a reactivation and a deletion written by another connection', async () => {
      const { row, key } = await createApiKey(db, systemClock, userId, 'by-connection');
      await expectServed(key);
      await revoking(() => db('api_keys').where({ id: row.id }).update({ active: false }));
      expect(await models(key)).to.equal(401);
      await revoking(() => db('api_keys').where({ id: row.id }).update({ active: true }));
      await expectServed(key);
      await revoking(() => db('api_keys').where({ id: row.id }).delete());
      expect(await models(key)).to.equal(401);
    });

    it('sees a deactivation and a deletion made through the platform API of another process', async () => {
      const { row, key } = await createApiKey(db, systemClock, userId, 'by-platform');
      const { accessToken } = await createGrant(db, systemClock, userId, 'mkt-cli', ['keys:manage']);
      const keyUrl = `${platform.urls.platform!}/v1/api-keys/${row.id}`;
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      await expectServed(key);
      await revoking(async () => expect((await fetch(keyUrl, { method: 'PATCH', headers, body: JSON.stringify({ api_key: { active: false } }) })).status).to.equal(200));
      expect(await models(key)).to.equal(401);
      await revoking(async () => expect((await fetch(keyUrl, { method: 'PATCH', headers, body: JSON.stringify({ api_key: { active: true } }) })).status).to.equal(200));
      await expectServed(key);
      await revoking(async () => expect((await fetch(keyUrl, { method: 'DELETE', headers })).status).to.equal(204));
      expect(await models(key)).to.equal(401);
    });

    it('moves the revocation version when a user is made inactive', async () => {
      const other = await createUser(db, systemClock, { email: `inactive-${kind}@example.com`, verified: true, acceptTerms: true });
      const { key } = await createApiKey(db, systemClock, other.id, 'inactive');
      await expectServed(key);
      // Authentication does not look at the user's status today; the cache must not be what would hide it if it did.
      const before = await feed.version();
      await revoking(() => db('users').where({ id: other.id }).update({ status: 'inactive' }));
      expect(await feed.version()).not.to.equal(before);
    });

    it('knows of a change made through its own knex as soon as the change answers', async () => {
      const { row } = await createApiKey(db, systemClock, userId, 'own-knex');
      await feed.version();
      const before = feed.known();
      await db('api_keys').where({ id: row.id }).update({ active: false });
      expect(feed.known()).not.to.equal(before);
    });

    it('keeps serving a key that another key\'s revocation did not touch', async () => {
      const kept = await createApiKey(db, systemClock, userId, 'kept');
      const gone = await createApiKey(db, systemClock, userId, 'gone');
      await expectServed(kept.key);
      await expectServed(gone.key);
      await revoking(() => db('api_keys').where({ id: gone.row.id }).delete());
      expect(await models(gone.key)).to.equal(401);
      await expectServed(kept.key);
    });
  });
}
