import { expect } from 'chai';
import { approveDeposit } from '../../src/core/payments.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUnits, marketOf, placeOrder, type MarketRef } from '../support/market-fixtures.js';
import { labelsKey, movedBy, movements, readMetrics, sumOf, type MetricSamples } from '../support/metrics.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Issue 24's "done when": after a known workload — signed orders in two markets (some refused for known codes, some
 * crossing), inference on every endpoint (streamed and not, one failing over, one no supplier can serve), deposits —
 * every business counter moved by exactly that workload's amounts, read as a scrape reads them. Money is compared in
 * its minor units: the counter's USD converted back to micro-dollars.
 */
describeEachDatabase(
  'ops: business metrics move by exactly a known workload',
  (env) => {
    const services = () => env().service.services;
    let standard: MarketRef;
    let prime: MarketRef;
    let seller: TestUser;
    let buyer: TestUser & { token: string };
    let poor: TestUser & { token: string };
    const upstreams: SimulatorServer[] = [];
    const upstreamSuppliers: TestUser[] = [];

    before(async () => {
      standard = await marketOf(services(), 'text-standard');
      prime = await marketOf(services(), 'text-prime');
      // A coarser tick on one market (before any order reads it), to reach the tick check.
      await services().db('markets').where('id', prime.marketId).update({ tick_size_ticks: 10 });
      seller = await createTestUser(services());
      for (const market of [standard, prime]) await giveUnits(services(), seller.userId, market.instrumentId, 100);
      buyer = await withToken(env(), await createTestUser(services()));
      poor = await withToken(env(), await createTestUser(services()));
      const supplier = await createTestUser(services());
      await makeSupplier(services(), supplier.userId, [standard.instrumentId]);
      // text-prime is served by two real local upstreams only, so that one failing makes a failover.
      for (const name of ['a', 'b']) {
        const server = await startSimulatorServer({ id: `metrics-upstream-${name}` });
        upstreams.push(server);
        const user = await createTestUser(services());
        await registerSupplier(services(), {
          userId: user.userId,
          instruments: [prime.instrumentId],
          baseUrl: server.url,
          model: 'sim',
          simulated: false,
        });
        upstreamSuppliers.push(user);
      }
    });
    // The service (and its database) stops first: only the upstreams are left to close.
    after(() => Promise.all(upstreams.map((server) => server.close())));

    it('counts deposits, orders by result, trades and Units, inference, billing and supplier attempts exactly', async () => {
      const before = await readMetrics(env().service);

      // Deposits through the payment path (sandbox): 50.00 + 25.50 + 1.00.
      for (const [user, amount] of [
        [buyer, '50.00'],
        [buyer, '25.50'],
        [poor, '1.00'],
      ] as const) {
        const reply = await env().platform.post('/v1/deposits', {
          bearer: user.token,
          body: { deposit: { amount_usd: amount } },
        });
        expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      }

      // Orders: three resting sells on text-standard, a buy of 3 crossing two of them (two trades, 3 Units); a sell and
      // a crossing buy of 4 on text-prime (one trade, 4 Units); a batch of two resting buys on text-prime (within its collar); refused: a
      // price off text-prime's tick, and a buy the poor user's 1.00 USD cannot pay.
      const order = (user: TestUser, market: MarketRef, side: string, price: string, quantity: number) =>
        placeOrder(env(), user, { market_id: market.marketId, side, price, quantity, should_autotransfer: true });
      for (let i = 0; i < 3; i++) expect((await order(seller, standard, 'sell', '0.5000', 2)).status).to.equal(201);
      expect((await order(buyer, standard, 'buy', '0.5000', 3)).status).to.equal(201);
      expect((await order(seller, prime, 'sell', '0.6000', 4)).status).to.equal(201);
      expect((await order(buyer, prime, 'buy', '0.6000', 4)).status).to.equal(201);
      const batch = await env().trading.post('/v1/orders/batch', {
        sign: buyer.signingKey,
        body: {
          orders: [0.58, 0.59].map((price) => ({
            market_id: prime.marketId,
            side: 'buy',
            type: 'limit',
            price: price.toFixed(4),
            quantity: 1,
          })),
        },
      });
      expect(batch.status, JSON.stringify(batch.body)).to.be.oneOf([200, 201]);
      const offTick = await order(buyer, prime, 'buy', '0.6005', 1);
      expect(offTick.body.errors?.code, JSON.stringify(offTick.body)).to.equal('tick_size_violation');
      const unaffordable = await order(poor, standard, 'buy', '0.5000', 10);
      expect(unaffordable.body.errors?.code, JSON.stringify(unaffordable.body)).to.equal(
        'insufficient_available_balance',
      );

      // Inference: text-standard on the in-process simulated supplier, every endpoint, streamed and not.
      const runs: [string, Record<string, unknown>][] = [
        [
          '/r/v1/chat/completions',
          { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], max_tokens: 12 },
        ],
        [
          '/r/v1/chat/completions',
          { model: 'text-standard', messages: [{ role: 'user', content: 'stream' }], max_tokens: 12, stream: true },
        ],
        ['/r/v1/responses', { model: 'text-standard', input: 'hello', max_output_tokens: 16 }],
        ['/r/v1/responses', { model: 'text-standard', input: 'stream', max_output_tokens: 16, stream: true }],
        ['/r/v1/messages', { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], max_tokens: 12 }],
        [
          '/r/v1/messages',
          { model: 'text-standard', messages: [{ role: 'user', content: 'hi' }], max_tokens: 12, stream: true },
        ],
      ];
      for (const [path, body] of runs) await infer(env(), buyer, path, body, 200);
      // text-prime: the upstream routing tries first fails (a failover, then served); the next request passes it over
      // while it cools down; with both down, no supplier serves (503, not billed).
      const [first, second] = firstTried(upstreams, upstreamSuppliers);
      const prime1 = { model: 'text-prime', messages: [{ role: 'user', content: 'hi' }], max_tokens: 8 };
      first.setFault({ kind: 'error' });
      await infer(env(), buyer, '/r/v1/chat/completions', prime1, 200);
      await infer(env(), buyer, '/r/v1/chat/completions', prime1, 200);
      second.setFault({ kind: 'error' });
      await infer(env(), buyer, '/r/v1/chat/completions', prime1, 503);
      first.setFault(null);
      second.setFault(null);

      const after = await readMetrics(env().service);
      expectDeposits(before, after);
      expectOrders(before, after, standard, prime);
      const commits = movedBy(before, after, 'mkt_batch_commit_seconds_count', { database: env().database });
      expect(commits).to.be.at.least(1);
      await expectInference(env(), before, after, standard, prime);
    });
  },
  { env: { MKT_METRICS_PORT: '0' } },
);

