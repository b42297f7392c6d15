import { expect } from 'chai';
import nacl from 'tweetnacl';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { deposit } from '../../src/ledger/funds.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import { databaseKinds, freshDatabaseUrl, type DatabaseKind } from '../support/databases.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import { authenticatePayload, RawClient, socketUrl, type Frame } from '../streams/support.js';

/**
 * Issue 20 item 7: a dead-man's switch lives in the database, so it fires although the process
 * that armed it was killed (SIGKILL: no clean-up of any kind), and it fires once however many
 * processes find it due. Every process here is a real `mkt serve`.
 *
 * - PostgreSQL: three processes; the traders place their orders and arm their switches through
 *   the first, which is then killed; the two others both wake at the trigger time and race for
 *   each switch. Each order must be cancelled exactly once, within one second of its trigger
 *   time, announced once on `user.orders`, with a clean ledger.
 * - SQLite (one process at a time): the killed process's switch comes due while none runs, and
 *   the next process to start fires it.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Trader {
  userId: string;
  signingKey: SigningKey;
}

interface StoredOrder {
  id: string;
  user_id: string;
  market_id: string;
  status: string;
  closure_reason: string | null;
  updated_at_us: number;
}

let traders = 0;

/** A trader with 100 USD and 50 Units of each instrument, straight into the database as the fixtures do. */
async function seedTrader(db: Db, instrumentIds: readonly string[]): Promise<Trader> {
  traders += 1;
  const nowUs = systemClock.nowUs();
  const user = await createUser(db, systemClock, {
    email: `switch-${traders}-${Date.now()}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const pair = nacl.sign.keyPair();
  const signing = await registerSigningKey(
    db,
    systemClock,
    user.id,
    'switch',
    Buffer.from(pair.publicKey).toString('base64'),
  );
  await db.transaction(async (trx) => {
    await deposit(trx, { userId: user.id, usdMicros: 100_000_000, source: 'deposit', nowUs });
    for (const instrumentId of instrumentIds) {
      const account = await ensureAccount(trx, user.id, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
      const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
      await post(
        trx,
        'issuance',
        null,
        [
          { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -50 },
          { accountId: account.id, bucket: 'available', asset: unitsOf(instrumentId), amount: 50 },
        ],
        nowUs,
      );
    }
  });
  return {
    userId: user.id,
    signingKey: { privateKey: Buffer.from(pair.secretKey).toString('base64'), fingerprint: signing.fingerprint },
  };
}

/** The two markets the traders use, with their instruments. */
async function twoMarkets(db: Db): Promise<{ marketId: string; instrumentId: string }[]> {
  return (await db('markets as m')
    .join('instruments as i', 'i.id', 'm.instrument_id')
    .whereIn('i.model_name', ['text-standard', 'code-standard'])
    .orderBy('i.model_name')
    .select('m.id as marketId', 'i.id as instrumentId')) as {
    marketId: string;
    instrumentId: string;
  }[];
}

/** A buy and a sell resting on each market, placed through `client`; their ids. */
async function placeOrders(client: HostClient, trader: Trader, marketIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const marketId of marketIds) {
    for (const body of [
      { side: 'buy', price: '0.1000', quantity: 10 },
      { side: 'sell', price: '0.9000', quantity: 5 },
    ]) {
      const reply = await client.post('/v1/orders', {
        sign: trader.signingKey,
        body: { market_id: marketId, type: 'limit', ...body },
      });
      expect(reply.status, reply.text).to.equal(201);
      ids.push(reply.body.data.order_id);
    }
  }
  return ids;
}

async function arm(client: HostClient, trader: Trader, body: Record<string, unknown>): Promise<number> {
  const reply = await client.post('/v1/orders/cancel-all-after', { sign: trader.signingKey, body });
  expect(reply.status, reply.text).to.equal(200);
  return Date.parse(reply.body.data.trigger_time) * 1000 + Number(reply.body.data.trigger_time.slice(23, 26));
}

const storedOrders = async (db: Db, ids: readonly string[]): Promise<StoredOrder[]> =>
  (
    await db('orders')
      .whereIn('id', ids)
      .select('id', 'user_id', 'market_id', 'status', 'closure_reason', 'updated_at_us')
  ).map((row: StoredOrder) => ({ ...row, updated_at_us: Number(row.updated_at_us) }));

/** Waits, with a deadline generous for a busy machine, until none of the orders is open. */
async function untilCancelled(db: Db, ids: readonly string[], deadlineMs = 30_000): Promise<StoredOrder[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const rows = await storedOrders(db, ids);
    if (rows.every((row) => row.status === 'cancelled')) return rows;
    if (Date.now() > until)
      throw new Error(
        `still open after ${deadlineMs} ms: ${JSON.stringify(rows.filter((row) => row.status !== 'cancelled'))}`,
      );
    await sleep(100);
  }
}

async function lockedOf(db: Db, userIds: readonly string[]): Promise<number> {
  const rows = (await db('ledger_accounts').whereIn('user_id', userIds).select('locked')) as {
    locked: number | string;
  }[];
  return rows.reduce((sum, row) => sum + Number(row.locked), 0);
}

async function expectCleanLedger(db: Db, env: Record<string, string>): Promise<void> {
  expect(await auditLedger(db)).to.deep.equal([]);
  const audit = await mkt(['admin', 'audit'], env);
  expect(audit.code, `${audit.stdout} ${audit.stderr}`).to.equal(0);
}

function describeKilled(
  database: DatabaseKind,
  body: (context: { env: () => Record<string, string>; db: () => Db; serve: () => Promise<ServeProcess> }) => void,
): void {
  describe(`trading: a dead-man's switch outlives the process that armed it [${database}]`, function () {
    this.timeout(120_000);
    let env: Record<string, string>;
    let db: Db;
    const servers: ServeProcess[] = [];
    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(database), MKT_SIMULATED_SUPPLIER: 'off' };
      db = openDatabase(env.DATABASE_URL!);
      await migrateLatest(db);
    });
    after(async () => {
      for (const server of servers)
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await db?.destroy();
    });
    body({
      env: () => env,
      db: () => db,
      serve: async () => {
        const server = await mktServe(env, ['--only', 'trading']);
        servers.push(server);
        return server;
      },
    });
  });
}

