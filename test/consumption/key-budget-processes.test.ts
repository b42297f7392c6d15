import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { deposit } from '../../src/ledger/funds.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createApiKey, createUser } from '../../src/core/identity.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mktServe, type ServeProcess } from '../support/processes.js';

/**
 * Issue 20, item 4 across processes (DESIGN.md §8, §12): a key's budget is reserved at admission
 * in the database, so it holds for requests sent at once to two `mkt serve` processes on one
 * PostgreSQL database. Twenty slow requests, ten to each process, against a budget for five:
 * exactly five are admitted, the spend is their receipts' cost and within the limit, and nothing
 * stays reserved.
 */
if (!databaseKinds.includes('postgres')) {
  describe('consumption: a key budget across two server processes', () => {
    it.skip('needs PostgreSQL (DESIGN.md §8: several processes scale out on PostgreSQL only)');
  });
} else {
  describe('consumption: a key budget across two server processes', function () {
    this.timeout(120_000);
    let db: Db;
    let upstream: SimulatorServer;
    let servers: ServeProcess[] = [];
    let userId: string;
    let probeKey: string;

    before(async function () {
      this.timeout(90_000);
      const databaseUrl = await freshDatabaseUrl('postgres');
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      // A second to the first token: every request is still running when the last one arrives.
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
      probeKey = (await createApiKey(db, systemClock, user.id, 'no budget')).key;
      const nowUs = systemClock.nowUs();
      await db.transaction(async (trx) => {
        // A deposit for 30 slots, so that only the budget limits the twenty.
        await deposit(trx, { userId, usdMicros: 60_000_000, source: 'deposit', nowUs });
        const trading = await ensureAccount(trx, user.id, 'trading', unitsOf(instrument.id), instrument.id, nowUs);
        const issuance = await systemAccount(trx, 'issuance', unitsOf(instrument.id), nowUs);
        await post(
          trx,
          'issuance',
          null,
          [
            { accountId: issuance, bucket: 'available', asset: unitsOf(instrument.id), amount: -1 },
            { accountId: trading.id, bucket: 'available', asset: unitsOf(instrument.id), amount: 1 },
          ],
          nowUs,
        );
        // Units at 1 USD each, a million tokens: a token costs a micro-dollar.
        await transferToConsumption(trx, {
          userId: user.id,
          instrumentId: instrument.id,
          quantity: 1,
          orderId: null,
          nowUs,
          usdMicrosPerUnit: 1_000_000,
        });
      });
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

    const send = (server: ServeProcess, key: string) =>
      fetch(`${server.urls.consumption!}/r/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'text-standard',
          messages: [{ role: 'user', content: 'budget for five' }],
          max_tokens: 8,
        }),
      }).then(async (response) => ({
        status: response.status,
        requestId: response.headers.get('x-mkt-request-id'),
        body: (await response.json()) as Record<string, any>,
      }));

    it('admits exactly five of twenty requests sent at once to both processes, bills each once, and spends at most the limit', async () => {
      const probe = await send(servers[0]!, probeKey);
      expect(probe.status, JSON.stringify(probe.body)).to.equal(200);
      const reservedTokens = Number(
        (
          (await db('inference_requests').where('id', probe.requestId!).first('reserved_tokens')) as {
            reserved_tokens: number | string;
          }
        ).reserved_tokens,
      );
      // Each request reserves `reservedTokens` micro-dollars of the budget; a sixth would not fit.
      const limitMicros = 5 * reservedTokens + Math.floor(reservedTokens / 2);
      const created = await createApiKey(db, systemClock, userId, 'budget for five');
      await db('api_keys')
        .where('id', created.row.id)
        .update({ limit_usd_micros: limitMicros, limit_reset: 'monthly' });

      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => send(servers[i % 2]!, created.key)));
      const statuses = replies.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(replies.filter((r) => r.status !== 200 && r.status !== 403).map((r) => r.body)),
      ).to.have.length(5);
      expect(statuses.filter((s) => s === 403)).to.have.length(15);
      for (const refused of replies.filter((r) => r.status === 403))
        expect(refused.body.errors.code).to.equal('key_limit_exceeded');

      const receipts = (await db('inference_requests')
        .where('api_key_id', created.row.id)
        .select('id', 'status', 'cost_usd_micros')) as {
        id: string;
        status: string;
        cost_usd_micros: number | string;
      }[];
      expect(receipts.map((r) => r.id).sort()).to.deep.equal(
        replies
          .filter((r) => r.status === 200)
          .map((r) => r.requestId)
          .sort(),
      );
      for (const receipt of receipts) expect(receipt.status).to.equal('succeeded');
      const spend = (await db('api_key_spend').where('api_key_id', created.row.id).first()) as {
        spent_micros: number | string;
        reserved_micros: number | string;
      };
      expect(Number(spend.spent_micros)).to.equal(receipts.reduce((sum, r) => sum + Number(r.cost_usd_micros), 0));
      expect(Number(spend.spent_micros)).to.be.greaterThan(0).and.at.most(limitMicros);
      expect(Number(spend.reserved_micros)).to.equal(0);
      expect(await auditLedger(db)).to.deep.equal([]);
    });
  });
}