/** An account:read + account:write token for the platform API (deposits). */
async function withToken<U extends TestUser>(env: TestEnvironment, user: U): Promise<U & { token: string }> {
  const { accessToken } = await grantTokens(env.service.services, user.userId, ['account:read', 'account:write']);
  return { ...user, token: accessToken };
}

/** One inference run (no redirect: the key alone), its body read to the end. */
async function infer(env: TestEnvironment, user: TestUser, path: string, body: unknown, status: number): Promise<void> {
  const host = path.startsWith('/r/v1/messages') ? env.messages : env.consumption;
  const reply = await host.post(path, { bearer: user.apiKey, body });
  expect(reply.status, reply.text).to.equal(status);
}

/** The two upstreams in the order routing tries suppliers with no ask and no preference: by user id. */
function firstTried(servers: SimulatorServer[], users: TestUser[]): [SimulatorServer, SimulatorServer] {
  const [a, b] = servers;
  const [userA, userB] = users;
  if (!a || !b || !userA || !userB) throw new Error('two upstreams expected');
  return userA.userId.localeCompare(userB.userId) <= 0 ? [a, b] : [b, a];
}

const usdMicros = (usd: number): number => Math.round(usd * 1e6);

function expectDeposits(before: MetricSamples, after: MetricSamples): void {
  expect(usdMicros(movedBy(before, after, 'mkt_deposits_usd_total', { method: 'sandbox' }))).to.equal(76_500_000);
  expect(movements(before, after, 'mkt_deposits_usd_total').size).to.equal(1);
}

function expectOrders(before: MetricSamples, after: MetricSamples, standard: MarketRef, prime: MarketRef): void {
  const orders = movements(before, after, 'mkt_orders_total');
  const key = (market: MarketRef, result: string) => labelsKey({ market: market.marketId, type: 'limit', result });
  expect(Object.fromEntries(orders)).to.deep.equal({
    [key(standard, 'accepted')]: 4,
    [key(prime, 'accepted')]: 4,
    [key(prime, 'tick_size')]: 1,
    [key(standard, 'insufficient_balance')]: 1,
  });
  expect(Object.fromEntries(movements(before, after, 'mkt_trades_total'))).to.deep.equal({
    [labelsKey({ market: standard.marketId })]: 2,
    [labelsKey({ market: prime.marketId })]: 1,
  });
  expect(Object.fromEntries(movements(before, after, 'mkt_traded_units_total'))).to.deep.equal({
    [labelsKey({ market: standard.marketId })]: 3,
    [labelsKey({ market: prime.marketId })]: 4,
  });
  // Every accepted order and the refusal made in the queue committed in some batch.
  expect(movedBy(before, after, 'mkt_batch_commands_count')).to.be.at.least(1);
  expect(movedBy(before, after, 'mkt_batch_commands_sum')).to.be.at.least(8);
  // The books as this process holds them: text-standard has two sells left at 0.5000 (1 and 2 Units), no bid.
  expect(after.get('mkt_book_best_price')?.get(labelsKey({ market: standard.marketId, side: 'ask' }))).to.equal(0.5);
  expect(after.get('mkt_book_best_price')?.has(labelsKey({ market: standard.marketId, side: 'bid' }))).to.equal(false);
  expect(after.get('mkt_book_resting_orders')?.get(labelsKey({ market: standard.marketId }))).to.equal(2);
  expect(after.get('mkt_book_best_price')?.get(labelsKey({ market: prime.marketId, side: 'bid' }))).to.equal(0.59);
}

