import { expect } from 'chai';
import { openRevocationFeed, type RevocationFeed } from '../../src/db/api-key-revocations.js';
import { newSpanId, newTraceId, requestTraces } from '../../src/lib/trace-context.js';
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
 * reads. On PostgreSQL the news travels as a NOTIFY, delivered on commit to every listening
 * process: the test allows for its flight from the database server to the server process (well
 * under a millisecond on an idle machine; on a loaded one, the scheduler decides), and then
 * requires the key to stay refused.
 */
for (const kind of databaseKinds) {
  describe(`authentication: a revoked consumption key is refused at once by every process (${kind})`, function () {
    this.timeout(90_000);
    let db: Db;
    let consumption: ServeProcess;
    let platform: ServeProcess;
    let userId: string;
    /** On a database handle of its own: its version moves only by the database's news, never by this test's own writes. */
    let feedDb: Db;
    let feed: RevocationFeed;
    /** The feed of `db` itself, for the one test of changes made through it. */
    let ownFeed: RevocationFeed;

    before(async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl(kind);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      feedDb = openDatabase(databaseUrl);
      feed = await openRevocationFeed(feedDb);
      ownFeed = await openRevocationFeed(db);
      userId = (
        await createUser(db, systemClock, { email: `revoke-${kind}@example.com`, verified: true, acceptTerms: true })
      ).id;
      const env = { DATABASE_URL: databaseUrl };
      [consumption, platform] = await Promise.all([
        mktServe(env, ['--only', 'consumption']),
        mktServe(env, ['--only', 'platform']),
      ]);
    });

    after(async () => {
      for (const server of [consumption, platform]) server?.child.kill('SIGTERM');
      await Promise.all([consumption, platform].map((s) => s?.exited));
      await feed?.close();
      await ownFeed?.close();
      await feedDb?.destroy();
      await db?.destroy();
    });

    const models = (key: string) =>
      fetch(`${consumption.urls.consumption!}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then(
        (r) => r.status,
      );

    /**
     * After `change`, the server refuses the key: on SQLite at once (the next request); on
     * PostgreSQL as soon as the change's NOTIFY reached the server process, which must be well
     * within `notifiedWithinMs` (its flight from the database server; on an idle machine, well
     * under a millisecond). From then on it stays refused.
     */
    async function expectRefusedAfter(change: () => Promise<unknown>, key: string): Promise<void> {
      await change();
      if (kind === 'postgres') await until(async () => (await models(key)) === 401);
      expect(await models(key)).to.equal(401);
    }

    /** After `change` (a reactivation), the server serves the key again, as expectRefusedAfter times it. */
    async function expectServedAfter(change: () => Promise<unknown>, key: string): Promise<void> {
      await change();
      if (kind === 'postgres') await until(async () => (await models(key)) === 200);
      await expectServed(key);
    }

    const notifiedWithinMs = 2_000;
    async function until(done: () => Promise<boolean>): Promise<void> {
      const started = performance.now();
      while (!(await done())) {
        if (performance.now() - started > notifiedWithinMs)
          throw new Error(`the server did not learn of the change within ${notifiedWithinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }

    /** Several requests, so the key is surely served from the cache afterwards. */
    async function expectServed(key: string): Promise<void> {
      for (let i = 0; i < 3; i += 1) expect(await models(key)).to.equal(200);
    }

    it('sees a deactivation, a reactivation and a deletion written by another connection', async () => {
      const { row, key } = await createApiKey(db, systemClock, userId, 'by-connection');
      await expectServed(key);
      await expectRefusedAfter(() => db('api_keys').where({ id: row.id }).update({ active: false }), key);
      await expectServedAfter(() => db('api_keys').where({ id: row.id }).update({ active: true }), key);
      await expectRefusedAfter(() => db('api_keys').where({ id: row.id }).delete(), key);
    });

    it('sees a deactivation and a deletion made through the platform API of another process', async () => {
      const { row, key } = await createApiKey(db, systemClock, userId, 'by-platform');
      const { accessToken } = await createGrant(db, systemClock, userId, 'mkt-cli', ['keys:manage']);
      const keyUrl = `${platform.urls.platform!}/v1/api-keys/${row.id}`;
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      await expectServed(key);
      const patch = (active: boolean) =>
        fetch(keyUrl, { method: 'PATCH', headers, body: JSON.stringify({ api_key: { active } }) }).then((r) =>
          expect(r.status).to.equal(200),
        );
      await expectRefusedAfter(() => patch(false), key);
      await expectServedAfter(() => patch(true), key);
      await expectRefusedAfter(
        async () => expect((await fetch(keyUrl, { method: 'DELETE', headers })).status).to.equal(204),
        key,
      );
    });

    it('moves the revocation version when a user is made inactive', async () => {
      const other = await createUser(db, systemClock, {
        email: `inactive-${kind}@example.com`,
        verified: true,
        acceptTerms: true,
      });
      const { key } = await createApiKey(db, systemClock, other.id, 'inactive');
      await expectServed(key);
      // Authentication does not look at the user's status today; the cache must not be what would hide it if it did.
      const before = await feed.version();
      await db('users').where({ id: other.id }).update({ status: 'inactive' });
      if (kind === 'postgres') await until(async () => (await feed.version()) !== before);
      expect(await feed.version()).not.to.equal(before);
    });

    if (kind === 'sqlite')
      it('reads the counter once per request: a revocation committed meanwhile is seen by the next request', async () => {
        const other = await createUser(db, systemClock, {
          email: `per-request-${kind}@example.com`,
          verified: true,
          acceptTerms: true,
        });
        const { row } = await createApiKey(db, systemClock, other.id, 'per-request');
        const asRequest = (work: () => Promise<void>) =>
          requestTraces.run({ traceId: newTraceId(), spanId: newSpanId(), flags: 0 }, work);
        let seenBefore: string | null = null;
        await asRequest(async () => {
          seenBefore = await feed.version();
          await db('api_keys').where({ id: row.id }).update({ active: false });
          expect(await feed.version(), 'the same request: no second read').to.equal(seenBefore);
        });
        await asRequest(async () => {
          expect(await feed.version()).not.to.equal(seenBefore);
        });
        expect(await feed.version(), 'outside a request: read on every call').not.to.equal(seenBefore);
      });

    it('knows of a change made through its own knex as soon as the change answers', async () => {
      const { row } = await createApiKey(db, systemClock, userId, 'own-knex');
      await ownFeed.version();
      const before = ownFeed.known();
      await db('api_keys').where({ id: row.id }).update({ active: false });
      expect(ownFeed.known()).not.to.equal(before);
    });

    it("keeps serving a key that another key's revocation did not touch", async () => {
      const kept = await createApiKey(db, systemClock, userId, 'kept');
      const gone = await createApiKey(db, systemClock, userId, 'gone');
      await expectServed(kept.key);
      await expectServed(gone.key);
      await expectRefusedAfter(() => db('api_keys').where({ id: gone.row.id }).delete(), gone.key);
      await expectServed(kept.key);
    });
  });
}
