import { expect } from 'chai';
import { findInstrument } from '../../src/core/reference.js';
import { openDatabase } from '../../src/db/knex.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createServices } from '../../src/app/services.js';
import { topUpIfLow } from '../../src/trading/accounts/auto-top-up.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits, makeSupplier } from '../support/trading-fixtures.js';

/**
 * Auto top-up (src/trading/accounts/auto-top-up.ts): after a settlement leaves a consumption account
 * holding fewer than `trigger_threshold` Units, `quantity` Units are bought through Auto Mode's
 * purchase (at market, or fill-or-kill under `auto_buy_max_price`) and moved to consumption; the
 * attempt is recorded, and the inference that triggered it is answered as ever.
 */
const tokensPerUnit = 1_000_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('trading: auto top-up after a settlement', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let market: MarketRef;
  let seller: TestUser;

  before(async () => {
    market = await marketOf(services(), model);
    await makeSupplier(services(), (await createTestUser(services())).userId, [market.instrumentId]);
    seller = await createTestUser(services());
    await issueUnits(services(), seller.userId, market.instrumentId, 40);
  });
  afterEach(withdrawAsks);

  let resting: string[] = [];
  async function asks(price: string, quantity: number): Promise<void> {
    resting.push((await placed(env(), seller, { market_id: market.marketId, side: 'sell', price, quantity })).order_id);
  }
  async function withdrawAsks(): Promise<void> {
    for (const id of resting) {
      const reply = await env().trading.delete(`/v1/orders/${id}`, { sign: seller.signingKey });
      expect([200, 204, 409], reply.text).to.include(reply.status);
    }
    resting = [];
  }

  /** An Advanced Mode user holding `usd` and one Unit's tokens in consumption, with auto top-up set through the platform API. */
  async function userWithTopUp(
    usd: string | null,
    topUp: Record<string, unknown>,
  ): Promise<TestUser & { token: string }> {
    const user = await createTestUser(services());
    if (usd !== null) await fundUser(services(), user.userId, usd);
    await giveUnits(services(), user.userId, market.instrumentId, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: user.userId,
        instrumentId: market.instrumentId,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
        usdMicrosPerUnit: 400_000,
      }),
    );
    const { accessToken } = await grantTokens(services(), user.userId, ['account:read', 'account:write']);
    const set = await env().platform.patch('/v1/self/system-settings/auto-top-up', {
      bearer: accessToken,
      body: topUp,
    });
    expect(set.status, set.text).to.equal(200);
    return { ...user, token: accessToken };
  }

  const chat = (content: string, stream: boolean) => ({
    model,
    messages: [{ role: 'user', content }],
    max_tokens: 16,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });

  /** A request run through its 307, answered 200; then waits until its receipt is settled and the top-ups it queued are done. */
  async function infer(user: TestUser, content: string, stream = false): Promise<void> {
    const reply = await env().consumption.post('/v1/chat/completions', {
      bearer: user.apiKey,
      body: chat(content, stream),
    });
    expect(reply.status, reply.text).to.equal(307);
    const location = new URL(reply.headers.get('location')!);
    const run = await env().consumption.post(location.pathname, {
      query: Object.fromEntries(location.searchParams),
      body: chat(content, stream),
    });
    expect(run.status, run.text).to.equal(200);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const open = await services()
        .db('inference_requests')
        .where({ user_id: user.userId })
        .whereNull('completed_at_us')
        .count({ n: '*' })
        .first();
      if (Number((open as { n: number | string }).n) === 0) break;
      if (Date.now() > deadline) throw new Error('the request was not settled within 10 s');
      await pause(20);
    }
    await services().autoTopUp.idle();
  }

  async function ordersOf(user: TestUser): Promise<Record<string, any>[]> {
    const reply = await env().trading.get('/v1/orders', { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data;
  }

  async function settingsOf(user: { token: string }): Promise<Record<string, any>> {
    const reply = await env().platform.get('/v1/self/system-settings', { bearer: user.token });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data;
  }

  for (const stream of [false, true]) {
    it(`buys quantity at market and moves it to consumption once the settlement drops below the threshold, once (${stream ? 'streamed' : 'not streamed'})`, async () => {
      await asks('0.4000', 3);
      const user = await userWithTopUp('10.00', { enabled: true, quantity: 2, trigger_threshold: 1 });
      await infer(user, 'below one Unit after this', stream);
      const [order, ...more] = await ordersOf(user);
      expect(more).to.have.length(0);
      expect(order).to.include({
        side: 'buy',
        type: 'market',
        status: 'filled',
        quantity: 2,
        filled_quantity: 2,
        triggered_by_auto_buy: true,
        should_autotransfer: true,
      });
      const balances = await balancesOf(services(), user.userId, market.instrumentId);
      expect(balances.unitsAvailable).to.equal(0);
      expect(balances.tokens)
        .to.be.above(2 * tokensPerUnit)
        .and.below(3 * tokensPerUnit);
      expect(balances.usdAvailable).to.be.below(10_000_000 - 800_000 + 1);
      const settings = await settingsOf(user);
      expect(settings.auto_top_up).to.include({ last_outcome: 'filled' });
      expect(settings.auto_top_up.last_attempt_at).to.be.a('string');
      // Above the threshold now: the next settlement buys nothing.
      await infer(user, 'well stocked', stream);
      expect(await ordersOf(user)).to.have.length(1);
    });
  }

  it('buys nothing while auto top-up is off, or while the account still holds the threshold', async () => {
    await asks('0.4000', 2);
    const off = await userWithTopUp('10.00', { enabled: false, quantity: 1, trigger_threshold: 1 });
    await infer(off, 'off');
    expect(await ordersOf(off)).to.have.length(0);
    expect((await settingsOf(off)).auto_top_up.last_outcome).to.equal(null);
    // Two Units held, threshold 1: a request's few tokens leave it above.
    const stocked = await userWithTopUp('10.00', { enabled: true, quantity: 1, trigger_threshold: 1 });
    await giveUnits(services(), stocked.userId, market.instrumentId, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: stocked.userId,
        instrumentId: market.instrumentId,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
        usdMicrosPerUnit: 400_000,
      }),
    );
    await infer(stocked, 'two Units held');
    expect(await ordersOf(stocked)).to.have.length(0);
    expect((await settingsOf(stocked)).auto_top_up.last_outcome).to.equal(null);
  });

  it('under auto_buy_max_price: a fill-or-kill limit at the cap; nothing at or under it is recorded not_filled, retried only after a pause', async () => {
    await asks('0.6000', 2);
    const user = await userWithTopUp('10.00', { enabled: true, quantity: 2, trigger_threshold: 1 });
    const cap = await env().platform.patch('/v1/self/system-settings/auto-buy', {
      bearer: user.token,
      body: { auto_buy_max_price: '0.5' },
    });
    expect(cap.status, cap.text).to.equal(200);
    await infer(user, 'cap too low');
    const [killed] = await ordersOf(user);
    expect(killed).to.include({
      side: 'buy',
      type: 'limit',
      price: '0.5000',
      time_in_force: 'fok',
      status: 'closed',
      filled_quantity: 0,
    });
    expect((await settingsOf(user)).auto_top_up.last_outcome).to.equal('not_filled');
    expect((await balancesOf(services(), user.userId, market.instrumentId)).usdLocked).to.equal(0);
    // Within the pause, another settlement does not try again.
    await infer(user, 'still low, pausing');
    expect(await ordersOf(user)).to.have.length(1);
    // After the pause (moved back in the database: the signed requests keep real time), an ask under the cap fills it.
    await services()
      .db('account_settings')
      .where({ user_id: user.userId })
      .update({ auto_top_up_last_at_us: services().clock.nowUs() - 61_000_000 });
    await asks('0.4500', 2);
    await infer(user, 'cap met');
    const orders = await ordersOf(user);
    expect(orders).to.have.length(2);
    expect(orders.map((o) => o.status).sort()).to.deep.equal(['closed', 'filled']);
    const fill = (await services().db('trade_legs').where({ user_id: user.userId }).first('price_ticks')) as {
      price_ticks: number | string;
    };
    expect(Number(fill.price_ticks)).to.equal(4500);
    expect((await settingsOf(user)).auto_top_up.last_outcome).to.equal('filled');
  });

  it('without USD: nothing bought, insufficient_funds recorded, the inference answered as ever', async () => {
    await asks('0.4000', 2);
    const user = await userWithTopUp(null, { enabled: true, quantity: 2, trigger_threshold: 1 });
    await infer(user, 'no money');
    expect(await ordersOf(user)).to.have.length(0);
    expect((await settingsOf(user)).auto_top_up.last_outcome).to.equal('insufficient_funds');
    const balances = await balancesOf(services(), user.userId, market.instrumentId);
    expect(balances.tokens).to.be.below(tokensPerUnit);
  });

  it('a thin book: what filled is moved to consumption, recorded partially_filled', async () => {
    await asks('0.4000', 1);
    const user = await userWithTopUp('10.00', { enabled: true, quantity: 3, trigger_threshold: 1 });
    await infer(user, 'thin book');
    const [order] = await ordersOf(user);
    expect(order).to.include({ type: 'market', quantity: 3, filled_quantity: 1 });
    expect((await settingsOf(user)).auto_top_up.last_outcome).to.equal('partially_filled');
    const balances = await balancesOf(services(), user.userId, market.instrumentId);
    expect(balances.unitsAvailable).to.equal(0);
    expect(balances.tokens)
      .to.be.above(tokensPerUnit)
      .and.below(2 * tokensPerUnit);
  });

  it('settlements at once in one process buy once', async () => {
    await asks('0.4000', 6);
    const user = await userWithTopUp('10.00', { enabled: true, quantity: 2, trigger_threshold: 1 });
    await Promise.all(['one', 'two', 'three'].map((content) => infer(user, `at once ${content}`)));
    const orders = await ordersOf(user);
    expect(orders).to.have.length(1);
    expect(orders[0]).to.include({ status: 'filled', quantity: 2 });
  });

  it('two processes checking the same dip at once buy once: the claim row decides, and the balance is read again under it', async () => {
    await asks('0.4000', 8);
    const first = services();
    // Two order services on one database stand for two processes (test/trading/book-catch-up.test.ts); on PostgreSQL each has a pool of its own.
    const secondDb = first.config.databaseUrl.startsWith('postgres')
      ? openDatabase(first.config.databaseUrl)
      : first.db;
    const second = createServices(first.config, secondDb, first.clock, first.logger);
    try {
      for (let round = 0; round < 3; round += 1) {
        // Below the threshold after a settlement made while auto top-up was off; then both check the same dip.
        const user = await userWithTopUp('10.00', { enabled: false, quantity: 2, trigger_threshold: 1 });
        await infer(user, `dip ${round}`);
        expect(
          (
            await env().platform.patch('/v1/self/system-settings/auto-top-up', {
              bearer: user.token,
              body: { enabled: true },
            })
          ).status,
        ).to.equal(200);
        const account = (await first
          .db('ledger_accounts')
          .where({ user_id: user.userId, kind: 'consumption' })
          .first('id')) as { id: string };
        const instrument = (await findInstrument(first, market.instrumentId))!;
        const results = await Promise.all(
          [first, second].map((s) => topUpIfLow(s, account.id, instrument, s.clock.nowUs())),
        );
        const outcomes = results.map((r) => r.outcome);
        expect(
          outcomes.filter((o) => o === 'filled'),
          JSON.stringify(outcomes),
        ).to.have.length(1);
        expect(['in_flight', 'above_threshold']).to.include(outcomes.find((o) => o !== 'filled'));
        expect(await ordersOf(user)).to.have.length(1);
      }
    } finally {
      if (secondDb !== first.db) await secondDb.destroy();
    }
  });
});
