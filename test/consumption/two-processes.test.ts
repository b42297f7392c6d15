import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { systemClock } from '../../src/lib/clock.js';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createApiKey, createUser } from '../../src/core/identity.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { unitInConsumption } from '../support/ledger-fixtures.js';

/**
 * DESIGN.md §7–§8: concurrency slots are shared by every process. A free-tier user (3 slots) sends
 * six slow requests at once, three to each of two `mkt serve` processes on one PostgreSQL
 * database: exactly three are admitted and three refused with 429, and every admitted one is
 * billed once.
 */
if (!databaseKinds.includes('postgres')) {
  describe('consumption: two server processes share the concurrency slots', () => {
    it.skip('needs PostgreSQL (DESIGN.md §8: several processes scale out on PostgreSQL only)');
  });
} else {
  describe('consumption: two server processes share the concurrency slots', function () {
    this.timeout(90_000);
    let db: Db;
    let upstream: SimulatorServer;
    let servers: ServeProcess[] = [];
    let apiKey: string;
    let userId: string;

    before(async function () {
      this.timeout(60_000);
      const databaseUrl = await freshDatabaseUrl('postgres');
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      // One second to the first token: every request is still running when the last one arrives.
      upstream = await startSimulatorServer({ id: 'slow', timeToFirstTokenMs: 1000 });
      const instrument = (await db('instruments').where('model_name', 'text-standard').first('id')) as { id: string };
      const supplier = await createUser(db, systemClock, {
        email: 'supplier@example.com',
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      await registerSupplier(
        { db, clock: systemClock },
        { userId: supplier.id, instruments: [instrument.id], baseUrl: upstream.url, model: 'sim', simulated: false },
      );
      const user = await createUser(db, systemClock, {
        email: 'caller@example.com',
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      userId = user.id;
      apiKey = (await createApiKey(db, systemClock, user.id, 'two-processes')).key;
      const nowUs = systemClock.nowUs();
      await unitInConsumption(db, user.id, instrument.id, nowUs);
      const serveEnv = { DATABASE_URL: databaseUrl, MKT_SIMULATED_SUPPLIER: 'off' };
      servers = await Promise.all([
        mktServe(serveEnv, ['--only', 'consumption']),
        mktServe(serveEnv, ['--only', 'consumption']),
      ]);
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await upstream?.close();
      await db?.destroy();
    });

    it("admits exactly the tier's three requests across both processes, and bills each once", async () => {
      const send = (server: ServeProcess) =>
        fetch(`${server.urls.consumption!}/r/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'text-standard',
            messages: [{ role: 'user', content: 'hello' }],
            max_tokens: 8,
          }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as Record<string, any>,
        }));
      const replies = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => send(servers[i]!)));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 200, 200, 429, 429, 429]);
      for (const refused of replies.filter((r) => r.status === 429))
        expect(refused.body.errors.code).to.equal('concurrency_limit_exceeded');

      const receipts = (await db('inference_requests')
        .where('user_id', userId)
        .select('status', 'cost_status', 'cost_tokens', 'prompt_tokens', 'completion_tokens')) as Record<
        string,
        number | string
      >[];
      expect(receipts).to.have.length(3);
      for (const receipt of receipts) {
        expect(receipt).to.include({ status: 'succeeded', cost_status: 'settled' });
        expect(Number(receipt.cost_tokens)).to.equal(Number(receipt.prompt_tokens) + Number(receipt.completion_tokens));
      }
      const slots = (await db('inference_slots').where('user_id', userId).count({ n: '*' }).first()) as {
        n: number | string;
      };
      expect(Number(slots.n)).to.equal(0);
      expect(await auditLedger(db)).to.deep.equal([]);
    });
  });
}
