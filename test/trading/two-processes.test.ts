import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { deposit } from '../../src/ledger/funds.js';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { systemClock } from '../../src/lib/clock.js';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import { openStatuses, type OrderStatus } from '../../src/db/trading-rows.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { HostClient, type Reply } from '../support/http.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * DESIGN.md §8: several `mkt serve` processes on one PostgreSQL database must never disagree.
 * Two processes take one burst of concurrent orders on ONE market — limit buys and sells that
 * cross, market orders, cancels (some sent to both processes at once) and amends — alternating
 * between them. Afterwards the database itself is read: no double fill, no crossed book, no
 * negative balance, a clean audit, and exactly the orders that were acknowledged.
 *
 * The operations come from a seeded generator: a failure prints the seed, and
 * MKT_TWO_PROCESSES_SEED=<seed> replays the same operation list (the interleaving is the
 * scheduler's, so a race may need a few runs). MKT_TWO_PROCESSES_MARKETS=<n> spreads the same
 * burst over n markets (text-standard first), where trades of one user on two markets meet on
 * that user's USD account.
 */
const tradersCount = 6;
const openingOrders = 120;
const mixedOperations = 300;
const midTicks = 5000;
const bandTicks = 500; // limit prices 0.4500–0.5500: both sides overlap, inside the ±50% collar
const marketsCount = Number(process.env.MKT_TWO_PROCESSES_MARKETS ?? 1);

interface Trader {
  userId: string;
  fingerprint: string;
  privateKey: KeyObject;
}

type Operation =
  | { kind: 'create'; trader: number; body: Record<string, unknown> }
  /** A raced cancel also sends, at the same moment, the same cancel or an amend to the other process. */
  | { kind: 'cancel'; target: number; race: 'none' | 'cancel' | 'amend'; change: { price?: string; quantity?: number } }
  | { kind: 'amend'; target: number; change: { price?: string; quantity?: number } };

interface Outcome {
  operation: string;
  process: number;
  status: number;
  code: string | undefined;
  detail?: string | undefined;
  orderId: string | undefined;
}

const formatTicks = (ticks: number): string =>
  `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;

async function seedTrader(db: Db, index: number, instrumentIds: readonly string[]): Promise<Trader> {
  const nowUs = systemClock.nowUs();
  const user = await createUser(db, systemClock, {
    email: `two-processes-${index}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const signing = await registerSigningKey(
    db,
    systemClock,
    user.id,
    'two processes',
    publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64'),
  );
  await db.transaction(async (trx) => {
    await deposit(trx, { userId: user.id, usdMicros: 1_000_000_000, source: 'deposit', nowUs }); // 1,000.00 USD
    // 500 Units of each instrument issued into the trading account, as a supplier's issuance would.
    for (const instrumentId of instrumentIds) {
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
    }
  });
  return { userId: user.id, fingerprint: signing.fingerprint, privateKey };
}

/** Ed25519 headers of specification part 5, made with node:crypto: tweetnacl's ~6 ms a signature would pace the burst. */
/**
 * A signed write is accepted once (DESIGN.md §9), and the burst sends the same request twice on
 * purpose (one cancel to both processes, or one body drawn twice in a second): a repeat is signed
 * with an earlier second of the window, so the race under test is the orders', not a replay.
 */
const signedStrings = new Set<string>();
function signed(trader: Trader, method: string, path: string, body: string): Record<string, string> {
  let seconds = Math.floor(Date.now() / 1000);
  while (signedStrings.has(`${trader.fingerprint} ${seconds}${method}${path}${body}`)) seconds -= 1;
  signedStrings.add(`${trader.fingerprint} ${seconds}${method}${path}${body}`);
  const timestamp = String(seconds);
  const signature = sign(null, Buffer.from(timestamp + method + path + body), trader.privateKey).toString('base64');
  return { 'x-mkt-signature': signature, 'x-mkt-timestamp': timestamp, 'x-mkt-fingerprint': trader.fingerprint };
}

