import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';
import { databaseKinds } from '../support/databases.js';
import { portOf, relayTo, withPort, type Relay } from '../support/read-replica.js';
import {
  expectNothingLost,
  expectOnlyCleanAnswers,
  startOutageService,
  until,
  Workload,
  writerUser,
  type OutageService,
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

/** The request paths' error lines: a request, page or frame that failed as a bug would. */
const requestErrors = /^(unhandled error|dashboard page failed|stream frame failed|error after the response started)/;
const unhandled = (running: OutageService) => running.log.filter((line) => requestErrors.test(String(line.msg)));
const unavailableWarnings = (running: OutageService) =>
  running.log.filter((line) => line.level === 40 && /^database unavailable/.test(String(line.msg)));

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
      const causes = unavailableWarnings(running).map((line) => String(line.cause));
      expect(causes).to.include('ECONNREFUSED');
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
      const causes = unavailableWarnings(running).map((line) => String(line.cause));
      expect(causes).to.include('ECONNREFUSED');
    });
  });
}