interface ReceiptSums {
  instrument_id: string;
  cost_status: string;
  requests: number | string;
  prompt: number | string | null;
  cost_tokens: number | string | null;
  usd_micros: number | string | null;
}

async function expectInference(
  env: TestEnvironment,
  before: MetricSamples,
  after: MetricSamples,
  standard: MarketRef,
  prime: MarketRef,
): Promise<void> {
  const moved = (name: string, labels: Record<string, string>) => movedBy(before, after, name, labels);
  const duration = 'gen_ai_server_request_duration_seconds_count';
  for (const endpoint of ['chat.completions', 'responses', 'messages'])
    expect(moved(duration, { instrument: standard.instrumentId, endpoint, result: 'ok' }), endpoint).to.equal(2);
  const primeChat = { instrument: prime.instrumentId, endpoint: 'chat.completions' };
  expect(moved(duration, { ...primeChat, result: 'ok' })).to.equal(2);
  expect(moved(duration, { ...primeChat, result: 'no_supplier' })).to.equal(1);
  expect(moved('gen_ai_server_time_to_first_token_seconds_count', { instrument: standard.instrumentId })).to.equal(3);
  expect(Object.fromEntries(movements(before, after, 'mkt_supplier_attempts_total'))).to.deep.equal({
    [labelsKey({ instrument: standard.instrumentId, result: 'ok' })]: 6,
    [labelsKey({ instrument: prime.instrumentId, result: 'ok' })]: 2,
    [labelsKey({ instrument: prime.instrumentId, result: 'failed' })]: 3,
    [labelsKey({ instrument: prime.instrumentId, result: 'cooled_down' })]: 1,
  });
  expect(Object.fromEntries(movements(before, after, 'mkt_supplier_failovers_total'))).to.deep.equal({
    [labelsKey({ instrument: prime.instrumentId })]: 2,
  });
  // Billing: the counters against the receipts, per instrument and cost status, in micro-dollars and tokens.
  const receipts = (await env.service.services
    .db('inference_requests')
    .groupBy('instrument_id', 'cost_status')
    .select('instrument_id', 'cost_status')
    .count({ requests: '*' })
    .sum({ prompt: 'prompt_tokens', cost_tokens: 'cost_tokens', usd_micros: 'cost_usd_micros' })) as ReceiptSums[];
  expect(receipts.reduce((sum, row) => sum + Number(row.requests), 0)).to.equal(9);
  for (const row of receipts) {
    const labels = { instrument: row.instrument_id, cost_status: row.cost_status };
    expect(usdMicros(moved('mkt_inference_billed_usd_total', labels))).to.equal(Number(row.usd_micros ?? 0));
    if (row.cost_status === 'not_billed') continue;
    const usage = (token_type: string) =>
      moved('gen_ai_client_token_usage_sum', { instrument: row.instrument_id, token_type });
    expect(usage('input')).to.equal(Number(row.prompt));
    expect(usage('input') + usage('output')).to.equal(Number(row.cost_tokens));
    expect(moved('gen_ai_client_token_usage_count', { instrument: row.instrument_id, token_type: 'input' })).to.equal(
      Number(row.requests),
    );
  }
  expect(sumOf(after, 'mkt_inference_billed_usd_total')).to.be.greaterThan(0);
  expect(sumOf(after, 'mkt_inference_slots_in_use')).to.equal(0);
}

/**
 * Manual payments: a request is pending and counts nothing; the operator's approval counts it once, as `manual`, in the
 * process that approves it (here the service's own, as `mkt admin deposit approve` does in its process).
 */
describeEachDatabase(
  'ops: deposits approved by an operator count once, when credited',
  (env) => {
    it('counts nothing for a pending request, its amount at approval, nothing for a second approval', async () => {
      const services = env().service.services;
      const user = await withToken(env(), await createTestUser(services));
      const before = await readMetrics(env().service);
      const reply = await env().platform.post('/v1/deposits', {
        bearer: user.token,
        body: { deposit: { amount_usd: '12.34' } },
      });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      const depositId = (reply.body as { data: { id: string } }).data.id;
      const pending = await readMetrics(env().service);
      expect(movements(before, pending, 'mkt_deposits_usd_total').size).to.equal(0);
      await approveDeposit(services, depositId);
      await approveDeposit(services, depositId).then(
        () => expect.fail('a second approval must be refused'),
        () => undefined,
      );
      const after = await readMetrics(env().service);
      expect(Object.fromEntries(movements(before, after, 'mkt_deposits_usd_total'))).to.deep.equal({
        [labelsKey({ method: 'manual' })]: 12.34,
      });
    });
  },
  { env: { MKT_PAYMENTS: 'manual', MKT_METRICS_PORT: '0' } },
);
