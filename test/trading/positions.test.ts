import { expect } from 'chai';
import { tokensOf } from '../../src/ledger/assets.js';
import { consumeTokens } from '../../src/ledger/consumption.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { issueUnits } from '../support/trading-fixtures.js';

/**
 * GET /v1/positions over real fills on both databases. Fees on text-standard are 0.5% a side, so
 * every figure below is exact: 10 × 0.40 = 4.00 USD pays 0.020000.
 */
describeEachDatabase('trading: positions (GET /v1/positions)', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let supplier: TestUser;
  let trader: TestUser;
  let consumer: TestUser;
  let stranger: TestUser;

  const positions = async (user: TestUser, query: Record<string, string | number> = {}) => {
    const reply = await env().trading.get('/v1/positions', { sign: user.signingKey, query });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data as Record<string, any>[];
  };
  const sellTo = async (seller: TestUser, buyer: TestUser, price: string, quantity: number) => {
    await placed(env(), seller, { market_id: market.marketId, side: 'sell', price, quantity });
    expect(await placed(env(), buyer, { market_id: market.marketId, side: 'buy', price, quantity })).to.include({
      status: 'filled',
    });
  };
  const consume = async (user: TestUser, tokens: number) => {
    const account = (await services()
      .db('ledger_accounts')
      .where({ user_id: user.userId, kind: 'consumption', asset: tokensOf(market.instrumentId) })
      .first()) as { id: string };
    await services().db.transaction((trx) => consumeTokens(trx, account.id, tokens, services().clock.nowUs()));
  };
  const transfer = async (user: TestUser, quantity: number) => {
    const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
      sign: user.signingKey,
      body: { instrument_id: market.instrumentId, quantity },
    });
    expect(reply.status, reply.text).to.equal(201);
  };

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    [supplier, trader, consumer, stranger] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    await issueUnits(services(), supplier.userId, market.instrumentId, 100);
    await giveUsd(services(), supplier.userId, '50.00');
    await giveUsd(services(), trader.userId, '50.00');
    await giveUsd(services(), consumer.userId, '50.00');
    // The trader buys three lots of 10 at 0.40, 0.50 and 0.60, sells 15 at 0.70 back to the supplier, and moves 6 to consumption.
    await sellTo(supplier, trader, '0.4000', 10);
    await sellTo(supplier, trader, '0.5000', 10);
    await sellTo(supplier, trader, '0.6000', 10);
    await sellTo(trader, supplier, '0.7000', 15);
    await transfer(trader, 6);
  });

  it('has no positions for a user who never held anything', async () => {
    expect(await positions(stranger)).to.deep.equal([]);
  });

  it("shows a trader's FIFO cost, realised and unrealised P&L, fees in, across trading and consumption", async () => {
    const [position, ...others] = await positions(trader);
    expect(others).to.deep.equal([]);
    // Sold 15 at 0.70: 10.500000 − fee 0.052500 = 10.447500 for the 0.40 lot (4.020000) and half the 0.50 lot (2.512500).
    // Left: 5 at 0.50 (2.512500) and 10 at 0.60 (6.030000) = 8.542500 for 15 Units; at 0.70 they are worth 10.500000.
    expect(position).to.deep.include({
      user_account_id: trader.userId,
      instrument_id: market.instrumentId,
      instrument_symbol: 'TEXT-STANDARD',
      market_id: market.marketId,
      status: 'open',
      quantity: 15,
      trading_quantity: 9,
      consumption_quantity: 6,
      total_cost: '8.542500',
      average_cost: '0.569500',
      last_trade_price: '0.7000',
      current_market_value: '10.500000',
      unrealized_pnl: '1.957500',
      realized_pnl: '3.915000',
      fees_paid: '0.127500',
      closed_at: null,
    });
    expect(position?.id).to.match(/^position_[0-9a-f]{16}$/);
    expect(Date.parse(position?.opened_at ?? '')).to.be.at.most(Date.parse(position?.updated_at ?? ''));
  });

  it('takes Units consumed from the oldest consumption lots at cost, without touching realised P&L', async () => {
    // The 6 transferred were the 5 left at 0.50 and 1 at 0.60; 2 Units of tokens used take 2 of the 0.50 ones.
    await consume(trader, 2_000_000);
    const [position] = await positions(trader);
    // 3 × 0.5025 + 1 × 0.603 + 9 × 0.603 = 7.537500 for 13 Units: 0.579807.69… rounds to 0.579808.
    expect(position).to.deep.include({
      quantity: 13,
      consumption_quantity: 4,
      total_cost: '7.537500',
      average_cost: '0.579808',
      current_market_value: '9.100000',
      unrealized_pnl: '1.562500',
      realized_pnl: '3.915000',
    });
  });

  it("shows a supplier's issued Units at cost 0 beside the Units it bought back", async () => {
    const [position] = await positions(supplier);
    // Sold 30 issued Units for 15.000000 − fees 0.075000; bought 15 at 0.70 for 10.552500 with the fee.
    expect(position).to.deep.include({
      quantity: 85,
      trading_quantity: 85,
      consumption_quantity: 0,
      total_cost: '10.552500',
      average_cost: '0.124147',
      realized_pnl: '14.925000',
      fees_paid: '0.127500',
      status: 'open',
    });
  });

  it('closes a position whose Units were all used, with no gain or loss', async () => {
    await sellTo(supplier, consumer, '0.8000', 5);
    await transfer(consumer, 5);
    await consume(consumer, 5_000_000);
    const [position] = await positions(consumer);
    expect(position).to.deep.include({
      status: 'closed',
      quantity: 0,
      total_cost: '0.000000',
      average_cost: null,
      current_market_value: '0.000000',
      unrealized_pnl: '0.000000',
      realized_pnl: '0.000000',
      fees_paid: '0.020000',
    });
    expect(position?.closed_at).to.equal(position?.updated_at);
  });

  it('filters by status, instrument and market as ordinary query parameters', async () => {
    const other = await marketOf(services(), 'code-max');
    const rows: { query: Record<string, string>; user: () => TestUser; count: number }[] = [
      { query: { status: 'open' }, user: () => trader, count: 1 },
      { query: { status: 'closed' }, user: () => trader, count: 0 },
      { query: { status: 'closed' }, user: () => consumer, count: 1 },
      { query: { instrument_id: market.instrumentId }, user: () => trader, count: 1 },
      { query: { instrument_id: other.instrumentId }, user: () => trader, count: 0 },
      { query: { market_id: market.marketId }, user: () => trader, count: 1 },
      { query: { market_id: other.marketId }, user: () => trader, count: 0 },
    ];
    for (const row of rows)
      expect(await positions(row.user(), row.query), JSON.stringify(row.query)).to.have.length(row.count);
  });

  it('pages by instrument symbol', async () => {
    await issueUnits(services(), trader.userId, (await marketOf(services(), 'code-max')).instrumentId, 3);
    const all = await positions(trader);
    expect(all.map((p) => p.instrument_symbol)).to.deep.equal(['CODE-MAX', 'TEXT-STANDARD']);
    const first = await env().trading.get('/v1/positions', { sign: trader.signingKey, query: { limit: 1 } });
    expect(first.body.data.map((p: { instrument_symbol: string }) => p.instrument_symbol)).to.deep.equal(['CODE-MAX']);
    expect(first.body.paging.has_more).to.equal(true);
    const second = await env().trading.get('/v1/positions', {
      sign: trader.signingKey,
      query: { limit: 1, next: first.body.paging.next_cursor },
    });
    expect(second.body.data.map((p: { instrument_symbol: string }) => p.instrument_symbol)).to.deep.equal([
      'TEXT-STANDARD',
    ]);
    // Issued, never sold: cost 0, and no price yet on that market.
    expect(all[0]).to.deep.include({
      quantity: 3,
      total_cost: '0.000000',
      average_cost: '0.000000',
      last_trade_price: null,
      current_market_value: null,
      unrealized_pnl: null,
    });
  });

  it('accepts an OAuth access token with trade:read, and names the scope a token lacks', async () => {
    const { accessToken } = await grantTokens(services(), trader.userId, ['trade:read']);
    const reply = await env().trading.get('/v1/positions', { bearer: accessToken });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.deep.equal(await positions(trader));
    const { accessToken: supplyOnly } = await grantTokens(services(), trader.userId, ['supply:read']);
    const refused = await env().trading.get('/v1/positions', { bearer: supplyOnly });
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('insufficient_scope');
    expect(refused.body.errors.context.required_scopes).to.deep.equal(['trade:read']);
  });

  // Each row: a query that must be refused with 422 naming the parameter.
  const refusals: { name: string; query: Record<string, string>; path: string }[] = [
    { name: 'an unknown status', query: { status: 'pending' }, path: 'query.status' },
    { name: 'a page size above 100', query: { limit: '101' }, path: 'query.limit' },
    { name: 'an unknown parameter', query: { verbose: 'true' }, path: 'query.verbose' },
  ];
  for (const r of refusals) {
    it(`refuses ${r.name} (422 naming ${r.path})`, async () => {
      const reply = await env().trading.get('/v1/positions', { sign: trader.signingKey, query: r.query });
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal('validation_error');
      expect(reply.body.errors.detail).to.contain(r.path);
    });
  }
});
