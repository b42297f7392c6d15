import { expect } from 'chai';
import {
  databaseKinds,
  freshDatabaseUrl,
  freshReplicatedDatabase,
  type ReplicatedDatabase,
} from '../support/databases.js';
import { createTestUser, useUpFreeDailyRequests, type TestUser } from '../support/fixtures.js';
import { HostClient } from '../support/http.js';
import { sendPage } from '../web/form-client.js';
import { giveUsd, marketOf, type MarketRef } from '../support/market-fixtures.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import {
  portOf,
  readinessOf,
  readyzOf,
  relayTo,
  startOn,
  until,
  whileReplayPaused,
  withPort,
  type Relay,
  type Running,
} from '../support/read-replica.js';

/**
 * DATABASE_READ_URL on a real streaming standby (the throwaway harness's `pg_basebackup -R`): the read-only endpoints
 * are served by the replica (seen by pausing its replay: a write is then missing from other users' reads), a writer
 * reads their own writes from the primary until the replica has replayed them — through another process too — reads
 * answer from the primary while the replica is down, and a replica that is not one refuses the start.
 */

const buyOrder = (market: MarketRef, priceText: string) => ({
  market_id: market.marketId,
  side: 'buy',
  type: 'limit',
  price: priceText,
  quantity: 3,
  time_in_force: 'gtc',
});

async function placeBuy(trading: HostClient, user: TestUser, market: MarketRef, priceText: string): Promise<string> {
  const reply = await trading.post('/v1/orders', { sign: user.signingKey, body: buyOrder(market, priceText) });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
  return String(reply.body.data.order_id);
}

/** The prices of the book's bids, as `user` reads them. */
async function bidsSeenBy(trading: HostClient, user: TestUser, market: MarketRef): Promise<string[]> {
  const reply = await trading.get(`/v1/markets/${market.marketId}/orderbook`, { sign: user.signingKey });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return (reply.body.data.buy as { price: string }[]).map((level) => level.price);
}

async function orderIdsSeenBy(trading: HostClient, user: TestUser): Promise<string[]> {
  const reply = await trading.get('/v1/orders', { sign: user.signingKey });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return (reply.body.data as { order_id: string }[]).map((order) => order.order_id);
}

async function usageCountSeenBy(consumption: HostClient, user: TestUser): Promise<number> {
  const reply = await consumption.get('/v1/usage', { bearer: user.apiKey, query: { page_size: 100 } });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return (reply.body.data as unknown[]).length;
}

/** A TCP relay to the standby that the test can cut and restore: the replica going down and coming back, for real. */