if (databaseKinds.includes('postgres')) {
  describeKilled('postgres', (context) => {
    it('is fired by the other processes within 1 s of trigger_time, each order cancelled and announced exactly once, with a clean ledger', async () => {
      const db = context.db();
      const markets = await twoMarkets(db);
      const [armer, ...others] = await Promise.all([context.serve(), context.serve(), context.serve()]);
      const through = new HostClient('trading', armer!.urls.trading!);
      const everywhere = [
        await seedTrader(
          db,
          markets.map((m) => m.instrumentId),
        ),
        await seedTrader(
          db,
          markets.map((m) => m.instrumentId),
        ),
      ];
      const oneMarket = await seedTrader(
        db,
        markets.map((m) => m.instrumentId),
      );
      const all = [...everywhere, oneMarket];
      const ordersOf = new Map<string, string[]>();
      for (const trader of all)
        ordersOf.set(
          trader.userId,
          await placeOrders(
            through,
            trader,
            markets.map((m) => m.marketId),
          ),
        );

      // Every trader's user.orders, on a process that survives (events of the other reach it too).
      const sockets = await Promise.all(
        all.map(async (trader) => {
          const socket = await RawClient.open(socketUrl(others[0]!.urls.trading!));
          await socket.join();
          expect(
            (await socket.request('ws:trading', 'authenticate', authenticatePayload(trader.signingKey))).status,
          ).to.equal('ok');
          expect((await socket.streams('subscribe', [{ name: 'user.orders' }])).status).to.equal('ok');
          return socket;
        }),
      );
      try {
        const triggers = new Map<string, number>();
        for (const trader of everywhere)
          triggers.set(trader.userId, await arm(through, trader, { timeout_seconds: 5 }));
        triggers.set(
          oneMarket.userId,
          await arm(through, oneMarket, { timeout_seconds: 5, market_id: markets[0]!.marketId }),
        );
        armer!.child.kill('SIGKILL');
        await armer!.exited;

        const covered = all.flatMap((trader) =>
          ordersOf.get(trader.userId)!.filter((_, i) => trader !== oneMarket || i < 2),
        );
        const spared = ordersOf.get(oneMarket.userId)!.slice(2);
        const cancelled = await untilCancelled(db, covered);
        for (const order of cancelled) {
          expect(order.closure_reason, order.id).to.equal('dead_man_switch');
          const lateUs = order.updated_at_us - triggers.get(order.user_id)!;
          expect(lateUs, `${order.id} cancelled ${lateUs} µs after trigger_time`).to.be.within(0, 1_000_000);
        }
        expect((await storedOrders(db, spared)).map((order) => order.status)).to.deep.equal(['active', 'active']);
        expect(await db('dead_man_switches').count({ n: '*' }).first()).to.deep.include({ n: 0 });
        expect(await db('dead_man_switch_firings').count({ n: '*' }).first()).to.deep.include({ n: 0 });

        // Each cancellation announced once: wait for all of them, then a while longer for a second.
        const isCancellation = (f: Frame, id: string) =>
          f.event === 'order_update' && f.payload.data.order_id === id && f.payload.data.status === 'cancelled';
        const announced = (socket: RawClient, id: string) => socket.frames.filter((f) => isCancellation(f, id));
        for (const [i, trader] of all.entries()) {
          for (const id of ordersOf.get(trader.userId)!.filter((id) => covered.includes(id)))
            await sockets[i]!.next((f) => isCancellation(f, id), 10_000, true);
        }
        await sleep(1_500);
        for (const [i, trader] of all.entries()) {
          const counts = ordersOf
            .get(trader.userId)!
            .filter((id) => covered.includes(id))
            .map((id) => announced(sockets[i]!, id).length);
          expect(counts, trader.userId).to.deep.equal(counts.map(() => 1));
          expect(announced(sockets[i]!, spared[0]!)).to.deep.equal([]);
          expect(sockets[i]!.violations.map((v) => v.message)).to.deep.equal([]);
        }
        for (const other of others) expect(other.child.exitCode, 'a surviving process died').to.equal(null);
      } finally {
        for (const socket of sockets) socket.close();
      }
      const reply = await new HostClient('trading', others[1]!.urls.trading!).delete('/v1/orders', {
        sign: oneMarket.signingKey,
      });
      expect(reply.status).to.equal(200);
      expect(
        await lockedOf(
          db,
          all.map((t) => t.userId),
        ),
      ).to.equal(0);
      await expectCleanLedger(db, context.env());
    });
  });
} else {
  describe("trading: a dead-man's switch outlives the process that armed it [postgres]", () => {
    it.skip(`needs PostgreSQL, which MKT_TEST_DATABASES=${process.env.MKT_TEST_DATABASES ?? ''} excludes`);
  });
}

