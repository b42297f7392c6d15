import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';
import { databaseKinds } from '../support/databases.js';
import type { Reply } from '../support/http.js';
import { marketOf } from '../support/market-fixtures.js';
import { authenticatePayload, RawClient, socketUrl } from '../streams/support.js';
import { portOf, relayTo, withPort, type Relay } from '../support/read-replica.js';
import {
  expectNothingLost,
  expectOnlyCleanAnswers,
  startOutageService,
  until,
  Workload,
  writerUser,
  type OutageService,
  type WriterUser,
} from '../support/outage.js';

/**
 * Issue 34, part 1, on a real PostgreSQL of this file's own (restarted here, so never the cluster other files share)
 * behind a TCP relay: with the relay cut, mkt's backends terminated, the server restarted, or a COMMIT's connection
 * killed, the hosts that write answer 503 service_unavailable with Retry-After (or succeed), never 500; the log names
 * the cause in a warning; nothing acknowledged is lost; and the service recovers by itself.
 */

/** Runs SQL as the cluster's superuser on `database`. */
async function asSuperuser<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The error lines: a request, page or frame that failed as a bug would, or a background job that took the outage for
 * one (jobs log an outage as a warning and try again on their next run).
 */
const unhandled = (running: OutageService) => running.log.filter((line) => Number(line.level) >= 50);
const unavailableWarnings = (running: OutageService) =>
  running.log.filter((line) => line.level === 40 && /^database unavailable/.test(String(line.msg)));

/**
 * Each refusal was logged as a warning naming the driver's cause (the relay resets the connections it cannot pass on:
 * ECONNRESET; pg's own words when a connection ends mid-query).
 */
function expectCausesNamed(running: OutageService): void {
  const causes = unavailableWarnings(running).map((line) => String(line.cause));
  expect(causes).not.to.deep.equal([]);
  for (const cause of causes)
    expect(cause).to.match(/^(ECONN[A-Z]+|EPIPE|08[0-9A-Z]{3}|57P0[123]|connection (terminated|error))$/);
}