if (databaseKinds.includes('postgres')) {
  describe('DATABASE_READ_URL: reads from a streaming replica [postgres]', function () {
    this.timeout(120_000);

    describe('one process', () => {
      let database: ReplicatedDatabase;
      let running: Running;
      let writer: TestUser;
      let reader: TestUser;
      let market: MarketRef;

      before(async function () {
        this.timeout(120_000);
        database = await freshReplicatedDatabase();
        running = await startOn(database.primaryUrl, database.replicaUrl);
        const { services } = running.service;
        writer = await createTestUser(services);
        reader = await createTestUser(services);
        await giveUsd(services, writer.userId, '100.00');
        market = await marketOf(services, 'text-standard');
      });
      after(async () => running?.stop());

      it('reports the replica ready, with its lag', async () => {
        const readiness = await readinessOf(running);
        expect(readiness.state).to.equal('ok');
        if (readiness.state === 'ok') expect(readiness.lagBytes).to.be.a('number');
        const readyz = await readyzOf(running);
        expect(readyz.status).to.equal(200);
        expect(readyz.replica).to.include({ ok: true, required: false });
        expect(readyz.replica.detail).to.match(/^\d+ bytes, [\d.]+ s behind/);
      });

      it('serves others from the replica and the writer from the primary until the replica has replayed the write', async () => {
        let orderId = '';
        await whileReplayPaused(database, async () => {
          orderId = await placeBuy(running.trading, writer, market, '1.2500');
          // The reader never wrote: the replica answers, and it has not replayed the order.
          expect(await bidsSeenBy(running.trading, reader, market)).to.deep.equal([]);
          // The writer's fence is past the replica: the primary answers, with the order.
          expect(await bidsSeenBy(running.trading, writer, market)).to.deep.equal(['1.2500']);
          expect(await orderIdsSeenBy(running.trading, writer)).to.include(orderId);
          const own = await running.trading.get(`/v1/orders/${orderId}`, { sign: writer.signingKey });
          expect(own.status).to.equal(200);
          expect((await readinessOf(running)).state).to.equal('lagging');
        });
        await database.standby.caughtUp();
        expect(await bidsSeenBy(running.trading, reader, market)).to.deep.equal(['1.2500']);
        expect(await bidsSeenBy(running.trading, writer, market)).to.deep.equal(['1.2500']);
        expect(await orderIdsSeenBy(running.trading, writer)).to.include(orderId);
      });

      it('serves usage lists from the replica', async () => {
        const { services } = running.service;
        await whileReplayPaused(database, async () => {
          // Written straight to the primary, as no request of the reader's: no fence, so the replica answers.
          await useUpFreeDailyRequests(services, reader, market.instrumentId, 'text-standard');
          expect(await usageCountSeenBy(running.consumption, reader)).to.equal(0);
        });
        await database.standby.caughtUp();
        expect(await usageCountSeenBy(running.consumption, reader)).to.equal(100);
      });
    });

    describe('the dashboard', () => {
      let database: ReplicatedDatabase;
      let running: Running;
      let market: MarketRef;

      before(async function () {
        this.timeout(120_000);
        database = await freshReplicatedDatabase();
        running = await startOn(database.primaryUrl, database.replicaUrl);
        market = await marketOf(running.service.services, 'text-standard');
      });
      after(async () => running?.stop());

      /** Logs in through the form; answers the session cookie. */
      async function logIn(user: TestUser): Promise<string> {
        const reply = await sendPage(running.platform.baseUrl, 'POST', '/login', {
          form: { email: user.email, password: 'correct horse battery staple' },
        });
        expect(reply.status, reply.text.slice(0, 300)).to.equal(303);
        const cookie = reply.cookies.find((line) => line.startsWith('mkt_session='));
        expect(cookie, 'a session cookie').to.be.a('string');
        return String(cookie).split(';')[0] ?? '';
      }

      const usagePage = (cookie: string) => sendPage(running.platform.baseUrl, 'GET', '/usage', { cookie });

      it('serves a session logged in while the replica is behind from the primary, then the list pages from the replica', async () => {
        const user = await createTestUser(running.service.services);
        await database.standby.caughtUp();
        let cookie = '';
        await whileReplayPaused(database, async () => {
          // The replica has not replayed the new session: the log-in's fence sends the pages to the primary.
          cookie = await logIn(user);
          const page = await usagePage(cookie);
          expect(page.status, page.text.slice(0, 300)).to.equal(200);
        });
        await whileReplayPaused(database, async () => {
          // Written straight to the primary, as no request of the user's: the replica answers without them.
          await useUpFreeDailyRequests(running.service.services, user, market.instrumentId, 'text-standard');
          const page = await usagePage(cookie);
          expect(page.status).to.equal(200);
          expect(page.text).not.to.include('req_daily_');
        });
        await database.standby.caughtUp();
        expect((await usagePage(cookie)).text).to.include('req_daily_');
      });
    });

    describe('two processes, no sticky sessions', () => {
      let database: ReplicatedDatabase;
      let first: Running;
      let second: ServeProcess | undefined;
      let secondTrading: HostClient;
      let writer: TestUser;
      let reader: TestUser;
      let market: MarketRef;

      before(async function () {
        this.timeout(120_000);
        database = await freshReplicatedDatabase();
        first = await startOn(database.primaryUrl, database.replicaUrl);
        second = await mktServe({
          DATABASE_URL: database.primaryUrl,
          DATABASE_READ_URL: database.replicaUrl,
          MKT_METRICS_PORT: '0',
        });
        secondTrading = new HostClient('trading', second.urls.trading ?? '');
        const { services } = first.service;
        writer = await createTestUser(services);
        reader = await createTestUser(services);
        await giveUsd(services, writer.userId, '100.00');
        market = await marketOf(services, 'text-standard');
      });
      after(async () => {
        second?.child.kill('SIGTERM');
        await second?.exited;
        await first?.stop();
      });

      it('a write through one process is read back through the other', async () => {
        await whileReplayPaused(database, async () => {
          const orderId = await placeBuy(first.trading, writer, market, '1.5000');
          expect(await orderIdsSeenBy(secondTrading, writer)).to.include(orderId);
          expect(await bidsSeenBy(secondTrading, writer, market)).to.deep.equal(['1.5000']);
          expect(await bidsSeenBy(secondTrading, reader, market)).to.deep.equal([]);

          const secondId = await placeBuy(secondTrading, writer, market, '1.4000');
          expect(await orderIdsSeenBy(first.trading, writer)).to.include(secondId);
        });
        await database.standby.caughtUp();
        expect(await bidsSeenBy(secondTrading, reader, market)).to.deep.equal(['1.5000', '1.4000']);
      });
    });

    describe('the replica down', () => {
      let database: ReplicatedDatabase;
      let relay: Relay;
      let running: Running;
      let reader: TestUser;
      let market: MarketRef;

      before(async function () {
        this.timeout(120_000);
        database = await freshReplicatedDatabase();
        relay = relayTo(portOf(database.replicaUrl));
        await relay.open();
        await relay.cut(); // the port stays known; nothing listens on it
        running = await startOn(database.primaryUrl, withPort(database.replicaUrl, relay.port));
        reader = await createTestUser(running.service.services);
        market = await marketOf(running.service.services, 'text-standard');
      });
      after(async () => {
        await relay?.cut();
        await running?.stop();
      });

      it('starts while the replica does not answer, and reads answer from the primary', async () => {
        expect((await readinessOf(running)).state).to.equal('down');
        // Reads answer from the primary, so the process stays ready; /readyz says where they go.
        const readyz = await readyzOf(running);
        expect(readyz.status).to.equal(200);
        expect(readyz.replica).to.include({ ok: false, required: false });
        expect(readyz.replica.detail).to.match(/^down, reads on the primary/);
        expect(await usageCountSeenBy(running.consumption, reader)).to.equal(0);
        expect(await bidsSeenBy(running.trading, reader, market)).to.deep.equal([]);
      });

      it('takes the replica back once it answers, and falls back to the primary when it goes away again', async () => {
        await relay.open();
        await until('the replica to be probed back', async () =>
          (await readinessOf(running)).state === 'ok' ? true : undefined,
        );
        const { services } = running.service;
        await whileReplayPaused(database, async () => {
          await useUpFreeDailyRequests(services, reader, market.instrumentId, 'text-standard');
          // Up again: the replica answers, and it has not replayed the receipts.
          expect(await usageCountSeenBy(running.consumption, reader)).to.equal(0);
          await relay.cut();
          // Gone: the same read answers at once, from the primary, which has them.
          expect(await usageCountSeenBy(running.consumption, reader)).to.equal(100);
          expect((await readinessOf(running)).state).to.equal('down');
        });
      });
    });

    describe('refusals at start', () => {
      let database: ReplicatedDatabase;

      before(async function () {
        this.timeout(120_000);
        database = await freshReplicatedDatabase();
      });

      const refusals: { name: string; env: () => Promise<Record<string, string>>; message: RegExp }[] = [
        {
          name: 'a SQLite DATABASE_URL',
          env: async () => ({ DATABASE_URL: await freshDatabaseUrl('sqlite'), DATABASE_READ_URL: database.replicaUrl }),
          message: /DATABASE_READ_URL needs a PostgreSQL DATABASE_URL/,
        },
        {
          name: 'the primary itself',
          env: async () => ({ DATABASE_URL: database.primaryUrl, DATABASE_READ_URL: database.primaryUrl }),
          message: /DATABASE_READ_URL points at a primary \(pg_is_in_recovery\(\) is false\)/,
        },
        {
          name: 'another cluster',
          env: async () => ({
            DATABASE_URL: database.primaryUrl,
            DATABASE_READ_URL: await freshDatabaseUrl('postgres'),
          }),
          message: /DATABASE_READ_URL is another PostgreSQL cluster than DATABASE_URL/,
        },
      ];
      for (const { name, env, message } of refusals)
        it(`refuses ${name}`, async () => {
          const result = await mkt(['serve'], {
            ...(await env()),
            MKT_CONSUMPTION_PORT: '0',
            MKT_MESSAGES_PORT: '0',
            MKT_TRADING_PORT: '0',
            MKT_PLATFORM_PORT: '0',
            MKT_SIMULATED_SUPPLIER: 'off',
            MKT_METRICS_PORT: '0',
          });
          expect(result.code).to.equal(1);
          expect(result.stderr).to.match(message);
        });
    });
  });
}
