import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { systemClock } from '../../src/lib/clock.js';
import { createGrant } from '../../src/core/identity.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { seedSigningTrader } from '../support/signing-traders.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * What a signed order reads besides its rows — the signing key, the user's account mode, the market —
 * is kept in memory by each process (src/core/trading-cache.ts), yet a change is seen at once by
 * every process, as a revoked consumption key is (test/http/auth-key-revocation.test.ts says how
 * fast on each database). Two `mkt serve --only trading` processes place orders with all three
 * kept; then a signing key is deleted through the platform API of a third process, and a market
 * suspended and an account mode changed by this test's own connection: the very next order to either
 * process sees it.
 */
for (const kind of databaseKinds) {
  describe(`trading: kept signing keys, users and markets follow changes in every process (${kind})`, function () {
    this.timeout(90_000);
    let db: Db;
    let servers: ServeProcess[] = [];
    let clients: HostClient[] = [];
    let platform: ServeProcess;
    let marketId: string;
    let orders = 0;

    before(async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl(kind);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      marketId = ((await db('markets').orderBy('id').first('id')) as { id: string }).id;
      const env = { DATABASE_URL: databaseUrl, MKT_SIMULATED_SUPPLIER: 'off' };
      servers = await Promise.all([
        mktServe(env, ['--only', 'trading']),
        mktServe(env, ['--only', 'trading']),
        mktServe(env, ['--only', 'platform']),
      ]);
      platform = servers[2]!;
      clients = servers.slice(0, 2).map((s) => new HostClient('trading', s.urls.trading!));
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.destroy();
    });

    /** A resting bid of one Unit, each with its own client_order_id: the status and error code of the answer. */
    async function order(client: HostClient, trader: SigningKey): Promise<string> {
      orders += 1;
      const reply = await client.post('/v1/orders', {
        sign: trader,
        body: {
          client_order_id: `kept-${orders}`,
          market_id: marketId,
          side: 'buy',
          type: 'limit',
          price: '0.1000',
          quantity: 1,
        },
      });
      return reply.status === 201 ? '201' : `${reply.status} ${reply.body.errors.code}`;
    }

    /** Both processes answer `expected` to the next order: on PostgreSQL once the change's NOTIFY reached them. */
    async function expectBoth(trader: SigningKey, expected: string): Promise<void> {
      for (const client of clients) {
        const started = performance.now();
        let answer = await order(client, trader);
        while (kind === 'postgres' && answer !== expected && performance.now() - started < 2_000) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          answer = await order(client, trader);
        }
        expect(answer).to.equal(expected);
        expect(await order(client, trader)).to.equal(expected);
      }
    }

    it('refuses the next order signed with a key deleted through the platform API of another process', async () => {
      const trader = await seedSigningTrader(db, `kept-${kind}`);
      await expectBoth(trader, '201');
      const { accessToken } = await createGrant(db, systemClock, trader.userId, 'mkt-cli', ['keys:manage']);
      const deleted = await fetch(`${platform.urls.platform!}/v1/signing-keys/${trader.signingKeyId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(deleted.status).to.equal(204);
      await expectBoth(trader, '401 unknown_fingerprint');
    });

    it('refuses the next order on a market suspended, and of a user switched to Auto Mode, by another connection', async () => {
      const trader = await seedSigningTrader(db, `kept-${kind}`);
      await expectBoth(trader, '201');
      await db('markets').where({ id: marketId }).update({ status: 'suspended' });
      await expectBoth(trader, '422 market_not_open');
      await db('markets').where({ id: marketId }).update({ status: 'open' });
      await expectBoth(trader, '201');
      await db('users').where({ id: trader.userId }).update({ account_mode: 'auto' });
      await expectBoth(trader, '403 auto_mode_trading_restricted');
    });
  });
}
