import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { deposit } from '../../src/ledger/funds.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, type SigningKey } from '../support/http.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { authenticatePayload, RawClient, socketUrl, type Frame } from './support.js';

/**
 * Issue 13, "Correct, in every process": two `mkt serve` processes on one PostgreSQL database,
 * orders placed through process 1's HTTP API, and stream subscribers on process 2 over real
 * sockets. The events cross by PostgreSQL's NOTIFY/LISTEN (src/db/event-transport.ts); nothing
 * here waits on a fixed delay: every arrival is awaited with a generous timeout. Process 2 serves the socket twice:
 * on its trading host, and on its streams worker's own port (issue 33, item 5), where its main thread hands the
 * events it heard to the worker by message.
 */
interface Trader {
  userId: string;
  key: SigningKey;
}

async function seedTrader(db: Db, index: number, instrumentId: string): Promise<Trader> {
  const nowUs = systemClock.nowUs();
  const user = await createUser(db, systemClock, {
    email: `streams-two-processes-${index}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The raw keys are the last 32 bytes of the SPKI and PKCS#8 encodings; the seed is what tweetnacl signs with.
  const signing = await registerSigningKey(
    db,
    systemClock,
    user.id,
    'streams two processes',
    publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64'),
  );
  await db.transaction(async (trx) => {
    await deposit(trx, { userId: user.id, usdMicros: 1_000_000_000, source: 'deposit', nowUs }); // 1,000.00 USD
    const account = await ensureAccount(trx, user.id, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
    await post(
      trx,
      'issuance',
      null,
      [
        { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -500 },
        { accountId: account.id, bucket: 'available', asset: unitsOf(instrumentId), amount: 500 },
      ],
      nowUs,
    );
  });
  return {
    userId: user.id,
    key: {
      fingerprint: signing.fingerprint,
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('base64'),
    },
  };
}

/** Generous: an event crosses processes in milliseconds, but the machine may be busy. */
const arrivalMs = 15_000;

if (!databaseKinds.includes('postgres')) {
  describe('streams: two server processes on one PostgreSQL database', () => {
    it.skip(
      `needs PostgreSQL, which MKT_TEST_DATABASES=${process.env.MKT_TEST_DATABASES ?? ''} excludes (DESIGN.md §8: several processes share events by NOTIFY/LISTEN on PostgreSQL only)`,
    );
  });
} else {
  describe('streams: two server processes on one PostgreSQL database', function () {
    this.timeout(90_000);
    let db: Db;
    let servers: ServeProcess[] = [];
    let first: HostClient;
    let marketId: string;
    let seller: Trader;
    let buyer: Trader;
    const open: RawClient[] = [];

    before(async function () {
      this.timeout(60_000);
      const env = {
        DATABASE_URL: await freshDatabaseUrl('postgres'),
        MKT_ORDER_RATE_PER_SECOND: '100000',
        MKT_ORDER_BURST: '100000',
        MKT_SIMULATED_SUPPLIER: 'off',
      };
      db = openDatabase(env.DATABASE_URL);
      await migrateLatest(db);
      const market = (await db('markets as m')
        .join('instruments as i', 'i.id', 'm.instrument_id')
        .where('i.model_name', 'text-standard')
        .first('m.id as marketId', 'i.id as instrumentId')) as {
        marketId: string;
        instrumentId: string;
      };
      marketId = market.marketId;
      seller = await seedTrader(db, 0, market.instrumentId);
      buyer = await seedTrader(db, 1, market.instrumentId);
      // Process 2 also runs the stream socket in a worker thread of its own (MKT_STREAMS_PORT, issue 33 item 5).
      servers = await Promise.all([
        mktServe(env, ['--only', 'trading']),
        mktServe({ ...env, MKT_STREAMS_PORT: '0' }, ['--only', 'trading']),
      ]);
      first = new HostClient('trading', servers[0]!.urls.trading!);
    });

    afterEach(() => {
      for (const c of open.splice(0)) {
        expect(c.violations.map((v) => v.message)).to.deep.equal([]);
        c.close();
      }
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.destroy();
    });

    /**
     * A subscriber on process 2 (index 1), authenticated as `user` if given: on the trading host's own socket, or on
     * its streams worker's port.
     */
    async function onSecond(
      user: Trader | null,
      streams: unknown[],
      vsn: '1.0.0' | '2.0.0',
      where: 'trading' | 'streams',
    ): Promise<RawClient> {
      const c = await RawClient.open(socketUrl(servers[1]!.urls[where]!, vsn), vsn);
      open.push(c);
      await c.join();
      if (user)
        expect((await c.request('ws:trading', 'authenticate', authenticatePayload(user.key))).status).to.equal('ok');
      expect((await c.streams('subscribe', streams)).status).to.equal('ok');
      return c;
    }

    /** A limit order through process 1's API; its order id. */
    async function place(trader: Trader, side: 'buy' | 'sell', price: string, quantity: number): Promise<string> {
      const reply = await first.post('/v1/orders', {
        body: { market_id: marketId, side, type: 'limit', price, quantity },
        sign: trader.key,
      });
      expect(reply.status, reply.text).to.equal(201);
      return (reply.body as { data: { order_id: string } }).data.order_id;
    }

    for (const where of ['trading', 'streams'] as const) {
      describe(
        where === 'trading' ? "on process 2's trading host" : "on process 2's streams worker (its own port)",
        () => {
          it('delivers a fill made on process 1 to a subscriber on process 2: the user trade, the filled order and the market trade', async () => {
            const c = await onSecond(
              buyer,
              [{ name: 'user.orders' }, { name: 'user.trades' }, { name: 'market.trades', market: marketId }],
              '1.0.0',
              where,
            );
            await place(seller, 'sell', '0.5000', 3);
            const orderId = await place(buyer, 'buy', '0.5000', 3);
            const isOrder = (f: Frame) => f.payload?.data?.order_id === orderId;

            const fill = await c.next(
              (f) => f.event === 'new_trade' && f.payload.stream === 'user.trades' && isOrder(f),
              arrivalMs,
              true,
            );
            expect(fill.payload.data).to.include({
              order_id: orderId,
              market_id: marketId,
              price: '0.5000',
              quantity: 3,
            });
            expect(fill.payload.data.fee).to.be.a('string');
            const filled = await c.next(
              (f) =>
                (f.event === 'new_order' || f.event === 'order_update') &&
                isOrder(f) &&
                f.payload.data.status === 'filled',
              arrivalMs,
              true,
            );
            expect(filled.payload.data).to.include({ order_id: orderId, filled_quantity: 3, remaining_quantity: 0 });
            const trade = await c.next(
              (f) =>
                f.event === 'new_trade' &&
                f.payload.stream === 'market.trades' &&
                f.payload.data.trade_id === fill.payload.data.trade_id,
              arrivalMs,
              true,
            );
            expect(trade.payload.data).to.include({ market_id: marketId, price: '0.5000', quantity: 3 });

            // What process 2 pushed is what process 1 answers for the order.
            const stored = await first.get(`/v1/orders/${orderId}`, { sign: buyer.key });
            expect(stored.body.data).to.include({ status: 'filled', filled_quantity: 3 });
          });

          it("rebuilds process 1's orderbook endpoint from a book snapshot on process 2 plus its updates, in sequence", async () => {
            const c = await onSecond(null, [{ name: 'market.book', market: marketId }], '2.0.0', where);
            const snapshot = (await c.next((f) => f.event === 'book_snapshot', arrivalMs, true)).payload.data;
            // Resting orders on both sides at several levels, then orders that take some of them.
            for (const [price, quantity] of [
              ['0.4900', 4],
              ['0.4950', 2],
              ['0.4800', 1],
            ] as const)
              await place(buyer, 'buy', price, quantity);
            for (const [price, quantity] of [
              ['0.5100', 3],
              ['0.5200', 5],
              ['0.5150', 2],
            ] as const)
              await place(seller, 'sell', price, quantity);
            await place(seller, 'sell', '0.4950', 3); // takes 0.4950 ×2 and 0.4900 ×1
            await place(buyer, 'buy', '0.5100', 1);
            const final = Number(
              ((await db('market_books').where('market_id', marketId).first('version')) as { version: number | string })
                .version,
            );
            expect(final, 'the orders moved the book').to.be.above(snapshot.sequence);
            await c.next((f) => f.event === 'book_update' && f.payload.data.sequence === final, arrivalMs, true);

            const updates = c.frames.filter((f) => f.event === 'book_update').map((f) => f.payload.data);
            updates.forEach((u, i) => expect(u.sequence, `update ${i}`).to.equal(snapshot.sequence + i + 1));
            const levels = { buy: new Map<string, number>(), sell: new Map<string, number>() };
            for (const side of ['buy', 'sell'] as const)
              for (const l of snapshot[side]) levels[side].set(l.price, l.quantity);
            for (const u of updates)
              for (const side of ['buy', 'sell'] as const)
                for (const l of u[side])
                  l.quantity === 0 ? levels[side].delete(l.price) : levels[side].set(l.price, l.quantity);
            const book = (
              await first.get(`/v1/markets/${marketId}/orderbook`, { query: { limit: 100 }, sign: buyer.key })
            ).body.data;
            for (const side of ['buy', 'sell'] as const) {
              expect([...levels[side]].sort(), side).to.deep.equal(
                book[side].map((l: { price: string; quantity: number }) => [l.price, l.quantity]).sort(),
              );
            }
            expect(levels.buy.size + levels.sell.size, 'the rebuilt book is not empty').to.be.above(0);
          });
        },
      );
    }
  });
}
