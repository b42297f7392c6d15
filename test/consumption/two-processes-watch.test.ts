import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { systemClock } from '../../src/lib/clock.js';
import { createApiKey, createUser } from '../../src/core/identity.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { unitInConsumption } from '../support/ledger-fixtures.js';
import { startProbeUpstream, type ProbeUpstream, type ProbeUpstreamOptions } from '../support/probe-upstream.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * Issue 31, item 4: two `mkt serve` processes on one PostgreSQL database watch the same endpoint. Its upstream is late
 * to its first token (700 ms against 300 ms): both processes' watches judge it, one suspension is recorded, and both
 * processes stop routing to it; once the upstream is fast, canaries (one process sends each) restore it once, and
 * both processes serve again.
 */

async function until<T>(ms: number, what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

if (!databaseKinds.includes('postgres')) {
  describe('consumption: two processes agree on a suspension', () => {
    it.skip('needs PostgreSQL (DESIGN.md §8: several processes scale out on PostgreSQL only)');
  });
} else {
  describe('consumption: two processes agree on a suspension', function () {
    this.timeout(120_000);
    const options: ProbeUpstreamOptions = { behaviour: 'good', timeToFirstTokenMs: 700 };
    let db: Db;
    let upstream: ProbeUpstream;
    let servers: ServeProcess[] = [];
    let apiKey: string;
    let instrumentId: string;

    const send = (server: ServeProcess) =>
      fetch(`${server.urls.consumption!}/r/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'text-max',
          messages: [{ role: 'user', content: 'Say hello.' }],
          max_tokens: 8,
          stream: true,
        }),
      }).then(async (response) => ({ status: response.status, text: await response.text() }));

    const events = (event: string) =>
      db('qualification_events').where({ instrument_id: instrumentId, event }).select('actor', 'reason');

    before(async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl('postgres');
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      upstream = await startProbeUpstream(options);
      const instrument = (await db('instruments').where('model_name', 'text-max').first('id')) as { id: string };
      instrumentId = instrument.id;
      await db('instruments').where('id', instrumentId).update({ min_time_to_first_token_ms: 300 });
      const account = { verified: true, acceptTerms: true, mode: 'advanced' } as const;
      const supplier = await createUser(db, systemClock, { email: 'supplier@example.com', ...account });
      await registerSupplier(
        { db, clock: systemClock },
        { userId: supplier.id, instruments: [instrumentId], baseUrl: upstream.url, model: 'm', simulated: false },
      );
      const buyer = await createUser(db, systemClock, { email: 'buyer@example.com', ...account });
      apiKey = (await createApiKey(db, systemClock, buyer.id, 'watch')).key;
      await unitInConsumption(db, buyer.id, instrumentId, systemClock.nowUs());
      const env = {
        DATABASE_URL: databaseUrl,
        MKT_CANARY_INTERVAL_S: '1',
        MKT_WATCH_INTERVAL_S: '1',
        MKT_WATCH_MIN_ANSWERS: '4',
        MKT_RESTORE_CANARY_PASSES: '2',
      };
      servers = await Promise.all([mktServe(env, ['--only', 'consumption']), mktServe(env, ['--only', 'consumption'])]);
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await upstream?.close();
      await db?.destroy();
    });

    it('one suspension is recorded, and neither process routes to the endpoint', async () => {
      for (const server of [...servers, ...servers]) await send(server);
      await until(30_000, 'the endpoint suspended', async () =>
        (await events('suspended')).length > 0 ? true : undefined,
      );
      await sleep(3_000); // both processes look again (every second): neither suspends it a second time
      expect((await events('suspended')).map((e) => e.actor)).to.deep.equal(['watch']);
      for (const server of servers) expect((await send(server)).status).to.equal(503);
    });

    it('canaries restore it once, and both processes serve again', async () => {
      options.timeToFirstTokenMs = 0;
      await until(45_000, 'the endpoint restored', async () =>
        (await events('restored')).length > 0 ? true : undefined,
      );
      await sleep(3_000);
      expect(await events('restored')).to.deep.equal([
        { actor: 'watch', reason: 'the last 2 canaries since the suspension passed' },
      ]);
      for (const server of servers) expect((await send(server)).status).to.equal(200);
    });

    it('each canary was sent by one process: the upstream saw each once', async () => {
      const canaries = Number((await db('canary_runs').count({ n: '*' }).first())?.n);
      const answered = Number(
        (await db('inference_requests').whereNotNull('endpoint_id').count({ n: '*' }).first())?.n,
      );
      expect(canaries).to.be.greaterThan(2);
      expect(upstream.requests - answered).to.be.within(canaries, canaries + 8);
      expect(await auditLedger(db)).to.deep.equal([]);
    });
  });
}
