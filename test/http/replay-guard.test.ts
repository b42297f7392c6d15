import { expect } from 'chai';
import nacl from 'tweetnacl';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { claimRetentionUs } from '../../src/db/replay-guard.js';
import { signatureWindowSeconds } from '../../src/http/auth/signature.js';
import { openStatuses } from '../../src/db/trading-rows.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { HostClient, signatureHeaders, type Reply, type SigningKey } from '../support/http.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { mktServe, type ServeProcess } from '../support/processes.js';
import { seedSigningTrader } from '../support/signing-traders.js';
import { describeEachDatabase, TestClock } from '../support/service.js';

/**
 * Issue 11 item 3 (DESIGN.md §9): a signed POST, PUT, PATCH or DELETE is accepted once; a second
 * use of its signature inside the window is `401 signature_replayed`, in every process on the
 * database. Signed GETs are not guarded (src/http/auth/signature.ts says why).
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The request exactly as a client signed it, ready to be sent again: the captured bytes. */
interface Captured {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

function capture(
  key: SigningKey,
  method: string,
  path: string,
  body: unknown = undefined,
  timestamp = nowSeconds(),
): Captured {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { method, path, body: text, headers: signatureHeaders(key, method, path, text, timestamp) };
}

function resend(client: HostClient, captured: Captured, query?: Record<string, string>): Promise<Reply> {
  return client.request(captured.method, captured.path, {
    headers: captured.headers,
    ...(captured.body === '' ? {} : { rawBody: captured.body }),
    ...(query ? { query } : {}),
  });
}

function expectReplayRefused(reply: Reply): void {
  expect(reply.status, reply.text).to.equal(401);
  expect(reply.body.errors.code).to.equal('signature_replayed');
  expect(reply.body.errors.detail)
    .to.contain('already used')
    .and.to.contain('fresh timestamp')
    .and.to.contain('client_order_id');
  expect(reply.body.errors.server_time).to.be.a('string');
}

const openOrdersOf = async (db: Db, userId: string, marketId?: string): Promise<number> => {
  const query = db('orders').where({ user_id: userId }).whereIn('status', openStatuses);
  if (marketId) query.where({ market_id: marketId });
  return Number(((await query.count({ n: '*' }).first()) as { n: number | string }).n);
};

describeEachDatabase('the replay guard: a signed write is accepted once', (env) => {
  const services = () => env().service.services;
  let trader: TestUser;
  let textStandard: MarketRef;
  let codeStandard: MarketRef;

  before(async () => {
    textStandard = await marketOf(services(), 'text-standard');
    codeStandard = await marketOf(services(), 'code-standard');
  });
  beforeEach(async () => {
    trader = await createTestUser(services());
    await giveUsd(services(), trader.userId, '100.00');
    for (const market of [textStandard, codeStandard])
      await giveUnits(services(), trader.userId, market.instrumentId, 100);
  });

  it('places one order when the same signed POST /v1/orders without client_order_id comes three times', async () => {
    const order = capture(trader.signingKey, 'POST', '/v1/orders', {
      market_id: textStandard.marketId,
      side: 'buy',
      type: 'limit',
      price: '0.1000',
      quantity: 1,
    });
    const first = await resend(env().trading, order);
    expect(first.status, first.text).to.equal(201);
    for (const again of [await resend(env().trading, order), await resend(env().trading, order)])
      expectReplayRefused(again);
    expect(await openOrdersOf(services().db, trader.userId)).to.equal(1);
  });

  it('places one order when the same signed POST /v1/orders comes five times at once (one batch claims them together)', async () => {
    const order = capture(trader.signingKey, 'POST', '/v1/orders', {
      market_id: codeStandard.marketId,
      side: 'sell',
      type: 'limit',
      price: '0.9500',
      quantity: 1,
    });
    const replies = await Promise.all(Array.from({ length: 5 }, () => resend(env().trading, order)));
    expect(replies.filter((reply) => reply.status === 201)).to.have.length(1);
    for (const reply of replies.filter((r) => r.status !== 201)) expectReplayRefused(reply);
    expect(await openOrdersOf(services().db, trader.userId)).to.equal(1);
  });

  it('refuses a captured bulk DELETE resent with another query, and cancels nothing more', async () => {
    for (const market of [textStandard, codeStandard]) {
      for (const price of ['0.9000', '0.9100'])
        await placed(env(), trader, { market_id: market.marketId, side: 'sell', price, quantity: 1 });
    }
    await placed(env(), trader, { market_id: textStandard.marketId, side: 'buy', price: '0.1000', quantity: 1 });
    // The query is not signed (specification part 5 rule 8): only the headers are captured.
    const cancel = capture(trader.signingKey, 'DELETE', '/v1/orders');
    const sells = await resend(env().trading, cancel, { market_id: textStandard.marketId, side: 'sell' });
    expect(sells.status, sells.text).to.equal(200);
    expect(sells.body.data).to.deep.equal({ cancelled: 2 });

    expectReplayRefused(await resend(env().trading, cancel, { market_id: codeStandard.marketId, side: 'sell' }));
    expectReplayRefused(await resend(env().trading, cancel));
    expect(await openOrdersOf(services().db, trader.userId, codeStandard.marketId)).to.equal(2);
    expect(await openOrdersOf(services().db, trader.userId, textStandard.marketId)).to.equal(1);
  });

  it('guards amend, cancel, transfers and supply issuance alike', async () => {
    const bid = await placed(env(), trader, {
      market_id: textStandard.marketId,
      side: 'buy',
      price: '0.1000',
      quantity: 5,
    });
    const amend = capture(trader.signingKey, 'PUT', `/v1/orders/${bid.order_id}`, { quantity: 4 });
    expect((await resend(env().trading, amend)).status).to.equal(200);
    expectReplayRefused(await resend(env().trading, amend));
    const cancel = capture(trader.signingKey, 'DELETE', `/v1/orders/${bid.order_id}`);
    expect((await resend(env().trading, cancel)).status).to.equal(204);
    expectReplayRefused(await resend(env().trading, cancel)); // not 409: the second request never reaches the order
    const transfer = capture(trader.signingKey, 'POST', '/v1/transfers/trading-to-consumption', {
      instrument_id: textStandard.instrumentId,
      quantity: 1,
    });
    expect((await resend(env().trading, transfer)).status).to.equal(201);
    expectReplayRefused(await resend(env().trading, transfer));
    const issuance = capture(trader.signingKey, 'POST', '/v1/supply-issuances', {
      instrument_id: textStandard.instrumentId,
      quantity: 1,
    });
    expect((await resend(env().trading, issuance)).status).to.equal(403); // not a supplier: the claim stands all the same
    expectReplayRefused(await resend(env().trading, issuance));
  });

  it('accepts two identical orders signed in the same second when their client_order_ids differ', async () => {
    const timestamp = nowSeconds();
    const body = { market_id: textStandard.marketId, side: 'buy', type: 'limit', price: '0.1000', quantity: 1 };
    for (const id of ['twin-1', 'twin-2']) {
      const reply = await resend(
        env().trading,
        capture(trader.signingKey, 'POST', '/v1/orders', { ...body, client_order_id: id }, timestamp),
      );
      expect(reply.status, reply.text).to.equal(201);
    }
    expect(await openOrdersOf(services().db, trader.userId)).to.equal(2);
  });

  it('answers signed GETs that share one signature: polling with other queries, and the same read again', async () => {
    await placed(env(), trader, { market_id: textStandard.marketId, side: 'buy', price: '0.1000', quantity: 1 });
    const list = capture(trader.signingKey, 'GET', '/v1/orders');
    const open = await resend(env().trading, list, { status: 'open' });
    const filled = await resend(env().trading, list, { status: 'filled' });
    const again = await resend(env().trading, list, { status: 'open' });
    expect([open.status, filled.status, again.status]).to.deep.equal([200, 200, 200]);
    expect(open.body.data).to.have.length(1);
    expect(filled.body.data).to.have.length(0);
    expect(again.body.data).to.deep.equal(open.body.data);
  });

  it('gives back the claim of a signature that does not verify: the genuine request still passes', async () => {
    const order = capture(trader.signingKey, 'POST', '/v1/orders', {
      market_id: textStandard.marketId,
      side: 'buy',
      type: 'limit',
      price: '0.1000',
      quantity: 1,
    });
    const tampered = await resend(env().trading, {
      ...order,
      body: order.body.replace('"quantity":1', '"quantity":9'),
    });
    expect(tampered.status).to.equal(401);
    expect(tampered.body.errors.code).to.equal('invalid_signature');
    const genuine = await resend(env().trading, order);
    expect(genuine.status, genuine.text).to.equal(201);
    expectReplayRefused(await resend(env().trading, order));
  });

  it('does not claim a signature of an unknown fingerprint', async () => {
    const before = await services().db('used_signatures').count({ n: '*' }).first();
    const stranger = {
      privateKey: Buffer.from(nacl.sign.keyPair().secretKey).toString('base64'),
      fingerprint: 'A'.repeat(43),
    };
    const reply = await resend(
      env().trading,
      capture(stranger, 'POST', '/v1/orders', {
        market_id: textStandard.marketId,
        side: 'buy',
        type: 'limit',
        price: '0.1000',
        quantity: 1,
      }),
    );
    expect(reply.body.errors.code).to.equal('unknown_fingerprint');
    expect(await services().db('used_signatures').count({ n: '*' }).first()).to.deep.equal(before);
  });
});

describeEachDatabase(
  'the replay guard: claims are pruned in the background once no timestamp can use them',
  (env) => {
    it('keeps a claim through its window and the retention, then the background sweep deletes it', async function () {
      this.timeout(60_000);
      const services = env().service.services;
      const trader = await createTestUser(services);
      const cancel = capture(trader.signingKey, 'DELETE', '/v1/orders');
      expect((await resend(env().trading, cancel)).status).to.equal(200);
      const claims = () =>
        services
          .db('used_signatures')
          .count({ n: '*' })
          .first()
          .then((r) => Number((r as { n: number | string }).n));
      expect(await claims()).to.equal(1);
      const clock = services.clock as TestClock;
      clock.advance(signatureWindowSeconds * 1000); // the signature's window is not over: the claim stays
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await claims()).to.equal(1);
      clock.advance(2_000 + claimRetentionUs / 1000);
      const deadline = Date.now() + 30_000;
      while ((await claims()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await claims()).to.equal(0);
    });
  },
  { clock: () => new TestClock() },
);

for (const database of databaseKinds) {
  describe(`the replay guard across two mkt serve processes on one database [${database}]`, function () {
    this.timeout(60_000);
    let db: Db;
    let servers: ServeProcess[] = [];
    let clients: HostClient[];
    let trader: SigningKey & { userId: string };
    let marketId: string;

    before(async function () {
      const databaseUrl = await freshDatabaseUrl(database);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      trader = await seedSigningTrader(db, 'replay');
      marketId = ((await db('markets').first('id')) as { id: string }).id;
      const serveEnv = { DATABASE_URL: databaseUrl, MKT_SIMULATED_SUPPLIER: 'off' };
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

    it('refuses on the second process an order the first accepted, and on the first a cancel the second accepted', async () => {
      const order = capture(trader, 'POST', '/v1/orders', {
        market_id: marketId,
        side: 'buy',
        type: 'limit',
        price: '0.1000',
        quantity: 1,
      });
      const placedReply = await resend(clients[0]!, order);
      expect(placedReply.status, placedReply.text).to.equal(201);
      expectReplayRefused(await resend(clients[1]!, order));
      expect(await openOrdersOf(db, trader.userId)).to.equal(1);

      const cancel = capture(trader, 'DELETE', '/v1/orders');
      const cancelled = await resend(clients[1]!, cancel, { market_id: marketId });
      expect(cancelled.body.data).to.deep.equal({ cancelled: 1 });
      expectReplayRefused(await resend(clients[0]!, cancel));
    });

    it('lets exactly one of two processes take a signature sent to both at once', async () => {
      const order = capture(trader, 'POST', '/v1/orders', {
        market_id: marketId,
        side: 'buy',
        type: 'limit',
        price: '0.1100',
        quantity: 1,
      });
      const replies = await Promise.all([
        resend(clients[0]!, order),
        resend(clients[1]!, order),
        resend(clients[0]!, order),
        resend(clients[1]!, order),
      ]);
      expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 401, 401, 401]);
      for (const refused of replies.filter((r) => r.status === 401)) expectReplayRefused(refused);
      expect(await openOrdersOf(db, trader.userId)).to.equal(1);
    });
  });
}