if (databaseKinds.includes('sqlite')) {
  describeKilled('sqlite', (context) => {
    it('is fired by the next process to start, after the one that armed it was killed', async () => {
      const db = context.db();
      const markets = await twoMarkets(db);
      const armer = await context.serve();
      const through = new HostClient('trading', armer.urls.trading!);
      const trader = await seedTrader(
        db,
        markets.map((m) => m.instrumentId),
      );
      const orders = await placeOrders(
        through,
        trader,
        markets.map((m) => m.marketId),
      );
      const triggerUs = await arm(through, trader, { timeout_seconds: 5 });
      armer.child.kill('SIGKILL');
      await armer.exited;

      while (systemClock.nowUs() < triggerUs + 1_000_000) await sleep(200);
      expect(
        (await storedOrders(db, orders)).map((order) => order.status),
        'no process ran to fire it',
      ).to.deep.equal(orders.map(() => 'active'));
      const startedUs = systemClock.nowUs();
      await context.serve();
      const cancelled = await untilCancelled(db, orders);
      for (const order of cancelled) {
        expect(order.closure_reason).to.equal('dead_man_switch');
        expect(order.updated_at_us).to.be.at.least(startedUs);
      }
      expect(await lockedOf(db, [trader.userId])).to.equal(0);
      await expectCleanLedger(db, context.env());
    });
  });
}