if (databaseKinds.includes('postgres')) {
  describe('a database outage answers 503 service_unavailable, never 500 [postgres]', function () {
    this.timeout(600_000);
    let cluster: ThrowawayPostgres;
    let databaseName: string;
    let relay: Relay;
    let running: OutageService;

    before(async function () {
      this.timeout(180_000);
      cluster = await startThrowawayPostgres();
      databaseName = `mkt_outage_${randomBytes(6).toString('hex')}`;
      const url = await cluster.createDatabase(databaseName);
      relay = relayTo(portOf(url));
      await relay.open();
      running = await startOutageService(withPort(url, relay.port));
    });
    after(async () => {
      await running?.stop();
      await relay?.cut();
      await cluster?.stop();
    });

    /**
     * A workload on both hosts through `fault`, then until each host has acknowledged requests again; every answer
     * clean, nothing lost. `fault` is given the workload, to wait for what it must see.
     */
    async function throughFault(fault: (workload: Workload) => Promise<void>): Promise<Workload> {
      const user = await writerUser(running);
      const workload = await Workload.start(running, user);
      const acknowledgedMin = (n: number) => async () =>
        workload.acknowledged('trading') >= n && workload.acknowledged('platform') >= n ? true : undefined;
      await until('both hosts answering before the fault', acknowledgedMin(2), 30_000).catch((error: unknown) => {
        throw new Error(`${String(error)}; last answers: ${JSON.stringify(workload.seen.slice(-4))}`);
      });
      try {
        await fault(workload);
        const trading = workload.acknowledged('trading');
        const platform = workload.acknowledged('platform');
        await until('both hosts answering again after the fault', async () =>
          workload.acknowledged('trading') >= trading + 2 && workload.acknowledged('platform') >= platform + 2
            ? true
            : undefined,
        );
      } finally {
        await workload.stop();
      }
      expectOnlyCleanAnswers(workload.seen);
      await expectNothingLost(running, user, workload);
      expect(unhandled(running), JSON.stringify(unhandled(running).slice(0, 3))).to.deep.equal([]);
      return workload;
    }

    const answered503 = (workload: Workload) => async () =>
      workload.count('trading', 503) > 0 && workload.count('platform', 503) > 0 ? true : undefined;

    it('the network to the database cut: 503 with Retry-After on both hosts, then recovery', async () => {
      const workload = await throughFault(async (w) => {
        await relay.cut();
        try {
          await until('503 on both hosts while the relay is cut', answered503(w));
        } finally {
          await relay.open();
        }
      });
      expect(workload.count('trading', 500) + workload.count('platform', 500)).to.equal(0);
      expectCausesNamed(running);
    });

    it("mkt's backends terminated (pg_terminate_backend), again and again: only clean answers, then recovery", async () => {
      await throughFault(async () => {
        for (let round = 0; round < 12; round++) {
          await asSuperuser(cluster.url('postgres'), (client) =>
            client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [databaseName]),
          );
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      });
    });

    it('PostgreSQL restarted: 503 with Retry-After on both hosts while it is down, then recovery', async () => {
      await throughFault(async (w) => {
        await cluster.restart(async () => {
          await until('503 on both hosts while PostgreSQL is down', answered503(w));
        });
      });
      expectCausesNamed(running);
    });

    it("the streams' authenticate while the database is cut: service_unavailable with retry_after, then accepted", async () => {
      const user = await writerUser(running);
      const client = await RawClient.open(socketUrl(running.service.urls.trading ?? ''));
      await client.join();
      await relay.cut();
      try {
        const refused = await client.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey));
        expect(refused.status).to.equal('error');
        expect(refused.response).to.include({ reason: 'service_unavailable', retry_after: 1 });
        expect(refused.response.detail).to.match(/briefly unavailable/);
      } finally {
        await relay.open();
      }
      await until('authenticate accepted once the database is back', async () => {
        const reply = await client.request('ws:trading', 'authenticate', authenticatePayload(user.signingKey));
        return reply.status === 'ok' ? reply : undefined;
      });
      expect(client.violations).to.deep.equal([]);
      client.close();
      expect(unhandled(running)).to.deep.equal([]);
    });

    describe('a COMMIT whose connection is killed before it answers', () => {
      const databaseUrl = () => cluster.url(databaseName);

      before(async () => {
        // A deferred trigger runs at COMMIT: the COMMIT waits in pg_sleep until the test terminates its backend.
        await asSuperuser(databaseUrl(), (client) =>
          client.query(`
            CREATE FUNCTION mkt_test_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN PERFORM pg_sleep(120); RETURN NULL; END $$;
            CREATE CONSTRAINT TRIGGER mkt_test_slow_commit AFTER INSERT ON orders
              DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mkt_test_slow_commit();
            CREATE CONSTRAINT TRIGGER mkt_test_slow_commit AFTER INSERT ON deposits
              DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mkt_test_slow_commit();`),
        );
      });
      const dropTriggers = () =>
        asSuperuser(databaseUrl(), (client) =>
          client.query(`
            DROP TRIGGER IF EXISTS mkt_test_slow_commit ON orders;
            DROP TRIGGER IF EXISTS mkt_test_slow_commit ON deposits;
            DROP FUNCTION IF EXISTS mkt_test_slow_commit();`),
        );
      after(dropTriggers);

      /** Sends `request`, kills the backend whose COMMIT then sleeps, and answers the reply. */
      async function killedAtCommit(request: () => Promise<Reply>): Promise<Reply> {
        const pending = request();
        const pid = await until('a COMMIT waiting in the slow trigger', () =>
          asSuperuser(cluster.url('postgres'), async (client) => {
            const { rows } = await client.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event = 'PgSleep'",
              [databaseName],
            );
            return rows[0]?.pid;
          }),
        );
        await asSuperuser(cluster.url('postgres'), (client) => client.query('SELECT pg_terminate_backend($1)', [pid]));
        return pending;
      }

      const expectMayHaveCommitted = (reply: Reply) => {
        expect(reply.status, reply.text).to.equal(503);
        expect(reply.headers.get('retry-after')).to.equal('1');
        expect(reply.body.errors.code).to.equal('service_unavailable');
        expect(reply.body.errors.context).to.deep.equal({ may_have_committed: true });
        expect(reply.body.errors.detail).to.match(/may have been applied/);
        expect(reply.body.errors.detail).to.match(/same client_order_id or Idempotency-Key/);
      };

      it('says the order and the deposit may have been applied; the retry with the same key answers each once', async () => {
        const user: WriterUser = await writerUser(running);
        const orderBody = (marketId: string) => ({
          market_id: marketId,
          side: 'buy',
          type: 'limit',
          price: '0.0100',
          quantity: 1,
          time_in_force: 'gtc',
          client_order_id: 'killed-at-commit',
        });
        const { marketId } = await marketOf(running.service.services, 'text-standard');
        const placeOrder = () =>
          running.trading.post('/v1/orders', { sign: user.signingKey, body: orderBody(marketId) });
        const deposit = () =>
          running.platform.post('/v1/deposits', {
            bearer: user.token,
            body: { deposit: { amount_usd: '5.00' } },
            headers: { 'Idempotency-Key': 'killed-at-commit' },
          });
        expectMayHaveCommitted(await killedAtCommit(placeOrder));
        expectMayHaveCommitted(await killedAtCommit(deposit));
        await dropTriggers();
        const order = await until('the order retried', async () => {
          const reply = await placeOrder();
          return reply.status === 503 ? undefined : reply;
        });
        expect([201, 422], order.text).to.include(order.status);
        const retriedDeposit = await until('the deposit retried', async () => {
          const reply = await deposit();
          return reply.status === 503 ? undefined : reply;
        });
        expect([200, 201], retriedDeposit.text).to.include(retriedDeposit.status);
        const orders = await running.trading.get('/v1/orders', { sign: user.signingKey });
        const placed = (orders.body.data as { client_order_id: string | null }[]).filter(
          (o) => o.client_order_id === 'killed-at-commit',
        );
        expect(placed).to.have.length(1);
        const deposits = await running.platform.get('/v1/deposits', { bearer: user.token });
        expect((deposits.body.data as { amount_usd: string }[]).filter((d) => d.amount_usd === '5.00')).to.have.length(
          1,
        );
        expect(unhandled(running)).to.deep.equal([]);
      });
    });
  });
}