/**
 * The opening orders build a book that does not cross (bids 0.4600–0.5000, asks 0.5001–0.5400);
 * the mixed burst then crosses it (limit prices 0.4500–0.5500 and market orders) while cancels
 * and amends of the opening orders race against the fills.
 */
function randomOperations(
  random: () => number,
  marketIds: readonly string[],
  targets: number,
): { opening: Operation[]; mixed: Operation[] } {
  const pick = (n: number) => Math.floor(random() * n);
  const market = () => marketIds[pick(marketIds.length)]!;
  const anyPrice = () => formatTicks(midTicks - bandTicks + pick(2 * bandTicks + 1));
  const opening = Array.from({ length: openingOrders }, (): Operation => {
    const side = random() < 0.5 ? 'buy' : 'sell';
    const ticks = side === 'buy' ? midTicks - pick(401) : midTicks + 1 + pick(400);
    return {
      kind: 'create',
      trader: pick(tradersCount),
      body: { market_id: market(), side, type: 'limit', price: formatTicks(ticks), quantity: 1 + pick(5) },
    };
  });
  const mixed = Array.from({ length: mixedOperations }, (): Operation => {
    const roll = random();
    if (roll < 0.4) {
      const body = {
        market_id: market(),
        side: random() < 0.5 ? 'buy' : 'sell',
        type: 'limit',
        price: anyPrice(),
        quantity: 1 + pick(5),
      };
      return {
        kind: 'create',
        trader: pick(tradersCount),
        body: random() < 0.15 ? { ...body, time_in_force: 'ioc' } : body,
      };
    }
    if (roll < 0.55)
      return {
        kind: 'create',
        trader: pick(tradersCount),
        body: { market_id: market(), side: random() < 0.5 ? 'buy' : 'sell', type: 'market', quantity: 1 + pick(5) },
      };
    const change = random() < 0.5 ? { price: anyPrice() } : { quantity: 1 + pick(8) };
    if (roll < 0.8)
      return {
        kind: 'cancel',
        target: pick(targets),
        race: random() < 0.5 ? 'cancel' : random() < 0.5 ? 'amend' : 'none',
        change,
      };
    return { kind: 'amend', target: pick(targets), change };
  });
  return { opening, mixed };
}

const allowed: Record<string, number[]> = { create: [201], cancel: [204, 409], amend: [200, 409, 422] };

