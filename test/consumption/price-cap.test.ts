import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { fundUser, issueUnits, makeSupplier } from '../support/trading-fixtures.js';

/**
 * The price cap of an inference request (issue 20, item 2): `max_price`, else the account's
 * `auto_buy_max_price`. Auto Mode buys the shortfall with a limit fill-or-kill order at the cap, or
 * nothing; Advanced Mode uses only lots bought at or under the cap; a request the cap cannot cover
 * is 402 price_cap_exceeded, with nothing bought and nothing billed. Streamed and not.
 */
describeEachDatabase('consumption: the price cap of a request', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let market: MarketRef;
  let seller: TestUser;

  before(async () => {
    market = await marketOf(services(), model);
    await makeSupplier(services(), (await createTestUser(services())).userId, [market.instrumentId]);
    seller = await createTestUser(services());
    await issueUnits(services(), seller.userId, market.instrumentId, 20);
  });
  afterEach(withdrawAsks);

  /** The seller's asks still open. */
  let resting: string[] = [];
  /** Asks of the seller, one Unit each, at these prices. */
  async function asks(...prices: string[]): Promise<void> {
    for (const price of prices)
      resting.push(
        (await placed(env(), seller, { market_id: market.marketId, side: 'sell', price, quantity: 1 })).order_id,
      );
  }
  /** Cancels the seller's asks one by one (a cancel-all is rate limited), whatever filled them meanwhile. */
  async function withdrawAsks(): Promise<void> {
    for (const id of resting) {
      const reply = await env().trading.delete(`/v1/orders/${id}`, { sign: seller.signingKey });
      expect([200, 204, 409], reply.text).to.include(reply.status);
    }
    resting = [];
  }

  const streamings = [false, true];
  const chat = (content: string, stream: boolean, extra: Record<string, unknown> = {}) => ({
    model,
    messages: [{ role: 'user', content }],
    max_tokens: 16,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...extra,
  });

  async function autoUser(): Promise<TestUser> {
    const user = await createTestUser(services(), { mode: 'auto' });
    await fundUser(services(), user.userId, '10.00');
    return user;
  }

  /** An Advanced Mode user holding one Unit's tokens per price given, oldest first, each lot bought at that price (micro-dollars a Unit). */
  async function advancedUser(...lotPricesMicros: number[]): Promise<TestUser> {
    const user = await createTestUser(services());
    await fundUser(services(), user.userId, '10.00');
    for (const usdMicrosPerUnit of lotPricesMicros) {
      await giveUnits(services(), user.userId, market.instrumentId, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: user.userId,
          instrumentId: market.instrumentId,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
          usdMicrosPerUnit,
        }),
      );
    }
    return user;
  }

  const send = (user: TestUser, body: unknown) =>
    env().consumption.post('/v1/chat/completions', { bearer: user.apiKey, body });

  /** POST /v1/chat/completions, and the run at its 307's Location with the ticket alone. */
  async function sendAndFollow(user: TestUser, body: unknown) {
    const reply = await send(user, body);
    expect(reply.status, reply.text).to.equal(307);
    const location = new URL(reply.headers.get('location')!);
    return env().consumption.post(location.pathname, { query: Object.fromEntries(location.searchParams), body });
  }

  async function receiptOf(user: TestUser, reply: { headers: Headers }): Promise<Record<string, any>> {
    const seen = await env().consumption.get(`/v1/usage/${reply.headers.get('x-mkt-request-id')}`, {
      bearer: user.apiKey,
    });
    expect(seen.status, seen.text).to.equal(200);
    return seen.body.data;
  }

  /** The user's orders as GET /v1/orders of the trading API shows them. */
  async function ordersOf(user: TestUser): Promise<Record<string, any>[]> {
    const reply = await env().trading.get('/v1/orders', { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data;
  }

  const receiptCount = async (user: TestUser) =>
    Number(
      (
        (await services().db('inference_requests').where('user_id', user.userId).count({ n: '*' }).first()) as {
          n: number | string;
        }
      ).n,
    );

  /** The request was refused with 402 price_cap_exceeded and this context, with nothing bought and nothing billed. */
  async function expectCapRefusal(
    user: TestUser,
    reply: { status: number; body: any; text: string },
    context: { max_price: string; best_ask: string | null; units_needed: number },
    usdBefore: number,
  ): Promise<void> {
    expect(reply.status, reply.text).to.equal(402);
    expect(reply.body.errors).to.deep.include({ code: 'price_cap_exceeded', context });
    expect(reply.body.error).to.include({ code: 'price_cap_exceeded', type: 'insufficient_quota' });
    expect(await receiptCount(user)).to.equal(0);
    const balances = await balancesOf(services(), user.userId, market.instrumentId);
    expect(balances.usdAvailable + balances.usdLocked).to.equal(usdBefore);
    expect(balances.usdLocked).to.equal(0);
    const trades = await services().db('trade_legs').where('user_id', user.userId).count({ n: '*' }).first();
    expect(Number((trades as { n: number | string }).n)).to.equal(0);
  }

  for (const stream of streamings) {
    const kind = stream ? 'streamed' : 'not streamed';

    it(`Auto Mode (${kind}): buys with a limit fill-or-kill order at the cap, filled at or under it, and bills the Units it bought`, async () => {
      await asks('0.4000', '0.6000');
      const user = await autoUser();
      const run = await sendAndFollow(user, chat('capped auto buy', stream, { max_price: '0.5000' }));
      expect(run.status, run.text).to.equal(200);
      const [order, ...more] = await ordersOf(user);
      expect(more).to.have.length(0);
      expect(order).to.include({
        side: 'buy',
        type: 'limit',
        price: '0.5000',
        time_in_force: 'fok',
        status: 'filled',
        quantity: 1,
        triggered_by_auto_buy: true,
      });
      const fill = (await services().db('trade_legs').where({ user_id: user.userId }).first('price_ticks')) as {
        price_ticks: number | string;
      };
      expect(Number(fill.price_ticks)).to.equal(4000);
      // The tokens came from the lot bought at 0.4000 a Unit of a million tokens.
      const receipt = await receiptOf(user, run);
      const tokens = receipt.prompt_tokens + receipt.completion_tokens;
      expect(receipt.cost_usd).to.equal(((tokens * 4) / 10 / 1_000_000).toFixed(6));
    });

    it(`Auto Mode (${kind}): refuses with 402 price_cap_exceeded when the book cannot cover the need within the cap, buying nothing`, async () => {
      await asks('0.6000');
      const user = await autoUser();
      const refused = await send(user, chat('cap too low', stream, { max_price: '0.5000' }));
      await expectCapRefusal(user, refused, { max_price: '0.5000', best_ask: '0.6000', units_needed: 1 }, 10_000_000);
      // An empty book: no best ask.
      await withdrawAsks();
      const empty = await send(user, chat('nothing offered', stream, { max_price: '0.5000' }));
      await expectCapRefusal(user, empty, { max_price: '0.5000', best_ask: null, units_needed: 1 }, 10_000_000);
      // Each attempt was a limit fill-or-kill buy at the cap, killed whole.
      const orders = await ordersOf(user);
      expect(
        orders.map((o) => [o.type, o.price, o.time_in_force, o.status, o.closure_reason, o.filled_quantity]),
      ).to.deep.equal([
        ['limit', '0.5000', 'fok', 'closed', 'fok_unfilled', 0],
        ['limit', '0.5000', 'fok', 'closed', 'fok_unfilled', 0],
      ]);
    });

    it(`Advanced Mode (${kind}): uses only lots bought at or under the cap; the receipt's cost is from the cheap lot`, async () => {
      // The older lot (drawn first without a cap) cost 0.9000 a Unit; the newer 0.4000.
      const user = await advancedUser(900_000, 400_000);
      const reply = await env().consumption.post('/r/v1/chat/completions', {
        bearer: user.apiKey,
        body: chat('cheap lots only', stream, { max_price: '0.5000' }),
      });
      expect(reply.status, reply.text).to.equal(200);
      const receipt = await receiptOf(user, reply);
      const tokens = receipt.prompt_tokens + receipt.completion_tokens;
      expect(receipt.cost_usd).to.equal(((tokens * 4) / 10 / 1_000_000).toFixed(6));
      const lots = (await services()
        .db('consumption_lots as l')
        .join('ledger_accounts as a', 'a.id', 'l.account_id')
        .where('a.user_id', user.userId)
        .orderBy('l.id')
        .select('l.tokens_remaining', 'l.tokens_reserved')) as {
        tokens_remaining: number | string;
        tokens_reserved: number | string;
      }[];
      expect(lots.map((l) => [Number(l.tokens_remaining), Number(l.tokens_reserved)])).to.deep.equal([
        [1_000_000, 0],
        [1_000_000 - tokens, 0],
      ]);
    });

    it(`Advanced Mode (${kind}): refuses with 402 price_cap_exceeded when the lots within the cap are too few`, async () => {
      await asks('0.4500');
      const user = await advancedUser(900_000);
      const refused = await send(user, chat('expensive lots', stream, { max_price: '0.5000' }));
      await expectCapRefusal(user, refused, { max_price: '0.5000', best_ask: '0.4500', units_needed: 1 }, 10_000_000);
      expect((await balancesOf(services(), user.userId, market.instrumentId)).tokens).to.equal(1_000_000);
    });
  }

  it("applies the account default when the request names no cap, and a request's own max_price overrides it", async () => {
    await asks('0.6000');
    const user = await autoUser();
    await setDefaultCap(env(), user, 5_000);
    const refused = await send(user, chat('account default', false));
    await expectCapRefusal(user, refused, { max_price: '0.5000', best_ask: '0.6000', units_needed: 1 }, 10_000_000);
    const run = await env().consumption.post('/r/v1/chat/completions', {
      bearer: user.apiKey,
      body: chat('own cap', false, { max_price: '0.6000' }),
    });
    expect(run.status, run.text).to.equal(200);
    const orders = await ordersOf(user);
    expect(orders.map((o) => [o.price, o.status, o.time_in_force])).to.have.deep.members([
      ['0.5000', 'closed', 'fok'],
      ['0.6000', 'filled', 'fok'],
    ]);
    // A max_price of null is the same as none: the default applies.
    await asks('0.6000');
    const other = await advancedUser(900_000);
    await setDefaultCap(env(), other, 5_000);
    const nulled = await send(other, chat('null cap', false, { max_price: null }));
    expect(nulled.status, nulled.text).to.equal(402);
    expect(nulled.body.errors.code).to.equal('price_cap_exceeded');
    expect((await send(other, chat('no default', false, { max_price: '1.0000' }))).status).to.equal(307);
  });

  it('keeps the cap the redirect established in its ticket: a default changed after the 307 does not apply to the run', async () => {
    const user = await advancedUser(900_000);
    const sent = chat('ticket keeps the cap', false);
    const reply = await send(user, sent);
    expect(reply.status, reply.text).to.equal(307);
    await setDefaultCap(env(), user, 5_000);
    const location = new URL(reply.headers.get('location')!);
    const run = await env().consumption.post(location.pathname, {
      query: Object.fromEntries(location.searchParams),
      body: sent,
    });
    expect(run.status, run.text).to.equal(200);
    // With the key alone (no ticket) the default applies at the run.
    const direct = await env().consumption.post('/r/v1/chat/completions', { bearer: user.apiKey, body: sent });
    expect(direct.status, direct.text).to.equal(402);
    expect(direct.body.errors.code).to.equal('price_cap_exceeded');
  });
});

/** The account's default cap (`auto_buy_max_price`), in ticks, written as its settings row stores it (its API is the platform's). */
async function setDefaultCap(env: TestEnvironment, user: TestUser, ticks: number | null): Promise<void> {
  const { db, clock } = env.service.services;
  const row = await db('account_settings').where({ user_id: user.userId }).first();
  if (row) await db('account_settings').where({ user_id: user.userId }).update({ auto_buy_max_price_ticks: ticks });
  else
    await db('account_settings').insert({
      user_id: user.userId,
      auto_reload_enabled: false,
      auto_buy_max_price_ticks: ticks,
      updated_at_us: clock.nowUs(),
    });
}
