import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl, type DatabaseKind } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import { seedSigningTrader } from '../support/signing-traders.js';
import { labelsKey, movements, parseMetrics } from '../support/metrics.js';

/**
 * Markets partitioned across processes (issue 33, item 3): two real `mkt serve` processes on one database, each
 * trading one market (MKT_MARKETS, once by symbol and once by id). A write sent to the process that does not trade
 * its market is forwarded, as signed, to the one that does, which verifies it, matches it once and answers through the
 * first (`x-mkt-served-by`). A market nobody trades answers 503 with Retry-After and matches nothing; a name that is
 * no market stops the start; `mkt admin status` shows the map and warns of a market with two owners.
 */

interface Market {
  marketId: string;
  instrumentId: string;
  symbol: string;
}

async function marketOf(db: Db, modelName: string): Promise<Market> {
  const row = await db('markets as m')
    .join('instruments as i', 'i.id', 'm.instrument_id')
    .where('i.model_name', modelName)
    .first('m.id as marketId', 'i.id as instrumentId', 'i.symbol as symbol');
  return { marketId: String(row.marketId), instrumentId: String(row.instrumentId), symbol: String(row.symbol) };
}

/** Units issued straight into the trader's trading account, as a supplier's issuance would. */
async function giveUnits(db: Db, userId: string, instrumentId: string, quantity: number): Promise<void> {
  const nowUs = systemClock.nowUs();
  const asset = unitsOf(instrumentId);
  await db.transaction(async (trx) => {
    const account = await ensureAccount(trx, userId, 'trading', asset, instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', asset, nowUs);
    await post(
      trx,
      'issuance',
      null,
      [
        { accountId: issuance, bucket: 'available', asset, amount: -quantity },
        { accountId: account.id, bucket: 'available', asset, amount: quantity },
      ],
      nowUs,
    );
  });
}

/** The registry's id of the process whose trading host is at `url`. */
async function processIdAt(db: Db, url: string): Promise<string> {
  return eventually(10_000, `the process at ${url} announces itself`, async () => {
    const row = await db('inference_processes').where('trading_url', url).first('id');
    return row === undefined ? undefined : String(row.id);
  });
}

function describePartition(kind: DatabaseKind): void {
  describe(`trading: markets partitioned across processes [${kind}]`, function () {
    this.timeout(120_000);
    let env: Record<string, string>;
    let db: Db;
    let text: Market;
    let code: Market;
    let prime: Market;
    const servers: ServeProcess[] = [];
    let textProcess: ServeProcess;
    let codeProcess: ServeProcess;
    let codeProcessId: string;
    /** A second owner of the text market, started by the status test. */
    let second: ServeProcess;
    let buyer: SigningKey & { userId: string };
    let seller: SigningKey & { userId: string };

    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(kind), MKT_SIMULATED_SUPPLIER: 'off' };
      db = openDatabase(env.DATABASE_URL!);
      await migrateLatest(db);
      [text, code, prime] = [
        await marketOf(db, 'text-standard'),
        await marketOf(db, 'code-standard'),
        await marketOf(db, 'text-prime'),
      ];
      // One by instrument symbol (any case), one by market id.
      textProcess = await mktServe({ ...env, MKT_MARKETS: text.symbol.toLowerCase() }, ['--only', 'trading']);
      servers.push(textProcess);
      codeProcess = await mktServe({ ...env, MKT_MARKETS: code.marketId }, ['--only', 'trading']);
      servers.push(codeProcess);
      codeProcessId = await processIdAt(db, codeProcess.urls.trading!);
      buyer = await seedSigningTrader(db, 'partition-buyer');
      seller = await seedSigningTrader(db, 'partition-seller');
      await giveUnits(db, seller.userId, code.instrumentId, 50);
    });

    after(async () => {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      const failures = db ? await auditLedger(db) : [];
      await db?.destroy();
      expect(failures).to.deep.equal([]);
    });

    const wrong = () => new HostClient('trading', textProcess.urls.trading!);
    const owner = () => new HostClient('trading', codeProcess.urls.trading!);

    it('forwards an order to the owner of its market, which matches it once', async () => {
      const ask = await wrong().post('/v1/orders', {
        sign: seller,
        body: { market_id: code.marketId, side: 'sell', type: 'limit', price: '0.5000', quantity: 3 },
      });
      expect(ask.status, ask.text).to.equal(201);
      expect(ask.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      const bid = await wrong().post('/v1/orders', {
        sign: buyer,
        body: { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.5000', quantity: 3 },
      });
      expect(bid.status, bid.text).to.equal(201);
      expect(bid.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      const orders = await db('orders').whereIn('id', [ask.body.data.order_id, bid.body.data.order_id]);
      expect(orders.map((o) => [o.status, Number(o.filled_quantity)])).to.deep.equal([
        ['filled', 3],
        ['filled', 3],
      ]);
      const trades = await db('trades').where('market_id', code.marketId);
      expect(trades).to.have.length(1);
      expect(Number(trades[0].quantity)).to.equal(3);
      // Read back through the process that forwarded it: reads work anywhere.
      const read = await wrong().get(`/v1/orders/${bid.body.data.order_id}`, { sign: buyer });
      expect(read.status, read.text).to.equal(200);
      expect(read.body.data.status).to.equal('filled');
    });

    it('serves a write for its own market itself, and says so', async () => {
      const reply = await owner().post('/v1/orders', {
        sign: buyer,
        body: { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.4000', quantity: 1 },
      });
      expect(reply.status, reply.text).to.equal(201);
      expect(reply.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
    });

    it('amends and cancels by order id through the wrong process', async () => {
      const placed = await owner().post('/v1/orders', {
        sign: buyer,
        body: { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.3500', quantity: 2 },
      });
      expect(placed.status, placed.text).to.equal(201);
      const id = String(placed.body.data.order_id);
      const amended = await wrong().put(`/v1/orders/${id}`, { sign: buyer, body: { quantity: 1 } });
      expect(amended.status, amended.text).to.equal(200);
      expect(amended.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      const cancelled = await wrong().delete(`/v1/orders/${id}`, { sign: buyer });
      expect(cancelled.status, cancelled.text).to.equal(204);
      expect(cancelled.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      const row = await db('orders').where('id', id).first('status', 'quantity');
      expect([row.status, Number(row.quantity)]).to.deep.equal(['cancelled', 1]);
    });

    it('forwards a batch, and a cancel of a market’s orders', async () => {
      const batch = await wrong().post('/v1/orders/batch', {
        sign: buyer,
        body: {
          orders: [
            { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.3000', quantity: 1 },
            { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.3100', quantity: 1 },
          ],
        },
      });
      expect(batch.status, batch.text).to.equal(201);
      expect(batch.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      const ids = batch.body.data.map((placed: { order: { order_id: string } }) => placed.order.order_id);
      expect(await db('orders').whereIn('id', ids).pluck('status')).to.deep.equal(['active', 'active']);
      const cancelled = await wrong().delete(`/v1/markets/${code.marketId}/orders`, { sign: buyer });
      expect(cancelled.status, cancelled.text).to.equal(200);
      expect(cancelled.headers.get('x-mkt-served-by')).to.equal(codeProcessId);
      expect(cancelled.body.data.cancelled).to.equal(3); // the batch's two and the resting 0.4000 bid
    });

    it('answers 503 with Retry-After for a market no live process trades, and matches nothing', async () => {
      const before = await db('orders').where('market_id', prime.marketId).count({ n: '*' }).first();
      const reply = await wrong().post('/v1/orders', {
        sign: buyer,
        body: { market_id: prime.marketId, side: 'buy', type: 'limit', price: '0.1000', quantity: 1 },
      });
      expect(reply.status, reply.text).to.equal(503);
      expect(reply.body.errors.code).to.equal('service_unavailable');
      expect(reply.body.errors.detail).to.include(prime.marketId);
      expect(reply.headers.get('retry-after')).to.equal('1');
      const after = await db('orders').where('market_id', prime.marketId).count({ n: '*' }).first();
      expect(Number(after?.n)).to.equal(Number(before?.n));
    });

    it('counts what it forwards in mkt_forwarded_requests_total, by outcome, each from zero', async () => {
      const scrape = async () => {
        const response = await fetch(`${textProcess.metricsUrl}/metrics`);
        expect(response.status).to.equal(200);
        return parseMetrics(await response.text());
      };
      const before = await scrape();
      for (const outcome of ['forwarded', 'no_owner', 'owner_lost'])
        expect(before.get('mkt_forwarded_requests_total')?.has(labelsKey({ outcome })), outcome).to.equal(true);
      const forwarded = await wrong().post('/v1/orders', {
        sign: buyer,
        body: { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.3000', quantity: 1 },
      });
      expect(forwarded.status, forwarded.text).to.equal(201);
      const refused = await wrong().post('/v1/orders', {
        sign: buyer,
        body: { market_id: prime.marketId, side: 'buy', type: 'limit', price: '0.1000', quantity: 1 },
      });
      expect(refused.status, refused.text).to.equal(503);
      const served = await wrong().post('/v1/orders', {
        sign: buyer,
        body: { market_id: text.marketId, side: 'buy', type: 'limit', price: '0.5000', quantity: 1 },
      });
      // Its own market: served here, whatever the answer, and not counted.
      expect(served.headers.get('x-mkt-served-by')).to.equal(await processIdAt(db, textProcess.urls.trading!));
      const after = await scrape();
      expect(movements(before, after, 'mkt_forwarded_requests_total')).to.deep.equal(
        new Map([
          [labelsKey({ outcome: 'forwarded' }), 1],
          [labelsKey({ outcome: 'no_owner' }), 1],
        ]),
      );
    });

    it('never forwards a forwarded request again: a process that does not trade its market answers 503', async () => {
      const reply = await wrong().post('/v1/orders', {
        sign: buyer,
        headers: { 'x-mkt-forwarded-by': 'proc_elsewhere' },
        body: { market_id: code.marketId, side: 'buy', type: 'limit', price: '0.3000', quantity: 1 },
      });
      expect(reply.status, reply.text).to.equal(503);
      expect(reply.headers.get('retry-after')).to.equal('1');
      expect(reply.body.errors.detail).to.include('does not trade it');
    });

    it("expires orders and fires a dead-man's switch on every market, each process keeping to its own", async () => {
      const expiring = await wrong().post('/v1/orders', {
        sign: seller,
        body: {
          market_id: code.marketId,
          side: 'sell',
          type: 'limit',
          price: '0.7000',
          quantity: 1,
          time_in_force: 'gtd',
          expire_time: new Date(Date.now() + 3_000).toISOString(),
        },
      });
      expect(expiring.status, expiring.text).to.equal(201);
      const ids: string[] = [];
      for (const [client, market] of [
        [wrong(), text],
        [owner(), code],
      ] as const) {
        const reply = await client.post('/v1/orders', {
          sign: buyer,
          body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.3000', quantity: 1 },
        });
        expect(reply.status, reply.text).to.equal(201);
        ids.push(String(reply.body.data.order_id));
      }
      const armed = await wrong().post('/v1/orders/cancel-all-after', { sign: buyer, body: { timeout_seconds: 5 } });
      expect(armed.status, armed.text).to.equal(200);
      await eventually(30_000, 'the gtd order expires', async () => {
        const row = await db('orders').where('id', expiring.body.data.order_id).first('status');
        return row.status === 'expired' ? true : undefined;
      });
      const cancelled = await eventually(30_000, 'the switch cancels both orders', async () => {
        const rows = await db('orders').whereIn('id', ids).select('status', 'closure_reason');
        return rows.every((row) => row.status === 'cancelled') ? rows : undefined;
      });
      expect(cancelled.map((row) => row.closure_reason)).to.deep.equal(['dead_man_switch', 'dead_man_switch']);
    });

    it('refuses to start with a market that does not exist, naming it', async () => {
      const refused = await mktServe({ ...env, MKT_MARKETS: `${text.symbol},NO-SUCH-MARKET` }, ['--only', 'trading'])
        .then(() => 'started')
        .catch((error: unknown) => String(error));
      expect(refused).to.match(/exited 1/);
      expect(refused).to.include(
        'MKT_MARKETS names NO-SUCH-MARKET, which is neither a market id nor an instrument symbol',
      );
    });

    it('shows the map in mkt admin status, and warns of a market with two owners', async () => {
      second = await mktServe({ ...env, MKT_MARKETS: text.marketId }, ['--only', 'trading']);
      servers.push(second);
      const secondId = await processIdAt(db, second.urls.trading!);
      const result = await mkt(['admin', 'status', '--json', '--metrics', codeProcess.metricsUrl!], env);
      expect(result.code, result.stderr).to.equal(0);
      const owners = (JSON.parse(result.stdout) as { market_owners: Record<string, any> }).market_owners;
      const byId = new Map<string, Record<string, any>>(owners.processes.map((p: any) => [p.process_id, p]));
      expect(byId.get(codeProcessId)).to.deep.include({
        trading_url: codeProcess.urls.trading,
        markets: [{ market_id: code.marketId, symbol: code.symbol }],
        live: true,
      });
      expect(byId.get(codeProcessId)!.heartbeat_age_ms).to.be.below(10_000);
      expect(byId.get(secondId)!.markets).to.deep.equal([{ market_id: text.marketId, symbol: text.symbol }]);
      const twoOwners = owners.warnings.filter((w: string) => w.includes(text.marketId));
      expect(twoOwners).to.have.length(1);
      expect(twoOwners[0]).to.include('has 2 owners');
      expect(owners.warnings.some((w: string) => w.includes(prime.marketId) && w.includes('no live owner'))).to.equal(
        true,
      );
      expect(owners.warnings.some((w: string) => w.includes(code.marketId))).to.equal(false);
      const table = await mkt(['admin', 'status', '--metrics', codeProcess.metricsUrl!], env);
      expect(table.stdout).to.include('Markets by process');
      expect(table.stdout).to.include(`WARNING: ${text.symbol} (${text.marketId}) has 2 owners`);
    });

    it('forwards to the other owner when one of two is killed', async () => {
      second.child.kill('SIGKILL');
      await second.exited;
      const textProcessId = await processIdAt(db, textProcess.urls.trading!);
      for (const price of ['0.3000', '0.3100']) {
        const reply = await owner().post('/v1/orders', {
          sign: buyer,
          body: { market_id: text.marketId, side: 'buy', type: 'limit', price, quantity: 1 },
        });
        expect(reply.status, reply.text).to.equal(201);
        expect(reply.headers.get('x-mkt-served-by')).to.equal(textProcessId);
      }
    });

    it('answers 503 once the owner is killed, and matches nothing where the order landed', async () => {
      codeProcess.child.kill('SIGKILL');
      await codeProcess.exited;
      const before = await db('orders').where('market_id', code.marketId).count({ n: '*' }).first();
      for (const price of ['0.3000', '0.3100']) {
        const reply = await wrong().post('/v1/orders', {
          sign: buyer,
          body: { market_id: code.marketId, side: 'buy', type: 'limit', price, quantity: 1 },
        });
        expect(reply.status, reply.text).to.equal(503);
        expect(reply.headers.get('retry-after')).to.equal('1');
      }
      const after = await db('orders').where('market_id', code.marketId).count({ n: '*' }).first();
      expect(Number(after?.n)).to.equal(Number(before?.n));
    });
  });
}

for (const kind of databaseKinds) describePartition(kind);