if (!databaseKinds.includes('postgres')) {
  describe('trading: two server processes on one PostgreSQL database', () => {
    it.skip(
      `needs PostgreSQL, which MKT_TEST_DATABASES=${process.env.MKT_TEST_DATABASES ?? ''} excludes (DESIGN.md §8: several processes scale out on PostgreSQL only)`,
    );
  });
} else {
  describe('trading: two server processes on one PostgreSQL database', function () {
    this.timeout(90_000);
    const seed = Number(process.env.MKT_TWO_PROCESSES_SEED ?? Math.floor(Math.random() * 2 ** 31));
    let env: Record<string, string>;
    let db: Db;
    let servers: ServeProcess[] = [];
    let clients: HostClient[];
    let marketIds: string[];
    let traders: Trader[];
    let sweeper: Trader;
    const outcomes: Outcome[] = [];
    const created = new Map<string, number>(); // order id → trader
    const invisibleAfterAck: string[] = [];

    before(async function () {
      this.timeout(60_000);
      env = {
        DATABASE_URL: await freshDatabaseUrl('postgres'),
        MKT_ORDER_RATE_PER_SECOND: '100000',
        MKT_ORDER_BURST: '100000',
      };
      db = openDatabase(env.DATABASE_URL!);
      await migrateLatest(db);
      const markets = (
        (await db('markets as m')
          .join('instruments as i', 'i.id', 'm.instrument_id')
          .orderBy('i.model_name')
          .select('m.id as marketId', 'i.id as instrumentId', 'i.model_name as model')) as {
          marketId: string;
          instrumentId: string;
          model: string;
        }[]
      )
        .sort((a, b) => Number(b.model === 'text-standard') - Number(a.model === 'text-standard'))
        .slice(0, marketsCount);
      marketIds = markets.map((m) => m.marketId);
      const instrumentIds = markets.map((m) => m.instrumentId);
      traders = [];
      for (let i = 0; i < tradersCount; i += 1) traders.push(await seedTrader(db, i, instrumentIds));
      sweeper = await seedTrader(db, tradersCount, instrumentIds);
      const serveEnv = { ...env, MKT_SIMULATED_SUPPLIER: 'off' };
      servers = await Promise.all([
        mktServe(serveEnv, ['--only', 'trading']),
        mktServe(serveEnv, ['--only', 'trading']),
      ]);
      clients = servers.map((s) => new HostClient('trading', s.urls.trading!));
    });

    after(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.destroy();
    });

    async function send(
      at: number,
      trader: Trader,
      method: string,
      path: string,
      body?: Record<string, unknown>,
    ): Promise<Reply> {
      const text = body === undefined ? '' : JSON.stringify(body);
      return clients[at]!.request(method, path, {
        ...(body === undefined ? {} : { rawBody: text }),
        headers: signed(trader, method, path, text),
      });
    }

    /** Sends one request and keeps its outcome; a request that fails outright (connection, contract) is status 0. */
    async function record(
      operation: string,
      at: number,
      reply: Promise<Reply>,
      orderId?: string,
    ): Promise<{ reply?: Reply; outcome: Outcome }> {
      const outcome: Outcome = { operation, process: at, status: 0, code: undefined, orderId };
      outcomes.push(outcome);
      try {
        const answered = await reply;
        outcome.status = answered.status;
        const error = (answered.body as { errors?: { code?: string; detail?: string } } | undefined)?.errors;
        outcome.code = error?.code;
        outcome.detail = error?.detail;
        return { reply: answered, outcome };
      } catch (error) {
        outcome.code = String(error);
        return { outcome };
      }
    }

    async function perform(operation: Operation, index: number, targets: readonly [string, number][]): Promise<void> {
      const at = index % 2;
      if (operation.kind === 'create') {
        const { reply, outcome } = await record(
          'create',
          at,
          send(at, traders[operation.trader]!, 'POST', '/v1/orders', operation.body),
        );
        if (reply?.status !== 201) return;
        const orderId = (reply.body as { data: { order_id: string } }).data.order_id;
        outcome.orderId = orderId;
        created.set(orderId, operation.trader);
        // Acknowledged only after the commit: the row is there the moment the 201 is.
        if (!(await db('orders').where('id', orderId).first('id'))) invisibleAfterAck.push(orderId);
        return;
      }
      const [orderId, owner] = targets[operation.target % targets.length]!;
      const trader = traders[owner]!;
      if (operation.kind === 'cancel') {
        const path = `/v1/orders/${orderId}`;
        const cancel = record('cancel', at, send(at, trader, 'DELETE', path), orderId);
        const other = 1 - at;
        // Exactly one of two cancels may succeed; an amend racing a cancel either lands first or finds the order gone.
        if (operation.race === 'cancel') await record('cancel', other, send(other, trader, 'DELETE', path), orderId);
        if (operation.race === 'amend')
          await record('amend', other, send(other, trader, 'PUT', path, operation.change), orderId);
        await cancel;
        return;
      }
      await record('amend', at, send(at, trader, 'PUT', `/v1/orders/${orderId}`, operation.change), orderId);
    }

    it('answers a burst of crossing orders, market orders, cancels and amends on both processes as documented (no 5xx, no refusal of a funded order)', async () => {
      const random = seededRandom(seed);
      const { opening, mixed } = randomOperations(random, marketIds, openingOrders);
      await Promise.all(opening.map((operation, index) => perform(operation, index, [])));
      const targets = [...created];
      await Promise.all(
        mixed
          .filter((o) => o.kind === 'create' || targets.length > 0)
          .map((operation, index) => perform(operation, index, targets)),
      );

      const unexpected = outcomes
        .filter((o) => !allowed[o.operation]!.includes(o.status) || (o.status === 422 && o.code !== 'validation_error'))
        .map((o) =>
          `${o.operation} on process ${o.process}${o.orderId ? ` (${o.orderId})` : ''}: ${o.status} ${o.code ?? ''} ${o.detail ?? ''}`.trim(),
        );
      expect(unexpected, `seed ${seed}: unexpected answers`).to.deep.equal([]);
      expect(invisibleAfterAck, `seed ${seed}: orders answered 201 before their row was committed`).to.deep.equal([]);
      for (const server of servers) expect(server.child.exitCode, 'a server process died').to.equal(null);
    });

    it('stores exactly the acknowledged orders', async () => {
      const stored = ((await db('orders').whereIn('market_id', marketIds).select('id')) as { id: string }[])
        .map((r) => r.id)
        .sort();
      expect(stored.length, `seed ${seed}`).to.equal(
        outcomes.filter((o) => o.operation === 'create' && o.status === 201).length,
      );
      expect(stored, `seed ${seed}`).to.deep.equal([...created.keys()].sort());
    });

    it('fills no order twice: filled_quantity is the sum of its trade legs, never above its quantity', async () => {
      const orders = (await db('orders as o')
        .leftJoin('trade_legs as l', 'l.order_id', 'o.id')
        .whereIn('o.market_id', marketIds)
        .groupBy('o.id', 'o.quantity', 'o.filled_quantity', 'o.remaining_quantity', 'o.status')
        .select(
          'o.id',
          'o.quantity',
          'o.filled_quantity',
          'o.remaining_quantity',
          'o.status',
          db.raw('COALESCE(SUM(l.quantity), 0) AS legs'),
        )) as {
        id: string;
        quantity: number;
        filled_quantity: number;
        remaining_quantity: number;
        status: string;
        legs: number | string;
      }[];
      const wrong = orders.filter(
        (o) =>
          o.filled_quantity !== Number(o.legs) ||
          o.filled_quantity > o.quantity ||
          o.remaining_quantity < 0 ||
          o.filled_quantity + o.remaining_quantity > o.quantity ||
          (!openStatuses.includes(o.status as OrderStatus) && o.remaining_quantity !== 0),
      );
      expect(wrong, `seed ${seed}`).to.deep.equal([]);
      expect(
        orders.some((o) => o.filled_quantity > 0),
        'nothing traded: the test did not exercise matching',
      ).to.equal(true);
    });

    it('gives every trade exactly one buy leg and one sell leg, matching the trade', async () => {
      const trades = (await db('trades')
        .whereIn('market_id', marketIds)
        .select('id', 'quantity', 'price_ticks', 'buy_order_id', 'sell_order_id')) as {
        id: string;
        quantity: number;
        price_ticks: number;
        buy_order_id: string;
        sell_order_id: string;
      }[];
      const legs = (await db('trade_legs')
        .whereIn('market_id', marketIds)
        .select('trade_id', 'side', 'order_id', 'quantity', 'price_ticks')) as {
        trade_id: string;
        side: string;
        order_id: string;
        quantity: number;
        price_ticks: number;
      }[];
      const legsOf = new Map<string, typeof legs>();
      for (const leg of legs) legsOf.set(leg.trade_id, [...(legsOf.get(leg.trade_id) ?? []), leg]);
      const wrong = trades.filter((t) => {
        const mine = legsOf.get(t.id) ?? [];
        const buy = mine.filter((l) => l.side === 'buy');
        const sell = mine.filter((l) => l.side === 'sell');
        return (
          mine.length !== 2 ||
          buy.length !== 1 ||
          sell.length !== 1 ||
          buy[0]!.order_id !== t.buy_order_id ||
          sell[0]!.order_id !== t.sell_order_id ||
          mine.some((l) => l.quantity !== t.quantity || l.price_ticks !== t.price_ticks)
        );
      });
      expect(wrong, `seed ${seed}`).to.deep.equal([]);
      expect(legs.length, 'legs without a trade').to.equal(trades.length * 2);
    });

    it('leaves the book uncrossed: the best resting bid is below the best resting ask', async () => {
      for (const marketId of marketIds) {
        const resting = (side: string) =>
          db('orders').where({ market_id: marketId, side }).andWhere('remaining_quantity', '>', 0);
        const { price: bid } = (await resting('buy').max({ price: 'price_ticks' }).first()) as {
          price: number | string | null;
        };
        const { price: ask } = (await resting('sell').min({ price: 'price_ticks' }).first()) as {
          price: number | string | null;
        };
        if (bid !== null && ask !== null)
          expect(Number(bid), `seed ${seed}: ${marketId} best bid ${bid}, best ask ${ask}`).to.be.below(Number(ask));
      }
      const restingWithoutPrice = await db('orders')
        .whereIn('market_id', marketIds)
        .andWhere('remaining_quantity', '>', 0)
        .whereNull('price_ticks')
        .first('id');
      expect(restingWithoutPrice, 'a market order rests on the book').to.equal(undefined);
    });

    it('acknowledges a cancel exactly once, and only for an order that ends cancelled', async () => {
      const acknowledged = new Map<string, number>();
      for (const o of outcomes)
        if (o.operation === 'cancel' && o.status === 204)
          acknowledged.set(o.orderId!, (acknowledged.get(o.orderId!) ?? 0) + 1);
      const rows = (await db('orders').whereIn('market_id', marketIds).select('id', 'status')) as {
        id: string;
        status: string;
      }[];
      const wrong = rows
        .filter((r) => (acknowledged.get(r.id) ?? 0) !== (r.status === 'cancelled' ? 1 : 0))
        .map((r) => ({ ...r, acknowledged: acknowledged.get(r.id) ?? 0 }));
      expect(wrong, `seed ${seed}`).to.deep.equal([]);
      expect(acknowledged.size, 'no cancel succeeded: the test did not exercise cancels').to.be.greaterThan(0);
    });

    it('matches on both processes against the book the database holds: two market orders sweep it', async () => {
      for (const marketId of marketIds) {
        const restingOf = async (side: string) =>
          Number(
            (
              (await db('orders')
                .where({ market_id: marketId, side })
                .andWhere('remaining_quantity', '>', 0)
                .sum({ n: 'remaining_quantity' })
                .first()) as { n: number | string | null }
            ).n ?? 0,
          );
        const [asks, bids] = [await restingOf('sell'), await restingOf('buy')];
        // A trader with no resting order, so self-trade prevention cannot stop the sweep.
        for (const [at, side, quantity] of [
          [0, 'buy', asks],
          [1, 'sell', bids],
        ] as const) {
          if (quantity === 0) continue;
          const reply = await send(at, sweeper, 'POST', '/v1/orders', {
            market_id: marketId,
            side,
            type: 'market',
            quantity,
          });
          expect(reply.status, `seed ${seed}: ${reply.text}`).to.equal(201);
          const orderId = (reply.body as { data: { order_id: string } }).data.order_id;
          const state = await send(1 - at, sweeper, 'GET', `/v1/orders/${orderId}`);
          expect(
            state.body.data,
            `seed ${seed}: a market ${side} on process ${at} against ${quantity} resting on ${marketId}`,
          ).to.include({ status: 'filled', filled_quantity: quantity });
        }
        expect(await restingOf('sell'), `seed ${seed}`).to.equal(0);
        expect(await restingOf('buy'), `seed ${seed}`).to.equal(0);
      }
    });

    it('leaves no user balance negative', async () => {
      const negative = await db('ledger_accounts')
        .whereNot('kind', 'system')
        .andWhere((w) => w.where('available', '<', 0).orWhere('locked', '<', 0))
        .select('id', 'available', 'locked');
      expect(negative, `seed ${seed}`).to.deep.equal([]);
    });

    it('passes the ledger audit, in the library and as `mkt admin audit`', async () => {
      expect(await auditLedger(db), `seed ${seed}`).to.deep.equal([]);
      const audit = await mkt(['admin', 'audit'], env);
      expect(audit.code, `seed ${seed}: ${audit.stdout} ${audit.stderr}`).to.equal(0);
    });
  });
}
